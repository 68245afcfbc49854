#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using namespace std::chrono_literals;
using hyperrig::test::EditFixture;

namespace {

const model::OrderedJson kCapsule = {{"type", "general"},
                                     {"size", {0, 0.1, 0, 0}},
                                     {"curves", {{{"radii", {0.03, 0.03, 0.03, 0.03}}}}}};

const model::Shape& shapeAt(const model::Document& document, std::size_t index) {
    return document.shapes.at(document.shapes.order()[index]);
}

} // namespace

TEST_CASE("create shape appends a named shape", "[edit][shape]") {
    EditFixture f("creature-4d.g4tf");
    const std::size_t count = f.document.shapes.size();

    SECTION("the shape is appended and its id comes back, the same on redo") {
        model::ShapeId created;
        edit::ChangeSet seen;
        f.history.addListener([&](const edit::ChangeSet& changes) { seen = changes; });
        REQUIRE(f.execute(edit::createShape("FootCapsule", kCapsule, &created)).ok());
        REQUIRE(f.document.shapes.size() == count + 1);
        CHECK(f.document.shapes.order().back() == created);
        CHECK(f.document.shapes.at(created).name == "FootCapsule");
        CHECK(f.document.shapes.at(created).value == kCapsule);
        CHECK(seen.shapesChanged == std::vector<model::ShapeId>{created});
        f.history.undo();
        CHECK(f.document.shapes.find(created) == nullptr);
        f.history.redo();
        CHECK(f.document.shapes.find(created) != nullptr);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("an unnamed shape") {
        REQUIRE(f.execute(edit::createShape(std::nullopt, kCapsule)).ok());
        CHECK_FALSE(shapeAt(f.document, count).name.has_value());
        REQUIRE(f.execute(edit::createShape("", kCapsule)).ok());
        CHECK_FALSE(shapeAt(f.document, count + 1).name.has_value());
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a taken name, a value that is not an object, a value with a name are refused") {
        auto taken = f.execute(edit::createShape("Hips", kCapsule));
        REQUIRE_FALSE(taken.ok());
        CHECK_THAT(taken.error().message(),
                   Catch::StartsWith("Create Shape: the name 'Hips' is already used"));
        auto array = f.execute(edit::createShape("Foot", model::OrderedJson::array()));
        REQUIRE_FALSE(array.ok());
        CHECK(array.error().message() == "Create Shape: a shape is a JSON object, not array");
        model::OrderedJson named = kCapsule;
        named["name"] = "Foot";
        CHECK_FALSE(f.execute(edit::createShape("Foot", named)).ok());
        f.requireUnchanged();
    }
}

TEST_CASE("edit shape replaces a shape's JSON and merges while dragging", "[edit][shape]") {
    EditFixture f("creature-4d.g4tf");
    const model::ShapeId hips = f.document.shapes.order()[0];

    SECTION("one edit") {
        REQUIRE(f.execute(edit::editShape(hips, kCapsule)).ok());
        CHECK(f.document.shapes.at(hips).value == kCapsule);
        CHECK(f.document.shapes.at(hips).name == "HipsCapsule");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("edits within the merge window are one undo step; back to the start is none") {
        model::OrderedJson bigger = kCapsule;
        bigger["size"] = {0, 0.2, 0, 0};
        f.clockStep = 100ms;
        REQUIRE(f.execute(edit::editShape(hips, kCapsule)).ok());
        REQUIRE(f.execute(edit::editShape(hips, bigger)).ok());
        CHECK(f.history.undoCount() == 1);
        CHECK(f.document.shapes.at(hips).value == bigger);
        const model::OrderedJson original =
            f.pristine.shapes.at(f.pristine.shapes.order()[0]).value;
        REQUIRE(f.execute(edit::editShape(hips, original)).ok());
        CHECK(f.history.undoCount() == 0);
        f.requireUnchanged();
    }
    SECTION("a value that is not an object is refused") {
        auto refused = f.execute(edit::editShape(hips, 3));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() == "Edit Shape: a shape is a JSON object, not number");
        f.requireUnchanged();
    }
}

TEST_CASE("rename shape follows the name rules", "[edit][shape]") {
    EditFixture f("creature-4d.g4tf");
    const model::ShapeId hips = f.document.shapes.order()[0];

    SECTION("a new name, then no name") {
        REQUIRE(f.execute(edit::renameShape(hips, "PelvisCapsule")).ok());
        CHECK(f.document.shapes.at(hips).name == "PelvisCapsule");
        REQUIRE(f.execute(edit::renameShape(hips, "")).ok());
        CHECK_FALSE(f.document.shapes.at(hips).name.has_value());
        CHECK(f.history.undoName() == "Rename Shape");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a name used by another item, or a forbidden character, is refused") {
        auto taken = f.execute(edit::renameShape(hips, "SpineCapsule"));
        REQUIRE_FALSE(taken.ok());
        CHECK_THAT(taken.error().message(), Catch::Contains("'SpineCapsule' is already used"));
        CHECK_FALSE(f.execute(edit::renameShape(hips, "Hips")).ok());
        CHECK_FALSE(f.execute(edit::renameShape(hips, "a/b")).ok());
        f.requireUnchanged();
    }
    SECTION("keeping its own name is allowed") {
        REQUIRE(f.execute(edit::renameShape(hips, "HipsCapsule")).ok());
        f.requireUnchanged();
    }
}

TEST_CASE("remove shape takes out a shape nothing uses", "[edit][shape]") {
    EditFixture f("creature-4d.g4tf");
    const std::size_t count = f.document.shapes.size();
    const model::NodeId neck = hyperrig::test::nodeNamed(f.document, "Neck");
    const model::ShapeId neckCapsule = f.document.shapes.order()[3];
    const model::ShapeId headCapsule = f.document.shapes.order()[4];
    REQUIRE(f.document.node(neck).bone()->shape == neckCapsule);

    SECTION("the shapes after it move up; bones keep their shapes") {
        REQUIRE(f.execute(edit::setBoneShape(neck, {})).ok());
        edit::ChangeSet seen;
        f.history.addListener([&](const edit::ChangeSet& changes) { seen = changes; });
        REQUIRE(f.execute(edit::removeShape(neckCapsule)).ok());
        CHECK(f.history.undoName() == "Remove Shape");
        CHECK(seen.shapesChanged == std::vector<model::ShapeId>{neckCapsule});
        REQUIRE(f.document.shapes.size() == count - 1);
        CHECK(f.document.shapes.find(neckCapsule) == nullptr);
        CHECK(f.document.shapes.positionOf(headCapsule) == 3);
        const model::NodeId head = hyperrig::test::nodeNamed(f.document, "Head");
        CHECK(f.document.node(head).bone()->shape == headCapsule);
        f.history.undo();
        CHECK(f.document.shapes.positionOf(neckCapsule) == 3);
        CHECK(f.document.shapes.at(neckCapsule).name == "NeckCapsule");
        f.history.redo();
        CHECK(f.document.shapes.find(neckCapsule) == nullptr);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a shape a bone uses is refused, naming the bone") {
        auto refused = f.execute(edit::removeShape(neckCapsule));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() == "Remove Shape: bone 'Neck' uses shape 'NeckCapsule'; "
                                           "clear the bone's shape first");
        CHECK(f.history.undoCount() == 0);
        f.requireUnchanged();
    }
    SECTION("a removed shape is refused") {
        auto refused = f.execute(edit::removeShape(model::ShapeId{999}));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() == "Remove Shape: the shape no longer exists");
        f.requireUnchanged();
    }
}

