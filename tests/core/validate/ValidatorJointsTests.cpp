#include "core/validate/Validator.h"
#include "tests/core/validate/ValidateTestSupport.h"

#include <catch2/catch.hpp>

using hyperrig::core::Diagnostics;
using hyperrig::core::model::OrderedJson;
using namespace hyperrig::test;

namespace {

// Scene(0) > Rig(1, skeleton) > Hips(2) > {Spine(3) > Head(4), Tail(5)}; Body(6) is a skinned
// mesh child of the rig whose group names follow the joints.
OrderedJson rig(const OrderedJson& joints) {
    return OrderedJson::parse(R"({
        "asset": {"dimension": 4},
        "nodes": [
            {"name": "Scene", "children": [1]},
            {"name": "Rig", "skeleton": {}, "children": [2]},
            {"name": "Hips", "bone": {"length": 0.2}, "position": [0, 1, 0, 0], "children": [3, 5]},
            {"name": "Spine", "bone": {"length": 0.3}, "position": [0, 0.2, 0, 0], "children": [4]},
            {"name": "Head", "bone": {"length": 0.2}, "position": [0, 0.3, 0, 0]},
            {"name": "Tail", "bone": {}, "position": [0, 0, -0.1, 0]}
        ]
    })")
        .patch(OrderedJson::array(
            {{{"op", "add"}, {"path", "/nodes/1/skeleton/joints"}, {"value", joints}}}));
}

std::vector<std::string> rulesOf(const Diagnostics& diagnostics) {
    std::vector<std::string> rules;
    for (const auto& d : diagnostics)
        rules.push_back(d.rule + " " + d.pointer);
    return rules;
}

using Rules = std::vector<std::string>;

} // namespace

