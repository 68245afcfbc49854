// The boundary of a tesseract, sliced: its cross-sections are boxes whose area, facing and
// winding are known in closed form.

#include "core/eval/slice/Slicer.h"
#include "tests/core/eval/SliceTestSupport.h"
#include "tests/core/eval/TetMeshFixtures.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace hyperrig::core::eval;
using namespace hyperrig::test;

namespace {

SliceOutput sliceMesh(const TetMesh& mesh, const hyperrig::core::math::AffineN& view, double offset,
                      bool flip = false) {
    Slicer slicer;
    SliceOutput output;
    slicer.slice(TetSurface{mesh.positions, mesh.tetrahedra, {}, flip},
                 ViewHyperplane(view, offset), output);
    return output;
}

Vec3 centroid(const SliceOutput& output, std::size_t t) {
    Vec3 sum{0, 0, 0};
    for (std::size_t k = 0; k < 3; ++k) {
        const Vec3 p = corner(output, t, k);
        sum = {sum[0] + p[0] / 3, sum[1] + p[1] / 3, sum[2] + p[2] / 3};
    }
    return sum;
}

// Every triangle of zero area or more: normal unit and pointing away from `centre`, and wound
// counter-clockwise seen from outside. Returns the number of triangles with positive area.
std::size_t checkOutwardAndCounterClockwise(const SliceOutput& output, const Vec3& centre) {
    std::size_t nonDegenerate = 0;
    for (std::size_t t = 0; t < output.triangleCount(); ++t) {
        CAPTURE(t);
        const Vec3 n = normal(output, t);
        const Vec3 outward = subtract(centroid(output, t), centre);
        CHECK(length(n) == Approx(1.0).epsilon(1e-6));
        CHECK(dot(n, outward) > 0.0);
        const Vec3 winding = windingNormal(output, t);
        if (length(winding) > 1e-9) {
            ++nonDegenerate;
            CHECK(dot(winding, outward) > 0.0);
            CHECK(dot(winding, n) == Approx(length(winding)).epsilon(1e-5));
        }
    }
    return nonDegenerate;
}

// Triangle t of `a` is triangle t of `b` with the opposite winding (same corners, any start).
bool reversedTriangle(const SliceOutput& a, const SliceOutput& b, std::size_t t) {
    for (std::size_t shift = 0; shift < 3; ++shift) {
        if (corner(a, t, shift) == corner(b, t, 0) &&
            corner(a, t, (shift + 2) % 3) == corner(b, t, 1) &&
            corner(a, t, (shift + 1) % 3) == corner(b, t, 2)) {
            return true;
        }
    }
    return false;
}

} // namespace

TEST_CASE("the tesseract boundary slices into the unit cube", "[eval][slice]") {
    const Vec3 centre{0.5, 0.5, 0.5};
    for (const int n : {1, 3}) {
        const TetMesh tesseract = tesseractShell(n, 0.0F, 1.0F);
        REQUIRE(tesseract.tetCount() == 48U * static_cast<unsigned>(n * n * n));
        for (const double offset : {0.3, 0.5, 0.77}) {
            CAPTURE(n, offset);
            const SliceOutput output = sliceMesh(tesseract, identityView(), offset);
            CHECK(totalArea(output) == Approx(6.0).epsilon(1e-6));
            CHECK(checkOutwardAndCounterClockwise(output, centre) == output.triangleCount());
            for (const SliceVertex& v : output.vertices()) {
                const bool onSurface =
                    v.x == 0 || v.x == 1 || v.y == 0 || v.y == 1 || v.z == 0 || v.z == 1;
                CHECK(onSurface);
            }
        }
    }
}

TEST_CASE("slicing exactly through a tesseract facet follows the d >= 0 rule", "[eval][slice]") {
    const TetMesh tesseract = tesseractShell(2, 0.0F, 1.0F);

    SECTION("at the top facet the side walls close the cube; the facet itself is not cut") {
        const SliceOutput output = sliceMesh(tesseract, identityView(), 1.0);
        CHECK(totalArea(output) == Approx(6.0).epsilon(1e-6));
        CHECK(checkOutwardAndCounterClockwise(output, {0.5, 0.5, 0.5}) > 0);
    }

    SECTION("at the bottom facet everything lies on the positive side") {
        CHECK(sliceMesh(tesseract, identityView(), 0.0).triangleCount() == 0);
    }
}