TEST_CASE("remove shape keeps the shape indices that physics JSON holds", "[edit][shape]") {
    EditFixture f("creature-4d.g4tf");
    for (const char* name : {"DoorBox", "SensorBox", "SpareBox"})
        REQUIRE(f.execute(edit::createShape(name, kCapsule)).ok());
    const auto& shapes = f.document.shapes.order();
    const model::ShapeId doorBox = shapes[10];
    const model::ShapeId sensorBox = shapes[11];
    const model::ShapeId spareBox = shapes[12];
    // Physics names shapes by file index: a collider on #10 (DoorBox), a trigger on #11.
    const auto addPhysics = [&f](const char* name, const char* user, int shape) {
        model::Node node;
        node.name = name;
        node.component = model::OpaqueComponent{"physics", {{user, {{"shape", shape}}}}};
        REQUIRE(f.execute(edit::createNode(f.document.root(), 1, std::move(node))).ok());
    };
    addPhysics("Door", "collider", 10);
    addPhysics("Sensor", "trigger", 11);
    // Refuses, leaving the document as it was; gives the message.
    const auto refusal = [&f](model::ShapeId shape) {
        const std::string before = hyperrig::test::savedText(f.document);
        auto refused = f.execute(edit::removeShape(shape));
        REQUIRE_FALSE(refused.ok());
        CHECK(hyperrig::test::savedText(f.document) == before);
        return refused.error().message();
    };

    SECTION("a shape a collider or a trigger uses is refused") {
        CHECK(refusal(doorBox) ==
              "Remove Shape: the physics collider of node 'Door' uses shape 'DoorBox'");
        CHECK(refusal(sensorBox) ==
              "Remove Shape: the physics trigger of node 'Sensor' uses shape 'SensorBox'");
    }
    SECTION("a shape before one that physics names by index is refused") {
        const model::NodeId neck = hyperrig::test::nodeNamed(f.document, "Neck");
        REQUIRE(f.execute(edit::setBoneShape(neck, {})).ok());
        CHECK(refusal(shapes[3]) ==
              "Remove Shape: the physics collider of node 'Door' names shape #10 by its file "
              "index, which removing shape 'NeckCapsule' would shift; HyperRig keeps physics as "
              "written and does not renumber it");
    }
    SECTION("a shape after every index physics names is removed") {
        REQUIRE(f.execute(edit::removeShape(spareBox)).ok());
        CHECK(f.document.shapes.size() == 12);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
}
