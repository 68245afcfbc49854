#include "MpfbTestData.h"
#include "core/io/mpfb/MpfbBaseMesh.h"
#include "core/io/mpfb/MpfbImport.h"
#include "core/io/mpfb/MpfbRig.h"
#include "core/io/mpfb/MpfbWeights.h"

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

using namespace hyperrig;
using core::model::OrderedJson;

namespace {

// One valid bone; tests break one thing in it.
OrderedJson validBone() {
    return OrderedJson::parse(R"({
        "head": {"strategy": "VERTEX", "vertex_index": 0, "default_position": [0, 0, 0]},
        "tail": {"strategy": "CUBE", "cube_name": "joint-head", "default_position": [0, 0, 1]},
        "roll": 0, "parent": "", "use_connect": false, "use_inherit_rotation": true,
        "use_local_location": true, "inherit_scale": "FULL", "rigify": {}})");
}

std::string parseError(const OrderedJson& file) {
    auto rig = core::io::parseMpfbRig(file.dump(), "bad.json");
    REQUIRE_FALSE(rig);
    return rig.error().message();
}

std::string importError(const OrderedJson& file) {
    auto rig = core::io::parseMpfbRig(file.dump(), "bad.json");
    REQUIRE(rig);
    auto imported = core::io::importMpfbRig(*rig, test::mpfbBaseMesh().mesh, "bad", "bad.json");
    REQUIRE_FALSE(imported);
    return imported.error().message();
}

OrderedJson wrapped(OrderedJson bone) {
    return {{"bones", {{"b.L", std::move(bone)}}}, {"version", 110}, {"is_subrig", false}};
}

} // namespace

TEST_CASE("MPFB rig errors say what is wrong and where", "[mpfb]") {
    SECTION("a missing key") {
        OrderedJson bone = validBone();
        bone.erase("use_connect");
        CHECK(parseError(wrapped(bone)) ==
              "bad.json: /bones/b.L: missing \"use_connect\" (a boolean)");
        bone = validBone();
        bone["head"].erase("default_position");
        CHECK(parseError({{"b", bone}}) ==
              "bad.json: /b/head: missing \"default_position\" (3 numbers)");
    }
    SECTION("a wrong type") {
        OrderedJson bone = validBone();
        bone["roll"] = "0";
        CHECK(parseError(wrapped(bone)) ==
              "bad.json: /bones/b.L/roll: expected a number (radians), found a string");
        bone = validBone();
        bone["head"]["vertex_index"] = -1;
        CHECK(parseError(wrapped(bone)) == "bad.json: /bones/b.L/head/vertex_index: expected a "
                                           "vertex index (an integer >= 0), found an integer");
        CHECK(parseError(OrderedJson::array()) ==
              "bad.json: /: a rig file is a JSON object, found an array");
        CHECK(parseError({{"b", 1}}) == "bad.json: /b: a bone is an object, found an integer");
    }
    SECTION("an unknown strategy or roll strategy") {
        OrderedJson bone = validBone();
        bone["tail"]["strategy"] = "NEAREST";
        CHECK(parseError(wrapped(bone)) ==
              "bad.json: /bones/b.L/tail/strategy: unknown strategy \"NEAREST\" (known: CUBE, "
              "VERTEX, MEAN, XYZ, DEFAULT)");
        bone = validBone();
        bone["roll_strategy"] = "ALIGN_Y";
        CHECK(parseError(wrapped(bone))
                  .starts_with(
                      "bad.json: /bones/b.L/roll_strategy: unknown roll strategy \"ALIGN_Y\""));
    }
    SECTION("XYZ needs three vertices") {
        OrderedJson bone = validBone();
        bone["head"] = {
            {"strategy", "XYZ"}, {"vertex_indices", {1, 2}}, {"default_position", {0, 0, 0}}};
        CHECK(parseError(wrapped(bone)) == "bad.json: /bones/b.L/head/vertex_indices: XYZ takes "
                                           "x, y and z from 3 vertices, this list has 2");
    }
    SECTION("parents must be bones of the rig, without cycles") {
        OrderedJson bone = validBone();
        bone["parent"] = "nobody";
        CHECK(parseError(wrapped(bone)) ==
              "bad.json: /bones/b.L/parent: parent \"nobody\" is not a bone of this rig");
        bone["parent"] = "b.L";
        CHECK(parseError(wrapped(bone)) ==
              "bad.json: /bones/b.L/parent: bone \"b.L\" is its own ancestor");
        // Found by the mpfb fuzz target: the first bone's grandparent is missing, named by the
        // second bone (map::at escaped while walking the first bone's ancestors).
        OrderedJson child = validBone();
        child["parent"] = "b.R";
        OrderedJson parent = validBone();
        parent["parent"] = "Arm";
        const OrderedJson file = {{"bones", {{"b.L", child}, {"b.R", parent}}}, {"version", 110}};
        CHECK(parseError(file) ==
              "bad.json: /bones/b.R/parent: parent \"Arm\" is not a bone of this rig");
    }
    SECTION("headers: version, .mhskel, sub-rigs") {
        OrderedJson file = wrapped(validBone());
        file.erase("version");
        CHECK(parseError(file) == "bad.json: /: invalid rig file: \"bones\" without \"version\"");
        file["version"] = 120;
        CHECK(parseError(file) ==
              "bad.json: /version: version 120 is not supported (100 and 110 are)");
        file["version"] = 110;
        file["joints"] = OrderedJson::object();
        CHECK(parseError(file).starts_with("bad.json: /joints: this is a MakeHuman skeleton"));
        file.erase("joints");
        file["is_subrig"] = true;
        CHECK(parseError(file).starts_with("bad.json: /is_subrig: a sub-rig"));
    }
    SECTION("malformed JSON names the line") {
        auto rig = core::io::parseMpfbRig("{\n  \"b\": [\n", "bad.json");
        REQUIRE_FALSE(rig);
        CHECK(rig.error().message().starts_with("bad.json: line 3, column 1: "));
    }
}

