#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <optional>
#include <vector>

namespace hyperrig::core::io {

// Nearest-vertex queries on a fixed point set (MPFB's saver uses a k-d tree for the same
// questions, mpfb.md §7.2): a uniform grid over the points' bounds, ceil(4 * cbrt(n)) + 1 cells (at
// most 129) along the longest axis, points listed per cell. Queries visit cells ring by ring around
// the query point, so a point on the base mesh costs a few hundred distance tests instead of
// 19,158.
class VertexGrid {
public:
    explicit VertexGrid(const std::vector<glm::dvec3>& points);

    struct Hit {
        std::uint32_t index = 0;
        double distance = 0.0;
    };
    // The nearest point (the lowest index among equally near ones); contract: points not empty.
    Hit nearest(const glm::dvec3& query) const;
    // The nearest point if it is within `maxDistance`, else nullopt; visits only the cells that
    // distance reaches, so a query far from every point stays cheap.
    std::optional<Hit> nearestWithin(const glm::dvec3& query, double maxDistance) const;
    // Every point within `radius`, nearest first (ties by index).
    std::vector<Hit> within(const glm::dvec3& query, double radius) const;

    bool empty() const { return m_points.empty(); }
    // Cells in the grid (the CSR index holds one more entry): what the grid costs to build.
    std::size_t cellCount() const { return m_cellStart.empty() ? 0 : m_cellStart.size() - 1; }

private:
    glm::ivec3 cellOf(const glm::dvec3& p) const;
    // How many rings around a query cell hold every point within `distance` of it (every ring
    // for an infinite or NaN distance).
    int ringsReaching(double distance) const;
    // Calls visit(index) for every point in the cells at Chebyshev ring `ring` around `centre`.
    template <typename Visit>
    void visitRing(const glm::ivec3& centre, int ring, Visit&& visit) const;

    const std::vector<glm::dvec3>& m_points;
    glm::dvec3 m_origin{0.0};
    double m_cellSize = 1.0;
    glm::ivec3 m_cells{1};
    std::vector<std::uint32_t>
        m_cellStart; // CSR: points of cell c are m_order[start[c]..start[c+1])
    std::vector<std::uint32_t> m_order;
};

} // namespace hyperrig::core::io
