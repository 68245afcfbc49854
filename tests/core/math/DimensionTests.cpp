#include "core/math/Dimension.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core::math;

TEST_CASE("checkedDimension accepts 2 to 8 dimensions and explains the rest", "[math][dimension]") {
    SECTION("every dimension from 2 to 8 passes unchanged") {
        for (long long d = kMinDimension; d <= kMaxDimension; ++d) {
            auto checked = checkedDimension(d);
            REQUIRE(checked.ok());
            CHECK(*checked == d);
        }
    }

    SECTION("dimension 9 names the supported range") {
        auto checked = checkedDimension(9);
        REQUIRE_FALSE(checked.ok());
        CHECK(checked.error().message() ==
              "dimension 9 is not supported: HyperRig handles 2 to 8 dimensions");
    }

    SECTION("dimension 1 is rejected") {
        auto checked = checkedDimension(1);
        REQUIRE_FALSE(checked.ok());
        CHECK(checked.error().message() ==
              "dimension 1 is not supported: HyperRig handles 2 to 8 dimensions");
    }

    SECTION("zero, negative and huge values are rejected without overflow") {
        CHECK_FALSE(checkedDimension(0).ok());
        CHECK_FALSE(checkedDimension(-4).ok());
        auto huge = checkedDimension(4294967300LL);
        REQUIRE_FALSE(huge.ok());
        CHECK(huge.error().message() ==
              "dimension 4294967300 is not supported: HyperRig handles 2 to 8 dimensions");
    }
}
