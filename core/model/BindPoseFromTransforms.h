#pragma once

#include "core/math/AffineN.h"
#include "core/model/BindPose.h"

#include <span>

namespace hyperrig::core::model {

// A bind pose of `type` whose entry i is slotTransforms[i] (the skeleton-space transform of slot
// i's bone, p_skeleton = G · p_bone) as position + column-major basis. Entries and the pose get
// empty extras, as the reader gives poses without unknown keys. Capturing the rest pose
// (edit::captureRestPose) and any other pose (eval::bindPoseFromPose) both end here.
BindPose bindPoseFromTransforms(PoseType type, std::span<const math::AffineN> slotTransforms);

} // namespace hyperrig::core::model
