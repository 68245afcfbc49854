#include "render/scene/SmoothNormals.h"

#include "core/base/Contracts.h"
#include "core/base/ThreadPool.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace hyperrig::render::scene {

namespace {

// Items per block of the parallel loops: large enough that claiming a block (a mutex) costs
// nothing next to its work, small enough that two to sixteen threads share a slice's surface
// evenly.
constexpr std::size_t kSmoothingGrain = 1 << 11;

// Rows (corners around a vertex) up to this long are summed from normals gathered on the stack;
// a closed surface's vertices have about six.
constexpr std::size_t kGatheredValence = 32;

} // namespace

void SmoothNormals::indexed(std::span<const glm::vec3> corners,
                            std::span<const std::uint32_t> vertexOfCorner, std::size_t vertexCount,
                            float creaseAngleDegrees, std::vector<glm::vec3>& normals) {
    indexed(corners, vertexOfCorner, vertexCount, creaseAngleDegrees, normals,
            core::base::ThreadPool::inlinePool());
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
    // valences, then each corner drops into its vertex's row.
    m_firstAround.assign(vertexCount + 1, 0U);
    for (const std::uint32_t vertex : vertexOfCorner) {
        HYPERRIG_EXPECTS(vertex < vertexCount);
        ++m_firstAround[vertex + 1];
    }
    for (std::size_t v = 0; v < vertexCount; ++v)
        m_firstAround[v + 1] += m_firstAround[v];
    m_cornersAround.resize(corners.size());
    // Fill row v from its end backwards, using m_firstAround[v + 1] as the cursor: afterwards
    // each entry has moved down to the start of its row, which is what the rows need, and each
    // row lists its corners in ascending order.
    for (std::size_t corner = corners.size(); corner-- > 0;)
        m_cornersAround[--m_firstAround[vertexOfCorner[corner] + 1]] =
            static_cast<std::uint32_t>(corner);
    // Now m_firstAround[v + 1] is the start of row v; shift to the usual layout.
    for (std::size_t v = 0; v < vertexCount; ++v)
        m_firstAround[v] = m_firstAround[v + 1];
    m_firstAround[vertexCount] = static_cast<std::uint32_t>(corners.size());

    const float cosCrease = std::cos(glm::radians(std::clamp(creaseAngleDegrees, 0.0F, 180.0F)));
    normals.resize(corners.size());
    // The normal of corner `corner` from its flat normal `own` and its crease sum.
    const auto store = [&](std::size_t corner, const glm::vec3& own, const glm::vec3& sum) {
        const float length = glm::length(sum);
        normals[corner] = own == glm::vec3(0.0F) ? own : length > 0.0F ? sum / length : own;
    };
    // Vertex by vertex (each corner is in one row, so the blocks write apart). Row entries i and
    // j pass the crease test together: dot(n̂_i, n̂_j) is dot(n̂_j, n̂_i) bit for bit (each
    // product commutes), so each pair is tested once and adds to both sums, half the dot products
    // of testing per corner, on the row's normals gathered once instead of once per corner. Sum i
    // still receives the area vectors in row order: those of rows j < i while j's turn ran, then
    // its own, then those after it, exactly the per-corner order.
    pool.parallelFor(vertexCount, kSmoothingGrain / 4, [&](std::size_t begin, std::size_t end) {
        std::array<glm::vec3, kGatheredValence> unit;
        std::array<glm::vec3, kGatheredValence> area;
        std::array<glm::vec3, kGatheredValence> sum;
        for (std::size_t vertex = begin; vertex < end; ++vertex) {
            const std::span<const std::uint32_t> row(m_cornersAround.data() + m_firstAround[vertex],
                                                     m_firstAround[vertex + 1] -
                                                         m_firstAround[vertex]);
            if (row.size() > kGatheredValence) {
                // A rare crowded vertex: per corner, straight from the triangle arrays.
                for (const std::uint32_t corner : row) {
                    const glm::vec3& own = m_unitNormals[corner / 3];
                    glm::vec3 total(0.0F);
                    for (const std::uint32_t other : row)
                        if (glm::dot(m_unitNormals[other / 3], own) >= cosCrease)
                            total += m_areaNormals[other / 3];
                    store(corner, own, total);
                }
                continue;
            }
            for (std::size_t i = 0; i < row.size(); ++i) {
                unit[i] = m_unitNormals[row[i] / 3];
                area[i] = m_areaNormals[row[i] / 3];
                sum[i] = glm::vec3(0.0F);
            }
            for (std::size_t i = 0; i < row.size(); ++i) {
                if (glm::dot(unit[i], unit[i]) >= cosCrease)
                    sum[i] += area[i];
                for (std::size_t j = i + 1; j < row.size(); ++j)
                    if (glm::dot(unit[j], unit[i]) >= cosCrease) {
                        sum[i] += area[j];
                        sum[j] += area[i];
                    }
            }
            for (std::size_t i = 0; i < row.size(); ++i)
                store(row[i], unit[i], sum[i]);
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
