#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/validate/Validator.h"
#include "tests/core/edit/DataTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::meshNamed;
using hyperrig::test::nodeNamed;

// docs/decisions/0008: commands refuse what breaks a rule about the items they edit, and accept
// states that break only a rule between items, which the validator reports as errors.

namespace {

// The rule ids of the errors the validator finds in a save of `document`.
std::vector<std::string> errorRules(const model::Document& document) {
    const std::string text = hyperrig::test::savedText(document);
    auto file = io::parseG4mfBytes(hyperrig::test::bytesOf(text), ".");
    REQUIRE(file.ok());
    std::vector<std::string> rules;
    for (const Diagnostic& diagnostic : validate::validateG4mf(*file))
        if (diagnostic.severity == Diagnostic::Severity::Error)
            rules.push_back(diagnostic.rule);
    return rules;
}

bool reports(const model::Document& document, const std::string& rule) {
    const std::vector<std::string> rules = errorRules(document);
    return std::find(rules.begin(), rules.end(), rule) != rules.end();
}

} // namespace

TEST_CASE("commands accept the order rules between items that the validator reports",
          "[edit][validate]") {
    EditFixture f("creature-4d.g4tf");
    REQUIRE(errorRules(f.document).empty());
    const model::NodeId rig = nodeNamed(f.document, "CreatureRig");

    SECTION("swapping two joints slots passes through an order the validator refuses") {
        REQUIRE(f.execute(edit::moveJoint(rig, 0, 1)).ok());
        CHECK(reports(f.document, "skeleton.joints.order"));
        CHECK(reports(f.document, "skeleton.joints.parent-order"));
        REQUIRE(f.execute(edit::moveJoint(rig, 1, 0)).ok());
        CHECK(errorRules(f.document).empty());
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a node inserted before the single root bone waits to be moved behind it") {
        model::NodeId created;
        REQUIRE(f.execute(edit::createNode(rig, 0, model::Node{}, &created)).ok());
        CHECK(reports(f.document, "skeleton.root-bone.first-child"));
        REQUIRE(f.execute(edit::reparentNode(created, rig, std::nullopt)).ok());
        CHECK(errorRules(f.document).empty());
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a group renamed in one mesh disagrees with the other mesh until it is renamed too") {
        REQUIRE(f.execute(edit::renameGroup(meshNamed(f.document, "BodyMesh"), 4, "Skull")).ok());
        CHECK(reports(f.document, "skin.group-names.conflict"));
        REQUIRE(
            f.execute(edit::renameGroup(meshNamed(f.document, "ClothingMesh"), 4, "Skull")).ok());
        CHECK(errorRules(f.document).empty());
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
}

TEST_CASE("names are unique across the items kept as read, as the validator checks them",
          "[edit][validate]") {
    // everything-current has materials M0..M3 and an accessor named CellNormals, which the
    // document keeps as JSON.
    auto read =
        io::readG4mf(hyperrig::test::sourcePath("tests/fixtures/g4mf/everything-current.g4tf"));
    REQUIRE(read.ok());
    model::Document document = std::move(read->document);
    const model::NodeId upper = document.findNode("Upper");
    REQUIRE(upper);

    SECTION("the validator reports such a clash as an error") {
        document.node(upper).name = "M0";
        CHECK(reports(document, "name.not-unique"));
    }
    SECTION("so renames and new items are refused") {
        edit::History history(document);
        const model::NodeId rig = document.findNode("Rig");
        for (const char* taken : {"M0", "CellNormals"}) {
            INFO(taken);
            auto renamed = history.execute(edit::renameNode(upper, taken));
            REQUIRE_FALSE(renamed.ok());
            CHECK(renamed.error().message() ==
                  "Rename Node: the name '" + std::string(taken) +
                      "' is already used; names are unique across the whole file");
            CHECK_FALSE(history.execute(edit::addBone(rig, taken, std::nullopt, 0.1)).ok());
            CHECK_FALSE(
                history.execute(edit::createShape(taken, model::OrderedJson::object())).ok());
        }
        CHECK(history.undoCount() == 0);
        CHECK(document.node(upper).name == "Upper");
    }
}
