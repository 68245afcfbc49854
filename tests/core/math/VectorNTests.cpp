#include "core/math/VectorN.h"
#include "tests/core/math/MathTestSupport.h"
#include "tests/support/ThrowingContracts.h"

#include <array>
#include <catch2/catch.hpp>
#include <vector>

using namespace hyperrig::core::math;
using hyperrig::test::ContractViolation;

TEST_CASE("VectorN holds a runtime dimension from 2 to 8", "[math][vector]") {
    SECTION("zero and axis vectors have the requested dimension") {
        for (int d = kMinDimension; d <= kMaxDimension; ++d) {
            const VectorN zero = VectorN::zero(d);
            CHECK(zero.dimension() == d);
            CHECK(zero.size() == static_cast<std::size_t>(d));
            CHECK(zero.length() == 0.0);
            const VectorN last = VectorN::axis(d, d - 1);
            CHECK(last[d - 1] == 1.0);
            CHECK(last.length() == 1.0);
        }
        CHECK(VectorN::axis(4, 3) == VectorN{0, 0, 0, 1});
    }

    SECTION("fromSpan takes the dimension from the number of values") {
        const std::array<double, 5> values = {1, 2, 3, 4, 5};
        auto v = VectorN::fromSpan(values);
        REQUIRE(v.ok());
        CHECK(v->dimension() == 5);
        CHECK(*v == VectorN{1, 2, 3, 4, 5});
    }

    SECTION("fromSpan rejects unsupported dimensions with the dimension message") {
        const std::vector<double> nine(9, 0.0);
        auto tooLong = VectorN::fromSpan(nine);
        REQUIRE_FALSE(tooLong.ok());
        CHECK(tooLong.error().message() ==
              "dimension 9 is not supported: HyperRig handles 2 to 8 dimensions");
        const std::array<double, 1> one = {1.0};
        auto tooShort = VectorN::fromSpan(one);
        REQUIRE_FALSE(tooShort.ok());
        CHECK(tooShort.error().message() ==
              "dimension 1 is not supported: HyperRig handles 2 to 8 dimensions");
    }

    SECTION("indexing outside the dimension is a contract violation") {
        VectorN v{1, 2, 3};
        CHECK(v[2] == 3.0);
        CHECK_THROWS_AS(v[3], ContractViolation);
        CHECK_THROWS_AS(v[-1], ContractViolation);
        CHECK_THROWS_AS(VectorN::axis(3, 3), ContractViolation);
        CHECK_THROWS_AS(VectorN::zero(9), ContractViolation);
    }

    SECTION("arithmetic works component-wise") {
        const VectorN a{1, 2, 3, 4};
        const VectorN b{0.5, -1, 2, 0};
        CHECK(a + b == VectorN{1.5, 1, 5, 4});
        CHECK(a - b == VectorN{0.5, 3, 1, 4});
        CHECK(-a == VectorN{-1, -2, -3, -4});
        CHECK(a * 2.0 == VectorN{2, 4, 6, 8});
        CHECK(2.0 * a == VectorN{2, 4, 6, 8});
        CHECK(a / 2.0 == VectorN{0.5, 1, 1.5, 2});
        CHECK(a.dot(b) == 0.5 - 2 + 6);
        CHECK(VectorN{3, 4}.length() == 5.0);
    }

    SECTION("mixing dimensions is a contract violation") {
        const VectorN a{1, 2, 3};
        const VectorN b{1, 2, 3, 4};
        CHECK_THROWS_AS(a + b, ContractViolation);
        CHECK_THROWS_AS(a.dot(b), ContractViolation);
    }

    SECTION("normalized gives a unit vector and fails for the zero vector") {
        auto unit = VectorN{0, 3, 0, 4}.normalized();
        REQUIRE(unit.ok());
        CHECK(approxEqual(*unit, VectorN{0, 0.6, 0, 0.8}, 1e-15));
        auto zero = VectorN::zero(4).normalized();
        REQUIRE_FALSE(zero.ok());
        CHECK(zero.error().message() ==
              "cannot normalise a zero-length vector: it has no direction");
    }

    SECTION("approxEqual compares within a tolerance and never across dimensions") {
        CHECK(approxEqual(VectorN{1, 2}, VectorN{1 + 1e-10, 2}));
        CHECK_FALSE(approxEqual(VectorN{1, 2}, VectorN{1 + 1e-6, 2}));
        CHECK(approxEqual(VectorN{1, 2}, VectorN{1 + 1e-6, 2}, 1e-5));
        CHECK_FALSE(approxEqual(VectorN{1, 2}, VectorN{1, 2, 0}));
    }

    SECTION("the values span reads and writes the components") {
        VectorN v = VectorN::zero(3);
        CHECK(v.values().size() == 3);
        v.values()[1] = 7.0;
        CHECK(v == VectorN{0, 7, 0});
    }
}