TEST_CASE("MPFB vertex indices past the mesh are refused, even 2 GB ones", "[mpfb]") {
    OrderedJson bone = validBone();
    bone["head"]["vertex_index"] = 19158;
    CHECK(importError(wrapped(bone)) ==
          "bad.json: /bones/b.L/head/vertex_index: vertex 19158 is past the base mesh's 19158 "
          "vertices");
    bone = validBone();
    bone["tail"] = {{"strategy", "MEAN"},
                    {"vertex_indices", {0, 2147483648u}},
                    {"default_position", {0, 0, 0}}};
    CHECK(importError(wrapped(bone)) == "bad.json: /bones/b.L/tail/vertex_indices/1: vertex "
                                        "2147483648 is past the base mesh's 19158 vertices");
    SECTION("a vertex-group range declaring 2 G vertices is refused before anything is allocated") {
        auto groups = core::io::parseMpfbVertexGroups(R"({"joint-x": [[0, 2147483647]]})",
                                                      "groups.json", 19158);
        REQUIRE_FALSE(groups);
        CHECK(groups.error().message() == "groups.json: /joint-x/0/1: vertex 2147483647 is past "
                                          "the base mesh's 19158 vertices");
        groups = core::io::parseMpfbVertexGroups(R"({"joint-x": [[5, 4]]})", "groups.json", 10);
        REQUIRE_FALSE(groups);
        CHECK(groups.error().message() ==
              "groups.json: /joint-x/0: the range 5..4 ends before it starts");
        groups = core::io::parseMpfbVertexGroups(R"({"joint-x": [[0]]})", "groups.json", 10);
        REQUIRE_FALSE(groups);
        CHECK(groups.error().message().starts_with(
            "groups.json: /joint-x/0: expected [first, last]"));
    }
}

