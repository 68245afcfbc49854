#pragma once

#include "app/hyperrig-cli/CliCommand.h"

#include <string>

namespace hyperrig::cli {

// `convert IN OUT.gltf|.glb|.usda --cross-section` (decision 0028): the 3D cross-section of a
// 4D..8D document, cut as `slice` cuts it (--w, --slice AXIS=OFFSET,..., --rotate, --pose,
// --pose-name or --animation with --time), written as static glTF or .usda meshes. Returns the
// exit status.
int convertCrossSectionToGltf(const std::string& input, const std::string& output,
                              const ParsedOptions& options, CliContext& context);

// The options that choose the cross-section; convert refuses them without --cross-section.
inline constexpr const char* kCrossSectionViewOptions[] = {
    "w", "slice", "rotate", "pose", "pose-name", "animation", "time"};

} // namespace hyperrig::cli
