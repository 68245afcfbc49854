#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/View4D.h"
#include "core/eval/slice/SliceTypes.h"
#include "core/io/gltf/GltfStaticMeshes.h"
#include "core/model/Document.h"

#include <vector>

namespace hyperrig::core::ops {

// Whether a sliced triangle has exactly zero area (a zero cross product): the slicer emits such
// triangles where vertices lie exactly on the hyperplane (eval/slice/Slicer.h); they have no
// normal and draw nothing, so files leave them out. One test for the `slice` command's OBJ and the
// glTF cross-section, so both hold the same triangles.
bool isZeroAreaSliceTriangle(const eval::SliceVertex& a, const eval::SliceVertex& b,
                             const eval::SliceVertex& c);

// The 3D cross-section of an evaluated 4D..8D rig as static meshes (decision 0028): the slice the
// `slice` command and the viewport show (sliceRig for 4D, sliceRigND for 5D..8D at the view's
// offsets, docs/rendering.md "Slicing N-D"), one mesh per sliced instance, named after its G4MF
// node, positions in view x, y, z. Each triangle keeps the slicer's outward winding and carries
// its flat unit normal on all three corners; the zero-area triangles the slicer emits for
// vertices lying on the hyperplane are dropped (they have no normal and draw nothing).
// Fails for a document outside 4D..8D, or a view that turns or offsets an axis it lacks.
// Contract: `evaluated` comes from `rig`, compiled from `document`.
Result<std::vector<io::GltfStaticMesh>> crossSectionMeshes(const model::Document& document,
                                                           const eval::CompiledRig& rig,
                                                           const eval::EvaluatedRig& evaluated,
                                                           const eval::View4D& view);

} // namespace hyperrig::core::ops
