#include "core/eval/CompiledSkeleton.h"
#include "core/eval/PoseCapture.h"
#include "tests/core/eval/EvalTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::core;

namespace {

bool nearPoseCapture(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::abs(a[i] - b[i]) > 1e-12)
            return false;
    return true;
}

} // namespace

TEST_CASE("bind pose from pose stores the posed skeleton-space transform of every slot",
          "[eval][bindpose]") {
    hyperrig::test::TinyRig tiny = hyperrig::test::makeTinyRig(4);
    auto skeleton = eval::compileSkeleton(tiny.document, tiny.rig);
    REQUIRE(skeleton.ok());
    // Upper (at the origin) turned a quarter in XY: X -> Y, Y -> -X; Lower sits 1 up its parent.
    const std::vector<double> quarter = hyperrig::test::quarterTurnXY(4);
    auto basis = math::BasisN::fromColumnMajor(4, quarter);
    REQUIRE(basis.ok());
    eval::Pose pose;
    pose.local.emplace(tiny.upper, math::AffineN(*basis, math::VectorN::zero(4)));

    SECTION("each slot's entry composes the posed locals from the skeleton down") {
        const model::BindPose captured =
            eval::bindPoseFromPose(*skeleton, pose, model::PoseType::APose);
        CHECK(captured.type == model::PoseType::APose);
        REQUIRE(captured.joints.size() == 2);
        CHECK(captured.joints[0].position == std::vector<double>{0, 0, 0, 0});
        CHECK(nearPoseCapture(captured.joints[0].basis, quarter));
        // Lower's head: the quarter turn takes its +Y offset to -X; it turns with its parent.
        CHECK(nearPoseCapture(captured.joints[1].position, {-1, 0, 0, 0}));
        CHECK(nearPoseCapture(captured.joints[1].basis, quarter));
        CHECK(captured.joints[0].extra.is_object());
    }
    SECTION("a slot without a bone is the identity") {
        skeleton->slotBones.push_back(eval::CompiledSkeleton::kNoBone);
        const model::BindPose captured =
            eval::bindPoseFromPose(*skeleton, pose, model::PoseType::Custom);
        REQUIRE(captured.joints.size() == 3);
        CHECK(captured.joints[2].position == std::vector<double>{0, 0, 0, 0});
        CHECK(captured.joints[2].basis ==
              std::vector<double>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    }
    SECTION("poseFromBindPose turns the capture back into the same locals") {
        const model::BindPose captured =
            eval::bindPoseFromPose(*skeleton, pose, model::PoseType::TPose);
        auto back = eval::poseFromBindPose(*skeleton, captured);
        REQUIRE(back.ok());
        const auto upper = back->localOf(*skeleton, 0);
        const auto lower = back->localOf(*skeleton, 1);
        const auto upperBasis = upper.basis().columnMajor();
        const auto lowerPosition = lower.position().values();
        CHECK(nearPoseCapture({upperBasis.begin(), upperBasis.end()}, quarter));
        CHECK(nearPoseCapture({lowerPosition.begin(), lowerPosition.end()}, {0, 1, 0, 0}));
    }
}
