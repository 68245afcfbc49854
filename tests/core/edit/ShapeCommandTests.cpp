#include "core/edit/commands/DataCommands.h"
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
