#pragma once

namespace hyperrig::core::io {

// The names of HyperRig's G4MF extensions. Arrays, so each serves as a JSON key (const char*)
// and as a std::string_view alike.
// Bind poses on the skeleton object (docs/extensions/HYPERRIG_skeleton_bind_poses.md).
inline constexpr char kBindPosesExtension[] = "HYPERRIG_skeleton_bind_poses";
// UsdSkel-style in-between shapes on a blend shape object
// (docs/extensions/HYPERRIG_blend_inbetweens.md, decision 0052).
inline constexpr char kBlendInbetweensExtension[] = "HYPERRIG_blend_inbetweens";

} // namespace hyperrig::core::io
