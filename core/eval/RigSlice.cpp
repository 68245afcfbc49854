#include "core/eval/RigSlice.h"

#include "core/base/Contracts.h"
#include "core/base/ThreadPool.h"

#include <algorithm>

namespace hyperrig::core::eval {
namespace {

std::array<float, 4> toFloat(const math::VectorN& v) {
    return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2]),
            static_cast<float>(v[3])};
}

} // namespace

void sliceRig(const model::Document& document, const CompiledRig& rig,
              const EvaluatedRig& evaluated, const View4D& view, Slicer& slicer, RigSlice& out,
              const std::unordered_map<model::MeshId, std::vector<float>>& attributes) {
    sliceRig(document, rig, evaluated, view, slicer, out, base::ThreadPool::inlinePool(),
             attributes);
}

void sliceRig(const model::Document& document, const CompiledRig& rig,
              const EvaluatedRig& evaluated, const View4D& view, Slicer& slicer, RigSlice& out,
              base::ThreadPool& pool,
              const std::unordered_map<model::MeshId, std::vector<float>>& attributes) {
    HYPERRIG_EXPECTS(document.dimension() == 4);
    const math::AffineN worldToView = view.worldToView();
    out.extraAxisExtents.clear();
    bool anyDistance = false;
    auto include = [&](float distance) {
        out.distanceMin = anyDistance ? std::min(out.distanceMin, distance) : distance;
        out.distanceMax = anyDistance ? std::max(out.distanceMax, distance) : distance;
        anyDistance = true;
    };
    sliceEachInstance(
        rig, evaluated, out,
        [&](const EvaluatedInstance& instance, const CompiledMesh& mesh,
            RigSlice::Instance& result) {
            // Mesh space straight to view space: the slicer's "world" is this mesh's space.
            const ViewHyperplane plane(math::AffineN::compose(worldToView, instance.world),
                                       view.offset);
            TetSurface surface;
            surface.worldPositions = {instance.positions(mesh), mesh.restPositions.size()};
            surface.tetrahedra = mesh.simplexes;
            if (const auto found = attributes.find(instance.mesh); found != attributes.end())
                surface.vertexAttribute = found->second;
            surface.flipOrientation = instance.world.basis().determinant() < 0.0;
            slicer.slice(surface, plane, result.triangles, pool);
            if (const auto range = slicer.lastDistanceRange()) {
                include(range->min);
                include(range->max);
            }
        });

    out.boneNodes.clear();
    std::vector<BoneSegment> segments;
    for (const CompiledSkeleton& skeleton : rig.skeletons())
        for (model::NodeId bone : skeleton.bones) {
            const math::AffineN& world = evaluated.world.at(bone);
            const double length = document.node(bone).bone()->length.value_or(0.0);
            math::VectorN tip = math::VectorN::zero(4);
            tip[1] = length;
            segments.push_back({toFloat(world.position()), toFloat(world.applyPoint(tip))});
            out.boneNodes.push_back(bone);
        }
    out.bones.resize(segments.size());
    sliceBoneSegments(segments, ViewHyperplane(worldToView, view.offset), out.bones);
    for (const BoneSegmentSlice& bone : out.bones) {
        include(bone.head.distance);
        include(bone.tail.distance);
    }
    if (!anyDistance)
        out.distanceMin = out.distanceMax = 0.0F;
}

} // namespace hyperrig::core::eval
