#include "core/eval/CompiledSkin.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;

TEST_CASE("a compiled skin pads to a multiple of four and never truncates", "[eval][skin]") {
    model::Skin skin;
    // v0: five influences, v1: one, v2: none, v3: weights summing to zero.
    skin.offsets = {0, 5, 6, 6, 8};
    skin.groups = {4, 3, 2, 1, 0, 2, 1, 2};
    skin.weights = {4.0, 2.0, 1.0, 0.5, 0.5, 3.0, 0.0, 0.0};
    auto compiled = eval::compileSkin(skin, 4);
    REQUIRE(compiled.ok());
    CHECK(compiled->largestInfluenceCount == 5);
    CHECK(compiled->width == 8);
    CHECK(compiled->identityRow == 5);
    CHECK_FALSE(compiled->usesWideIds());
    // v0 keeps all five, divided by their sum 8; the padding points at the identity row.
    CHECK(std::vector<std::uint16_t>(compiled->groups16.begin(), compiled->groups16.begin() + 8) ==
          std::vector<std::uint16_t>{4, 3, 2, 1, 0, 5, 5, 5});
    CHECK(std::vector<float>(compiled->weights.begin(), compiled->weights.begin() + 8) ==
          std::vector<float>{0.5F, 0.25F, 0.125F, 0.0625F, 0.0625F, 0, 0, 0});
    // v1: one influence normalised to 1.
    CHECK(compiled->groups16[8] == 2);
    CHECK(compiled->weights[8] == 1.0F);
    // v2 and v3 do not move: weight 1 on the identity row.
    for (std::size_t vertex : {2U, 3U}) {
        CHECK(compiled->groups16[vertex * 8] == 5);
        CHECK(compiled->weights[vertex * 8] == 1.0F);
        CHECK(compiled->weights[vertex * 8 + 1] == 0.0F);
    }
}

TEST_CASE("a skin with more than 65,535 groups uses 32-bit ids", "[eval][skin]") {
    model::Skin skin;
    skin.offsets = {0, 1, 2};
    skin.groups = {65'534, 65'535};
    skin.weights = {1.0, 1.0};
    auto compiled = eval::compileSkin(skin, 2);
    REQUIRE(compiled.ok());
    CHECK(compiled->identityRow == 65'536);
    CHECK(compiled->usesWideIds());
    CHECK(compiled->groups32[0] == 65'534);
    CHECK(compiled->groups32[4] == 65'535);

    skin.groups = {65'533, 65'534}; // 65,536 rows still fit 16 bits
    auto narrow = eval::compileSkin(skin, 2);
    REQUIRE(narrow.ok());
    CHECK_FALSE(narrow->usesWideIds());
    CHECK(narrow->groups16[4] == 65'534);
}

TEST_CASE("a skin that does not fit its mesh is refused", "[eval][skin]") {
    model::Skin skin;
    skin.offsets = {0, 1, 2};
    skin.groups = {0, 0};
    skin.weights = {1.0, 1.0};
    auto wrongCount = eval::compileSkin(skin, 3);
    REQUIRE_FALSE(wrongCount.ok());
    CHECK(wrongCount.error().message() == "the skin covers 2 vertices but the mesh has 3");
    skin.offsets = {0, 2, 1};
    auto backwards = eval::compileSkin(skin, 2);
    REQUIRE_FALSE(backwards.ok());
    CHECK(backwards.error().message() ==
          "the skin's group and weight arrays do not match its vertex offsets");
}
