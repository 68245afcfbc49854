#include "core/edit/commands/NodeCommands.h"
#include "core/edit/script/ScriptRunner.h"
#include "tests/core/edit/NodeTestSupport.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <limits>
#include <sstream>

using namespace hyperrig;
using namespace hyperrig::core;
using edit::ChangeSet;

namespace {

// The blend fixture: node "Face" shows FaceMesh with shapes Smile and Wide, amounts [0.25, 0].
std::string blendFixtureText() {
    std::ifstream in(test::sourcePath("tests/fixtures/g4mf/blend-shapes.g4tf"));
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

const std::optional<std::vector<double>>& blendAmountsOf(test::NodeEditFixture& f,
                                                         model::NodeId node) {
    return std::get<model::MeshInstance>(f.document().node(node).component).blendAmounts;
}

} // namespace

TEST_CASE("set blend amount writes the instance's amounts as one undo step", "[blend][edit]") {
    test::NodeEditFixture f(blendFixtureText());
    const model::NodeId face = f.node("Face");

    SECTION("the instance starts from the mesh's amounts") {
        REQUIRE(f.execute(edit::setBlendAmount(face, 1, 0.75)).ok());
        CHECK(blendAmountsOf(f, face) == std::vector<double>{0.25, 0.75});
        CHECK(f.changes().back().fieldsOf(face) == ChangeSet::BlendAmounts);
        CHECK(f.history().undoName() == "Set Blend Amount");
        f.history().undo();
        CHECK_FALSE(blendAmountsOf(f, face).has_value());
        f.history().redo();
        CHECK(blendAmountsOf(f, face) == std::vector<double>{0.25, 0.75});
    }
    SECTION("amounts may leave [0, 1]") {
        REQUIRE(f.execute(edit::setBlendAmount(face, 0, -1.5)).ok());
        CHECK(blendAmountsOf(f, face) == std::vector<double>{-1.5, 0.0});
    }
    SECTION("a drag of one slider merges into one step; another shape is a new step") {
        REQUIRE(f.execute(edit::setBlendAmount(face, 0, 0.3)).ok());
        REQUIRE(f.execute(edit::setBlendAmount(face, 0, 0.6)).ok());
        REQUIRE(f.execute(edit::setBlendAmount(face, 0, 0.9)).ok());
        CHECK(f.history().undoCount() == 1);
        REQUIRE(f.execute(edit::setBlendAmount(face, 1, 0.5)).ok());
        CHECK(f.history().undoCount() == 2);
        CHECK(blendAmountsOf(f, face) == std::vector<double>{0.9, 0.5});
        f.history().undo();
        CHECK(blendAmountsOf(f, face) == std::vector<double>{0.9, 0.0});
        f.history().undo();
        CHECK_FALSE(blendAmountsOf(f, face).has_value());
    }
    SECTION("undo gives the document as loaded, redo the edit again") {
        // (requireUndoRedo compares classic saves, which have no place for blendAmounts.)
        const auto loaded = test::readText(blendFixtureText());
        REQUIRE(loaded.ok());
        REQUIRE(f.execute(edit::setBlendAmount(face, 0, 1.0)).ok());
        CHECK(model::firstDifference(f.document(), loaded->document) != std::nullopt);
        f.history().undo();
        CHECK(model::firstDifference(f.document(), loaded->document) == std::nullopt);
        f.history().redo();
        CHECK(blendAmountsOf(f, face) == std::vector<double>{1.0, 0.0});
    }
}

TEST_CASE("set blend amount refuses what the mesh cannot show", "[blend][edit]") {
    test::NodeEditFixture f(blendFixtureText());
    const model::NodeId face = f.node("Face");
    f.requireRefused(edit::setBlendAmount(face, 2, 1.0),
                     "Set Blend Amount: node 'Face': its mesh has 2 blend shapes, so "
                     "there is no shape 2");
    f.requireRefused(edit::setBlendAmount(face, 0, std::numeric_limits<double>::infinity()),
                     "Set Blend Amount: node 'Face': a blend amount must be a finite "
                     "number");
    f.requireRefused(edit::setBlendAmount(f.node("Scene"), 0, 1.0),
                     "Set Blend Amount: node 'Scene' shows no mesh");
}

TEST_CASE("the setBlendAmount op addresses a shape by name or index", "[blend][edit][script]") {
    test::NodeEditFixture f(blendFixtureText());
    const model::NodeId face = f.node("Face");
    auto run = [&](const char* text) {
        return edit::runScript(f.history(), model::OrderedJson::parse(text));
    };
    REQUIRE(
        run(R"([{"op": "setBlendAmount", "node": "Face", "shape": "Wide", "amount": 2}])").ok());
    REQUIRE(run(R"([{"op": "setBlendAmount", "node": "Face", "shape": 0, "amount": 0}])").ok());
    CHECK(blendAmountsOf(f, face) == std::vector<double>{0.0, 2.0});
    auto missing =
        run(R"([{"op": "setBlendAmount", "node": "Face", "shape": "Frown", "amount": 1}])");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().message().find("no blend shape named \"Frown\"") != std::string::npos);
}
