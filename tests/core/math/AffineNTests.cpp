#include "core/math/AffineN.h"
#include "tests/core/math/MathTestSupport.h"
#include "tests/support/ThrowingContracts.h"

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

using namespace hyperrig::core::math;
using hyperrig::test::ContractViolation;

namespace {

// The (N+1)x(N+1) homogeneous matrix [B o; 0 1], for N <= 7 so that it fits a BasisN.
BasisN homogeneous(const AffineN& transform) {
    const int n = transform.dimension();
    BasisN result = BasisN::identity(n + 1);
    for (int c = 0; c < n; ++c) {
        for (int r = 0; r < n; ++r)
            result.at(r, c) = transform.basis().at(r, c);
        result.at(c, n) = transform.position()[c];
    }
    return result;
}

AffineN genAffine(int dimension) {
    return AffineN(hyperrig::test::genWellConditionedBasis(dimension),
                   hyperrig::test::genVector(dimension, -10.0, 10.0));
}

} // namespace

TEST_CASE("AffineN maps local points into parent space", "[math][affine]") {
    // Turn +90° in xy (X -> Y), scale by 2, then move by (10, 0, 0).
    BasisN turn = BasisN::identity(3);
    turn.setColumn(0, VectorN{0, 2, 0});
    turn.setColumn(1, VectorN{-2, 0, 0});
    turn.setColumn(2, VectorN{0, 0, 2});
    const AffineN parent(turn, VectorN{10, 0, 0});

    SECTION("points get basis and position, vectors only the basis") {
        CHECK(parent.applyPoint(VectorN{1, 0, 0}) == VectorN{10, 2, 0});
        CHECK(parent.applyVector(VectorN{1, 0, 0}) == VectorN{0, 2, 0});
        CHECK(AffineN::identity(4).applyPoint(VectorN{1, 2, 3, 4}) == VectorN{1, 2, 3, 4});
    }

    SECTION("compose(parent, child) applies the child first") {
        const AffineN child(BasisN::identity(3), VectorN{0, 1, 0});
        const AffineN global = AffineN::compose(parent, child);
        const VectorN p{1, 1, 1};
        CHECK(global.applyPoint(p) == parent.applyPoint(child.applyPoint(p)));
        CHECK(global.position() == VectorN{8, 0, 0});
        CHECK(global.basis() == turn);
    }

    SECTION("inverse maps parent points back") {
        auto inverse = parent.inverse();
        REQUIRE(inverse.ok());
        CHECK(approxEqual(inverse->applyPoint(VectorN{10, 2, 0}), VectorN{1, 0, 0}, 1e-15));
        CHECK(approxEqual(AffineN::compose(parent, *inverse), AffineN::identity(3), 1e-15));
    }

    SECTION("a singular transform has no inverse") {
        const AffineN flat(BasisN::fromDiagonal(VectorN{1, 0, 1}), VectorN{1, 2, 3});
        auto inverse = flat.inverse();
        REQUIRE_FALSE(inverse.ok());
        CHECK(inverse.error().message() ==
              "affine transform has no inverse: basis is singular (its columns are linearly "
              "dependent, determinant 0), so it has no inverse");
    }

    SECTION("basis and position must share the dimension") {
        CHECK_THROWS_AS(AffineN(BasisN::identity(3), VectorN{1, 2}), ContractViolation);
        AffineN a = AffineN::identity(3);
        CHECK_THROWS_AS(a.setPosition(VectorN{1, 2, 3, 4}), ContractViolation);
        CHECK_THROWS_AS(AffineN::compose(a, AffineN::identity(4)), ContractViolation);
    }
}

TEST_CASE("AffineN agrees with homogeneous matrices", "[math][affine][property]") {
    rc::prop("compose equals the homogeneous matrix product", [] {
        const int d = *rc::gen::inRange(kMinDimension, kMaxDimension);
        const AffineN parent = genAffine(d);
        const AffineN child = genAffine(d);
        const BasisN expected = homogeneous(parent) * homogeneous(child);
        RC_ASSERT(approxEqual(homogeneous(AffineN::compose(parent, child)), expected, 1e-9));
    });

    rc::prop("inverse composes to the identity on both sides", [] {
        const int d = *rc::gen::inRange(kMinDimension, kMaxDimension + 1);
        const AffineN a = genAffine(d);
        auto inverse = a.inverse();
        RC_ASSERT(inverse.ok());
        RC_ASSERT(approxEqual(AffineN::compose(a, *inverse), AffineN::identity(d), 1e-9));
        RC_ASSERT(approxEqual(AffineN::compose(*inverse, a), AffineN::identity(d), 1e-9));
        const VectorN p = hyperrig::test::genVector(d, -5.0, 5.0);
        RC_ASSERT(approxEqual(inverse->applyPoint(a.applyPoint(p)), p, 1e-9));
    });
}
