#include "core/edit/commands/BindPoseCapture.h"
#include "core/edit/commands/DataCommands.h"
#include "tests/core/edit/DataTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::nodeNamed;

namespace {

const std::vector<model::BindPose>& poses(const model::Document& document, model::NodeId node) {
    return document.node(node).skeleton()->bindPoses;
}

std::vector<model::PoseType> poseTypes(const model::Document& document, model::NodeId node) {
    std::vector<model::PoseType> types;
    for (const model::BindPose& pose : poses(document, node))
        types.push_back(pose.type);
    return types;
}

bool near(const std::vector<double>& a, const std::vector<double>& b, double tolerance) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::abs(a[i] - b[i]) > tolerance)
            return false;
    return true;
}

math::AffineN local(const model::Document& document, const std::string& name) {
    auto affine = document.node(document.findNode(name)).transform.toAffine(4);
    REQUIRE(affine.ok());
    return *affine;
}

} // namespace

TEST_CASE("add bind pose captures the rest pose in skeleton space", "[edit][bindpose]") {
    SECTION("each slot composes the local transforms from the skeleton down to its bone") {
        EditFixture f("tiny-4d-arm.g4tf");
        const model::NodeId rig = nodeNamed(f.document, "ArmRig");
        edit::ChangeSet seen;
        f.history.addListener([&](const edit::ChangeSet& changes) { seen = changes; });
        REQUIRE(f.execute(edit::addBindPose(rig, model::PoseType::IPose)).ok());
        CHECK(seen.posesChanged == std::vector<model::NodeId>{rig});
        REQUIRE(poses(f.document, rig).size() == 1);
        const model::BindPose& pose = poses(f.document, rig)[0];
        CHECK(pose.type == model::PoseType::IPose);
        REQUIRE(pose.joints.size() == 3);

        const math::AffineN upper = local(f.document, "UpperArm");
        const math::AffineN lower = math::AffineN::compose(upper, local(f.document, "LowerArm"));
        const math::AffineN hand = math::AffineN::compose(lower, local(f.document, "Hand"));
        const math::AffineN* expected[] = {&upper, &lower, &hand};
        for (std::size_t slot = 0; slot < 3; ++slot) {
            const auto position = expected[slot]->position().values();
            const auto basis = expected[slot]->basis().columnMajor();
            CHECK(pose.joints[slot].position ==
                  std::vector<double>(position.begin(), position.end()));
            CHECK(pose.joints[slot].basis == std::vector<double>(basis.begin(), basis.end()));
        }
        CHECK(f.history.undoName() == "Add Bind Pose");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("the creature's rest pose is its stored T-pose") {
        EditFixture f("creature-4d.g4tf");
        const model::NodeId rig = nodeNamed(f.document, "CreatureRig");
        REQUIRE(f.execute(edit::addBindPose(rig, model::PoseType::Custom)).ok());
        const auto& all = poses(f.document, rig);
        REQUIRE(all.size() == 3);
        CHECK(all[2].type == model::PoseType::Custom);
        const model::BindPose& tpose = all[0];
        REQUIRE(all[2].joints.size() == tpose.joints.size());
        // The rest pose bends the head and the lower arms (and so the hands); the stored T-pose
        // straightens them. Every other slot agrees, to the 7 digits the file stores.
        const std::vector<std::size_t> bent{4, 6, 7, 9, 10, 12, 14};
        for (std::size_t slot = 0; slot < tpose.joints.size(); ++slot) {
            if (std::find(bent.begin(), bent.end(), slot) != bent.end())
                continue;
            INFO("slot " << slot);
            CHECK(near(all[2].joints[slot].position, tpose.joints[slot].position, 1e-6));
            CHECK(near(all[2].joints[slot].basis, tpose.joints[slot].basis, 1e-6));
        }
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a slot without a bone gets the identity") {
        EditFixture f("tiny-4d-arm.g4tf");
        const model::NodeId rig = nodeNamed(f.document, "ArmRig");
        f.document.node(rig).skeleton()->joints[1].reset();
        REQUIRE(f.execute(edit::addBindPose(rig, model::PoseType::TPose)).ok());
        const model::JointPose& entry = poses(f.document, rig)[0].joints[1];
        CHECK(entry.position == std::vector<double>{0, 0, 0, 0});
        CHECK(entry.basis == std::vector<double>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    }
    SECTION("refusals: a pose type taken, a node that is no skeleton") {
        EditFixture f("creature-4d.g4tf");
        const model::NodeId rig = nodeNamed(f.document, "CreatureRig");
        auto taken = f.execute(edit::addBindPose(rig, model::PoseType::TPose));
        REQUIRE_FALSE(taken.ok());
        CHECK(taken.error().message() ==
              "Add Bind Pose: skeleton 'CreatureRig' already has a TPose bind pose");
        auto bone =
            f.execute(edit::addBindPose(nodeNamed(f.document, "Hips"), model::PoseType::APose));
        REQUIRE_FALSE(bone.ok());
        CHECK(bone.error().message() == "Add Bind Pose: node 'Hips' is not a skeleton");
        f.requireUnchanged();
    }
    SECTION("a joint whose bone is not below the skeleton is refused") {
        EditFixture f("creature-4d.g4tf");
        const model::NodeId rig = nodeNamed(f.document, "CreatureRig");
        f.document.node(rig).skeleton()->joints[0] = nodeNamed(f.document, "Body");
        auto refused = f.execute(edit::addBindPose(rig, model::PoseType::IPose));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() == "Add Bind Pose: joints slot 0: node 'Body' is not a "
                                           "bone of skeleton 'CreatureRig'");
        CHECK(poses(f.document, rig).size() == 2);
    }
}

TEST_CASE("skeleton space transform composes from the skeleton's child down", "[edit][bindpose]") {
    const model::Document document = hyperrig::test::loadSample("creature-4d.g4tf");
    const model::NodeId rig = document.findNode("CreatureRig");
    auto hand = edit::skeletonSpaceTransform(document, rig, document.findNode("LeftHand"));
    REQUIRE(hand.ok());
    // Hips 0.92 + Spine 0.12 + Chest 0.18 up, arm root 0.17 out; the arm points along +X.
    CHECK(std::abs(hand->position()[1] - 1.39) < 1e-6);
    CHECK(hand->position()[0] > 0.17 + 0.28);
    auto outside = edit::skeletonSpaceTransform(document, document.findNode("Hips"),
                                                document.findNode("Body"));
    CHECK_FALSE(outside.ok());
}

TEST_CASE("remove bind pose keeps the pose and its place for undo", "[edit][bindpose]") {
    EditFixture f("creature-4d.g4tf");
    const model::NodeId rig = nodeNamed(f.document, "CreatureRig");

    SECTION("the first pose goes and comes back first") {
        REQUIRE(f.execute(edit::removeBindPose(rig, model::PoseType::TPose)).ok());
        CHECK(poseTypes(f.document, rig) == std::vector<model::PoseType>{model::PoseType::APose});
        CHECK(f.history.undoName() == "Remove Bind Pose");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("removing every pose drops the extension object, undo brings it back") {
        REQUIRE(f.execute(edit::removeBindPose(rig, model::PoseType::APose)).ok());
        REQUIRE(f.execute(edit::removeBindPose(rig, model::PoseType::TPose)).ok());
        CHECK(hyperrig::test::savedText(f.document).find("\"poses\"") == std::string::npos);
        f.requireUndoRedo();
    }
    SECTION("a missing pose type is refused") {
        auto refused = f.execute(edit::removeBindPose(rig, model::PoseType::IPose));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() ==
              "Remove Bind Pose: skeleton 'CreatureRig' has no IPose bind pose");
        f.requireUnchanged();
    }
}

TEST_CASE("set bind pose type reclassifies a pose", "[edit][bindpose]") {
    EditFixture f("creature-4d.g4tf");
    const model::NodeId rig = nodeNamed(f.document, "CreatureRig");

    SECTION("APose becomes IPose in place") {
        REQUIRE(
            f.execute(edit::setBindPoseType(rig, model::PoseType::APose, model::PoseType::IPose))
                .ok());
        CHECK(poseTypes(f.document, rig) ==
              std::vector<model::PoseType>{model::PoseType::TPose, model::PoseType::IPose});
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a type already used, or a missing one, is refused") {
        auto taken =
            f.execute(edit::setBindPoseType(rig, model::PoseType::APose, model::PoseType::TPose));
        REQUIRE_FALSE(taken.ok());
        CHECK(taken.error().message() ==
              "Set Bind Pose Type: skeleton 'CreatureRig' already has a TPose bind pose");
        auto missing =
            f.execute(edit::setBindPoseType(rig, model::PoseType::Custom, model::PoseType::IPose));
        REQUIRE_FALSE(missing.ok());
        f.requireUnchanged();
    }
}

TEST_CASE("set bind pose entry replaces one slot's transform", "[edit][bindpose]") {
    EditFixture f("creature-4d.g4tf");
    const model::NodeId rig = nodeNamed(f.document, "CreatureRig");
    model::JointPose entry;
    entry.position = {0.5, 1, 0, 0};
    entry.basis = {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    SECTION("the slot changes") {
        REQUIRE(f.execute(edit::setBindPoseEntry(rig, model::PoseType::APose, 6, entry)).ok());
        const model::JointPose& stored = poses(f.document, rig)[1].joints[6];
        CHECK(stored.position == entry.position);
        CHECK(stored.basis == entry.basis);
        CHECK(poses(f.document, rig)[0].joints[6].position ==
              std::vector<double>{0.45, 1.39, 0, 0});
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("an entry without unknown properties keeps the old entry's") {
        f.document.node(rig).skeleton()->bindPoses[1].joints[6].extra["kept"] = true;
        REQUIRE(f.execute(edit::setBindPoseEntry(rig, model::PoseType::APose, 6, entry)).ok());
        CHECK(poses(f.document, rig)[1].joints[6].extra == model::OrderedJson{{"kept", true}});
        f.history.undo();
        CHECK(poses(f.document, rig)[1].joints[6].position ==
              std::vector<double>{0.3679899, 1.19201, 0, 0});
    }
    SECTION("a missing slot, wrong sizes and non-finite numbers are refused") {
        auto slot = f.execute(edit::setBindPoseEntry(rig, model::PoseType::APose, 28, entry));
        REQUIRE_FALSE(slot.ok());
        CHECK(slot.error().message() == "Set Bind Pose Entry: the APose bind pose of skeleton "
                                        "'CreatureRig' has 28 entries; there is no slot 28");
        model::JointPose shortPosition = entry;
        shortPosition.position = {0, 1, 0};
        auto position =
            f.execute(edit::setBindPoseEntry(rig, model::PoseType::APose, 0, shortPosition));
        REQUIRE_FALSE(position.ok());
        CHECK(position.error().message() ==
              "Set Bind Pose Entry: the position has 3 numbers, the dimension is 4");
        model::JointPose shortBasis = entry;
        shortBasis.basis.resize(9);
        CHECK_FALSE(
            f.execute(edit::setBindPoseEntry(rig, model::PoseType::APose, 0, shortBasis)).ok());
        model::JointPose infinite = entry;
        infinite.position[0] = std::numeric_limits<double>::infinity();
        CHECK_FALSE(
            f.execute(edit::setBindPoseEntry(rig, model::PoseType::APose, 0, infinite)).ok());
        f.requireUnchanged();
    }
}

TEST_CASE("store bind pose adds a pose as it is given", "[edit][bindpose]") {
    EditFixture f("tiny-4d-arm.g4tf");
    const model::NodeId rig = nodeNamed(f.document, "ArmRig");
    model::BindPose given;
    given.type = model::PoseType::APose;
    given.extra = model::OrderedJson::object();
    for (double height : {0.5, 1.0, 1.5}) {
        model::JointPose entry;
        entry.position = {0.25, height, 0, 0};
        entry.basis = {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        entry.extra = model::OrderedJson::object();
        given.joints.push_back(entry);
    }

    SECTION("the pose is stored unchanged, named Capture Bind Pose") {
        REQUIRE(f.execute(edit::storeBindPose(rig, given)).ok());
        REQUIRE(poses(f.document, rig).size() == 1);
        CHECK(poses(f.document, rig)[0] == given);
        CHECK(f.history.undoName() == "Capture Bind Pose");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a pose type taken, or entries that do not fit the slots, are refused") {
        REQUIRE(f.execute(edit::addBindPose(rig, model::PoseType::APose)).ok());
        auto taken = f.execute(edit::storeBindPose(rig, given));
        REQUIRE_FALSE(taken.ok());
        CHECK(taken.error().message() ==
              "Capture Bind Pose: skeleton 'ArmRig' already has an APose bind pose");
        f.history.undo();
        model::BindPose shorter = given;
        shorter.joints.pop_back();
        auto missing = f.execute(edit::storeBindPose(rig, shorter));
        REQUIRE_FALSE(missing.ok());
        CHECK(missing.error().message() ==
              "Capture Bind Pose: the pose has 2 entries but skeleton 'ArmRig' has 3 joints slots");
        model::BindPose flat = given;
        flat.joints[1].basis.pop_back();
        auto malformed = f.execute(edit::storeBindPose(rig, flat));
        REQUIRE_FALSE(malformed.ok());
        CHECK(malformed.error().message() ==
              "Capture Bind Pose: entry 1 is not a 4D transform of finite numbers");
        f.requireUnchanged();
    }
}
