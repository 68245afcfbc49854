// One tetrahedron in each of the 16 sign cases, against polygons computed by hand.
//
// The tetrahedron is v0 = (0,0,0), v1 = (1,0,0), v2 = (0,1,0), v3 = (0,0,1) in xyz with w = −1 at
// negative and +1 at positive corners; view = identity, offset 0. Every cut edge is then cut at
// its midpoint m_ij, and with Δ = (w1 − w0, w2 − w0, w3 − w0) the cell normal is
// perp(X + Δ_x W, Y + Δ_y W, Z + Δ_z W) = (−Δ_x, −Δ_y, −Δ_z, 1) (multilinearity and the §7.1 test
// vectors), so the expected normal is −Δ normalised. The corner order of each polygon was chosen
// by hand so that cross(p1 − p0, p2 − p0) · normal > 0.

#include "core/eval/slice/SlicePath.h"
#include "core/eval/slice/Slicer.h"
#include "tests/core/eval/SliceTestSupport.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace hyperrig::core::eval;
using hyperrig::test::identityView;
using hyperrig::test::Vec3;

namespace {

const Vec3 m01{0.5, 0, 0}, m02{0, 0.5, 0}, m03{0, 0, 0.5};
const Vec3 m12{0.5, 0.5, 0}, m13{0.5, 0, 0.5}, m23{0, 0.5, 0.5};
const double r2 = 1.0 / std::sqrt(2.0);
const double r3 = 1.0 / std::sqrt(3.0);

struct ExpectedCut {
    std::vector<Vec3> polygon; // counter-clockwise seen from the normal's side; empty: not cut
    Vec3 normal;
};

// Indexed by case = Σ 2^i over corners with w < 0.
const std::array<ExpectedCut, 16> kExpected = {{
    {{}, {0, 0, 0}},                       // 0: all positive
    {{m01, m03, m02}, {-r3, -r3, -r3}},    // 1: v0 negative
    {{m01, m12, m13}, {1, 0, 0}},          // 2: v1 negative
    {{m02, m12, m13, m03}, {0, -r2, -r2}}, // 3: v0 v1 negative
    {{m02, m23, m12}, {0, 1, 0}},          // 4: v2 negative
    {{m01, m03, m23, m12}, {-r2, 0, -r2}}, // 5: v0 v2 negative
    {{m01, m02, m23, m13}, {r2, r2, 0}},   // 6: v1 v2 negative
    {{m03, m23, m13}, {0, 0, -1}},         // 7: v3 alone positive
    {{m03, m13, m23}, {0, 0, 1}},          // 8: v3 negative
    {{m01, m13, m23, m02}, {-r2, -r2, 0}}, // 9: v0 v3 negative
    {{m01, m12, m23, m03}, {r2, 0, r2}},   // 10: v1 v3 negative
    {{m02, m12, m23}, {0, -1, 0}},         // 11: v2 alone positive
    {{m03, m13, m12, m02}, {0, r2, r2}},   // 12: v2 v3 negative
    {{m01, m13, m12}, {-1, 0, 0}},         // 13: v1 alone positive
    {{m01, m02, m03}, {r3, r3, r3}},       // 14: v0 alone positive
    {{}, {0, 0, 0}},                       // 15: all negative
}};

std::vector<float> unitTet(const std::array<float, 4>& w) {
    return {0, 0, 0, w[0], 1, 0, 0, w[1], 0, 1, 0, w[2], 0, 0, 1, w[3]};
}

const std::vector<std::uint32_t> kOneTet{0, 1, 2, 3};

SliceOutput sliceOne(SlicePath path, const std::vector<float>& positions,
                     const std::vector<float>& attribute = {}, bool flip = false) {
    Slicer slicer(path);
    SliceOutput output;
    slicer.slice(TetSurface{positions, kOneTet, attribute, flip},
                 ViewHyperplane(identityView(), 0.0), output);
    return output;
}

// The polygon the output's fan (p0 p1 p2)(p0 p2 p3) covers; fails unless it is such a fan.
std::vector<Vec3> polygonOf(const SliceOutput& output) {
    using hyperrig::test::corner;
    std::vector<Vec3> polygon;
    if (output.triangleCount() == 0) {
        return polygon;
    }
    polygon = {corner(output, 0, 0), corner(output, 0, 1), corner(output, 0, 2)};
    if (output.triangleCount() == 2) {
        REQUIRE(corner(output, 1, 0) == polygon[0]);
        REQUIRE(corner(output, 1, 1) == polygon[2]);
        polygon.push_back(corner(output, 1, 2));
    }
    return polygon;
}

// Equal up to a cyclic rotation (which corner the fan starts from is the kernel's choice).
bool sameCycle(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t shift = 0; shift < std::max<std::size_t>(a.size(), 1); ++shift) {
        bool equal = true;
        for (std::size_t i = 0; i < a.size(); ++i) {
            equal = equal && a[(i + shift) % a.size()] == b[i];
        }
        if (equal) {
            return true;
        }
    }
    return false;
}

} // namespace

