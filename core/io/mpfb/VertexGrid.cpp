#include "core/io/mpfb/VertexGrid.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>

namespace hyperrig::core::io {
namespace {

constexpr int kMaxCellsPerAxis = 128;

// Cells along the longest axis for n points: ceil(4 * cbrt(n)), so a box-shaped point cloud gets
// about 64 cells per point (more for a few points: 128 for 4; fewer for flat or thin clouds) and
// the grid's memory follows the points, not the cap. The MPFB base mesh (19,158 vertices, 1.69 m
// tall in Blender metres) gets 108 cells along its height, 1.6 cm each, and 195k cells in all
// (324k before); a handful of points no longer pays for a full 129^3 grid, the 2.1 million cells
// (two 8.6 MB arrays zeroed and summed per MPFB export with a base mesh) that were most of an
// MPFB fuzz execution.
int cellsAlongLongestAxis(std::size_t points) {
    const double wanted = std::ceil(4.0 * std::cbrt(static_cast<double>(points)));
    return static_cast<int>(std::clamp(wanted, 1.0, static_cast<double>(kMaxCellsPerAxis)));
}

} // namespace

VertexGrid::VertexGrid(const std::vector<glm::dvec3>& points) : m_points(points) {
    if (points.empty())
        return;
    glm::dvec3 low(std::numeric_limits<double>::infinity());
    glm::dvec3 high(-std::numeric_limits<double>::infinity());
    for (const glm::dvec3& p : points) {
        low = glm::min(low, p);
        high = glm::max(high, p);
    }
    const glm::dvec3 extent = high - low;
    const double largest = std::max({extent.x, extent.y, extent.z});
    m_origin = low;
    m_cellSize = std::isfinite(largest) && largest > 0.0
                     ? largest / cellsAlongLongestAxis(points.size())
                     : 1.0;
    for (int axis = 0; axis < 3; ++axis)
        m_cells[axis] =
            std::clamp(static_cast<int>(extent[axis] / m_cellSize) + 1, 1, kMaxCellsPerAxis + 1);
    const auto cellCount = static_cast<std::size_t>(m_cells.x) *
                           static_cast<std::size_t>(m_cells.y) *
                           static_cast<std::size_t>(m_cells.z);
    std::vector<std::uint32_t> cellOfPoint(points.size());
    m_cellStart.assign(cellCount + 1, 0);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const glm::ivec3 c = cellOf(points[i]);
        cellOfPoint[i] = static_cast<std::uint32_t>((c.z * m_cells.y + c.y) * m_cells.x + c.x);
        ++m_cellStart[cellOfPoint[i] + 1];
    }
    for (std::size_t c = 0; c < cellCount; ++c)
        m_cellStart[c + 1] += m_cellStart[c];
    m_order.resize(points.size());
    std::vector<std::uint32_t> next(m_cellStart.begin(), m_cellStart.end() - 1);
    for (std::size_t i = 0; i < points.size(); ++i)
        m_order[next[cellOfPoint[i]]++] = static_cast<std::uint32_t>(i);
}

glm::ivec3 VertexGrid::cellOf(const glm::dvec3& p) const {
    glm::ivec3 cell;
    for (int axis = 0; axis < 3; ++axis) {
        const double at = std::floor((p[axis] - m_origin[axis]) / m_cellSize);
        // Far-away and non-finite queries clamp to the border cells.
        cell[axis] =
            std::isfinite(at) ? static_cast<int>(std::clamp(at, 0.0, m_cells[axis] - 1.0)) : 0;
    }
    return cell;
}

template <typename Visit>
void VertexGrid::visitRing(const glm::ivec3& centre, int ring, Visit&& visit) const {
    const glm::ivec3 low = glm::max(centre - ring, glm::ivec3(0));
    const glm::ivec3 high = glm::min(centre + ring, m_cells - 1);
    for (int z = low.z; z <= high.z; ++z)
        for (int y = low.y; y <= high.y; ++y)
            for (int x = low.x; x <= high.x; ++x) {
                const bool onRing = std::abs(x - centre.x) == ring ||
                                    std::abs(y - centre.y) == ring ||
                                    std::abs(z - centre.z) == ring;
                if (!onRing)
                    continue;
                const auto cell = static_cast<std::size_t>((z * m_cells.y + y) * m_cells.x + x);
                for (std::uint32_t k = m_cellStart[cell]; k < m_cellStart[cell + 1]; ++k)
                    visit(m_order[k]);
            }
}

int VertexGrid::ringsReaching(double distance) const {
    const int everyRing = std::max({m_cells.x, m_cells.y, m_cells.z});
    // Clamped in double: distance / cell size overflows an int for a huge (or infinite) distance
    // or a tiny cell (a mesh 1e-300 across), and that conversion is undefined (x86 gives
    // INT_MIN, which searched no ring at all). NaN compares false and searches every ring.
    const double rings = std::ceil(distance / m_cellSize) + 1.0;
    return rings < everyRing ? static_cast<int>(rings) : everyRing;
}

VertexGrid::Hit VertexGrid::nearest(const glm::dvec3& query) const {
    return *nearestWithin(query, std::numeric_limits<double>::infinity());
}

std::optional<VertexGrid::Hit> VertexGrid::nearestWithin(const glm::dvec3& query,
                                                         double maxDistance) const {
    const glm::ivec3 centre = cellOf(query);
    const int lastRing = ringsReaching(maxDistance);
    Hit best{0, std::numeric_limits<double>::infinity()};
    for (int ring = 0; ring <= lastRing; ++ring) {
        visitRing(centre, ring, [&](std::uint32_t i) {
            const double d = glm::distance(m_points[i], query);
            if (d < best.distance || (d == best.distance && i < best.index))
                best = {i, d};
        });
        // A point in ring ring + 1 or beyond is at least `ring` cell sizes from the query (a
        // clamped query outside the grid is farther still).
        if (best.distance < ring * m_cellSize)
            break;
    }
    if (!(best.distance <= maxDistance))
        return std::nullopt;
    return best;
}

std::vector<VertexGrid::Hit> VertexGrid::within(const glm::dvec3& query, double radius) const {
    std::vector<Hit> hits;
    if (m_points.empty() || !(radius >= 0.0))
        return hits;
    const glm::ivec3 centre = cellOf(query);
    const int rings = ringsReaching(radius);
    for (int ring = 0; ring <= rings; ++ring)
        visitRing(centre, ring, [&](std::uint32_t i) {
            const double d = glm::distance(m_points[i], query);
            if (d <= radius)
                hits.push_back({i, d});
        });
    std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
        return a.distance < b.distance || (a.distance == b.distance && a.index < b.index);
    });
    return hits;
}

} // namespace hyperrig::core::io
