#pragma once

namespace hyperrig::core::io {

// The name of HyperRig's bind-pose extension (docs/extensions/HYPERRIG_skeleton_bind_poses.md),
// the one G4MF extension HyperRig implements. An array, so it serves as a JSON key (const char*)
// and as a std::string_view alike.
inline constexpr char kBindPosesExtension[] = "HYPERRIG_skeleton_bind_poses";

} // namespace hyperrig::core::io
