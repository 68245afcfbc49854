#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/eval/RigEvaluation.h"
#include "tests/core/eval/EvalTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::makeTinyRig;
using hyperrig::test::quarterTurnXY;

namespace {

math::AffineN quarterTurn(int n) {
    return {*math::BasisN::fromColumnMajor(n, quarterTurnXY(n)), math::VectorN::zero(n)};
}

std::vector<double> point(int n, std::initializer_list<double> leading) {
    std::vector<double> values(static_cast<std::size_t>(n), 0.0);
    std::copy(leading.begin(), leading.end(), values.begin());
    return values;
}

void requirePositions(const eval::EvaluatedInstance& instance, const eval::CompiledMesh& mesh,
                      const std::vector<std::vector<double>>& expected) {
    const auto n = static_cast<std::size_t>(mesh.dimension);
    const float* positions = instance.positions(mesh);
    for (std::size_t vertex = 0; vertex < expected.size(); ++vertex)
        for (std::size_t axis = 0; axis < n; ++axis) {
            INFO("vertex " << vertex << ", axis " << axis);
            CHECK(positions[vertex * n + axis] == Approx(expected[vertex][axis]).margin(1e-6));
        }
}

} // namespace

TEST_CASE("posing a bone deforms its skin as the skinning formula says", "[eval][pose]") {
    const int n = GENERATE(3, 4);
    INFO(n << "D");
    auto tiny = makeTinyRig(n);
    auto rig = eval::CompiledRig::compile(tiny.document);
    REQUIRE(rig.ok());
    REQUIRE(rig->skeletons().size() == 1);
    const eval::CompiledSkeleton& skeleton = rig->skeletons()[0];
    CHECK(skeleton.bones == std::vector<model::NodeId>{tiny.upper, tiny.lower});
    CHECK(skeleton.parents == std::vector<std::int32_t>{-1, 0});
    REQUIRE(rig->instances().size() == 1);
    CHECK(rig->instances()[0].skeleton == 0);

    base::ThreadPool pool(2);
    eval::EvaluatedRig evaluated;
    const eval::CompiledMesh& mesh = rig->mesh(tiny.mesh);

    SECTION("at rest nothing moves") {
        REQUIRE(eval::evaluateRig(tiny.document, *rig, eval::Pose{}, pool, evaluated).ok());
        CHECK_FALSE(evaluated.instances[0].deformed);
        requirePositions(evaluated.instances[0], mesh,
                         {point(n, {0, 2}), point(n, {0, 0.5}), point(n, {1})});
    }
    SECTION("a quarter turn of the upper bone in XY") {
        // R maps X to Y and Y to -X. Lower rides along: its head goes from +Y to -X.
        eval::Pose pose;
        pose.local.emplace(tiny.upper, quarterTurn(n));
        REQUIRE(eval::evaluateRig(tiny.document, *rig, pose, pool, evaluated).ok());
        const auto& lower = evaluated.skeletonSpace.at(tiny.rig)[1];
        CHECK(lower.position()[0] == Approx(-1.0));
        CHECK(lower.position()[1] == Approx(0.0).margin(1e-12));
        CHECK(evaluated.instances[0].deformed);
        // v0 = 2Y follows Lower: R(2Y) = -2X. v1 = 0.5Y, half Upper half Lower, both R: -0.5X.
        // v2 has no influences, v3's group is beyond the joints table, v4's weights sum to 0.
        std::vector<double> v4 = point(n, {1, 1});
        requirePositions(
            evaluated.instances[0], mesh,
            {point(n, {-2, 0}), point(n, {-0.5, 0}), point(n, {1}), point(n, {0, 3}), v4});
    }
}

TEST_CASE("the mesh node's transform is applied before skinning and undone after", "[eval][pose]") {
    // Skin node at +X: v_s = M v, v'_s = Σ S v_s, v' = M⁻¹ v'_s (docs/skinning.md).
    // v0 = 2Y: v_s = X + 2Y, S_Lower = R: R(X + 2Y) = Y - 2X, minus X: (-3, 1).
    // v1 = 0.5Y: v_s = X + 0.5Y, both groups R: Y - 0.5X, minus X: (-1.5, 1).
    const int n = 4;
    auto tiny = makeTinyRig(n, {1, 0, 0, 0});
    auto rig = eval::CompiledRig::compile(tiny.document);
    REQUIRE(rig.ok());
    eval::Pose pose;
    pose.local.emplace(tiny.upper, quarterTurn(n));
    base::ThreadPool pool(1);
    eval::EvaluatedRig evaluated;
    REQUIRE(eval::evaluateRig(tiny.document, *rig, pose, pool, evaluated).ok());
    requirePositions(evaluated.instances[0], rig->mesh(tiny.mesh),
                     {point(n, {-3, 1}), point(n, {-1.5, 1}), point(n, {1})});
    // The instance's world transform is the skeleton's times M.
    CHECK(evaluated.instances[0].world.position()[0] == Approx(1.0));
}

TEST_CASE("a stored bind pose becomes a pose that puts bones where it says", "[eval][pose]") {
    const int n = 4;
    auto tiny = makeTinyRig(n);
    auto rig = eval::CompiledRig::compile(tiny.document);
    REQUIRE(rig.ok());
    const eval::CompiledSkeleton& skeleton = rig->skeletons()[0];
    // Slot 0 (Upper) turned a quarter in XY; slot 1 (Lower) at 2X with no turn.
    model::BindPose bindPose;
    bindPose.joints.resize(2);
    bindPose.joints[0].position = point(n, {});
    bindPose.joints[0].basis = quarterTurnXY(n);
    bindPose.joints[1].position = point(n, {2, 0});
    bindPose.joints[1].basis = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    auto pose = eval::poseFromBindPose(skeleton, bindPose);
    REQUIRE(pose.ok());
    const auto globals = eval::evaluateSkeleton(skeleton, *pose);
    CHECK(math::approxEqual(globals[0], quarterTurn(n)));
    CHECK(globals[1].position()[0] == Approx(2.0));
    CHECK(math::approxEqual(globals[1].basis(), math::BasisN::identity(n)));
    // Lower's local is relative to the turned Upper: R⁻¹ (2X) = -2Y, basis R⁻¹.
    const math::AffineN& lowerLocal = pose->local.at(tiny.lower);
    CHECK(lowerLocal.position()[1] == Approx(-2.0));

    bindPose.joints.pop_back();
    auto refused = eval::poseFromBindPose(skeleton, bindPose);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message() ==
          "the bind pose has 1 entries but the skeleton has 2 joints slots");
}
