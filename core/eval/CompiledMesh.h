#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledSkin.h"
#include "core/model/Mesh.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace hyperrig::core::eval {

// A mesh in the layout evaluation reads: rest positions as packed floats (D per vertex), the
// simplexes of every surface concatenated (4D: tetrahedra, 4 indices each; 3D: triangles, 3
// each; other dimensions: none drawn), and the skin when it has one.
struct CompiledMesh {
    model::MeshId mesh;
    int dimension = 0;
    std::size_t vertexCount = 0;
    std::vector<float> restPositions;
    std::vector<std::uint32_t> simplexes; // dimension indices each
    std::optional<CompiledSkin> skin;

    std::size_t simplexCount() const {
        return dimension > 0 ? simplexes.size() / static_cast<std::size_t>(dimension) : 0;
    }
};

// Fails, naming the surface or the skin, when vertices are not `dimension`-vectors, a simplex
// index is out of range, or the skin does not fit the vertices.
Result<CompiledMesh> compileMesh(const model::Mesh& mesh, int dimension);

} // namespace hyperrig::core::eval
