#include "core/io/mpfb/MpfbStrategyMatch.h"

#include "core/io/mpfb/PythonJson.h"

#include <glm/geometric.hpp>
#include <limits>
#include <string>

namespace hyperrig::core::io {

model::OrderedJson matchMpfbEnd(const glm::dvec3& position, const MpfbBaseMesh* mesh) {
    // Absolute thresholds in metres at MPFB's scale 0.1.
    constexpr double kMaxAllowed = 0.01;
    constexpr double kExact = 0.001;
    model::OrderedJson end = {
        {"default_position",
         model::OrderedJson::array(
             {roundLikeMpfb(position.x), roundLikeMpfb(position.y), roundLikeMpfb(position.z)})},
        {"strategy", "DEFAULT"},
    };
    if (!mesh)
        return end;
    double cubeDistance = std::numeric_limits<double>::infinity();
    const std::string* cube = nullptr;
    for (const auto& [name, centre] : mesh->jointCentres) {
        const double d = glm::distance(centre, position);
        if (d < cubeDistance) {
            cubeDistance = d;
            cube = &name;
        }
    }
    double vertexDistance = std::numeric_limits<double>::infinity();
    std::size_t vertex = 0;
    for (std::size_t i = 0; i < mesh->vertices.size(); ++i) {
        const double d = glm::distance(mesh->vertices[i], position);
        if (d < vertexDistance) {
            vertexDistance = d;
            vertex = i;
        }
    }
    const bool cubeAccepted = cube && cubeDistance < kMaxAllowed;
    const bool vertexAccepted =
        vertexDistance < kMaxAllowed &&
        (!cubeAccepted || (vertexDistance < kExact && kExact < cubeDistance));
    if (vertexAccepted) {
        end["strategy"] = "VERTEX";
        end["vertex_index"] = vertex;
    } else if (cubeAccepted) {
        end["strategy"] = "CUBE";
        end["cube_name"] = *cube;
    }
    return end;
}

} // namespace hyperrig::core::io
