#pragma once

#include "core/base/Result.h"
#include "core/io/mpfb/MpfbImport.h"
#include "core/io/mpfb/MpfbWeights.h"
#include "core/io/obj/ObjMesh.h"

namespace hyperrig::core::io {

// Adds the base mesh to an imported rig as a triangle mesh skinned to its skeleton (issue 17
// item 4): a node "Body" under the skeleton node (G4MF skinning: the mesh node is a direct child)
// showing a mesh "BodyMesh" with
//   - every OBJ vertex (indices stay those the weights use), at 0.1 · OBJ in G4MF axes, float32;
//   - the triangles of the OBJ group "body" (all triangles when there is no such group): the
//     helper geometry and joint cubes are not drawn, as MPFB hides them;
//   - a skin whose group i is joints slot i of the skeleton, which lists every bone of the rig in
//     node order (parents first), named after the bones.
// A weights group maps to the bone with its name, else to the bone with "DEF-" added or removed
// (Rigify); "mhmask-" groups and groups without a bone are skipped (the latter reported in
// `imported.warnings`). Weights that map to one bone add up; each vertex's weights are divided by
// their sum (MPFB's files are not normalised: mpfb.md §11.3) and sorted, largest first.
// Contract: `weights` came from parseMpfbWeights for `obj`'s vertices, so every weight is in
// [0, 1] and the sums stay finite.
void addMpfbSkinnedBody(MpfbImport& imported, const ObjMesh& obj,
                        const std::vector<MpfbWeightGroup>& weights);

} // namespace hyperrig::core::io
