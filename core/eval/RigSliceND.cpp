#include "core/eval/RigSliceND.h"

#include "core/base/Contracts.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace hyperrig::core::eval {
namespace {

constexpr double kFlatCrossingTolerance = 1e-6; // of the scene's size (RigSliceND.h)

struct ViewSegmentND {
    math::VectorN head;
    math::VectorN tail;
};

// The Euclidean norm of a view point's distances to the cuts (axes 3..N−1, already offset).
double flatDistance(const math::VectorN& distances) {
    double sum = 0.0;
    for (int a = kFirstExtraAxis; a < distances.dimension(); ++a)
        sum += distances[a] * distances[a];
    return std::sqrt(sum);
}

// The bone against the flat: ends in view xyz with their flat distances, and whether it passes
// through the flat. The point of the segment nearest the flat is at t = −(d_h · Δ) / (Δ · Δ),
// clamped to [0, 1], Δ = d_t − d_h over the extra axes; the bone crosses when that point is
// within `tolerance` of the flat while both ends are farther: as in 4D, a bone lying in the flat
// or ending on it is drawn opaque, not as a crossing.
BoneSegmentSlice sliceBoneND(const ViewSegmentND& bone, double tolerance) {
    const int n = bone.head.dimension();
    BoneSegmentSlice result;
    const auto viewPoint = [](const math::VectorN& p) {
        return ViewPoint{static_cast<float>(p[0]), static_cast<float>(p[1]),
                         static_cast<float>(p[2]), static_cast<float>(flatDistance(p))};
    };
    result.head = viewPoint(bone.head);
    result.tail = viewPoint(bone.tail);
    double along = 0.0;
    double lengthSquared = 0.0;
    for (int a = kFirstExtraAxis; a < n; ++a) {
        const double delta = bone.tail[a] - bone.head[a];
        along -= bone.head[a] * delta;
        lengthSquared += delta * delta;
    }
    const double t = lengthSquared > 0.0 ? std::clamp(along / lengthSquared, 0.0, 1.0) : 0.0;
    const math::VectorN nearest = bone.head + t * (bone.tail - bone.head);
    if (flatDistance(nearest) <= tolerance && flatDistance(bone.head) > tolerance &&
        flatDistance(bone.tail) > tolerance) {
        result.crosses = true;
        result.crossing = {static_cast<float>(nearest[0]), static_cast<float>(nearest[1]),
                           static_cast<float>(nearest[2])};
    }
    return result;
}

} // namespace

void sliceRigND(const model::Document& document, const CompiledRig& rig,
                const EvaluatedRig& evaluated, const View4D& view, SimplexSlicer& slicer,
                RigSlice& out,
                const std::unordered_map<model::MeshId, std::vector<float>>& attributes) {
    const int n = document.dimension();
    HYPERRIG_EXPECTS(n >= 4 && n <= kFirstExtraAxis + kMaxExtraAxes);
    const auto extraCount = static_cast<std::size_t>(n - kFirstExtraAxis);
    const math::AffineN worldToView = view.worldToView(n);
    std::vector<double> offsets;
    for (int a = kFirstExtraAxis; a < n; ++a)
        offsets.push_back(view.extraAxis(a).offset);

    out.extraAxisExtents.assign(extraCount, RigSlice::AxisExtent{FLT_MAX, -FLT_MAX});
    bool anyExtent = false;
    const auto include = [&](std::size_t axis, double value) {
        RigSlice::AxisExtent& extent = out.extraAxisExtents[axis];
        const auto v = static_cast<float>(value);
        extent.min = std::min(extent.min, v);
        extent.max = std::max(extent.max, v);
        anyExtent = true;
    };

    sliceEachInstance(rig, evaluated, out,
                      [&](const EvaluatedInstance& instance, const CompiledMesh& mesh,
                          RigSlice::Instance& result) {
                          SimplexSurface surface;
                          surface.dimension = n;
                          surface.positions = {instance.positions(mesh), mesh.restPositions.size()};
                          surface.cells = mesh.simplexes;
                          if (const auto found = attributes.find(instance.mesh);
                              found != attributes.end())
                              surface.vertexAttribute = found->second;
                          surface.flipOrientation = instance.world.basis().determinant() < 0.0;
                          slicer.slice(surface, math::AffineN::compose(worldToView, instance.world),
                                       offsets, result.triangles);
                          const auto& ranges = slicer.lastAxisRanges();
                          for (std::size_t a = 0; a < ranges.size(); ++a) {
                              include(a, ranges[a].min);
                              include(a, ranges[a].max);
                          }
                      });

    // Bones: view space with the extra axes as distances to their cuts.
    std::vector<ViewSegmentND> segments;
    out.boneNodes.clear();
    double size = 0.0;
    for (const CompiledSkeleton& skeleton : rig.skeletons())
        for (model::NodeId bone : skeleton.bones) {
            const math::AffineN& world = evaluated.world.at(bone);
            const double length = document.node(bone).bone()->length.value_or(0.0);
            math::VectorN tip = math::VectorN::zero(n);
            tip[1] = length;
            ViewSegmentND segment{worldToView.applyPoint(world.position()),
                                  worldToView.applyPoint(world.applyPoint(tip))};
            for (int a = kFirstExtraAxis; a < n; ++a) {
                const auto axis = static_cast<std::size_t>(a - kFirstExtraAxis);
                include(axis, segment.head[a]);
                include(axis, segment.tail[a]);
                segment.head[a] -= offsets[axis];
                segment.tail[a] -= offsets[axis];
            }
            for (int c = 0; c < n; ++c)
                size = std::max({size, std::abs(segment.head[c]), std::abs(segment.tail[c])});
            segments.push_back(segment);
            out.boneNodes.push_back(bone);
        }
    out.bones.clear();
    for (const ViewSegmentND& segment : segments)
        out.bones.push_back(sliceBoneND(segment, kFlatCrossingTolerance * std::max(size, 1.0)));

    // The W distances, as a 4D slice reports them.
    if (anyExtent && !out.extraAxisExtents.empty()) {
        out.distanceMin = out.extraAxisExtents[0].min - static_cast<float>(offsets[0]);
        out.distanceMax = out.extraAxisExtents[0].max - static_cast<float>(offsets[0]);
    } else {
        out.extraAxisExtents.assign(extraCount, RigSlice::AxisExtent{});
        out.distanceMin = out.distanceMax = 0.0F;
    }
}

} // namespace hyperrig::core::eval
