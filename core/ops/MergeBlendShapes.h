#pragma once

#include "core/base/Result.h"
#include "core/math/BasisN.h"
#include "core/model/Mesh.h"

#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::ops {

// Blend shapes of meshes being merged (MergeMeshes.cpp; decision 0053). Each input is one mesh in
// merge order, the first one staying:
//   - a position target's indices move by the vertices merged before the mesh, its offsets turn
//     with the mesh's vertices (vectors: the linear part of M_1⁻¹ M_i);
//   - surfaces entries move by the surfaces merged before; normal targets are copied when the
//     linear part is the identity (normals would need its inverse transpose), else refused;
//   - shapes with the same name become one shape when their in-betweens sit at the same weights
//     (their targets concatenated: the meshes' vertices are disjoint); otherwise, and for
//     unnamed shapes, a later mesh's shape is appended, renamed "<node><name>" when the name is
//     taken;
//   - amounts: the first mesh's value for a shape it has, else the mesh's that brings it; the
//     first instance's blendAmounts are rebuilt the same way when any input instance had them.
struct BlendMergeInput {
    const model::Mesh* mesh = nullptr;
    math::BasisN toMerged = math::BasisN::identity(3);
    std::size_t vertexOffset = 0;
    std::size_t surfaceOffset = 0;
    std::string nodeName;
    std::optional<std::vector<double>> instanceAmounts;
};

struct BlendMergeResult {
    bool changed = false; // false: no input has blend shapes or instance amounts
    std::optional<model::BlendShapes> blend;
    std::optional<std::vector<double>> instanceAmounts;
};

Result<BlendMergeResult> mergeBlendShapes(const std::vector<BlendMergeInput>& inputs,
                                          std::size_t mergedVertexCount);

} // namespace hyperrig::core::ops
