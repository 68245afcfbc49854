#include "core/math/BasisN.h"
#include "core/math/Perpendicular.h"
#include "tests/core/math/MathTestSupport.h"
#include "tests/support/ThrowingContracts.h"

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace hyperrig::core::math;
using hyperrig::test::ContractViolation;
using namespace hyperrig::test;

namespace {

VectorN perp(std::vector<VectorN> vectors) {
    return perpendicular(vectors).value();
}

VectorN cross(const VectorN& a, const VectorN& b) {
    return VectorN{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

} // namespace

TEST_CASE("perpendicular generalises the cross product to N dimensions", "[math][perpendicular]") {
    SECTION("the §7.1 test vectors, generic and closed form") {
        CHECK(perp({X, Y, Z}) == W);
        CHECK(perp({X, W, Y}) == Z);
        CHECK(perp({X, Z, W}) == Y);
        CHECK(perp({Y, W, Z}) == X);
        CHECK(perp({Y, Z, W}) == -X);
        CHECK(perp({X, Y, W}) == -Z);
        CHECK(perpendicular4(X, Y, Z) == W);
        CHECK(perpendicular4(X, W, Y) == Z);
        CHECK(perpendicular4(X, Z, W) == Y);
        CHECK(perpendicular4(Y, W, Z) == X);
        CHECK(perpendicular4(Y, Z, W) == -X);
        CHECK(perpendicular4(X, Y, W) == -Z);
    }

    SECTION("in 3D it is the cross product") {
        const VectorN a{1, 2, 3};
        const VectorN b{-2, 0.5, 4};
        CHECK(approxEqual(perp({a, b}), cross(a, b), 1e-14));
        CHECK(perp({VectorN{1, 0, 0}, VectorN{0, 1, 0}}) == VectorN{0, 0, 1});
    }

    SECTION("in 2D it turns the vector by +90 degrees") {
        CHECK(perp({VectorN{1, 0}}) == VectorN{0, 1});
        CHECK(perp({VectorN{2, 3}}) == VectorN{-3, 2});
    }

    SECTION("linearly dependent vectors give zero") {
        const VectorN a{1, 2, 3, 4};
        CHECK(approxEqual(perp({a, a * 2.0, Z}), VectorN::zero(4), 1e-12));
    }

    SECTION("wrong counts and mixed dimensions are errors") {
        auto tooFew = perpendicular(std::vector<VectorN>{X, Y});
        REQUIRE_FALSE(tooFew.ok());
        CHECK(tooFew.error().message() == "perpendicular in 4D needs 3 vectors, got 2");
        auto mixed = perpendicular(std::vector<VectorN>{X, VectorN{0, 1, 0}, Z});
        REQUIRE_FALSE(mixed.ok());
        CHECK(mixed.error().message() ==
              "perpendicular: vector 1 has dimension 3, vector 0 has dimension 4");
        auto none = perpendicular(std::vector<VectorN>{});
        REQUIRE_FALSE(none.ok());
        CHECK(none.error().message() == "perpendicular needs N-1 vectors of dimension N, got none");
        CHECK_THROWS_AS(perpendicular4(X, Y, VectorN{0, 0, 1}), ContractViolation);
    }
}

TEST_CASE("perpendicular is orthogonal, positively oriented and measures volume",
          "[math][perpendicular][property]") {
    using namespace hyperrig::test;

    rc::prop("orthogonal to every input, det[v..., perp] > 0, |perp| = volume", [] {
        const int n = *rc::gen::inRange(kMinDimension, kMaxDimension + 1);
        std::vector<VectorN> vectors;
        for (int k = 0; k + 1 < n; ++k)
            vectors.push_back(genVector(n, -1.0, 1.0));
        const VectorN p = perpendicular(vectors).value();
        for (const VectorN& v : vectors)
            RC_ASSERT(std::abs(v.dot(p)) <= 1e-12 * (1.0 + p.length()));

        BasisN withPerp = BasisN::identity(n);
        for (int k = 0; k + 1 < n; ++k)
            withPerp.setColumn(k, vectors[static_cast<std::size_t>(k)]);
        withPerp.setColumn(n - 1, p);
        // det[v_1..v_(N-1), perp] = |perp|² exactly in exact arithmetic.
        RC_ASSERT(std::abs(withPerp.determinant() - p.lengthSquared()) <=
                  1e-10 * (1.0 + p.lengthSquared()));

        // The (N−1)-volume is sqrt(det Gram(v)); in 2D the Gram "matrix" is 1x1.
        double gramDeterminant = vectors[0].lengthSquared();
        if (n > 2) {
            BasisN gram = BasisN::identity(n - 1);
            for (int i = 0; i + 1 < n; ++i) {
                for (int j = 0; j + 1 < n; ++j)
                    gram.at(i, j) = vectors[static_cast<std::size_t>(i)].dot(
                        vectors[static_cast<std::size_t>(j)]);
            }
            gramDeterminant = gram.determinant();
        }
        RC_ASSERT(std::abs(p.lengthSquared() - gramDeterminant) <= 1e-10 * (1.0 + gramDeterminant));
    });

    rc::prop("perpendicular4 equals the generic determinant form", [] {
        const VectorN a = genVector(4, -2.0, 2.0);
        const VectorN b = genVector(4, -2.0, 2.0);
        const VectorN c = genVector(4, -2.0, 2.0);
        RC_ASSERT(approxEqual(perpendicular4(a, b, c), perp({a, b, c}), 1e-12));
    });
}
