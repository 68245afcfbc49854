#pragma once

#include "core/eval/CompiledSkeleton.h"
#include "core/math/AffineN.h"
#include "core/model/Mesh.h"

#include <vector>

namespace hyperrig::core::eval {

// The transform each skin group applies to a mesh-space vertex of an instance (docs/skinning.md):
//
//   S_slot = G_pose(b) ∘ G_rest(b)⁻¹        skeleton space, b = the slot's bone
//   P_g    = M⁻¹ ∘ S_g ∘ M                   M = the mesh node's transform (skeleton <- mesh)
//
// so that v' = Σ (w_i / W) P_{g_i} v equals M⁻¹ Σ (w_i / W) S_{g_i} (M v). Groups at or beyond the
// joints table, and slots without a bone, are identity ("not transformed"). Returns `groupCount`
// transforms plus one identity row at the end (CompiledSkin::identityRow).
std::vector<math::AffineN> groupTransforms(const CompiledSkeleton& skeleton,
                                           const std::vector<math::AffineN>& posedGlobal,
                                           const math::AffineN& meshToSkeleton,
                                           const math::AffineN& skeletonToMesh,
                                           std::size_t groupCount);

// Linear blend skinning in double precision straight from the document's CSR skin: the reference
// the float kernels are tested against, and what "apply pose as rest" writes. Returns the mesh's
// vertex values (element-major, like NumericArray::values). Contract: `rows` covers every group
// the skin uses.
std::vector<double> skinExactly(const model::Mesh& mesh, const std::vector<math::AffineN>& rows);

} // namespace hyperrig::core::eval
