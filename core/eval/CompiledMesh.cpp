#include "core/eval/CompiledMesh.h"

#include <string>

namespace hyperrig::core::eval {

Result<CompiledMesh> compileMesh(const model::Mesh& mesh, int dimension) {
    CompiledMesh compiled;
    compiled.mesh = mesh.id;
    compiled.dimension = dimension;
    if (mesh.vertices.vectorSize != dimension)
        return Error("its vertices have " + std::to_string(mesh.vertices.vectorSize) +
                     " numbers each, not " + std::to_string(dimension));
    compiled.vertexCount = mesh.vertexCount();
    compiled.restPositions.reserve(mesh.vertices.values.size());
    for (double value : mesh.vertices.values)
        compiled.restPositions.push_back(static_cast<float>(value));

    for (std::size_t index = 0; index < mesh.surfaces.size(); ++index) {
        const model::Surface& surface = mesh.surfaces[index];
        if (!surface.simplexes || surface.simplexes->vectorSize != dimension)
            continue; // a surface of edges or polytope cells only: nothing to cut or fill
        for (double value : surface.simplexes->values) {
            if (!(value >= 0.0) || value >= static_cast<double>(compiled.vertexCount))
                return Error("surface " + std::to_string(index) + " uses vertex " +
                             std::to_string(static_cast<long long>(value)) + " but the mesh has " +
                             std::to_string(compiled.vertexCount));
            compiled.simplexes.push_back(static_cast<std::uint32_t>(value));
        }
    }
    if (mesh.skin) {
        auto skin = compileSkin(*mesh.skin, compiled.vertexCount);
        if (!skin)
            return skin.error().withContext("skin");
        compiled.skin = std::move(*skin);
    }
    return compiled;
}

} // namespace hyperrig::core::eval
