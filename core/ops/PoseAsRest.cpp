#include "core/ops/PoseAsRest.h"

#include "core/edit/commands/NodeTransformConversion.h"
#include "core/eval/SkinTransforms.h"
#include "core/model/ItemLabels.h"

namespace hyperrig::core::ops {

using eval::CompiledInstance;
using eval::CompiledRig;
using eval::CompiledSkeleton;
using eval::Pose;

Result<edit::RestPoseChange> bakePose(const model::Document& document, const CompiledRig& rig,
                                      const Pose& pose) {
    edit::RestPoseChange change;
    if (pose.isRest())
        return change;
    std::vector<std::vector<math::AffineN>> posedGlobals;
    for (const CompiledSkeleton& skeleton : rig.skeletons()) {
        posedGlobals.push_back(eval::evaluateSkeleton(skeleton, pose));
        for (model::NodeId bone : skeleton.bones) {
            const auto posed = pose.local.find(bone);
            if (posed == pose.local.end())
                continue;
            change.bones.emplace_back(
                bone, edit::transformLike(posed->second, document.node(bone).transform.form));
        }
    }

    for (const CompiledInstance& instance : rig.instances()) {
        if (instance.skeleton == CompiledInstance::kNotSkinned)
            continue;
        for (const CompiledInstance& other : rig.instances())
            if (other.mesh == instance.mesh && other.node != instance.node)
                return Error("mesh " + model::describeMesh(document, instance.mesh) +
                             " is shown by nodes " + model::describeNode(document, instance.node) +
                             " and " + model::describeNode(document, other.node) +
                             "; a pose cannot become the rest shape of a shared skinned mesh");
        const auto index = static_cast<std::size_t>(instance.skeleton);
        const CompiledSkeleton& skeleton = rig.skeletons()[index];
        const model::Mesh& mesh = document.mesh(instance.mesh);
        auto meshToSkeleton = document.node(instance.node).transform.toAffine(document.dimension());
        if (!meshToSkeleton)
            return meshToSkeleton.error().withContext("node " +
                                                      model::describeNode(document, instance.node));
        auto skeletonToMesh = meshToSkeleton->inverse();
        if (!skeletonToMesh)
            return Error("mesh node " + model::describeNode(document, instance.node) +
                         " has a singular transform");
        const auto rows = eval::groupTransforms(skeleton, posedGlobals[index], *meshToSkeleton,
                                                *skeletonToMesh, mesh.skin->groupCount());
        change.meshVertices.emplace_back(instance.mesh, eval::skinExactly(mesh, rows));
    }
    return change;
}

Result<std::unique_ptr<edit::Command>> poseAsRestCommand(const model::Document& document,
                                                         const eval::CompiledRig& rig,
                                                         const eval::Pose& pose) {
    if (pose.isRest())
        return Error("nothing is posed: the pose is the rest pose");
    auto change = bakePose(document, rig, pose);
    if (!change)
        return change.error();
    return edit::applyPoseAsRest(std::move(*change));
}

} // namespace hyperrig::core::ops
