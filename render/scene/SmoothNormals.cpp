#include "render/scene/SmoothNormals.h"

#include "core/base/Contracts.h"
#include "core/base/ThreadPool.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hyperrig::render::scene {

namespace {

// Items per block of the parallel loops: large enough that claiming a block (a mutex) costs
// nothing next to its work, small enough that two to sixteen threads share a slice's surface
// evenly.
constexpr std::size_t kSmoothingGrain = 1 << 11;

} // namespace

void SmoothNormals::indexed(std::span<const glm::vec3> corners,
                            std::span<const std::uint32_t> vertexOfCorner, std::size_t vertexCount,
                            float creaseAngleDegrees, std::vector<glm::vec3>& normals) {
    indexed(corners, vertexOfCorner, vertexCount, creaseAngleDegrees, normals, core::base::ThreadPool::inlinePool());
}

void SmoothNormals::indexed(std::span<const glm::vec3> corners,
                            std::span<const std::uint32_t> vertexOfCorner, std::size_t vertexCount,
                            float creaseAngleDegrees, std::vector<glm::vec3>& normals,
                            core::base::ThreadPool& pool) {
    HYPERRIG_EXPECTS(corners.size() % 3 == 0);
    HYPERRIG_EXPECTS(vertexOfCorner.size() == corners.size());
    HYPERRIG_EXPECTS(corners.size() < std::numeric_limits<std::uint32_t>::max());
    const std::size_t triangleCount = corners.size() / 3;

    m_areaNormals.resize(triangleCount);
    m_unitNormals.resize(triangleCount);
    pool.parallelFor(triangleCount, kSmoothingGrain, [&](std::size_t begin, std::size_t end) {
        for (std::size_t t = begin; t < end; ++t) {
            const glm::vec3 a = corners[3 * t];
            const glm::vec3 areaNormal = glm::cross(corners[3 * t + 1] - a, corners[3 * t + 2] - a);
            const float length = glm::length(areaNormal);
            m_areaNormals[t] = areaNormal;
            m_unitNormals[t] = length > 0.0F ? areaNormal / length : glm::vec3(0.0F);
        }
    });

    // Counting sort of the corners by vertex: m_firstAround becomes the prefix sums of the
    // valences, then each corner drops its triangle into its vertex's row.
    m_firstAround.assign(vertexCount + 1, 0U);
    for (const std::uint32_t vertex : vertexOfCorner) {
        HYPERRIG_EXPECTS(vertex < vertexCount);
        ++m_firstAround[vertex + 1];
    }
    for (std::size_t v = 0; v < vertexCount; ++v)
        m_firstAround[v + 1] += m_firstAround[v];
    m_trianglesAround.resize(corners.size());
    // Fill row v from its end backwards, using m_firstAround[v + 1] as the cursor: afterwards
    // each entry has moved down to the start of its row, which is what the rows need.
    for (std::size_t corner = corners.size(); corner-- > 0;)
        m_trianglesAround[--m_firstAround[vertexOfCorner[corner] + 1]] =
            static_cast<std::uint32_t>(corner / 3);
    // Now m_firstAround[v + 1] is the start of row v; shift to the usual layout.
    for (std::size_t v = 0; v < vertexCount; ++v)
        m_firstAround[v] = m_firstAround[v + 1];
    m_firstAround[vertexCount] = static_cast<std::uint32_t>(corners.size());

    const float cosCrease = std::cos(glm::radians(std::clamp(creaseAngleDegrees, 0.0F, 180.0F)));
    normals.resize(corners.size());
    pool.parallelFor(corners.size(), kSmoothingGrain, [&](std::size_t begin, std::size_t end) {
        for (std::size_t corner = begin; corner < end; ++corner) {
            const glm::vec3& own = m_unitNormals[corner / 3];
            if (own == glm::vec3(0.0F)) {
                normals[corner] = own;
                continue;
            }
            const std::uint32_t vertex = vertexOfCorner[corner];
            glm::vec3 sum(0.0F);
            for (std::uint32_t i = m_firstAround[vertex]; i < m_firstAround[vertex + 1]; ++i) {
                const std::uint32_t around = m_trianglesAround[i];
                if (glm::dot(m_unitNormals[around], own) >= cosCrease)
                    sum += m_areaNormals[around];
            }
            const float length = glm::length(sum);
            normals[corner] = length > 0.0F ? sum / length : own;
        }
    });
}

void SmoothNormals::welded(std::span<const glm::vec3> corners, float creaseAngleDegrees,
                           std::vector<glm::vec3>& normals) {
    welded(corners, creaseAngleDegrees, normals, core::base::ThreadPool::inlinePool());
}

void SmoothNormals::welded(std::span<const glm::vec3> corners, float creaseAngleDegrees,
                           std::vector<glm::vec3>& normals, core::base::ThreadPool& pool) {
    const std::size_t vertexCount =
        m_welding.weld(corners, weldTolerance(corners, pool), m_vertexOfCorner, pool);
    indexed(corners, m_vertexOfCorner, vertexCount, creaseAngleDegrees, normals, pool);
}

} // namespace hyperrig::render::scene
