#include "core/base/ThreadPool.h"
#include "core/edit/commands/RestPoseCommand.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/PoseFile.h"
#include "core/eval/RigEvaluation.h"
#include "core/ops/PoseAsRest.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::meshNamed;

namespace {

// World-space positions of every vertex of every instance, in instance order.
std::vector<double> worldPositions(const model::Document& document, const eval::Pose& pose) {
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig.ok());
    base::ThreadPool pool(1);
    eval::EvaluatedRig evaluated;
    REQUIRE(eval::evaluateRig(document, *rig, pose, pool, evaluated).ok());
    std::vector<double> out;
    for (const auto& instance : evaluated.instances) {
        const auto& mesh = rig->mesh(instance.mesh);
        const float* positions = instance.positions(mesh);
        const auto n = static_cast<std::size_t>(mesh.dimension);
        for (std::size_t v = 0; v < mesh.vertexCount; ++v) {
            math::VectorN p = math::VectorN::zero(mesh.dimension);
            for (std::size_t a = 0; a < n; ++a)
                p[static_cast<int>(a)] = positions[v * n + a];
            const math::VectorN world = instance.world.applyPoint(p);
            out.insert(out.end(), world.values().begin(), world.values().end());
        }
    }
    return out;
}

} // namespace

TEST_CASE("apply pose as rest makes the posed shape the rest shape", "[ops][bake]") {
    EditFixture f("creature-4d.g4tf");
    auto rig = eval::CompiledRig::compile(f.document);
    REQUIRE(rig.ok());
    auto pose = eval::namedPose("APose", f.document, *rig);
    REQUIRE(pose.ok());
    const std::vector<double> posed = worldPositions(f.document, *pose);

    auto change = ops::bakePose(f.document, *rig, *pose);
    REQUIRE(change.ok());
    CHECK(change->bones.size() == pose->local.size());
    CHECK(change->meshVertices.size() == 2);
    edit::ChangeSet seen;
    f.history.addListener([&](const edit::ChangeSet& changes) { seen = changes; });
    REQUIRE(f.execute(edit::applyPoseAsRest(std::move(*change))).ok());
    CHECK(f.history.undoName() == "Apply Pose as Rest");
    CHECK(seen.meshesChanged.size() == 2);

    // The new rest pose shows what the pose showed (float kernels vs. the double bake).
    const std::vector<double> rest = worldPositions(f.document, eval::Pose{});
    REQUIRE(rest.size() == posed.size());
    for (std::size_t i = 0; i < rest.size(); ++i)
        REQUIRE(rest[i] == Approx(posed[i]).margin(1e-5));
    f.requireUndoRedo();
}

TEST_CASE("apply pose as rest refuses data that does not fit", "[ops][bake]") {
    EditFixture f("creature-4d.g4tf");
    const model::MeshId body = meshNamed(f.document, "BodyMesh");
    edit::RestPoseChange wrongSize;
    wrongSize.meshVertices.emplace_back(body, std::vector<double>(12, 0.0));
    auto refused = f.execute(edit::applyPoseAsRest(std::move(wrongSize)));
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().message(),
               Catch::StartsWith("Apply Pose as Rest: mesh 'BodyMesh' has ") &&
                   Catch::EndsWith(" vertex values but the pose gives 12"));

    edit::RestPoseChange notBone;
    notBone.bones.emplace_back(f.document.root(), model::identityTransform());
    auto refusedNode = f.execute(edit::applyPoseAsRest(std::move(notBone)));
    REQUIRE_FALSE(refusedNode.ok());
    CHECK_THAT(refusedNode.error().message(), Catch::EndsWith("is not a bone"));
    CHECK(f.history.undoCount() == 0);
    f.requireUnchanged();
}

TEST_CASE("pose as rest command is the one road of the CLI and the editor", "[ops][bake]") {
    EditFixture f("creature-4d.g4tf");
    auto rig = eval::CompiledRig::compile(f.document);
    REQUIRE(rig.ok());

    SECTION("the rest pose is refused with nothing to undo") {
        auto refused = ops::poseAsRestCommand(f.document, *rig, eval::Pose{});
        REQUIRE_FALSE(refused.ok());
        CHECK_THAT(refused.error().message(), Catch::Contains("nothing is posed"));
        CHECK_FALSE(f.history.canUndo());
    }
    SECTION("a stored pose becomes one undoable step, undo restores the bones") {
        auto pose = eval::namedPose("APose", f.document, *rig);
        REQUIRE(pose.ok());
        const model::NodeId bone = pose->local.begin()->first;
        const model::NodeTransform before = f.document.node(bone).transform;
        auto command = ops::poseAsRestCommand(f.document, *rig, *pose);
        REQUIRE(command.ok());
        REQUIRE(f.execute(std::move(*command)).ok());
        CHECK(f.history.undoName() == "Apply Pose as Rest");
        CHECK_FALSE(f.document.node(bone).transform == before);
        f.history.undo();
        CHECK(f.document.node(bone).transform == before);
    }
}
