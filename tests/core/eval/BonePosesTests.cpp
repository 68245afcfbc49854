#include "core/eval/BonePoses.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/PoseFile.h"
#include "tests/core/edit/DataTestSupport.h"
#include "tests/core/eval/EvalTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::makeTinyRig;

namespace {

// The tiny rig with Lower's rest basis a quarter turn in XY: its local X axis points along the
// parent's +Y, its local Y axis along the parent's −X. Upper sits at the origin unturned, so
// parent space is skeleton space for Lower and its head is at (0, 1, 0[, 0]) at rest.
struct TurnedLowerRig {
    explicit TurnedLowerRig(int dimension) : tiny(makeTinyRig(dimension)) {
        model::NodeTransform& lower = tiny.document.node(tiny.lower).transform;
        lower.form = model::NodeTransform::Form::Basis;
        lower.basis = hyperrig::test::quarterTurnXY(dimension);
        rig = *eval::CompiledRig::compile(tiny.document);
    }
    const eval::CompiledSkeleton& skeleton() const { return rig.skeletons().front(); }
    std::size_t lowerIndex() const {
        return static_cast<std::size_t>(skeleton().indexOf(tiny.lower));
    }
    math::AffineN lowerPosed(const eval::BonePoses& poses) const {
        auto pose = eval::poseFromBonePoses(tiny.document, rig, poses);
        REQUIRE(pose.ok());
        return eval::evaluateSkeleton(skeleton(), *pose)[lowerIndex()];
    }

    hyperrig::test::TinyRig tiny;
    eval::CompiledRig rig = *eval::CompiledRig::compile(tiny.document);
};

void checkNear(const math::VectorN& actual, const math::VectorN& expected) {
    REQUIRE(actual.dimension() == expected.dimension());
    for (int i = 0; i < actual.dimension(); ++i)
        CHECK(actual[i] == Approx(expected[i]).margin(1e-12));
}

} // namespace

TEST_CASE("a bone's translation moves its head along its rest axes", "[eval][pose]") {
    TurnedLowerRig f(3);
    checkNear(f.lowerPosed({}).position(), math::VectorN{0, 1, 0});
    SECTION("t along the bone's X: B_rest·t = the parent's +Y") {
        eval::BonePose moved;
        moved.translation = {1.0, 0.0, 0.0, 0.0};
        checkNear(f.lowerPosed({{f.tiny.lower, moved}}).position(), math::VectorN{0, 2, 0});
    }
    SECTION("t along the bone's Y: 2·(−X)") {
        eval::BonePose moved;
        moved.translation = {0.0, 2.0, 0.0, 0.0};
        checkNear(f.lowerPosed({{f.tiny.lower, moved}}).position(), math::VectorN{-2, 1, 0});
    }
    SECTION("the rotation turns the bone about its moved head, never moving it") {
        eval::BonePose both;
        both.translation = {0.5, 0.0, -1.0, 0.0};
        both.degrees[0] = 90.0; // XY
        const math::AffineN posed = f.lowerPosed({{f.tiny.lower, both}});
        // Head: (0, 1, 0) + 0.5·(0, 1, 0) − 1·(0, 0, 1).
        checkNear(posed.position(), math::VectorN{0, 1.5, -1});
        // Basis: B_rest·R_XY(90°) takes local X to B_rest·Y = −X.
        checkNear(posed.basis().column(0), math::VectorN{-1, 0, 0});
    }
    SECTION("a bone at rest is left out of the pose") {
        auto pose = eval::poseFromBonePoses(f.tiny.document, f.rig, {{f.tiny.lower, {}}});
        REQUIRE(pose.ok());
        CHECK(pose->isRest());
    }
}

