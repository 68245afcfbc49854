#include "MpfbTestData.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/io/mpfb/MpfbExport.h"
#include "core/io/mpfb/MpfbImport.h"
#include "core/math/Rotor.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::OrderedJson;

namespace {

std::string exportRig(const core::model::Document& document,
                      const core::io::MpfbExportOptions& options = {}) {
    auto exported = core::io::exportMpfbRig(document, options);
    if (!exported)
        FAIL(exported.error().message());
    return exported->text;
}

} // namespace

TEST_CASE("MPFB import -> export gives the shipped files back byte for byte", "[mpfb]") {
    // mpfb.md §8.3: MPFB's own serializer reproduces these exactly (the last three with the
    // trailing newline they were committed with).
    const char* identical[] = {
        "standard/rig.cmu_mb.json",          "standard/rig.default.json",
        "standard/rig.game_engine.json",     "standard/rig.game_engine_with_breast.json",
        "standard/rig.mixamo.json",          "standard/rig.openpose.json",
        "standard/rig.default_no_toes.json", "rigify/rig.human.json",
        "rigify/rig.human_toes.json"};
    for (const char* rig : identical) {
        INFO(rig);
        const core::io::MpfbImport imported = test::importShippedRig(rig);
        const auto exported = core::io::exportMpfbRig(imported.document);
        REQUIRE(exported);
        CHECK(exported->text == test::readTextFile(test::mpfbData(std::string("rigs/") + rig)));
        CHECK(exported->changedBones.empty());
    }
}

TEST_CASE("MPFB import -> .g4tf -> export keeps every rig's content", "[mpfb]") {
    test::TemporaryFolder folder;
    for (const char* rig : test::kMpfbRigs) {
        INFO(rig);
        const core::io::MpfbImport imported = test::importShippedRig(rig);
        const auto path = folder / "rig.g4tf";
        REQUIRE(core::io::writeG4mf(imported.document, path));
        auto reread = core::io::readG4mf(path);
        REQUIRE(reread);
        const std::string text = exportRig(reread->document);
        const std::string original = test::readTextFile(test::mpfbData(std::string("rigs/") + rig));
        // Semantic equality: the same JSON value (mixamo_unity's unsorted keys come back sorted).
        CHECK(nlohmann::json::parse(text) == nlohmann::json::parse(original));
        if (std::string(rig) != "standard/rig.mixamo_unity.json")
            CHECK(text == original);
    }
}

TEST_CASE("MPFB export re-derives a moved bone and keeps the rest verbatim", "[mpfb]") {
    core::io::MpfbImport imported = test::importShippedRig("standard/rig.game_engine.json");
    core::model::Document& document = imported.document;
    const auto original = OrderedJson::parse(
        test::readTextFile(test::mpfbData("rigs/standard/rig.game_engine.json")));
    const core::model::NodeId root = document.findNode("Root");
    REQUIRE(root);

    SECTION("a bone moved onto a joint cube gets CUBE, its children move with it") {
        // Root's head is on joint-ground; move it onto joint-spine-1, shifting the node by the
        // Blender-space offset written in G4MF axes (x, z, -y).
        const glm::dvec3 ground = test::mpfbBaseMesh().mesh.jointCentres.at("joint-ground");
        const glm::dvec3 spine = test::mpfbBaseMesh().mesh.jointCentres.at("joint-spine-1");
        const glm::dvec3 delta = spine - ground;
        auto& position = document.node(root).transform.position;
        position[0] += delta.x;
        position[1] += delta.z;
        position[2] -= delta.y;
        core::io::MpfbExportOptions options;
        options.baseMesh = &test::mpfbBaseMesh().mesh;
        auto exported = core::io::exportMpfbRig(document, options);
        REQUIRE(exported);
        const auto json = OrderedJson::parse(exported->text);
        CHECK(json["Root"]["head"]["strategy"] == "CUBE");
        CHECK(json["Root"]["head"]["cube_name"] == "joint-spine-1");
        CHECK(json["Root"]["head"]["default_position"][2].get<double>() ==
              Approx(spine.z).margin(1e-5));
        // Every other bone moved too (children follow their parent), so all are rewritten;
        // use_connect, inherit flags and the rest of each definition stay as read.
        CHECK(json["Root"]["use_connect"] == original["Root"]["use_connect"]);
        CHECK(json["Root"]["roll"] == original["Root"]["roll"]);
        CHECK(exported->changedBones.size() == original.size());
    }
    SECTION("without a base mesh a moved end is DEFAULT at its true position, rounded") {
        document.node(root).transform.position[0] += 0.123456789;
        auto exported = core::io::exportMpfbRig(document);
        REQUIRE(exported);
        const auto json = OrderedJson::parse(exported->text);
        CHECK(json["Root"]["head"]["strategy"] == "DEFAULT");
        CHECK(json["Root"]["head"]["default_position"][0].get<double>() == 0.12346);
        CHECK_FALSE(json["Root"]["head"].contains("cube_name"));
    }
    SECTION("a rolled bone gets its new roll rounded to 5 decimals") {
        auto& rotor = document.node(root).transform.rotor;
        // "a * b" applies a, then b: the turn about the bone's own Y axis (its local xz plane)
        // comes first, so it is a roll.
        const auto turned = core::math::Rotor::fromPlaneAngle(3, 0, 2, 0.5).value() *
                            core::math::Rotor::fromComponents(3, rotor).value();
        rotor.assign(turned.components().begin(), turned.components().end());
        auto exported = core::io::exportMpfbRig(document);
        REQUIRE(exported);
        const auto json = OrderedJson::parse(exported->text);
        CHECK(std::abs(json["Root"]["roll"].get<double>()) == Approx(0.5).margin(1e-5));
        CHECK(json["Root"]["head"] == original["Root"]["head"]);
    }
    SECTION("a renamed bone is written under its new name, and its children follow") {
        document.node(root).name = "Base";
        const auto json = OrderedJson::parse(exportRig(document));
        CHECK(json.contains("Base"));
        CHECK_FALSE(json.contains("Root"));
        CHECK(json["pelvis"]["parent"] == "Base");
    }
}
