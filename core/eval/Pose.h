#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledSkeleton.h"
#include "core/math/AffineN.h"
#include "core/model/BindPose.h"

#include <unordered_map>
#include <vector>

namespace hyperrig::core::eval {

// A transient pose for a whole document: the local transforms (parent space <- bone space) of the
// bones that are not at rest. A bone not listed stays at its rest transform. Keyed by node id:
// ids are stable and bones of every skeleton live in one map (bone names are file-unique too).
// Never stored in the document: a pose becomes document data only through a bind pose or
// "apply pose as rest" (edit/commands/RestPoseCommand.h).
struct Pose {
    std::unordered_map<model::NodeId, math::AffineN> local;
    // Blend amounts shown instead of the document's, per mesh-instance node: the whole list for
    // that instance (one per shape of its mesh, missing entries 0, as meshInstance.blendAmounts),
    // replacing both the instance's blendAmounts and the mesh's amounts while this pose is shown.
    // A UsdSkel animation's blendShapeWeights come this way (SkelAnimationSample.h, decision
    // 0059); instances not listed show the document's amounts. Never written to the document.
    std::unordered_map<model::NodeId, std::vector<double>> blendAmounts;

    // No bone is posed (blend amounts may still be overridden: they do not move bones).
    bool isRest() const { return local.empty(); }
    // The local transform of compiled bone `bone` under this pose.
    const math::AffineN& localOf(const CompiledSkeleton& skeleton, std::size_t bone) const;
};

// Skeleton-space transforms of every compiled bone under `pose`, parents first:
//   G_b = G_parent(b) ∘ L_b     (G = L for bones directly under the skeleton node)
std::vector<math::AffineN> evaluateSkeleton(const CompiledSkeleton& skeleton, const Pose& pose);

// The pose that puts the skeleton's bones where a stored bind pose says. Bind pose entries are
// skeleton-space transforms per joints slot; a bone in several slots takes its first slot's entry
// (the validator reports entries that disagree); a bone in no slot keeps its rest local transform
// under its posed parent. Locals come out as L_b = G_parent(b)⁻¹ ∘ G_b. Fails when the bind pose
// does not have one entry per slot or an entry's basis is singular where a child needs its
// inverse.
Result<Pose> poseFromBindPose(const CompiledSkeleton& skeleton, const model::BindPose& bindPose);

} // namespace hyperrig::core::eval