TEST_CASE("bone poses come back from the pose they make", "[eval][pose]") {
    for (int dimension : {3, 4}) {
        INFO(dimension << "D");
        TurnedLowerRig f(dimension);
        eval::BonePoses given;
        // Inside the decomposition's unique ranges (PlaneAngleDecomposition.h).
        given[f.tiny.lower].degrees = {25.0, -80.0, 60.0, 135.0, -5.0, 160.0};
        given[f.tiny.lower].translation = {0.1, -0.2, 0.3, dimension == 4 ? 0.4 : 0.0};
        given[f.tiny.upper].degrees = {0.0, 0.0, -45.0};
        if (dimension == 3) // only the first three planes exist
            given[f.tiny.lower].degrees = {25.0, -80.0, 135.0};
        auto pose = eval::poseFromBonePoses(f.tiny.document, f.rig, given);
        REQUIRE(pose.ok());
        auto back = eval::bonePosesFromPose(f.tiny.document, f.rig, *pose);
        REQUIRE(back.ok());
        REQUIRE(back->size() == 2);
        for (const auto& [bone, bonePose] : given) {
            const eval::BonePose& found = back->at(bone);
            for (std::size_t p = 0; p < eval::kMaxRotationPlanes; ++p)
                CHECK(found.degrees[p] == Approx(bonePose.degrees[p]).margin(1e-9));
            for (std::size_t axis = 0; axis < eval::kMaxPoseAxes; ++axis)
                CHECK(found.translation[axis] == Approx(bonePose.translation[axis]).margin(1e-12));
        }
    }
}

TEST_CASE("a pose that scales a bone has no bone pose", "[eval][pose]") {
    TurnedLowerRig f(4);
    SECTION("a scale, named with the bone") {
        auto pose = eval::parsePoseJson(
            R"({"pose": {"Lower": {"rotor": [1, 0, 0, 0, 0, 0, 0], "scale": [1, 2, 1, 1]}}})",
            f.tiny.document, f.rig);
        REQUIRE(pose.ok());
        auto refused = eval::bonePosesFromPose(f.tiny.document, f.rig, *pose);
        REQUIRE_FALSE(refused.ok());
        CHECK_THAT(refused.error().message(), Catch::StartsWith("bone 'Lower': "));
        CHECK_THAT(refused.error().message(), Catch::Contains("scales or shears"));
    }
    SECTION("a mirror") {
        auto pose = eval::parsePoseJson(
            R"({"pose": {"Upper": {"basis": [-1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]}}})",
            f.tiny.document, f.rig);
        REQUIRE(pose.ok());
        auto refused = eval::bonePosesFromPose(f.tiny.document, f.rig, *pose);
        REQUIRE_FALSE(refused.ok());
        CHECK_THAT(refused.error().message(), Catch::Contains("'Upper'"));
        CHECK_THAT(refused.error().message(), Catch::Contains("mirrors"));
    }
}

TEST_CASE("bone poses of a pose file with a bind pose as its base", "[eval][pose]") {
    // The base bind pose gives every bone of the skeleton its transform; as bone poses it is the
    // same skeleton, bone for bone. The sample stores seven digits (0.7071068: columns of length
    // 1 + 3e-8), and bone poses are exact rotations, so they agree to 1e-6, not to rounding.
    model::Document document = hyperrig::test::loadSample("creature-4d.g4tf");
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig.ok());
    auto filePose = eval::parsePoseJson(R"({"base": "APose", "pose": {}})", document, *rig);
    REQUIRE(filePose.ok());
    auto bonePoses = eval::bonePosesFromPose(document, *rig, *filePose);
    REQUIRE(bonePoses.ok());
    CHECK_FALSE(bonePoses->empty());
    auto again = eval::poseFromBonePoses(document, *rig, *bonePoses);
    REQUIRE(again.ok());
    for (const eval::CompiledSkeleton& skeleton : rig->skeletons()) {
        const auto expected = eval::evaluateSkeleton(skeleton, *filePose);
        const auto actual = eval::evaluateSkeleton(skeleton, *again);
        for (std::size_t bone = 0; bone < expected.size(); ++bone) {
            INFO("bone " << bone);
            CHECK(math::approxEqual(actual[bone].basis(), expected[bone].basis(), 1e-6));
            for (int axis = 0; axis < 4; ++axis)
                CHECK(actual[bone].position()[axis] ==
                      Approx(expected[bone].position()[axis]).margin(1e-6));
        }
    }
}
