#include "tests/core/eval/TriangleCoverage.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace hyperrig::test {
namespace {

using CoverageVec = std::array<double, 3>;

CoverageVec coverageSub(const CoverageVec& a, const CoverageVec& b) {
    return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
CoverageVec coverageCross(const CoverageVec& a, const CoverageVec& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double coverageDot(const CoverageVec& a, const CoverageVec& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
double coverageArea(const CoverageTriangle& t) {
    const CoverageVec c = coverageCross(coverageSub(t.corners[1], t.corners[0]),
                                        coverageSub(t.corners[2], t.corners[0]));
    return 0.5 * std::sqrt(coverageDot(c, c));
}
CoverageVec coverageCentroid(const CoverageTriangle& t) {
    CoverageVec c{};
    for (const CoverageVec& p : t.corners)
        for (std::size_t k = 0; k < 3; ++k)
            c[k] += p[k] / 3.0;
    return c;
}

// Whether p lies on t within `tolerance` (distance to its plane, and barycentric coordinates not
// below −tolerance / the triangle's size).
bool coverageContains(const CoverageTriangle& t, const CoverageVec& p, double tolerance) {
    const CoverageVec e1 = coverageSub(t.corners[1], t.corners[0]);
    const CoverageVec e2 = coverageSub(t.corners[2], t.corners[0]);
    const CoverageVec n = coverageCross(e1, e2);
    const double n2 = coverageDot(n, n);
    if (n2 <= 0.0)
        return false;
    const CoverageVec d = coverageSub(p, t.corners[0]);
    if (std::abs(coverageDot(d, n)) / std::sqrt(n2) > tolerance)
        return false;
    const double b1 = coverageDot(coverageCross(d, e2), n) / n2;
    const double b2 = coverageDot(coverageCross(e1, d), n) / n2;
    const double size = std::sqrt(std::max(coverageDot(e1, e1), coverageDot(e2, e2)));
    const double slack = tolerance / std::max(size, 1e-12);
    return b1 >= -slack && b2 >= -slack && b1 + b2 <= 1.0 + slack;
}

// A uniform grid over the triangles' bounding boxes, for the centroid lookups.
class CoverageGrid {
public:
    CoverageGrid(const std::vector<CoverageTriangle>& triangles, double cell)
        : m_triangles(triangles), m_cell(cell) {
        for (std::size_t i = 0; i < triangles.size(); ++i) {
            std::array<long, 3> low{};
            std::array<long, 3> high{};
            for (std::size_t k = 0; k < 3; ++k) {
                double lo = triangles[i].corners[0][k];
                double hi = lo;
                for (const CoverageVec& p : triangles[i].corners) {
                    lo = std::min(lo, p[k]);
                    hi = std::max(hi, p[k]);
                }
                low[k] = cellOf(lo - cell * 0.01);
                high[k] = cellOf(hi + cell * 0.01);
            }
            for (long x = low[0]; x <= high[0]; ++x)
                for (long y = low[1]; y <= high[1]; ++y)
                    for (long z = low[2]; z <= high[2]; ++z)
                        m_cells[key(x, y, z)].push_back(i);
        }
    }

    const CoverageTriangle* covering(const CoverageVec& p, const CoverageVec& normal,
                                     double tolerance) const {
        const auto found = m_cells.find(key(cellOf(p[0]), cellOf(p[1]), cellOf(p[2])));
        if (found == m_cells.end())
            return nullptr;
        for (std::size_t i : found->second) {
            const CoverageTriangle& t = m_triangles[i];
            if (coverageDot(t.normal, normal) > 0.999 && coverageContains(t, p, tolerance))
                return &t;
        }
        return nullptr;
    }

private:
    long cellOf(double value) const { return static_cast<long>(std::floor(value / m_cell)); }
    static long long key(long x, long y, long z) {
        return (static_cast<long long>(x) * 73856093LL) ^ (static_cast<long long>(y) * 19349663LL) ^
               (static_cast<long long>(z) * 83492791LL);
    }

    const std::vector<CoverageTriangle>& m_triangles;
    double m_cell;
    std::unordered_map<long long, std::vector<std::size_t>> m_cells;
};

std::string uncovered(const std::vector<CoverageTriangle>& from, const CoverageGrid& other,
                      double tolerance, const char* name) {
    std::size_t missing = 0;
    for (const CoverageTriangle& t : from)
        if (!other.covering(coverageCentroid(t), t.normal, tolerance))
            ++missing;
    return missing == 0 ? std::string()
                        : std::to_string(missing) + " of " + std::to_string(from.size()) +
                              " triangles of " + name + " are not covered by the other";
}

} // namespace

std::vector<CoverageTriangle> coverageTriangles(const core::eval::SliceOutput& output) {
    std::vector<CoverageTriangle> triangles;
    const auto corners = output.vertices();
    const auto faces = output.faces();
    for (std::size_t t = 0; t < faces.size(); ++t) {
        CoverageTriangle triangle{};
        for (std::size_t k = 0; k < 3; ++k) {
            const auto& c = corners[3 * t + k];
            triangle.corners[k] = {c.x, c.y, c.z};
        }
        triangle.normal = {faces[t].normalX, faces[t].normalY, faces[t].normalZ};
        if (coverageArea(triangle) > 1e-12)
            triangles.push_back(triangle);
    }
    return triangles;
}

std::string compareCoverage(const std::vector<CoverageTriangle>& a,
                            const std::vector<CoverageTriangle>& b, double tolerance) {
    double areaA = 0.0;
    double areaB = 0.0;
    double extent = 0.0;
    for (const auto* soup : {&a, &b})
        for (const CoverageTriangle& t : *soup) {
            (soup == &a ? areaA : areaB) += coverageArea(t);
            for (const CoverageVec& p : t.corners)
                extent = std::max({extent, std::abs(p[0]), std::abs(p[1]), std::abs(p[2])});
            const CoverageVec winding = coverageCross(coverageSub(t.corners[1], t.corners[0]),
                                                      coverageSub(t.corners[2], t.corners[0]));
            if (coverageDot(winding, t.normal) < 0.0)
                return std::string("a triangle of ") + (soup == &a ? "the first" : "the second") +
                       " soup winds clockwise about its normal";
        }
    if (std::abs(areaA - areaB) > tolerance * std::max(areaA, areaB))
        return "areas differ: " + std::to_string(areaA) + " and " + std::to_string(areaB);
    if (a.empty() && b.empty())
        return {};
    const double distance = tolerance * std::max(extent, 1.0);
    const double cell = std::max(extent, 1e-6) / 32.0;
    const CoverageGrid gridA(a, cell);
    const CoverageGrid gridB(b, cell);
    std::string message = uncovered(a, gridB, distance, "the first");
    if (message.empty())
        message = uncovered(b, gridA, distance, "the second");
    return message;
}

} // namespace hyperrig::test
