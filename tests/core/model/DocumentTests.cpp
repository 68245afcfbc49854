#include "core/model/Document.h"
#include "core/model/DocumentEquality.h"
#include "core/model/DocumentSummary.h"
#include "core/model/NameRules.h"
#include "tests/core/io/g4mf/G4mfTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig;
using namespace hyperrig::core::model;

TEST_CASE("document queries follow the G4MF skeleton rules", "[model][document]") {
    auto read = test::readText(R"({"asset": {"dimension": 4}, "nodes": [
        {"children": [1, 5]},
        {"name": "Rig", "skeleton": {}, "children": [2]},
        {"name": "Hips", "bone": {}, "children": [3]},
        {"name": "Spine", "bone": {}, "children": [4]},
        {"name": "Prop", "children": [6]},
        {"name": "Loose", "bone": {}},
        {"name": "BehindProp", "bone": {}}]})");
    REQUIRE(read.ok());
    const Document& document = read->document;
    const NodeId rig = document.findNode("Rig");

    CHECK(document.skeletonOf(document.findNode("Spine")) == rig);
    CHECK_FALSE(document.skeletonOf(document.findNode("Loose")));      // no skeleton above
    CHECK_FALSE(document.skeletonOf(document.findNode("BehindProp"))); // chain broken by Prop
    CHECK(document.isAncestorOrSelf(rig, document.findNode("Spine")));
    CHECK_FALSE(document.isAncestorOrSelf(document.findNode("Spine"), rig));
    CHECK(document.subtree(rig).size() == 5);
    CHECK(document.nameInUse("Hips"));
    CHECK_FALSE(document.nameInUse("Hips", document.findNode("Hips")));
    CHECK_FALSE(document.nameInUse(""));
}

TEST_CASE("names held by items kept as read are in use", "[model][document]") {
    auto read = core::io::readG4mf(test::sourcePath("assets/samples/tiny-4d-mesh.g4tf"));
    REQUIRE(read.ok());
    Document& document = read->document;
    Mesh& mesh = document.mesh(document.meshes.order().front());
    REQUIRE(mesh.skin);
    REQUIRE_FALSE(mesh.surfaces.empty());
    REQUIRE(mesh.surfaces.front().simplexes);

    document.preserved.topLevel["lights"] = OrderedJson::array({{{"name", "Sun"}}});
    document.preserved.topLevel["materials"] = OrderedJson::array({{{"name", "Skin"}}, 3});
    document.preserved.accessors.push_back({7, {{"name", "CellNormals"}}, std::nullopt});
    document.preserved.bufferViews.push_back({8, {{"name", "Image"}}, {}});
    document.preserved.firstBufferExtra["name"] = "Data";
    mesh.vertices.accessorExtra["name"] = "Positions";
    mesh.surfaces.front().simplexes->accessorExtra["name"] = "Cells";
    mesh.skin->accessorExtra[2]["name"] = "Weights";
    for (const char* name :
         {"Sun", "Skin", "CellNormals", "Image", "Data", "Positions", "Cells", "Weights"}) {
        INFO(name);
        CHECK(document.nameInUse(name));
        CHECK(uniqueName(document, name) == std::string(name) + "2");
    }
    // Only "name" members of items count, and only strings.
    document.preserved.topLevel["extras"] = {{"name", "Loose"}};
    document.preserved.topLevel["cameras"] = OrderedJson::array({{{"name", 5}}});
    CHECK_FALSE(document.nameInUse("Loose"));
    CHECK_FALSE(document.nameInUse("5"));
}

TEST_CASE("item stores hand items out and take them back at the same place", "[model]") {
    Document document;
    for (const char* name : {"A", "B", "C"}) {
        auto node = std::make_unique<Node>();
        node->id = document.nodes.allocateId();
        node->name = name;
        document.nodes.append(std::move(node));
    }
    const NodeId b = document.findNode("B");
    auto [taken, position] = document.nodes.take(b);
    CHECK(position == 1);
    CHECK(document.nodes.size() == 2);
    CHECK_FALSE(document.findNode("B"));
    document.nodes.insert(std::move(taken), position);
    CHECK(document.nodes.order()[1] == b);
    CHECK(document.node(b).name == "B");
    // Ids are never reused for new items.
    CHECK(document.nodes.allocateId().value == 4);
}

TEST_CASE("summaries and equality describe documents", "[model][summary]") {
    auto creature = core::io::readG4mf(test::sourcePath("assets/samples/creature-4d.g4tf"));
    REQUIRE(creature.ok());
    const auto summary = summarize(creature->document);
    CHECK(summary.dimension == 4);
    CHECK(summary.skeletons == 1);
    REQUIRE(summary.skeletonDetails.size() == 1);
    CHECK(summary.skeletonDetails[0].bones == summary.bones);

    auto copy = core::io::readG4mf(test::sourcePath("assets/samples/creature-4d.g4tf"));
    REQUIRE(copy.ok());
    CHECK(firstDifference(creature->document, copy->document) == std::nullopt);
    Node& hips = copy->document.node(copy->document.findNode("Hips"));
    hips.bone()->length = 123.0;
    const auto difference = firstDifference(creature->document, copy->document);
    REQUIRE(difference.has_value());
    CHECK_THAT(*difference, Catch::Contains("bone differs"));
}
