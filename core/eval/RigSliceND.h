#pragma once

#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/RigSlice.h"
#include "core/eval/View4D.h"
#include "core/eval/slice/SimplexSlicer.h"

#include <unordered_map>
#include <vector>

namespace hyperrig::core::eval {

// The 3D slice of an evaluated 5D..8D rig by successive cuts (SimplexSlicer.h), in the RigSlice
// a 4D slice fills, so the renderer draws both alike:
//   * one triangle soup per visible instance with cells (view xyz);
//   * every bone as a segment in view xyz. Its ends' "distance" is the Euclidean norm of their
//     per-axis distances to the cuts, sqrt(Σ_a (view_a − offset_a)²), >= 0 (a 4D slice's is
//     signed; the renderer fades by |distance| alike). The bone "crosses" only when the segment
//     passes through the 3D flat itself, within 1e-6 of the scene's size: the point of the
//     segment nearest the flat (in those distances) lies on it while both ends lie off it (a bone
//     lying in the flat, or ending on it, is opaque, as in 4D). With N − 3 >= 2 conditions on one
//     parameter that is rare, unlike 4D, where every bone whose ends lie on both sides crosses;
//   * distanceMin/Max: the W distances (view w − offset_w) of what was sliced;
//     extraAxisExtents: per extra axis the view-coordinate extent.
// Contract: the document is 4D..8D (4D only as a test oracle: the 4D slicer is its fast path)
// and `evaluated` comes from `rig`.
void sliceRigND(const model::Document& document, const CompiledRig& rig,
                const EvaluatedRig& evaluated, const View4D& view, SimplexSlicer& slicer,
                RigSlice& out,
                const std::unordered_map<model::MeshId, std::vector<float>>& attributes = {});

} // namespace hyperrig::core::eval