TEST_CASE("MPFB weights outside [0, 1] are refused with their pointer", "[mpfb]") {
    // MPFB writes clamp(round(w, 5), 0, 1) (mpfb.md §11.3). Before this check, 1e308 under a bone
    // and again under its DEF- name summed to inf in the skin builder, and inf / inf put a NaN
    // weight in the imported skin.
    auto weights = core::io::parseMpfbWeights(
        R"({"weights": {"a": [[0, 1e308]], "DEF-a": [[0, 1e308]]}})", "w.json", 4);
    REQUIRE_FALSE(weights);
    CHECK(weights.error().message() == "w.json: /weights/a/0/1: weight 1e+308 is outside [0, 1]");
    weights =
        core::io::parseMpfbWeights(R"({"weights": {"a": [[0, 0.5], [1, -0.25]]}})", "w.json", 4);
    REQUIRE_FALSE(weights);
    CHECK(weights.error().message() == "w.json: /weights/a/1/1: weight -0.25 is outside [0, 1]");
    weights = core::io::parseMpfbWeights(R"({"weights": {"a": [[3, 1.0001]]}})", "w.json", 4);
    REQUIRE_FALSE(weights);
    CHECK(weights.error().message() == "w.json: /weights/a/0/1: weight 1.0001 is outside [0, 1]");

    SECTION("the ends of the range and MPFB's smallest kept weight are read as written") {
        weights = core::io::parseMpfbWeights(
            R"({"weights": {"a": [[0, 0], [1, 1], [2, 0.0001], [3, -0.0]]}})", "w.json", 4);
        REQUIRE(weights);
        REQUIRE(weights->size() == 1);
        const auto& entries = weights->front().entries;
        REQUIRE(entries.size() == 4);
        CHECK(entries[0].second == 0.0);
        CHECK(entries[1].second == 1.0);
        CHECK(entries[2].second == 0.0001);
        CHECK(entries[3].second == 0.0);
    }
}

TEST_CASE("MPFB weights files that are not one are refused with their pointer", "[mpfb]") {
    const std::pair<const char*, const char*> cases[] = {
        {R"([])", "w.json: /weights: expected an object of vertex groups"},
        {R"({"weights": []})", "w.json: /weights: expected an object of vertex groups"},
        {R"({"weights": {"a~b/c": 7}})",
         "w.json: /weights/a~0b~1c: expected a list of [vertex, weight]"},
        {R"({"weights": {"a": [[0]]}})",
         "w.json: /weights/a/0: expected [vertex, weight], a vertex index and a number"},
        {R"({"weights": {"a": [[-1, 0.5]]}})",
         "w.json: /weights/a/0: expected [vertex, weight], a vertex index and a number"},
        {R"({"weights": {"a": [[0, "0.5"]]}})",
         "w.json: /weights/a/0: expected [vertex, weight], a vertex index and a number"},
        {R"({"weights": {"a": [[4, 0.5]]}})",
         "w.json: /weights/a/0/0: vertex 4 is past the base mesh's 4 vertices"},
    };
    for (const auto& [text, message] : cases) {
        INFO(text);
        auto weights = core::io::parseMpfbWeights(text, "w.json", 4);
        REQUIRE_FALSE(weights);
        CHECK(weights.error().message() == message);
    }
}

TEST_CASE("MPFB falls back to default_position where MPFB does, and says so", "[mpfb]") {
    OrderedJson bone = validBone();
    bone["tail"]["cube_name"] = "joint-nowhere";
    bone["tail"]["offset"] = {1, 1, 1}; // a fallback is neither offset nor scaled
    bone["tail"]["default_position"] = {0.5, 0.25, 2};
    auto rig = core::io::parseMpfbRig(wrapped(bone).dump(), "bad.json");
    REQUIRE(rig);
    auto imported = core::io::importMpfbRig(*rig, test::mpfbBaseMesh().mesh, "bad", "bad.json");
    REQUIRE(imported);
    REQUIRE(imported->warnings.size() == 1);
    CHECK(imported->warnings[0].rule == "mpfb.cube.missing");
    CHECK(imported->warnings[0].pointer == "/bones/b.L/tail/cube_name");
    const core::model::Node& node = imported->document.node(imported->bones[0]);
    const glm::dvec3 head = test::mpfbBaseMesh().mesh.vertices[0];
    CHECK(node.bone()->length.value() ==
          Approx(glm::length(glm::dvec3(0.5, 0.25, 2) - head)).margin(1e-12));
}
