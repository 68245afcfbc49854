#include "core/edit/History.h"
#include "core/edit/script/ScriptRunner.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/io/mpfb/MpfbSkin.h"
#include "core/ops/DimensionLift.h"
#include "core/ops/DimensionLiftCommand.h"
#include "core/ops/influence/InfluenceScriptOps.h"
#include "core/validate/Validator.h"
#include "tests/core/io/mpfb/MpfbTestData.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig;
using core::model::Document;
using core::model::NodeId;

namespace {

core::math::AffineN globalOf(const Document& document, NodeId node) {
    std::vector<NodeId> chain;
    for (NodeId at = node; at; at = document.node(at).parent)
        chain.push_back(at);
    auto global = core::math::AffineN::identity(document.dimension());
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
        global = core::math::AffineN::compose(
            global, document.node(*it).transform.toAffine(document.dimension()).value());
    return global;
}

core::io::MpfbImport skinnedHuman() {
    const auto& base = test::mpfbBaseMesh();
    core::io::MpfbImport imported = test::importShippedRig("standard/rig.game_engine.json");
    auto weights = core::io::readMpfbWeightsFile(
        test::mpfbData("rigs/standard/weights.game_engine.json"), base.obj.positions.size());
    REQUIRE(weights);
    core::io::addMpfbSkinnedBody(imported, base.obj, *weights);
    return imported;
}

core::Diagnostics validationErrors(const Document& document) {
    test::TemporaryFolder folder;
    REQUIRE(core::io::writeG4mf(document, folder / "lifted.g4tf"));
    auto file = core::io::loadG4mfFile(folder / "lifted.g4tf");
    REQUIRE(file);
    core::Diagnostics errors;
    for (const core::Diagnostic& d : core::validate::validateG4mf(*file))
        if (d.severity == core::Diagnostic::Severity::Error)
            errors.push_back(d);
    return errors;
}

} // namespace

TEST_CASE("Lifting a 3D rig into 4D keeps every bone where it was, at W = 0", "[ops][lift]") {
    const core::io::MpfbImport imported = test::importShippedRig("rigify/rig.human.json");
    auto lifted = core::ops::liftTo4D(imported.document);
    REQUIRE(lifted);
    CHECK(lifted->dimension() == 4);
    for (NodeId id : imported.bones) {
        INFO(imported.document.node(id).displayName());
        const auto before = globalOf(imported.document, id);
        const auto after = globalOf(*lifted, id);
        for (int r = 0; r < 3; ++r) {
            CHECK(after.position()[r] == Approx(before.position()[r]).margin(1e-12));
            for (int c = 0; c < 3; ++c)
                CHECK(after.basis().at(r, c) == Approx(before.basis().at(r, c)).margin(1e-12));
            CHECK(after.basis().at(r, 3) == 0.0);
            CHECK(after.basis().at(3, r) == 0.0);
        }
        CHECK(after.position()[3] == 0.0);
        CHECK(after.basis().at(3, 3) == Approx(1.0).margin(1e-12));
        CHECK(lifted->node(id).bone()->length == imported.document.node(id).bone()->length);
    }
    CHECK(validationErrors(*lifted).empty());

    SECTION("and dropping W gives the 3D rig back exactly") {
        auto dropped = core::ops::dropTo3D(*lifted);
        REQUIRE(dropped);
        CHECK(dropped->dimension() == 3);
        for (NodeId id : imported.document.nodes.order())
            CHECK(dropped->node(id).transform == imported.document.node(id).transform);
    }
    SECTION("a bone moved along W cannot be dropped") {
        lifted->node(imported.bones[3]).transform.position[3] = 0.01;
        auto dropped = core::ops::dropTo3D(*lifted);
        REQUIRE_FALSE(dropped);
        CHECK(dropped.error().message() == "node '" +
                                               lifted->node(imported.bones[3]).displayName() +
                                               "': its position has a W component");
    }
}

