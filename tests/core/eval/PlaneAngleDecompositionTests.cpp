#include "core/eval/BoneRotations.h"
#include "core/eval/PlaneAngleDecomposition.h"
#include "tests/core/math/MathTestSupport.h"

#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

using namespace hyperrig::core;

namespace {

// The angle table padded to PlaneAngles.
eval::PlaneAngles decompositionAngles(std::vector<double> degrees) {
    eval::PlaneAngles angles{};
    for (std::size_t i = 0; i < degrees.size(); ++i)
        angles[i] = degrees[i];
    return angles;
}

// Decomposes `rotation` and recomposes it with planeRotation (the rotor path, independent of the
// decomposition's Givens arithmetic); both must give the same matrix. Returns the angles.
eval::PlaneAngles recomposeChecked(const math::BasisN& rotation) {
    const int n = rotation.dimension();
    auto angles = eval::planeAnglesOf(rotation);
    REQUIRE(angles.ok());
    auto again = eval::planeRotation(n, *angles);
    REQUIRE(again.ok());
    INFO("rotation " << rotation << " recomposed " << *again);
    CHECK(math::approxEqual(*again, rotation, 1e-9));
    // The ranges the header promises: the first plane of each group (a, a+1) in (-180°, 180°],
    // the others in [-90°, 90°].
    const auto planes = eval::rotationPlanes(n);
    for (std::size_t p = 0; p < planes.size(); ++p) {
        const bool first = planes[p].second == planes[p].first + 1;
        CHECK((*angles)[p] <= (first ? 180.0 : 90.0) + 1e-9);
        CHECK((*angles)[p] >= (first ? -180.0 : -90.0) - 1e-9);
    }
    for (std::size_t p = planes.size(); p < angles->size(); ++p)
        CHECK((*angles)[p] == 0.0);
    return *angles;
}

} // namespace

TEST_CASE("plane angles of a rotation recompose it", "[eval][pose][decomposition]") {
    SECTION("angles inside the unique ranges come back as given") {
        const std::vector<std::pair<int, std::vector<double>>> cases{
            {2, {37.0}},
            {2, {-179.5}},
            {2, {180.0}},
            {3, {10.0, 20.0, 30.0}},
            {3, {-170.0, 89.0, -120.0}},
            {3, {135.0, -89.9, 179.0}},
            {4, {10.0, -20.0, 30.0, -40.0, 50.0, -60.0}},
            {4, {-150.0, 85.0, -85.0, 160.0, 89.5, -175.0}},
        };
        for (const auto& [n, degrees] : cases) {
            INFO(n << "D, first angle " << degrees.front());
            const eval::PlaneAngles given = decompositionAngles(degrees);
            const eval::PlaneAngles found = recomposeChecked(*eval::planeRotation(n, given));
            for (std::size_t p = 0; p < degrees.size(); ++p)
                CHECK(found[p] == Approx(given[p]).margin(1e-7));
        }
    }
    SECTION("gimbal lock and angles outside the ranges still recompose") {
        const std::vector<std::pair<int, std::vector<double>>> cases{
            {3, {0.0, 90.0, 0.0}}, // XZ ±90°: XY and YZ share one axis of turn
            {3, {40.0, -90.0, 25.0}},
            {3, {-30.0, 90.0, -60.0}},
            {3, {180.0, 180.0, 180.0}}, // the same as the identity
            {3, {0.0, 120.0, -150.0}},  // XZ outside [-90°, 90°]
            {3, {90.0, 90.0, 90.0}},
            {4, {0.0, 0.0, 90.0, 0.0, 0.0, 0.0}},
            {4, {30.0, 90.0, -90.0, 45.0, 90.0, 10.0}},
            {4, {12.0, -90.0, 33.0, -44.0, -90.0, 180.0}},
            {4, {180.0, 180.0, 180.0, 180.0, 180.0, 180.0}},
            {4, {-179.999, 89.999, -89.999, 0.001, 90.0, -0.001}},
        };
        for (const auto& [n, degrees] : cases) {
            INFO(n << "D, angles " << degrees[0] << ", " << degrees[1] << ", " << degrees[2]);
            recomposeChecked(*eval::planeRotation(n, decompositionAngles(degrees)));
        }
    }
    SECTION("a 4D double rotation (XY and ZW at once)") {
        // Built by hand: X -> Y by 60°, Z -> W by -35°, two orthogonal planes turning together.
        const double a = 60.0 * std::numbers::pi / 180.0;
        const double b = -35.0 * std::numbers::pi / 180.0;
        const math::BasisN rotation =
            hyperrig::test::columns({math::VectorN{std::cos(a), std::sin(a), 0, 0},
                                     math::VectorN{-std::sin(a), std::cos(a), 0, 0},
                                     math::VectorN{0, 0, std::cos(b), std::sin(b)},
                                     math::VectorN{0, 0, -std::sin(b), std::cos(b)}});
        const eval::PlaneAngles found = recomposeChecked(rotation);
        CHECK(found[0] == Approx(60.0));  // XY
        CHECK(found[5] == Approx(-35.0)); // ZW
    }
}

TEST_CASE("plane angles recompose any rotation of 2D to 4D", "[eval][pose][decomposition]") {
    for (int n = 2; n <= 4; ++n) {
        // Random rotations built as Givens products in the other order (MathTestSupport).
        rc::prop("planeRotation(planeAnglesOf(R)) == R in " + std::to_string(n) + "D", [n] {
            const math::BasisN rotation = hyperrig::test::genRotationMatrix(n);
            auto angles = eval::planeAnglesOf(rotation);
            RC_ASSERT(angles.ok());
            RC_ASSERT(math::approxEqual(*eval::planeRotation(n, *angles), rotation, 1e-9));
        });
    }
}

TEST_CASE("plane angles refuse what is not a rotation", "[eval][pose][decomposition]") {
    const auto refusal = [](const math::BasisN& basis) {
        auto angles = eval::planeAnglesOf(basis);
        REQUIRE_FALSE(angles.ok());
        return angles.error().message();
    };
    const math::BasisN turn = *eval::planeRotation(3, decompositionAngles({30.0, 10.0, -5.0}));
    CHECK_THAT(refusal(turn * math::BasisN::fromDiagonal(math::VectorN{1.0, 2.0, 1.0})),
               Catch::Contains("scales or shears"));
    CHECK_THAT(refusal(turn * math::BasisN::fromDiagonal(math::VectorN{1.5, 1.5, 1.5})),
               Catch::Contains("scales or shears"));
    math::BasisN shear = math::BasisN::identity(4);
    shear.at(0, 1) = 0.25;
    CHECK_THAT(refusal(shear), Catch::Contains("scales or shears"));
    CHECK_THAT(refusal(turn * math::BasisN::fromDiagonal(math::VectorN{1.0, 1.0, -1.0})),
               Catch::Contains("mirrors"));
    CHECK_THAT(refusal(math::BasisN::identity(5)), Catch::Contains("5D"));
}
