#pragma once

#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/View4D.h"
#include "core/eval/slice/BoneSlice.h"
#include "core/eval/slice/SliceOutput.h"
#include "core/eval/slice/Slicer.h"

#include <unordered_map>
#include <vector>

namespace hyperrig::core::eval {

// The cross-section of an evaluated 4D rig: one triangle soup per visible mesh instance with
// tetrahedra (view space), and every bone as a segment against the hyperplane. Kept by the caller
// and reused frame after frame (the slice outputs keep their storage).
struct RigSlice {
    struct Instance {
        model::NodeId node;
        model::MeshId mesh;
        SliceOutput triangles;
    };
    std::vector<Instance> instances;
    std::vector<model::NodeId> boneNodes; // parallel to bones
    std::vector<BoneSegmentSlice> bones;  // head at the bone origin, tail at +Y · length
    // Where along view W there is something to cut: the smallest and largest signed distance
    // (view w − offset) of the sliced meshes' vertices and the bones' ends; both 0 when there is
    // nothing. Adding the offset gives the view-W extent, the useful range of the offset.
    float distanceMin = 0.0F;
    float distanceMax = 0.0F;
    // 5D..8D (sliceRigND): per extra axis, W first, the view-coordinate extent of the meshes'
    // vertices and the bones' ends (offset included), where that axis's cut finds something;
    // empty for 4D slices (whose W extent is the distance range above plus the offset).
    struct AxisExtent {
        float min = 0.0F;
        float max = 0.0F;
    };
    std::vector<AxisExtent> extraAxisExtents;
};

// The instance loop sliceRig and sliceRigND share: calls `sliceOne(instance, mesh, result)` for
// every visible instance of `evaluated` whose mesh has simplexes, `result` a slot of
// out.instances with its node and mesh set (slots are reused frame after frame, so their
// triangle buffers keep their storage), then drops the slots left over.
template <class SliceOne>
void sliceEachInstance(const CompiledRig& rig, const EvaluatedRig& evaluated, RigSlice& out,
                       SliceOne&& sliceOne) {
    std::size_t used = 0;
    for (const EvaluatedInstance& instance : evaluated.instances) {
        const CompiledMesh& mesh = rig.mesh(instance.mesh);
        if (!instance.visible || mesh.simplexes.empty())
            continue;
        if (out.instances.size() <= used)
            out.instances.emplace_back();
        RigSlice::Instance& result = out.instances[used++];
        result.node = instance.node;
        result.mesh = instance.mesh;
        sliceOne(instance, mesh, result);
    }
    out.instances.resize(used);
}

// Slices every visible instance of `evaluated` whose mesh has tetrahedra, and every bone of the
// rig. `attributes` optionally gives a per-vertex attribute by mesh (a heat-map). Contract: the
// document is 4D, `evaluated` comes from `rig`. With a pool, each mesh is sliced on its threads
// (Slicer), the same triangles bit for bit.
void sliceRig(const model::Document& document, const CompiledRig& rig,
              const EvaluatedRig& evaluated, const View4D& view, Slicer& slicer, RigSlice& out,
              const std::unordered_map<model::MeshId, std::vector<float>>& attributes = {});
void sliceRig(const model::Document& document, const CompiledRig& rig,
              const EvaluatedRig& evaluated, const View4D& view, Slicer& slicer, RigSlice& out,
              base::ThreadPool& pool,
              const std::unordered_map<model::MeshId, std::vector<float>>& attributes = {});

} // namespace hyperrig::core::eval
