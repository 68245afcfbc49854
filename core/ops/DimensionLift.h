#pragma once

#include "core/base/Result.h"
#include "core/model/Document.h"

#include <optional>

namespace hyperrig::core::ops {

// Embedding a 3D document into 4D and back (issue 17 item 6), so that MPFB humans imported in 3D
// can be rigged and posed in 4D. The 3D space becomes the W = 0 hyperplane:
//   positions (x, y, z) -> (x, y, z, 0);   basis B -> [[B, 0], [0, 1]];
//   rotor [s, xy, xz, yz] -> [s, xy, xz, yz, 0, 0, 0, 0] (the 3D layout is a prefix of the 4D one,
//   core/math/Rotor.h);   a per-axis scale gets 1 for W, a uniform scale stays one number;
//   bind poses likewise. Bones, names, extras and the node tree are kept.
//
// Meshes: a 4D surface is made of tetrahedra, so a triangle mesh needs `thickness` (metres): the
// vertices are doubled at W = -t/2 and W = +t/2 (copies after the originals, with the same skin
// influences) and every triangle (a, b, c) becomes the prism between the layers, split into three
// tetrahedra (a0 b0 c0 a1), (b0 c0 a1 b1), (c0 a1 b1 c1). Edges stay on the W = -t/2 layer.
struct LiftOptions {
    std::optional<double> thickness;
};

// Refused, naming the item, for a document that is not 3D, a triangle mesh without a positive
// thickness, and data the lift cannot pad: blend shapes or surface bindings (normals, texture
// maps) kept as JSON, accessors kept as read, physics shapes.
Result<model::Document> liftTo4D(const model::Document& document, const LiftOptions& options = {});

// The reverse for a 4D document whose W components are all zero (|w| <= 1e-12): every position,
// the W row and column of every basis (apart from the W scale, which is dropped), the W planes of
// every rotor, and every bind pose. Refused, naming the first item with a W component, for a
// document with meshes (tetrahedra have no 3D counterpart) or anything the lift refuses.
Result<model::Document> dropTo3D(const model::Document& document);

} // namespace hyperrig::core::ops
