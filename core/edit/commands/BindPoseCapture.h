#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"
#include "core/model/Document.h"

namespace hyperrig::core::edit {

// Where `bone` sits relative to `skeleton` (skeleton space, where G4MF skinning works): the local
// transforms of the chain from the skeleton's child down to the bone, composed
//   G = L_child_of_skeleton ∘ ... ∘ L_bone      (p_skeleton = G · p_bone).
// Fails when `bone` is not a bone of `skeleton` (reached from it through bones only, G4MF) or a
// transform on the way is malformed.
Result<math::AffineN> skeletonSpaceTransform(const model::Document& document,
                                             model::NodeId skeleton, model::NodeId bone);

// The skeleton's current rest pose as a bind pose of `type`: one entry per joints slot, the
// skeleton-space transform of its bone (position + column-major basis), identity for a slot
// without a bone.
Result<model::BindPose> captureRestPose(const model::Document& document, model::NodeId skeleton,
                                        model::PoseType type);

} // namespace hyperrig::core::edit
