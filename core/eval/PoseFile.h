#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/model/Document.h"

#include <filesystem>
#include <string_view>

namespace hyperrig::core::eval {

// POSE.json, the pose files of `hyperrig-cli pose` and `slice` (docs/skinning.md, "Pose files"):
//
//   {
//     "base": "rest" | "TPose" | "APose" | "IPose" | "Custom",     optional, default "rest"
//     "bones": {
//       "<bone name or #index>": { "position": [N], "basis": [N·N] | "rotor": [..], "scale": [..] }
//     }
//   }
//
// Each bone entry changes that bone's local transform (relative to its parent) in the base pose:
// the parts given replace those parts, the others are kept, exactly like the setTransform script
// op (a rotor alone keeps the base's scale; a scale alone keeps its rotation). A base bind pose
// applies to every skeleton that stores one of that type. Errors give the JSON pointer of the
// offending value ("/bones/LeftArm/rotor: ...") or the line and column of malformed JSON.
Result<Pose> parsePoseJson(std::string_view text, const model::Document& document,
                           const CompiledRig& rig);
Result<Pose> readPoseFile(const std::filesystem::path& path, const model::Document& document,
                          const CompiledRig& rig);

// The stored bind pose `poseType` ("TPose", ...) of every skeleton that has one; "rest" gives the
// rest pose. Fails when no skeleton stores that pose, listing the poses that exist.
Result<Pose> namedPose(std::string_view poseType, const model::Document& document,
                       const CompiledRig& rig);

} // namespace hyperrig::core::eval
