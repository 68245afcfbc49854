#pragma once

#include "core/eval/CompiledSkeleton.h"
#include "core/eval/Pose.h"
#include "core/model/BindPose.h"

namespace hyperrig::core::eval {

// The skeleton as `pose` puts it, as a bind pose of `type` ("Capture Current Pose"): one entry
// per joints slot, the skeleton-space transform of the slot's bone under the pose,
//   G_b = G_parent(b) ∘ L_b      (evaluateSkeleton; p_skeleton = G_b · p_bone),
// as position + column-major basis, and identity for a slot without a bone. For the rest pose
// this is what edit::captureRestPose stores; poseFromBindPose turns the result back into a pose
// that puts every bone in a slot where it is here.
model::BindPose bindPoseFromPose(const CompiledSkeleton& skeleton, const Pose& pose,
                                 model::PoseType type);

} // namespace hyperrig::core::eval
