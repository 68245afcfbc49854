#include "core/edit/script/ScriptOps.h"
#include "core/ops/influence/InfluenceScriptOps.h"
#include "tests/core/edit/ScriptTestSupport.h"
#include "tests/core/ops/InfluenceTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::failureOf;
using hyperrig::test::meshNamed;
using hyperrig::test::runText;

namespace {
const edit::ScriptOpCatalog& catalog() {
    static const edit::ScriptOpCatalog all = ops::fullScriptOpCatalog();
    return all;
}
} // namespace

// The influence ops through the script runner, as `hyperrig-cli edit` runs them.

TEST_CASE("influence ops run in scripts once added to the runner", "[ops][influence][script]") {
    const auto names = ops::fullScriptOpCatalog().names();
    for (const char* name : {"inferGroupNames", "sortInfluences", "normalizeWeights",
                             "limitInfluences", "pruneWeights", "removeUnusedGroups"})
        CHECK(std::count(names.begin(), names.end(), name) == 1);

    SECTION("the weight ops on the creature's body; undo and redo") {
        EditFixture f("creature-4d.g4tf");
        const model::MeshId body = meshNamed(f.document, "BodyMesh");
        REQUIRE(runText(f, R"([
            {"op": "pruneWeights", "mesh": "BodyMesh", "threshold": 0.05, "renormalize": true},
            {"op": "limitInfluences", "mesh": "Body", "maxInfluences": 2},
            {"op": "normalizeWeights", "mesh": "#0"},
            {"op": "sortInfluences", "mesh": "BodyMesh"}
        ])",
                        catalog())
                    .ok());
        CHECK(f.history.undoCount() == 4);
        const model::Skin& skin = *f.document.mesh(body).skin;
        for (std::size_t vertex = 0; vertex < skin.vertexCount(); ++vertex) {
            REQUIRE(skin.offsets[vertex + 1] - skin.offsets[vertex] <= 2);
            double sum = 0.0;
            for (std::uint32_t entry = skin.offsets[vertex]; entry < skin.offsets[vertex + 1];
                 ++entry) {
                REQUIRE(skin.weights[entry] >= 0.05);
                sum += skin.weights[entry];
            }
            if (sum > 0.0)
                REQUIRE(sum == Approx(1.0).margin(ops::kNormalizedTolerance));
        }
        f.requireUndoRedo();
    }
    SECTION("inferGroupNames and removeUnusedGroups on the tiny arm") {
        EditFixture f("tiny-4d-mesh.g4tf");
        hyperrig::test::setUp(f, [](model::Document& document) {
            model::Skin& skin = *document.mesh(meshNamed(document, "TinyMesh")).skin;
            skin.groupNames.reset();
            std::replace(skin.groups.begin(), skin.groups.end(), 1u, 0u); // LowerArm unused
        });
        REQUIRE(runText(f, R"([
            {"op": "inferGroupNames", "mesh": "TinyMesh"},
            {"op": "removeUnusedGroups", "mesh": "TinyMesh"}
        ])",
                        catalog())
                    .ok());
        CHECK(f.document.mesh(meshNamed(f.document, "TinyMesh")).skin->groupNames ==
              std::vector<std::string>{"UpperArm", "Hand"});
        f.requireUndoRedo();
    }
    SECTION("field errors and refusals name the op") {
        EditFixture f("creature-4d.g4tf");
        CHECK(failureOf(f, R"([{"op": "limitInfluences", "mesh": "BodyMesh",
                                "maxInfluences": -1}])",
                        catalog()) ==
              "op 0 (limitInfluences): 'maxInfluences' must be a non-negative integer");
        CHECK(failureOf(f, R"([{"op": "pruneWeights", "mesh": "BodyMesh",
                                "threshold": "small"}])",
                        catalog()) == "op 0 (pruneWeights): 'threshold' must be a number");
        CHECK(failureOf(f, R"([{"op": "pruneWeights", "mesh": "BodyMesh", "threshold": 0.1,
                                "renormalize": 1}])",
                        catalog()) == "op 0 (pruneWeights): 'renormalize' must be true or false");
        CHECK(failureOf(f, R"([{"op": "sortInfluences", "mesh": "Nothing"}])", catalog()) ==
              "op 0 (sortInfluences): 'mesh': there is no mesh named 'Nothing'");
        CHECK(failureOf(f, R"([{"op": "inferGroupNames", "mesh": "BodyMesh"}])", catalog()) ==
              "op 0 (inferGroupNames): Infer Group Names: mesh 'BodyMesh': the skin already "
              "has group names; rename groups one by one instead");
        CHECK_THAT(failureOf(f, R"([{"op": "removeUnusedGroups", "mesh": "Clothing"}])", catalog()),
                   Catch::StartsWith("op 0 (removeUnusedGroups): Remove Unused Groups: mesh "
                                     "'ClothingMesh': removing joints slot 0"));
        f.requireUnchanged();
    }
}