TEST_CASE("a single tetrahedron slices as computed by hand in all 16 cases", "[eval][slice]") {
    for (const SlicePath path : availableSlicePaths()) {
        for (unsigned sliceCase = 0; sliceCase < 16; ++sliceCase) {
            CAPTURE(slicePathName(path), sliceCase);
            std::array<float, 4> w{};
            for (unsigned i = 0; i < 4; ++i) {
                w[i] = (sliceCase >> i & 1U) != 0 ? -1.0F : 1.0F;
            }
            const SliceOutput output = sliceOne(path, unitTet(w));
            const ExpectedCut& expected = kExpected[sliceCase];
            CHECK(output.triangleCount() ==
                  (expected.polygon.empty() ? 0 : expected.polygon.size() - 2));
            CHECK(sameCycle(polygonOf(output), expected.polygon));
            for (std::size_t t = 0; t < output.triangleCount(); ++t) {
                const Vec3 n = hyperrig::test::normal(output, t);
                CHECK(n[0] == Approx(expected.normal[0]).margin(1e-7));
                CHECK(n[1] == Approx(expected.normal[1]).margin(1e-7));
                CHECK(n[2] == Approx(expected.normal[2]).margin(1e-7));
                CHECK(output.faces()[t].sourceTet == 0);
                CHECK(output.vertices()[3 * t].attribute == 0.0F);
            }
        }
    }
}

TEST_CASE("a tetrahedron's edge points and attributes lerp from the positive end",
          "[eval][slice]") {
    // w = (−1, 3, 3, 3): each edge to v0 is cut at t = 3 / (3 − (−1)) = 0.75 from its positive
    // end; attribute a = (0, 8, 4, 2) gives 8 − 0.75·8 = 2, 2 − 0.75·2 = 0.5, 4 − 0.75·4 = 1.
    const SliceOutput output = sliceOne(fastestSlicePath(), unitTet({-1, 3, 3, 3}), {0, 8, 4, 2});
    REQUIRE(output.triangleCount() == 1);
    CHECK(output.hasAttribute());
    const std::vector<std::array<float, 4>> expected{
        {0.25F, 0, 0, 2}, {0, 0, 0.25F, 0.5F}, {0, 0.25F, 0, 1}};
    std::vector<std::array<float, 4>> actual;
    for (const SliceVertex& v : output.vertices()) {
        actual.push_back({v.x, v.y, v.z, v.attribute});
    }
    CHECK(actual == expected);
}

TEST_CASE("vertices exactly on the hyperplane count as positive", "[eval][slice]") {
    const SlicePath path = fastestSlicePath();

    SECTION("touching the hyperplane from the positive side is not a cut") {
        CHECK(sliceOne(path, unitTet({0, 1, 1, 1})).triangleCount() == 0);
        CHECK(sliceOne(path, unitTet({0, 0, 0, 1})).triangleCount() == 0);
        CHECK(sliceOne(path, unitTet({0, 0, 0, 0})).triangleCount() == 0);
    }

    SECTION("touching it from the negative side gives a zero-area triangle at the vertex") {
        const SliceOutput output = sliceOne(path, unitTet({0, -1, -1, -1}));
        REQUIRE(output.triangleCount() == 1);
        for (const SliceVertex& v : output.vertices()) {
            CHECK((v.x == 0 && v.y == 0 && v.z == 0));
        }
        CHECK(hyperrig::test::normal(output, 0)[0] == Approx(r3));
    }

    SECTION("a face in the hyperplane comes from the tetrahedron on its negative side only") {
        // Two tetrahedra share the face (v0, v1, v2) at w = 0, one reaching to w = −1, one to
        // w = +1: the face is emitted once, counter-clockwise around +Z (the negative tet's
        // normal).
        const std::vector<float> positions{0, 0, 0, 0, 1, 0,  0, 0, 0,  1,
                                           0, 0, 0, 0, 1, -1, 0, 0, -1, 1};
        const std::vector<std::uint32_t> tets{0, 1, 2, 3, 0, 2, 1, 4};
        Slicer slicer(path);
        SliceOutput output;
        slicer.slice(TetSurface{positions, tets}, ViewHyperplane(identityView(), 0.0), output);
        REQUIRE(output.triangleCount() == 1);
        CHECK(output.faces()[0].sourceTet == 0);
        CHECK(sameCycle(polygonOf(output), {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}));
        CHECK(hyperrig::test::normal(output, 0) == Vec3{0, 0, 1});
    }
}

TEST_CASE("a tetrahedron without an xyz normal is skipped", "[eval][slice]") {
    // All four corners on one line in 4D (zero volume): the signs say "cut", but there is no
    // facing direction and the cut has zero area.
    const std::vector<float> flat{0, 0, 0, -1, 1, 0, 0, 1, 2, 0, 0, 3, 3, 0, 0, 5};
    CHECK(sliceOne(fastestSlicePath(), flat).triangleCount() == 0);
}
