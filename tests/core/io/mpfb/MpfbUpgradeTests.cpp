#include "MpfbTestData.h"
#include "core/io/mpfb/MpfbFiles.h"
#include "core/io/mpfb/MpfbRig.h"

#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::OrderedJson;

TEST_CASE("MPFB 100 -> 110 upgrade reproduces MPFB's own conversion of rigify human", "[mpfb]") {
    // mpfb.md §3.5: upgrading rig.human.json@21ce365a gives every bone of @2cd388cd.
    auto rig = core::io::readMpfbRigFile(test::mpfbData("history/rig.human.v100_21ce365a.json"));
    REQUIRE(rig);
    CHECK(rig->sourceVersion == 100);
    const auto oracle = OrderedJson::parse(
        test::readTextFile(test::mpfbData("history/rig.human.v110_2cd388cd.json")));
    REQUIRE(rig->bones.size() == oracle["bones"].size());
    std::size_t differing = 0;
    for (const core::io::MpfbRigBone& bone : rig->bones) {
        INFO(bone.name);
        // Key order differs (the oracle was saved with sorted keys): compare as unordered JSON.
        const auto upgraded = nlohmann::json::parse(bone.upgraded.dump());
        const auto expected = nlohmann::json::parse(oracle["bones"][bone.name].dump());
        CHECK(upgraded == expected);
        differing += upgraded != expected;
        CHECK_FALSE(bone.asRead.contains("collections"));
        CHECK(bone.asRead.contains("layers"));
    }
    CHECK(differing == 0);
    CHECK(rig->headerUpgraded["version"] == 110);
    CHECK(rig->headerAsRead["version"] == 100);
    const OrderedJson& ui = rig->headerUpgraded["rigify_ui"];
    CHECK_FALSE(ui.contains("rigify_layers"));
    CHECK_FALSE(ui.contains("layers"));
    CHECK(ui["collections"]["Root"]["ui_row"] == 3 + 14);
    CHECK(ui["collections"]["Face (Primary)"]["ui_title"] == "");
}

TEST_CASE("MPFB upgrade names layers 'Bones' and 'Layer N' without a Rigify UI", "[mpfb]") {
    auto mixamo = core::io::readMpfbRigFile(test::mpfbData("rigs/standard/rig.mixamo.json"));
    REQUIRE(mixamo);
    CHECK(mixamo->container == core::io::MpfbContainer::Wrapped);
    CHECK(mixamo->headerUpgraded["collections"] == OrderedJson::array({"Bones"}));
    for (const auto& bone : mixamo->bones) {
        CHECK(bone.upgraded["collections"] == OrderedJson::array({"Bones"}));
        CHECK_FALSE(bone.upgraded.contains("layers"));
    }
    SECTION("several layers sort by name, not by index") {
        OrderedJson layers = OrderedJson::array();
        for (int i = 0; i < 32; ++i)
            layers.push_back(i == 0 || i == 2 || i == 10);
        const std::string text =
            R"({"bones": {"b": {"head": {"strategy": "DEFAULT", "default_position": [0, 0, 0]},
            "tail": {"strategy": "DEFAULT", "default_position": [0, 0, 1]}, "roll": 0,
            "parent": "", "use_connect": false, "use_inherit_rotation": true,
            "use_local_location": true, "inherit_scale": "FULL",
            "rigify": {"rigify_type": "limbs.super_finger", "rigify_parameters": {"x": 1}},
            "layers": )" +
            layers.dump() + R"(}}, "version": 100, "is_subrig": false})";
        auto rig = core::io::parseMpfbRig(text, "layers.json");
        REQUIRE(rig);
        const OrderedJson& bone = rig->bones[0].upgraded;
        CHECK(bone["collections"] == OrderedJson::array({"Bones", "Layer 11", "Layer 3"}));
        // limbs.super_finger used to imply tweak controls on layer 1 ("Layer 2").
        CHECK(bone["rigify"]["rigify_parameters"]["tweak_coll_refs"] ==
              OrderedJson::array({"Layer 2"}));
        CHECK(rig->headerUpgraded["collections"] ==
              OrderedJson::array({"Bones", "Layer 2", "Layer 3", "Layer 11"}));
    }
}

TEST_CASE("MPFB upgrade takes Rigify UI rows at the ends of int64 without wrapping", "[mpfb]") {
    // Found by the mpfb fuzz target: the walk over the rows above a layer computed row - 1, which
    // overflows at INT64_MIN (UBSan aborts; wrapped, row INT64_MAX would count as the row above and
    // lend its name). Nothing is above a row under 1, so "(Tweak)" keeps its own name.
    const std::string text =
        R"json({"rigify_ui": {"rigify_layers": [{"name": "Arm", "row": 9223372036854775807},
        {"name": "(Tweak)", "row": -9223372036854775808}]},
        "bones": {"a": {"head": {"strategy": "DEFAULT", "default_position": [0, 0, 0]},
        "tail": {"strategy": "DEFAULT", "default_position": [0, 1, 0]}, "roll": 0, "parent": "",
        "use_connect": false, "use_inherit_rotation": true, "use_local_location": true,
        "inherit_scale": "FULL", "layers": [false, true],
        "rigify": {"rigify_type": "limbs.super_limb", "rigify_parameters": {"x": 1}}}},
        "version": 100, "is_subrig": false})json";
    auto rig = core::io::parseMpfbRig(text, "rows.json");
    REQUIRE(rig);
    CHECK(rig->headerUpgraded["collections"] == OrderedJson::array({"Arm", "(Tweak)"}));
}

TEST_CASE("MPFB rig files come in three container forms", "[mpfb]") {
    const std::pair<const char*, core::io::MpfbContainer> forms[] = {
        {"standard/rig.game_engine.json", core::io::MpfbContainer::Bare},
        {"standard/rig.mixamo.json", core::io::MpfbContainer::Wrapped},
        {"standard/rig.openpose.json", core::io::MpfbContainer::Wrapped}};
    const int versions[] = {100, 100, 110};
    for (std::size_t i = 0; i < 3; ++i) {
        auto rig = core::io::readMpfbRigFile(test::mpfbData(std::string("rigs/") + forms[i].first));
        REQUIRE(rig);
        CHECK(rig->container == forms[i].second);
        CHECK(rig->sourceVersion == versions[i]);
        CHECK(rig->headerUpgraded["version"] == 110);
    }
    auto bare = core::io::readMpfbRigFile(test::mpfbData("rigs/standard/rig.game_engine.json"));
    REQUIRE(bare);
    // A bare v100 file has no layers: no collections anywhere after the upgrade.
    CHECK_FALSE(bare->headerUpgraded.contains("collections"));
    CHECK(bare->bones.size() == 53);
    CHECK(bare->bones.front().name == "Root");
}
