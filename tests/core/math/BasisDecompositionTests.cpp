#include "core/math/BasisDecomposition.h"
#include "tests/core/math/MathTestSupport.h"

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <vector>

using namespace hyperrig::core::math;
using namespace hyperrig::test;

namespace {

RotorAndScale decomposed(const BasisN& basis) {
    auto result = decomposeBasis(basis);
    REQUIRE(result.ok());
    return *result;
}

} // namespace

TEST_CASE("decomposeBasis splits a basis into rotor and scale as G4MF section 6 describes",
          "[math][rotor][decompose]") {
    SECTION("the identity gives the identity rotor and unit scale in 2D, 3D and 4D") {
        for (int d = 2; d <= 4; ++d) {
            const RotorAndScale result = decomposed(BasisN::identity(d));
            CHECK(result.rotor == Rotor::identity(d).value());
            CHECK(result.uniformScale);
            for (double scale : result.scale.values())
                CHECK(scale == 1.0);
        }
    }

    SECTION("180 degrees in xy, diag(-1,-1,1,1), picks the xy blade (§6.3)") {
        const RotorAndScale result = decomposed(BasisN::fromDiagonal(VectorN{-1, -1, 1, 1}));
        CHECK(values(result.rotor) == std::vector<double>{0, 1, 0, 0, 0, 0, 0, 0});
    }

    SECTION("the central inversion -I picks the pseudoscalar (§6.3)") {
        const RotorAndScale result = decomposed(BasisN::fromDiagonal(VectorN{-1, -1, -1, -1}));
        CHECK(values(result.rotor) == std::vector<double>{0, 0, 0, 0, 0, 0, 0, 1});
    }

    SECTION("the isoclinic xy 90 + zw 90 basis gives the §5.1 double rotor (§6.3)") {
        const BasisN isoclinic = columns(
            {VectorN{0, 1, 0, 0}, VectorN{-1, 0, 0, 0}, VectorN{0, 0, 0, 1}, VectorN{0, 0, -1, 0}});
        const RotorAndScale result = decomposed(isoclinic);
        CHECK(approxEqual(result.rotor, rotor(4, {0.5, 0.5, 0, 0, 0, 0, 0.5, 0.5}), 1e-15));
    }

    SECTION("the dense 4D basis of §5.1 gives back its rotor") {
        const std::vector<double> basis = {
            -0.556749, -0.16008, 0.227868, -0.782611, 0.055697, 0.173753,  0.96164, 0.204832,
            0.005417,  -0.96511, 0.125081, 0.229974,  0.828794, -0.112903, 0.08763, -0.540995};
        auto result = decomposeBasis(BasisN::fromColumnMajor(4, basis).value(), 1e-5);
        REQUIRE(result.ok());
        CHECK(approxEqual(result->rotor,
                          rotor(4, {0.352175, -0.006261, 0.128234, 0.298316, -0.661919, 0.018369,
                                    0.090931, -0.568995}),
                          1e-5));
    }

    SECTION("3D and 2D bases of §5.1 give back their rotors") {
        const VectorN x3{1, 0, 0}, y3{0, 1, 0}, z3{0, 0, 1};
        CHECK(approxEqual(decomposed(columns({y3, -x3, z3})).rotor, rotor(3, {h, h, 0, 0}), 1e-15));
        CHECK(
            approxEqual(decomposed(columns({-z3, y3, x3})).rotor, rotor(3, {h, 0, -h, 0}), 1e-15));
        CHECK(approxEqual(decomposed(columns({y3, z3, x3})).rotor, rotor(3, {0.5, 0.5, -0.5, 0.5}),
                          1e-15));
        const BasisN dense =
            columns({VectorN{0.32923, 0.217274, -0.918912}, VectorN{0.932665, 0.077148, 0.352398},
                     VectorN{0.147459, -0.973057, -0.177244}});
        auto denseResult = decomposeBasis(dense, 1e-5);
        REQUIRE(denseResult.ok());
        CHECK(approxEqual(denseResult->rotor, rotor(3, {0.554331, -0.322637, -0.480927, 0.597772}),
                          1e-5));
        const BasisN thirty = columns({VectorN{0.866025, 0.5}, VectorN{-0.5, 0.866025}});
        auto thirtyResult = decomposeBasis(thirty, 1e-5);
        REQUIRE(thirtyResult.ok());
        CHECK(approxEqual(thirtyResult->rotor, rotor(2, {0.965926, 0.258819}), 1e-5));
        CHECK(values(decomposed(columns({VectorN{-1, 0}, VectorN{0, -1}})).rotor) ==
              std::vector<double>{0, 1});
    }

    SECTION("the sign is canonical: s > 0, else the first non-zero component positive") {
        // yz 180°: the rotor is ±[0, 0, 0, 1]; canonical is +.
        CHECK(values(decomposed(BasisN::fromDiagonal(VectorN{1, -1, -1})).rotor) ==
              std::vector<double>{0, 0, 0, 1});
        const Rotor negative = -Rotor::fromPlaneAngle(4, 0, 3, 1.0).value();
        const Rotor result = decomposed(negative.toBasis()).rotor;
        CHECK(result.scalar() > 0.0);
        CHECK(approxEqual(result, -negative, 1e-12));
    }

    SECTION("non-uniform and uniform scales are recovered") {
        const Rotor r = Rotor::fromPlaneAngle(4, 1, 3, 0.7).value();
        const RotorAndScale nonUniform =
            decomposed(r.toBasis() * BasisN::fromDiagonal(VectorN{1, 2, 3, 4}));
        CHECK(approxEqual(nonUniform.scale, VectorN{1, 2, 3, 4}, 1e-12));
        CHECK_FALSE(nonUniform.uniformScale);
        CHECK(approxEqual(nonUniform.rotor, r, 1e-12));
        const RotorAndScale uniform =
            decomposed(r.toBasis() * BasisN::fromDiagonal(VectorN{2.5, 2.5, 2.5, 2.5}));
        CHECK(uniform.uniformScale);
        CHECK(approxEqual(uniform.scale, VectorN{2.5, 2.5, 2.5, 2.5}, 1e-12));
    }

    SECTION("sheared bases are refused with the offending columns") {
        BasisN shear = BasisN::identity(4);
        shear.setColumn(2, VectorN{0, 0.5, 1, 0});
        auto result = decomposeBasis(shear);
        REQUIRE_FALSE(result.ok());
        CHECK(result.error().message() == "basis columns 1 and 2 are not orthogonal (dot = 0.5)");
    }

    SECTION("mirrored bases are refused") {
        auto result = decomposeBasis(BasisN::fromDiagonal(VectorN{1, 1, 1, -1}));
        REQUIRE_FALSE(result.ok());
        CHECK(result.error().message() ==
              "basis has negative determinant: mirroring needs a basis, not rotor + scale");
    }

    SECTION("a zero column is refused") {
        auto result = decomposeBasis(BasisN::fromDiagonal(VectorN{1, 1, 1, 0}));
        REQUIRE_FALSE(result.ok());
        CHECK(result.error().message() == "basis column 3 has zero length");
        auto allZero = decomposeBasis(BasisN::fromDiagonal(VectorN{0, 0}));
        REQUIRE_FALSE(allZero.ok());
        CHECK(allZero.error().message() == "basis column 0 has zero length");
    }

    SECTION("dimensions without rotors and non-finite values are refused") {
        auto fiveD = decomposeBasis(BasisN::identity(5));
        REQUIRE_FALSE(fiveD.ok());
        CHECK(fiveD.error().message() == "rotors are supported in 2, 3 and 4 dimensions, so a 5D "
                                         "basis cannot be split into rotor + scale");
        BasisN nan = BasisN::identity(3);
        nan.at(0, 0) = std::nan("");
        auto nanResult = decomposeBasis(nan);
        REQUIRE_FALSE(nanResult.ok());
        CHECK(nanResult.error().message() == "basis contains a non-finite value");
    }

    SECTION("the tolerance is relative to the column lengths") {
        BasisN nearly = BasisN::fromDiagonal(VectorN{1000, 1000, 1000});
        nearly.at(0, 1) = 1e-4; // cosine 1e-7 between X and Y
        CHECK_FALSE(decomposeBasis(nearly).ok());
        CHECK(decomposeBasis(nearly, 1e-6).ok());
    }
}

