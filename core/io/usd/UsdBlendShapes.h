#pragma once

#include "core/base/Result.h"
#include "core/math/BasisN.h"
#include "core/model/Mesh.h"

#include <string>
#include <vector>

namespace hyperrig::core::io::usd {

// One blend shape in UsdSkel's form (a BlendShape prim), for the .usda writer: what to write as
//   uniform vector3f[] offsets, uniform int[] pointIndices (omitted when empty: one offset per
//   point), uniform vector3f[] inbetweens:<name> (weight = w), and the kept properties
//   (normalOffsets and anything else the import kept, as usdPropertyJson wrote them).
// The mesh's skel:blendShapes token is `name`.
struct UsdBlendShapeOut {
    std::string name;
    std::vector<long long> pointIndices; // empty = every point in order
    std::vector<double> offsets;         // x, y, z per entry, in the prim's space
    struct Inbetween {
        std::string name;
        double weight = 0.5;
        std::vector<double> offsets; // one 3-tuple per entry of the shape, like `offsets`
    };
    std::vector<Inbetween> inbetweens;
    model::OrderedJson keptProperties = model::OrderedJson::object();
};

// The mesh's blend shapes for export. Offsets are vectors: `meshToPrim` is the linear part of
// the map from G4MF mesh space to the prim's space (the inverse of the import's
// inverse(W_skeleton) · geomBindTransform for a skinned mesh; the identity when the writer
// writes points in mesh space). In-betweens share their shape's pointIndices in UsdSkel, so the
// entries are the union of the shape's and its in-betweens' indices (the shape's own in its
// order, then those only in-betweens move), with zero offsets where a sub-shape does not move a
// point. Fails, naming the shape, on offsets that are not 3-vectors or
// an index past the vertices. Unnamed shapes are called Shape<i>, unnamed in-betweens
// inbetween<k>; the writer still has to make them valid USD identifiers.
Result<std::vector<UsdBlendShapeOut>> usdBlendShapesForExport(const model::Mesh& mesh,
                                                              const math::BasisN& meshToPrim);

} // namespace hyperrig::core::io::usd
