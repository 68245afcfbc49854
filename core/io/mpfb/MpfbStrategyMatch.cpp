#include "core/io/mpfb/MpfbStrategyMatch.h"

#include "core/io/mpfb/PythonJson.h"

#include <algorithm>
#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <limits>
#include <string>

namespace hyperrig::core::io {
namespace {

constexpr double kMaxAllowed = 0.01;
constexpr double kExact = 0.001;
constexpr double kMeanThreshold = 0.02;
// "Nothing matched yet" for step 3's comparison.
constexpr double kNoMatch = 100.0;

} // namespace

MpfbEndMatcher::MpfbEndMatcher(const MpfbBaseMesh* mesh) : m_mesh(mesh) {
    if (!mesh || mesh->vertices.empty())
        return;
    m_grid.emplace(mesh->vertices);
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const glm::dvec3& v : mesh->vertices) {
        low = std::min(low, v.z);
        high = std::max(high, v.z);
    }
    m_height = high - low;
}

model::OrderedJson MpfbEndMatcher::match(const glm::dvec3& position) const {
    model::OrderedJson end = {
        {"default_position",
         model::OrderedJson::array(
             {roundLikeMpfb(position.x), roundLikeMpfb(position.y), roundLikeMpfb(position.z)})},
        {"strategy", "DEFAULT"},
    };
    if (!m_mesh || !m_grid)
        return end;

    // 1. Joint cubes.
    double cubeDistance = std::numeric_limits<double>::infinity();
    const std::string* cube = nullptr;
    for (const auto& [name, centre] : m_mesh->jointCentres) {
        const double d = glm::distance(centre, position);
        if (d < cubeDistance) {
            cubeDistance = d;
            cube = &name;
        }
    }
    const bool cubeAccepted = cube && cubeDistance < kMaxAllowed;
    // 2. Vertices: an exact vertex beats an inexact cube.
    const VertexGrid::Hit vertex = m_grid->nearest(position);
    const bool vertexFound = vertex.distance < kMaxAllowed;
    const bool vertexTaken =
        vertexFound && (!cubeAccepted || (vertex.distance < kExact && kExact < cubeDistance));
    double best = kNoMatch;
    if (vertexTaken) {
        end["strategy"] = "VERTEX";
        end["vertex_index"] = vertex.index;
        best = vertex.distance;
    } else if (cubeAccepted) {
        end["strategy"] = "CUBE";
        end["cube_name"] = *cube;
        return end; // step 3 never replaces a cube
    }
    if (best <= kExact || !(m_height > 0.0))
        return end;

    // 3. A pair of vertices around the position, as symmetric as possible and short: the
    //    length penalty λ·|v2 - v1| prefers a tight pair over a wide one with the same midpoint.
    const double radius = vertexFound ? 0.02 : 0.15 * m_height;
    const double lambda = kMeanThreshold / (2.0 * 0.15 * m_height);
    double bestScore = 2.0 * kMeanThreshold;
    double bestDistance = kMeanThreshold;
    std::optional<std::pair<std::uint32_t, std::uint32_t>> pair;
    for (const VertexGrid::Hit& first : m_grid->within(position, radius * std::sqrt(3.0))) {
        const glm::dvec3& v1 = m_mesh->vertices[first.index];
        const glm::dvec3 offset = glm::abs(v1 - position);
        if (std::max({offset.x, offset.y, offset.z}) >= radius)
            continue;
        // The midpoint is within M of the position exactly when v2 is within 2M of the mirror
        // point 2·pos − v1, so a nearest vertex farther than that can never be kept.
        const auto second = m_grid->nearestWithin(2.0 * position - v1, 2.0 * kMeanThreshold);
        if (!second || second->index <= first.index)
            continue;
        const glm::dvec3& v2 = m_mesh->vertices[second->index];
        const double d = glm::distance((v1 + v2) / 2.0, position);
        if (!(d < kMeanThreshold))
            continue;
        const double score = d + lambda * glm::distance(v1, v2);
        if (score < bestScore) {
            bestScore = score;
            bestDistance = d;
            pair.emplace(first.index, second->index);
        }
    }
    if (pair && bestDistance < best) {
        end.erase("vertex_index");
        end["strategy"] = "MEAN";
        end["vertex_indices"] = model::OrderedJson::array({pair->first, pair->second});
    }
    return end;
}

} // namespace hyperrig::core::io
