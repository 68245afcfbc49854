#pragma once

#include <string_view>

namespace hyperrig::core::validate {

// The name of HyperRig's bind-pose extension (docs/extensions/HYPERRIG_skeleton_bind_poses.md).
inline constexpr std::string_view kBindPosesExtension = "HYPERRIG_skeleton_bind_poses";

// Extensions HyperRig implements, i.e. may appear in asset.extensionsRequired of a file it
// opens. Only the bind-pose extension so far.
inline bool isSupportedExtension(std::string_view name) {
    return name == kBindPosesExtension;
}

} // namespace hyperrig::core::validate