// The spec asks for "strictly increasing" joints, "parents before children", and also allows a
// bone to be listed several times and -1 slots. docs/validation.md explains the reading used:
// -1 and repeats are free, the FIRST listing of each bone must increase and follow its ancestors.
TEST_CASE("joints: repeats and -1 are allowed, first listings must increase parents first",
          "[validate][joints]") {
    SECTION("a plain strictly increasing list is valid") {
        CHECK(validateJson(rig({2, 3, 4, 5})).empty());
    }
    SECTION("no joints, or an empty list, is valid") {
        CHECK(validateJson(rig(OrderedJson::array())).empty());
    }
    SECTION("slots appended after merging a mesh may repeat bones or say -1") {
        // Body used Hips, Spine, Head; the merged hair mesh's groups were appended: "Hair" is
        // driven by Head again, "Ribbon" by nothing, "TailTip" by Tail.
        CHECK(validateJson(rig({2, 3, 4, 4, -1, 5})).empty());
        CHECK(validateJson(rig({2, 3, 4, 5, 2, 2, 3, -1, -1, 4})).empty());
    }
    SECTION("a stiff tail: one bone listed several times in a row is valid") {
        CHECK(validateJson(rig({2, 3, 4, 5, 5, 5, 5})).empty());
    }
    SECTION("a -1 slot before the first bone is a placeholder, not a bone") {
        CHECK(validateJson(rig({-1, 2, 3})).empty());
    }
    SECTION("a skeleton may leave its root bone out of the joints") {
        CHECK(validateJson(rig({3, 4})).empty());
    }
    SECTION("first listings out of order are an error at the first late slot") {
        // Tail (5) and Spine (3) are siblings: only the index order is broken.
        CHECK(rulesOf(validateJson(rig({2, 5, 3}))) ==
              Rules{"skeleton.joints.order /nodes/1/skeleton/joints/2"});
        const auto diagnostics = validateJson(rig({2, 5, 3, 4}));
        REQUIRE(rulesOf(diagnostics) == Rules{"skeleton.joints.order /nodes/1/skeleton/joints/2"});
        CHECK(diagnostics[0].message ==
              "skeleton 'Rig' (index 1): joints slot 2 first lists bone 'Spine' (index 3) after "
              "bone 'Tail' (index 5); the first listing of each joint bone must have increasing "
              "node indices");
        CHECK(validateJson(rig({5, 3, 2}))[0].message.ends_with("(2 such slots in all)"));
    }
    SECTION("a repeat does not hide a first listing that breaks the order") {
        CHECK(rulesOf(validateJson(rig({2, 5, 5, 3}))) ==
              Rules{"skeleton.joints.order /nodes/1/skeleton/joints/3"});
        CHECK(rulesOf(validateJson(rig({2, 3, 5, 2, 4}))) ==
              Rules{"skeleton.joints.order /nodes/1/skeleton/joints/4"});
    }
    SECTION("a child first listed before its parent breaks the parent rule") {
        CHECK(rulesOf(validateJson(rig({2, 4, 3}))) ==
              Rules{"skeleton.joints.order /nodes/1/skeleton/joints/2",
                    "skeleton.joints.parent-order /nodes/1/skeleton/joints/1"});
        CHECK(rulesOf(validateJson(rig({3, 2}))) ==
              Rules{"skeleton.joints.order /nodes/1/skeleton/joints/1",
                    "skeleton.joints.parent-order /nodes/1/skeleton/joints/0"});
    }
    SECTION("an entry below -1 or past the nodes is an index error") {
        CHECK(rulesOf(validateJson(rig({2, -2}))) ==
              Rules{"skeleton.joints.index /nodes/1/skeleton/joints/1"});
        CHECK(rulesOf(validateJson(rig({2, 60}))) ==
              Rules{"skeleton.joints.index /nodes/1/skeleton/joints/1"});
        CHECK(rulesOf(validateJson(rig({2, 3.0}))) ==
              Rules{"skeleton.joints.index /nodes/1/skeleton/joints/1"});
    }
    SECTION("a joint that is no bone, or a bone of no skeleton, is an error") {
        CHECK(rulesOf(validateJson(rig({0, 2}))) ==
              Rules{"skeleton.joints.not-bone /nodes/1/skeleton/joints/0"});
        CHECK(rulesOf(validateJson(rig({1}))) ==
              Rules{"skeleton.joints.not-bone /nodes/1/skeleton/joints/0"});
    }
}

TEST_CASE("joints: an ancestor with a higher node index makes ordering impossible",
          "[validate][joints]") {
    // Rig > Root(3) > Arm(2): listing both in increasing order puts the child first. The writer
    // has to renumber the nodes; the validator reports what the file breaks.
    OrderedJson document = OrderedJson::parse(R"({
        "asset": {"dimension": 4},
        "nodes": [
            {"name": "Scene", "children": [1]},
            {"name": "Rig", "skeleton": {"joints": [2, 3]}, "children": [3]},
            {"name": "Arm", "bone": {}},
            {"name": "Root", "bone": {}, "children": [2]}
        ]
    })");
    const auto diagnostics = validateJson(document);
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].rule == "skeleton.joints.parent-order");
    CHECK(diagnostics[0].pointer == "/nodes/1/skeleton/joints/0");
    CHECK(diagnostics[0].message ==
          "skeleton 'Rig' (index 1): joints slot 0 lists bone 'Arm' (index 2) before its ancestor "
          "bone 'Root' (index 3) (first listed at slot 1); parent bones must be listed before "
          "their children");
}

TEST_CASE("joints: a skeleton's single root bone must be its first child", "[validate][joints]") {
    OrderedJson document = rig({2, 3});
    document["nodes"][1]["children"] = {6, 2};
    document["nodes"].push_back({{"name", "Marker"}});
    const auto diagnostics = validateJson(document);
    CHECK(rulesOf(diagnostics) == Rules{"skeleton.root-bone.first-child /nodes/2"});

    SECTION("with two root bones the order of children is free") {
        document["nodes"][6]["bone"] = OrderedJson::object();
        CHECK(validateJson(document).empty());
    }
}
