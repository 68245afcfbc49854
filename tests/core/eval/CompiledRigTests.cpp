#include "core/base/ThreadPool.h"
#include "core/edit/History.h"
#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::loadSample;
using hyperrig::test::meshNamed;
using hyperrig::test::nodeNamed;

namespace {

// Two rigs describe the document the same way: same skeletons, instances and mesh data.
void requireSameRig(const eval::CompiledRig& a, const eval::CompiledRig& b) {
    REQUIRE(a.skeletons().size() == b.skeletons().size());
    for (std::size_t i = 0; i < a.skeletons().size(); ++i) {
        const auto& x = a.skeletons()[i];
        const auto& y = b.skeletons()[i];
        CHECK(x.bones == y.bones);
        CHECK(x.parents == y.parents);
        CHECK(x.slotBones == y.slotBones);
        CHECK(x.restLocal == y.restLocal);
    }
    REQUIRE(a.instances().size() == b.instances().size());
    for (std::size_t i = 0; i < a.instances().size(); ++i) {
        const auto& x = a.instances()[i];
        const auto& y = b.instances()[i];
        CHECK(x.node == y.node);
        CHECK(x.mesh == y.mesh);
        CHECK(x.skeleton == y.skeleton);
        const auto& mx = a.mesh(x.mesh);
        const auto& my = b.mesh(y.mesh);
        CHECK(mx.restPositions == my.restPositions);
        CHECK(mx.simplexes == my.simplexes);
        REQUIRE(mx.skin.has_value() == my.skin.has_value());
        if (mx.skin) {
            CHECK(mx.skin->groups16 == my.skin->groups16);
            CHECK(mx.skin->weights == my.skin->weights);
        }
    }
}

} // namespace

TEST_CASE("the compiled rig follows edits through ChangeSets", "[eval][rig]") {
    model::Document document = loadSample("creature-4d.g4tf");
    auto compiled = eval::CompiledRig::compile(document);
    REQUIRE(compiled.ok());
    eval::CompiledRig rig = std::move(*compiled);
    REQUIRE(rig.instances().size() == 2);
    CHECK(rig.meshCompilations() == 2);
    edit::History history(document);
    history.addListener([&](const edit::ChangeSet& changes) {
        auto updated = rig.update(document, changes);
        REQUIRE(updated.ok());
    });

    SECTION("a bone transform edit recompiles no mesh") {
        model::NodeTransform moved = document.node(nodeNamed(document, "Spine")).transform;
        moved.position = {0.0, 0.5, 0.0, 0.1};
        REQUIRE(history.execute(edit::setTransform(nodeNamed(document, "Spine"), moved)).ok());
        CHECK(rig.meshCompilations() == 2);
    }
    SECTION("a skin edit recompiles that mesh only") {
        REQUIRE(history.execute(edit::reorderGroup(meshNamed(document, "BodyMesh"), 0, 3)).ok());
        CHECK(rig.meshCompilations() == 3);
    }
    SECTION("deleting the clothing node drops its instance") {
        REQUIRE(history.execute(edit::deleteNode(nodeNamed(document, "Clothing"))).ok());
        CHECK(rig.instances().size() == 1);
        history.undo();
        CHECK(rig.instances().size() == 2);
    }
    // Whatever happened, the incremental rig equals one compiled from scratch, and after undoing
    // everything it equals the original.
    auto fresh = eval::CompiledRig::compile(document);
    REQUIRE(fresh.ok());
    requireSameRig(rig, *fresh);
    while (history.canUndo())
        history.undo();
    auto original = eval::CompiledRig::compile(document);
    REQUIRE(original.ok());
    requireSameRig(rig, *original);
}

TEST_CASE("a rig that cannot compile names the item and stays as it was", "[eval][rig]") {
    model::Document document = loadSample("creature-4d.g4tf");
    auto compiled = eval::CompiledRig::compile(document);
    REQUIRE(compiled.ok());
    const model::MeshId body = meshNamed(document, "BodyMesh");
    const std::size_t vertices = document.mesh(body).vertexCount();
    document.mesh(body).skin->offsets.pop_back();
    edit::ChangeSet changes;
    changes.skinsChanged.push_back(body);
    auto refused = compiled->update(document, changes);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message() ==
          "mesh 'BodyMesh': skin: the skin covers " + std::to_string(vertices - 1) +
              " vertices but the mesh has " + std::to_string(vertices));
    CHECK(compiled->instances().size() == 2);
    CHECK(compiled->mesh(body).vertexCount == vertices);

    auto direct = eval::CompiledRig::compile(document);
    REQUIRE_FALSE(direct.ok());
}

TEST_CASE("the sample creature deforms under its stored poses", "[eval][rig]") {
    model::Document document = loadSample("creature-4d.g4tf");
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig.ok());
    base::ThreadPool pool(2);
    eval::EvaluatedRig evaluated;
    // The creature is modelled in its T pose; its A pose lowers the arms, so some vertices move,
    // none to infinity.
    const auto& skeleton = rig->skeletons()[0];
    const auto& component = *document.node(skeleton.skeleton).skeleton();
    REQUIRE_FALSE(component.bindPoses.empty());
    const auto apose =
        std::find_if(component.bindPoses.begin(), component.bindPoses.end(),
                     [](const model::BindPose& p) { return p.type == model::PoseType::APose; });
    REQUIRE(apose != component.bindPoses.end());
    auto pose = eval::poseFromBindPose(skeleton, *apose);
    REQUIRE(pose.ok());
    REQUIRE(eval::evaluateRig(document, *rig, *pose, pool, evaluated).ok());
    for (std::size_t i = 0; i < evaluated.instances.size(); ++i) {
        const auto& instance = evaluated.instances[i];
        const auto& mesh = rig->mesh(instance.mesh);
        REQUIRE(instance.deformed);
        std::size_t moved = 0;
        for (std::size_t k = 0; k < mesh.restPositions.size(); ++k) {
            REQUIRE(std::isfinite(instance.deformedPositions[k]));
            moved += std::abs(instance.deformedPositions[k] - mesh.restPositions[k]) > 1e-4F;
        }
        CHECK(moved > 0);
    }
}