TEST_CASE("Lifting a skinned human makes a thin slab of tetrahedra", "[ops][lift]") {
    const core::io::MpfbImport human = skinnedHuman();
    const Document& document = human.document;
    const auto& mesh3 = document.mesh(document.meshes.order().front());
    const std::size_t n = mesh3.vertexCount();
    const std::size_t triangles = mesh3.surfaces[0].simplexes->elementCount();

    SECTION("triangles need a thickness") {
        auto refused = core::ops::liftTo4D(document);
        REQUIRE_FALSE(refused);
        CHECK_THAT(refused.error().message(), Catch::Contains("give a thickness"));
    }
    auto lifted = core::ops::liftTo4D(document, {0.002});
    REQUIRE(lifted);
    const auto& mesh4 = lifted->mesh(lifted->meshes.order().front());
    REQUIRE(mesh4.vertexCount() == 2 * n);
    CHECK(mesh4.vertices.vectorSize == 4);
    // Vertex v sits at W = -t/2, its copy v + n at +t/2, both at the 3D position.
    CHECK(mesh4.vertices.values[3] == -0.001);
    CHECK(mesh4.vertices.values[4 * n + 3] == 0.001);
    CHECK(mesh4.vertices.values[4 * n] == mesh3.vertices.values[0]);
    REQUIRE(mesh4.surfaces[0].simplexes->vectorSize == 4);
    CHECK(mesh4.surfaces[0].simplexes->elementCount() == 3 * triangles);
    // The copies carry the same influences.
    const auto& skin = *mesh4.skin;
    REQUIRE(skin.vertexCount() == 2 * n);
    for (std::size_t v = 0; v < n; v += 997) {
        CHECK(skin.offsets[v + 1] - skin.offsets[v] ==
              skin.offsets[n + v + 1] - skin.offsets[n + v]);
        CHECK(skin.groups[skin.offsets[v]] == skin.groups[skin.offsets[n + v]]);
        CHECK(skin.weights[skin.offsets[v]] == skin.weights[skin.offsets[n + v]]);
    }
    CHECK(validationErrors(*lifted).empty());
    SECTION("a 4D document with meshes is not dropped") {
        auto dropped = core::ops::dropTo3D(*lifted);
        REQUIRE_FALSE(dropped);
        CHECK_THAT(dropped.error().message(), Catch::Contains("only rigs are dropped"));
    }
}

TEST_CASE("Lift and drop are undoable commands and script ops", "[ops][lift]") {
    core::io::MpfbImport imported = test::importShippedRig("standard/rig.openpose.json");
    Document& document = imported.document;
    const Document original = core::ops::dropTo3D(core::ops::liftTo4D(document).value()).value();
    core::edit::History history(document);
    REQUIRE(history.execute(core::ops::liftTo4DCommand(document).value()));
    CHECK(document.dimension() == 4);
    CHECK(history.undoName() == "Lift into 4D");
    SECTION("undo and redo") {
        history.undo();
        CHECK(document.dimension() == 3);
        for (NodeId id : original.nodes.order())
            CHECK(document.node(id).transform == original.node(id).transform);
        history.redo();
        CHECK(document.dimension() == 4);
        CHECK(document.node(imported.bones[0]).transform.rotor.size() == 8);
    }
    SECTION("the script ops run through the same commands") {
        const auto script = core::model::OrderedJson::parse(R"([{"op": "dropTo3D"}])");
        REQUIRE(core::edit::runScript(history, script, core::ops::fullScriptOpCatalog()));
        CHECK(document.dimension() == 3);
        const auto lift =
            core::model::OrderedJson::parse(R"([{"op": "liftTo4D", "thickness": -1}])");
        auto refused = core::edit::runScript(history, lift, core::ops::fullScriptOpCatalog());
        REQUIRE_FALSE(refused);
        CHECK_THAT(refused.error().message(),
                   Catch::Contains("'thickness' must be a positive number"));
        history.undo();
        CHECK(document.dimension() == 4);
    }
}