TEST_CASE("rotating the view in the xw plane tilts the cut", "[eval][slice]") {
    // Tesseract [−1, 1]^4 and view = R(xw, θ): view w = sin θ · x + cos θ · w, view x = cos θ · x
    // − sin θ · w. At θ = 45° the hyperplane view w = c is x + w = √2 c, where view x = √2 x − c
    // and x ∈ [√2 c − 1, 1]: the cut is the box [c − √2, √2 − c] × [−1, 1]² of x-length
    // L = 2√2 − 2c and area 2·(2·2) + 4·(2L) = 8 + 8L (8 + 16√2 at c = 0, 16√2 at c = 1/2).
    const TetMesh tesseract = tesseractShell(2, -1.0F, 1.0F);
    const double sqrt2 = std::numbers::sqrt2;

    SECTION("unrotated: the cube [−1, 1]^3") {
        const SliceOutput output = sliceMesh(tesseract, planeRotation(0, 3, 0.0), 0.0);
        CHECK(totalArea(output) == Approx(24.0).epsilon(1e-6));
    }

    for (const double offset : {0.0, 0.5}) {
        DYNAMIC_SECTION("45 degrees, offset " << offset) {
            const SliceOutput output =
                sliceMesh(tesseract, planeRotation(0, 3, std::numbers::pi / 4), offset);
            const double expectedArea = 8 + 8 * (2 * sqrt2 - 2 * offset);
            CHECK(totalArea(output) == Approx(expectedArea).epsilon(1e-5));
            double minX = 1e9, maxX = -1e9, maxYZ = 0;
            for (const SliceVertex& v : output.vertices()) {
                minX = std::min(minX, double(v.x));
                maxX = std::max(maxX, double(v.x));
                maxYZ = std::max({maxYZ, std::abs(double(v.y)), std::abs(double(v.z))});
            }
            CHECK(minX == Approx(offset - sqrt2).epsilon(1e-5));
            CHECK(maxX == Approx(sqrt2 - offset).epsilon(1e-5));
            CHECK(maxYZ == Approx(1.0).epsilon(1e-6));
            // At offset 0 grid vertices with x = −w lie exactly on the hyperplane (zero-area
            // triangles); every triangle with an area still faces outwards.
            CHECK(checkOutwardAndCounterClockwise(output, {0.0, 0.0, 0.0}) > 0);
        }
    }
}

TEST_CASE("flipOrientation makes a mirrored mesh face outwards again", "[eval][slice]") {
    // Mirroring x turns every cell inside out: perp of the mirrored edges is the mirrored perp,
    // negated (a reflection has determinant −1), so the stored order now gives inward normals.
    TetMesh mirrored = tesseractShell(2, 0.0F, 1.0F);
    for (std::size_t v = 0; v < mirrored.vertexCount(); ++v) {
        mirrored.positions[4 * v] = -mirrored.positions[4 * v];
    }
    const Vec3 centre{-0.5, 0.5, 0.5};

    const SliceOutput inward = sliceMesh(mirrored, identityView(), 0.4, false);
    const SliceOutput outward = sliceMesh(mirrored, identityView(), 0.4, true);
    REQUIRE(inward.triangleCount() > 0);
    REQUIRE(inward.triangleCount() == outward.triangleCount());
    for (std::size_t t = 0; t < inward.triangleCount(); ++t) {
        CHECK(dot(normal(inward, t), subtract(centroid(inward, t), centre)) < 0.0);
        // The same triangle, wound the other way, with the normal negated.
        const Vec3 a = normal(inward, t);
        const Vec3 b = normal(outward, t);
        CHECK((a[0] == -b[0] && a[1] == -b[1] && a[2] == -b[2]));
        CHECK(outward.faces()[t].sourceTet == inward.faces()[t].sourceTet);
        CHECK(reversedTriangle(outward, inward, t));
    }
    CHECK(checkOutwardAndCounterClockwise(outward, centre) == outward.triangleCount());
}
