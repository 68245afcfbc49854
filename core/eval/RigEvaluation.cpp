#include "core/eval/RigEvaluation.h"

#include "core/eval/BlendShapeEval.h"
#include "core/eval/SkinTransforms.h"
#include "core/eval/skinning/SkinningKernels.h"
#include "core/model/ItemLabels.h"

#include <optional>

namespace hyperrig::core::eval {
namespace {

Result<void> evaluateWorld(const model::Document& document, const Pose& pose,
                           std::unordered_map<model::NodeId, math::AffineN>& world) {
    world.clear();
    const model::NodeId root = document.root();
    if (!root)
        return {};
    const int n = document.dimension();
    for (model::NodeId id : document.subtree(root)) {
        const model::Node& node = document.node(id);
        math::AffineN local = math::AffineN::identity(n);
        if (const auto posed = pose.local.find(id); posed != pose.local.end()) {
            local = posed->second;
        } else {
            auto authored = node.transform.toAffine(n);
            if (!authored)
                return authored.error().withContext("node " + model::describeNode(document, id));
            local = *authored;
        }
        const auto parent = world.find(node.parent);
        world.insert_or_assign(
            id, parent == world.end() ? local : math::AffineN::compose(parent->second, local));
    }
    return {};
}

bool visibleInTree(const model::Document& document, model::NodeId node) {
    for (model::NodeId id = node; id; id = document.node(id).parent)
        if (!document.node(id).isVisible())
            return false;
    return true;
}

} // namespace

Result<void> evaluateRig(const model::Document& document, const CompiledRig& rig, const Pose& pose,
                         base::ThreadPool& pool, EvaluatedRig& out) {
    auto world = evaluateWorld(document, pose, out.world);
    if (!world)
        return world;
    out.skeletonSpace.clear();
    for (const CompiledSkeleton& skeleton : rig.skeletons())
        out.skeletonSpace.emplace(skeleton.skeleton, evaluateSkeleton(skeleton, pose));

    const auto& instances = rig.instances();
    out.instances.resize(instances.size());
    for (std::size_t index = 0; index < instances.size(); ++index) {
        const CompiledInstance& instance = instances[index];
        EvaluatedInstance& result = out.instances[index];
        result.node = instance.node;
        result.mesh = instance.mesh;
        result.world = out.world.at(instance.node);
        result.visible = visibleInTree(document, instance.node);
        result.deformed = false;
        const CompiledMesh& mesh = rig.mesh(instance.mesh);
        // Blend shapes first, on a copy of the rest positions, and only when some amount is not
        // zero: the common path reads the compiled rest positions as before.
        // The pose's amounts for this instance (an animation's blend-shape weights) replace the
        // document's while it is shown; a copy only on that path, a few numbers per instance.
        const model::Mesh* source = document.meshes.find(instance.mesh);
        const model::MeshInstance* shown = document.node(instance.node).meshInstance();
        std::optional<std::vector<double>> posedAmounts;
        if (const auto posed = pose.blendAmounts.find(instance.node);
            posed != pose.blendAmounts.end())
            posedAmounts = posed->second;
        const std::optional<std::vector<double>>* amounts =
            posedAmounts ? &posedAmounts : (shown ? &shown->blendAmounts : nullptr);
        const bool blended =
            source && source->blend && amounts && model::hasActiveBlend(*source->blend, *amounts);
        const bool skinned =
            instance.skeleton != CompiledInstance::kNotSkinned && !pose.isRest() && mesh.skin;
        if (blended) {
            std::vector<float>& target =
                skinned ? result.blendedPositions : result.deformedPositions;
            target.assign(mesh.restPositions.begin(), mesh.restPositions.end());
            applyBlendPositions(*source->blend, *amounts, mesh.dimension, target);
            result.deformed = !skinned;
        }
        if (!skinned)
            continue; // at rest every skin transform is the identity: nothing moves
        const CompiledSkeleton& skeleton =
            rig.skeletons()[static_cast<std::size_t>(instance.skeleton)];
        auto meshToSkeleton = document.node(instance.node).transform.toAffine(mesh.dimension);
        if (!meshToSkeleton)
            return meshToSkeleton.error();
        auto skeletonToMesh = meshToSkeleton->inverse();
        if (!skeletonToMesh)
            return Error("mesh node " + model::describeNode(document, instance.node) +
                         " has a singular transform, so its skin cannot be evaluated");
        const std::vector<math::AffineN> rows =
            groupTransforms(skeleton, out.skeletonSpace.at(skeleton.skeleton), *meshToSkeleton,
                            *skeletonToMesh, mesh.skin->identityRow);
        JointPalette palette(mesh.dimension, rows.size());
        for (std::size_t row = 0; row < rows.size(); ++row)
            palette.setRow(row, rows[row]);
        result.deformedPositions.resize(mesh.restPositions.size());
        SkinningJob job;
        job.skin = &*mesh.skin;
        job.palette = &palette;
        job.positions = blended ? result.blendedPositions.data() : mesh.restPositions.data();
        job.outPositions = result.deformedPositions.data();
        skinMesh(job, pool);
        result.deformed = true;
    }
    return {};
}

} // namespace hyperrig::core::eval
