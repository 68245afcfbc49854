#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/model/Document.h"

#include <filesystem>
#include <string_view>

namespace hyperrig::core::eval {

// POSE.json, the pose files of `hyperrig-cli pose` and `slice`, as the CLI contract in
// architecture.md defines them (docs/skinning.md, "Pose files"):
//
//   {
//     "pose": {
//       "<bone name or #index>": { "position": [N], "basis": [N·N] | "rotor": [..], "scale": [..] }
//     },
//     "base": "rest" | "TPose" | "APose" | "IPose" | "Custom"      HyperRig's addition, optional
//   }
//
// For a listed bone: `position` replaces the base position when present; `basis` replaces the
// base basis; otherwise `rotor` gives basis = R(rotor)·diag(scale), scale defaulting to 1;
// `scale` without `rotor` or `basis` is an error; with neither the base basis stays. Unlisted
// bones keep their base transform: the rest pose, or the stored bind pose `base` names (applied
// to every skeleton that stores one). Errors give the JSON pointer of the offending value
// ("/pose/LeftArm/rotor: ...") or the line and column of malformed JSON.
Result<Pose> parsePoseJson(std::string_view text, const model::Document& document,
                           const CompiledRig& rig);
Result<Pose> readPoseFile(const std::filesystem::path& path, const model::Document& document,
                          const CompiledRig& rig);

// The stored bind pose `poseType` ("TPose", ...) of every skeleton that has one; "rest" gives the
// rest pose. Fails when no skeleton stores that pose, listing the poses that exist.
Result<Pose> namedPose(std::string_view poseType, const model::Document& document,
                       const CompiledRig& rig);

} // namespace hyperrig::core::eval
