#include "core/io/mpfb/VertexGrid.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <glm/geometric.hpp>
#include <random>
#include <string>
#include <vector>

using hyperrig::core::io::VertexGrid;

namespace {

// The brute-force answers the grid must give back: every point is tested, ties go to the lower
// index, exactly as VertexGrid documents.
std::vector<VertexGrid::Hit> bruteWithin(const std::vector<glm::dvec3>& points,
                                         const glm::dvec3& query, double radius) {
    std::vector<VertexGrid::Hit> hits;
    for (std::uint32_t i = 0; i < points.size(); ++i) {
        const double d = glm::distance(points[i], query);
        if (d <= radius)
            hits.push_back({i, d});
    }
    std::stable_sort(hits.begin(), hits.end(),
                     [](const auto& a, const auto& b) { return a.distance < b.distance; });
    return hits;
}

VertexGrid::Hit bruteNearest(const std::vector<glm::dvec3>& points, const glm::dvec3& query) {
    VertexGrid::Hit best{0, INFINITY};
    for (std::uint32_t i = 0; i < points.size(); ++i)
        if (glm::distance(points[i], query) < best.distance)
            best = {i, glm::distance(points[i], query)};
    return best;
}

// Point clouds of the shapes a mesh gives: a box, a flat sheet, a line, and one with repeats.
std::vector<glm::dvec3> cloud(const std::string& shape, std::size_t count, std::mt19937& random) {
    std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
    std::vector<glm::dvec3> points;
    for (std::size_t i = 0; i < count; ++i) {
        glm::dvec3 p(coordinate(random), coordinate(random), coordinate(random));
        if (shape == "sheet")
            p.z = 0.25;
        if (shape == "line")
            p = glm::dvec3(p.x, 2.0 * p.x, -p.x);
        if (shape == "repeats" && i % 3 == 2)
            p = points[i / 2];
        points.push_back(p);
    }
    return points;
}

} // namespace

TEST_CASE("The vertex grid answers exactly what a search over every point answers", "[mpfb]") {
    std::mt19937 random(11);
    std::uniform_real_distribution<double> coordinate(-1.5, 1.5);
    for (const std::string shape : {"box", "sheet", "line", "repeats"})
        for (const std::size_t count : {1u, 4u, 57u, 2000u}) {
            const std::vector<glm::dvec3> points = cloud(shape, count, random);
            const VertexGrid grid(points);
            for (std::size_t q = 0; q < 60; ++q) {
                // Queries inside and outside the bounds, and on points themselves.
                const glm::dvec3 query =
                    q % 4 == 0
                        ? points[q % points.size()]
                        : glm::dvec3(coordinate(random), coordinate(random), coordinate(random));
                INFO(shape << ", " << count << " points, query " << q);
                const VertexGrid::Hit expected = bruteNearest(points, query);
                const VertexGrid::Hit got = grid.nearest(query);
                CHECK(got.index == expected.index);
                CHECK(got.distance == expected.distance);

                const double reach = 0.05 * static_cast<double>(q % 7);
                const auto within = grid.nearestWithin(query, reach);
                CHECK(within.has_value() == (expected.distance <= reach));
                if (within)
                    CHECK(within->index == expected.index);

                const auto hits = grid.within(query, reach);
                const auto expectedHits = bruteWithin(points, query, reach);
                REQUIRE(hits.size() == expectedHits.size());
                for (std::size_t k = 0; k < hits.size(); ++k)
                    CHECK(hits[k].index == expectedHits[k].index);
            }
        }
}

TEST_CASE("The vertex grid's size follows its points, not its cap", "[mpfb]") {
    // Four corners of a cube span all three axes equally: at 128 cells per axis whatever the
    // count, that was 129^3 = 2,146,689 cells to zero and sum for four points.
    const std::vector<glm::dvec3> corners{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    CHECK(VertexGrid(corners).cellCount() <= 1000);
    // 2,000 points in a box: 4 * cbrt(2000) = 51 cells along the longest axis.
    std::mt19937 random(5);
    const auto box = cloud("box", 2000, random);
    CHECK(VertexGrid(box).cellCount() <= 53 * 53 * 53);
    CHECK(VertexGrid(box).cellCount() >= 2000);
}

TEST_CASE("The vertex grid searches far enough for any distance, on any scale", "[mpfb]") {
    // Points 1e-300 apart: a radius over the cell size was 1e300 cells, which overflowed the
    // ring count (undefined; on x86 INT_MIN, so nothing was searched and nothing found).
    const std::vector<glm::dvec3> specks{{0, 0, 0}, {1e-300, 0, 0}, {0, 1e-300, 0}};
    const VertexGrid grid(specks);
    CHECK(grid.within({0, 0, 0}, 1.0).size() == 3);
    CHECK(grid.within({5, 5, 5}, INFINITY).size() == 3);
    const auto far = grid.nearestWithin({1, 0, 0}, 2.0);
    REQUIRE(far.has_value());
    CHECK(far->distance == 1.0); // all three, in double; the lowest index wins the tie
    CHECK(far->index == 0);
    CHECK_FALSE(grid.nearestWithin({1, 0, 0}, 0.5).has_value());
    CHECK(grid.within({0, 0, 0}, NAN).empty());
    CHECK_FALSE(grid.nearestWithin({0, 0, 0}, NAN).has_value());
}
