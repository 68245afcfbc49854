#include "MpfbTestData.h"
#include "core/io/mpfb/MpfbPlacement.h"
#include "core/io/mpfb/MpfbStrategyMatch.h"

#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::OrderedJson;

namespace {

// How many ends of a shipped rig the matcher gives back exactly (strategy and its data) when fed
// the positions the rig places on the raw mesh.
std::size_t reproducedEnds(const std::string& rigPath, std::size_t& ends) {
    const auto& mesh = test::mpfbBaseMesh().mesh;
    auto rig = core::io::readMpfbRigFile(test::mpfbData("rigs/" + rigPath));
    REQUIRE(rig);
    auto placement = core::io::placeMpfbBones(*rig, mesh, rigPath);
    REQUIRE(placement);
    const core::io::MpfbEndMatcher matcher(&mesh);
    std::size_t same = 0;
    ends = 0;
    for (std::size_t i = 0; i < rig->bones.size(); ++i) {
        const auto& placed = placement->bones[i];
        for (const auto& [key, position] :
             {std::pair{"head", placed.head}, {"tail", placed.tail}}) {
            OrderedJson expected = rig->bones[i].asRead[key];
            OrderedJson got = matcher.match(position);
            expected.erase("default_position");
            got.erase("default_position");
            ++ends;
            same += expected == got ||
                    nlohmann::json::parse(expected.dump()) == nlohmann::json::parse(got.dump());
        }
    }
    return same;
}

} // namespace

TEST_CASE("MPFB strategy matching gives back the shipped strategies", "[mpfb]") {
    // mpfb.md §7.2: MPFB's matcher reproduces 106/106 ends of game_engine, 60/62 of cmu_mb and
    // 46/48 of openpose on the raw mesh (the misses are MEAN pairs with near-equal alternatives).
    // Ours misses one more: Root's tail is MEAN [19152, 19155] of the joint-ground cube, and
    // [19151, 19156] has the same midpoint and length up to rounding (Blender works on float32
    // vertices, we on the OBJ's decimals in double), so the tie goes the other way.
    std::size_t ends = 0;
    CHECK(reproducedEnds("standard/rig.game_engine.json", ends) >= 105);
    CHECK(ends == 106);
    CHECK(reproducedEnds("standard/rig.cmu_mb.json", ends) >= 60);
    CHECK(reproducedEnds("standard/rig.openpose.json", ends) >= 46);
}

TEST_CASE("MPFB strategy matching without a mesh writes DEFAULT, rounded", "[mpfb]") {
    const core::io::MpfbEndMatcher matcher(nullptr);
    const OrderedJson end = matcher.match({0.123456789, -0.000001, 1.000005});
    CHECK(end["strategy"] == "DEFAULT");
    CHECK(end["default_position"] == OrderedJson::array({0.12346, 0.0, 1.00001}));
}
