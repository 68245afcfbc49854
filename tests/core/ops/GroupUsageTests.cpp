#include "core/ops/GroupTable.h"
#include "core/ops/GroupUsage.h"

#include <catch2/catch.hpp>

using hyperrig::core::model::Skin;
using hyperrig::core::ops::groupUsage;

TEST_CASE("group usage counts vertices once and sums their weights", "[ops][groups]") {
    Skin skin;
    // v0: {0: 0.75, 1: 0.25}   v1: {1: 0.5, 1: 0.5} (listed twice)   v2: {2: 0, 0: 1}
    // v3: {}                   v4: {7: 1} (beyond the table)
    skin.offsets = {0, 2, 4, 6, 6, 7};
    skin.groups = {0, 1, 1, 1, 2, 0, 7};
    skin.weights = {0.75, 0.25, 0.5, 0.5, 0.0, 1.0, 1.0};
    const auto usage = groupUsage(skin, 4);
    REQUIRE(usage.size() == 4);
    CHECK(usage[0].vertices == 2);
    CHECK(usage[0].totalWeight == Approx(1.75));
    CHECK(usage[1].vertices == 2);
    CHECK(usage[1].totalWeight == Approx(1.25));
    CHECK(usage[2].vertices == 0); // a zero weight moves nothing
    CHECK(usage[2].totalWeight == 0.0);
    CHECK(usage[3].vertices == 0);
}

TEST_CASE("used group flags mark the groups influences use, up to the largest", "[ops][groups]") {
    Skin skin;
    skin.offsets = {0, 2, 2, 4};
    skin.groups = {3, 0, 7, 3};
    skin.weights = {0.5, 0.5, 0.75, 0.25};
    CHECK(hyperrig::core::ops::usedGroupFlags(skin) ==
          std::vector<std::uint8_t>{1, 0, 0, 1, 0, 0, 0, 1});
    CHECK(hyperrig::core::ops::usedGroupFlags(Skin{}).empty());
}

TEST_CASE("used group flags of a skin large enough to be split over threads", "[ops][groups]") {
    // 3M influences: several blocks of the pooled pass. Group 9 appears once, in the last block;
    // group 5 once, in the first; every other influence uses group 2.
    Skin skin;
    const std::size_t count = 3'000'000;
    skin.groups.assign(count, 2);
    skin.groups[17] = 5;
    skin.groups[count - 3] = 9;
    CHECK(hyperrig::core::ops::usedGroupFlags(skin) ==
          std::vector<std::uint8_t>{0, 0, 1, 0, 0, 1, 0, 0, 0, 1});
}
