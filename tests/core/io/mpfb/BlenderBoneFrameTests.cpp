#include "core/io/mpfb/BlenderBoneFrame.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <glm/geometric.hpp>

using namespace hyperrig::core::io;

namespace {

void checkVector(const glm::dvec3& actual, const glm::dvec3& expected) {
    CHECK(actual.x == Approx(expected.x).margin(1e-6));
    CHECK(actual.y == Approx(expected.y).margin(1e-6));
    CHECK(actual.z == Approx(expected.z).margin(1e-6));
}

} // namespace

TEST_CASE("Blender zero-roll bone frames match the notes' test vectors", "[mpfb]") {
    struct Vector {
        glm::dvec3 y, x0, z0;
    };
    // mpfb.md §6.1.
    const Vector vectors[] = {
        {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},
        {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},
        {{1, 0, 0}, {0, -1, 0}, {0, 0, 1}},
        {glm::normalize(glm::dvec3(1, 2, 3)),
         {0.953452, -0.267261, -0.139643},
         {-0.139643, -0.801784, 0.58107}},
        {{0, -1, 0}, {-1, 0, 0}, {0, 0, 1}},
    };
    for (const Vector& v : vectors) {
        INFO(v.y.x << " " << v.y.y << " " << v.y.z);
        const BlenderBoneFrame frame = zeroRollFrame(v.y);
        checkVector(frame.x, v.x0);
        checkVector(frame.y, v.y);
        checkVector(frame.z, v.z0);
    }
    SECTION("near -Y the series keeps the frame orthonormal") {
        const glm::dvec3 y = glm::normalize(glm::dvec3(1e-3, -1, 2e-3));
        const BlenderBoneFrame frame = zeroRollFrame(y);
        CHECK(glm::dot(frame.x, frame.z) == Approx(0).margin(1e-9));
        CHECK(glm::dot(frame.x, y) == Approx(0).margin(1e-9));
        CHECK(glm::length(frame.x) == Approx(1).margin(1e-9));
    }
}

TEST_CASE("Roll turns X and Z about the bone and can be read back", "[mpfb]") {
    const glm::dvec3 y = glm::normalize(glm::dvec3(1, 2, 3));
    const BlenderBoneFrame zero = zeroRollFrame(y);
    const BlenderBoneFrame rolled = rolledFrame(zero, 0.7);
    // X = X0 cos r - Z0 sin r, Z = X0 sin r + Z0 cos r.
    checkVector(rolled.x, zero.x * std::cos(0.7) - zero.z * std::sin(0.7));
    checkVector(rolled.z, zero.x * std::sin(0.7) + zero.z * std::cos(0.7));
    CHECK(rollTowards(zero, rolled.z) == Approx(0.7).margin(1e-12));
    CHECK(rollTowards(zero, -zero.x) == Approx(-M_PI / 2).margin(1e-12));
}
