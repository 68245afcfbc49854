#pragma once

#include "app/hyperrig-cli/CliCommand.h"
#include "core/io/g4mf/G4mfReader.h"

#include <optional>
#include <string>

namespace hyperrig::cli {

// The document in `path` whatever it holds: a UsdSkel .usda or a glTF .gltf/.glb as imported
// (their warnings printed to stderr), else G4MF (.g4tf/.g4b) as read. A .glb reports the binary
// container. nullopt once "hyperrig-cli: <reason>" is printed.
std::optional<core::io::ReadDocument>
readAnyDocumentFile(const std::string& path, const ParsedOptions& options, CliContext& context);

} // namespace hyperrig::cli