TEST_CASE("decomposeBasis recovers random rotations and scales", "[math][decompose][property]") {
    rc::prop("R · diag(s) gives back R and s", [] {
        const int d = *rc::gen::inRange(2, 5);
        const Rotor r = genRotor(d);
        const VectorN scale = genVector(d, 0.1, 10.0);
        auto result = decomposeBasis(r.toBasis() * BasisN::fromDiagonal(scale));
        RC_ASSERT(result.ok());
        RC_ASSERT(sameRotation(result->rotor, r, 1e-9));
        RC_ASSERT(approxEqual(result->scale, scale, 1e-9));
        RC_ASSERT(result->rotor.isValid(1e-12));
        RC_ASSERT(result->rotor.scalar() >= 0.0);
    });

    rc::prop("R · uniform scale is reported as uniform", [] {
        const int d = *rc::gen::inRange(2, 5);
        const Rotor r = genRotor(d);
        const double s = *genDouble(0.1, 10.0);
        VectorN scale = VectorN::zero(d);
        for (double& value : scale.values())
            value = s;
        auto result = decomposeBasis(r.toBasis() * BasisN::fromDiagonal(scale));
        RC_ASSERT(result.ok());
        RC_ASSERT(result->uniformScale);
        RC_ASSERT(sameRotation(result->rotor, r, 1e-9));
    });

    rc::prop("near-180-degree rotations stay exact", [] {
        const int d = *rc::gen::inRange(2, 5);
        const Rotor half = Rotor::fromPlaneAngle(d, 0, 1, std::numbers::pi).value();
        const Rotor r = half * Rotor::fromPlaneAngle(d, 0, d - 1, *genDouble(-1e-6, 1e-6)).value();
        auto result = decomposeBasis(r.toBasis());
        RC_ASSERT(result.ok());
        RC_ASSERT(sameRotation(result->rotor, r, 1e-12));
    });
}
