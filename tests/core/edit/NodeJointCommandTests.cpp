#include "core/edit/commands/NodeCommands.h"
#include "tests/core/edit/NodeTestSupport.h"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace hyperrig;
using namespace hyperrig::core;
using edit::ChangeSet;

namespace {

const std::vector<model::JointSlot>& joints(test::NodeEditFixture& f) {
    return f.document().node(f.node("Rig")).skeleton()->joints;
}

const std::vector<model::JointPose>& tpose(test::NodeEditFixture& f) {
    return f.document().node(f.node("Rig")).skeleton()->bindPoses.at(0).joints;
}

// The y of each bind-pose entry's position: the rig's entries are told apart by it.
std::vector<double> poseHeights(test::NodeEditFixture& f) {
    std::vector<double> heights;
    for (const model::JointPose& entry : tpose(f))
        heights.push_back(entry.position.at(1));
    return heights;
}

bool posesReported(const ChangeSet& changes, model::NodeId skeleton) {
    return std::find(changes.posesChanged.begin(), changes.posesChanged.end(), skeleton) !=
           changes.posesChanged.end();
}

} // namespace

TEST_CASE("set joints checks the slots and keeps the bind poses parallel", "[edit][joints]") {
    test::NodeEditFixture f;
    const model::NodeId rig = f.node("Rig");
    const model::NodeId hips = f.node("Hips");
    const model::NodeId head = f.node("Head");

    SECTION("the same slot count replaces the bones; repeats and none are allowed") {
        const std::vector<model::JointSlot> list{hips, hips, head, std::nullopt};
        REQUIRE(f.execute(edit::setJoints(rig, list)).ok());
        CHECK(joints(f) == list);
        CHECK(tpose(f).size() == 4);
        CHECK(f.changes().back().fieldsOf(rig) == ChangeSet::Joints);
    }
    SECTION("another slot count is refused while bind poses exist") {
        f.requireRefused(edit::setJoints(rig, {hips, head}),
                         "Set Joints: 'Rig' has bind poses with one entry per joints slot, so "
                         "the slot count must stay 4 (not 2); insert or remove single slots to "
                         "change it");
    }
    SECTION("without bind poses the slot count may change") {
        test::NodeEditFixture arm =
            test::NodeEditFixture::fromSample("assets/samples/tiny-4d-arm.g4tf");
        const model::NodeId armRig = arm.node("ArmRig");
        REQUIRE(arm.execute(edit::setJoints(armRig, {arm.node("Hand")})).ok());
        CHECK(arm.document().node(armRig).skeleton()->joints.size() == 1);
    }
    SECTION("slots hold bones of this skeleton") {
        f.requireRefused(edit::setJoints(rig, {hips, f.node("Prop"), head, std::nullopt}),
                         "Set Joints: joints slot 1: 'Prop' is not a bone; joints slots hold "
                         "bones");
        f.requireRefused(edit::setJoints(rig, {f.node("Orphan"), hips, head, std::nullopt}),
                         "Set Joints: joints slot 0: 'Orphan' is not a bone of skeleton 'Rig'");
        f.requireRefused(edit::setJoints(hips, {}), "Set Joints: 'Hips' is not a skeleton");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::setJoints(rig, {head, hips, std::nullopt, std::nullopt}));
    }
}

TEST_CASE("insert joint adds an identity entry to every bind pose", "[edit][joints]") {
    test::NodeEditFixture f;
    const model::NodeId rig = f.node("Rig");
    const model::NodeId tail = f.node("Tail");

    SECTION("inserting shifts the later slots and their pose entries") {
        REQUIRE(f.execute(edit::insertJoint(rig, 1, tail)).ok());
        CHECK(joints(f) == std::vector<model::JointSlot>{f.node("Hips"), tail, f.node("Spine"),
                                                         f.node("Head"), std::nullopt});
        CHECK(poseHeights(f) == std::vector<double>{1, 0, 1.2, 1.5, 0});
        CHECK(tpose(f)[1].position == std::vector<double>{0, 0, 0, 0});
        CHECK(tpose(f)[1].basis ==
              std::vector<double>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
        CHECK(f.changes().back().fieldsOf(rig) == ChangeSet::Joints);
        CHECK(posesReported(f.changes().back(), rig));
    }
    SECTION("a slot may be appended, as none too") {
        REQUIRE(f.execute(edit::insertJoint(rig, 4, std::nullopt)).ok());
        CHECK(joints(f).size() == 5);
        CHECK(tpose(f).size() == 5);
    }
    SECTION("slots past the end and foreign bones are refused") {
        f.requireRefused(edit::insertJoint(rig, 6, tail),
                         "Insert Joint: slot 6 does not exist; 'Rig' has 4 joints slots");
        f.requireRefused(edit::insertJoint(rig, 1, f.node("Orphan")),
                         "Insert Joint: joints slot 1: 'Orphan' is not a bone of skeleton 'Rig'");
        f.requireRefused(edit::insertJoint(f.node("Prop"), 0, tail),
                         "Insert Joint: 'Prop' is not a skeleton");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::insertJoint(rig, 0, tail));
    }
}

TEST_CASE("remove joint takes the slot out of every bind pose", "[edit][joints]") {
    test::NodeEditFixture f;
    const model::NodeId rig = f.node("Rig");

    SECTION("removing shifts the later slots and their pose entries") {
        REQUIRE(f.execute(edit::removeJoint(rig, 1)).ok());
        CHECK(joints(f) ==
              std::vector<model::JointSlot>{f.node("Hips"), f.node("Head"), std::nullopt});
        CHECK(poseHeights(f) == std::vector<double>{1, 1.5, 0});
        CHECK(posesReported(f.changes().back(), rig));
    }
    SECTION("a missing slot is refused") {
        f.requireRefused(edit::removeJoint(rig, 4),
                         "Remove Joint: slot 4 does not exist; 'Rig' has 4 joints slots");
    }
    SECTION("undo and redo bring the removed entry back") {
        f.requireUndoRedo(edit::removeJoint(rig, 2));
    }
}

TEST_CASE("move joint moves the slot and its pose entries together", "[edit][joints]") {
    test::NodeEditFixture f;
    const model::NodeId rig = f.node("Rig");

    SECTION("the slot ends at the new place, the ones between shift") {
        REQUIRE(f.execute(edit::moveJoint(rig, 0, 2)).ok());
        CHECK(joints(f) == std::vector<model::JointSlot>{f.node("Spine"), f.node("Head"),
                                                         f.node("Hips"), std::nullopt});
        CHECK(poseHeights(f) == std::vector<double>{1.2, 1.5, 1, 0});
        REQUIRE(f.execute(edit::moveJoint(rig, 3, 0)).ok());
        CHECK(poseHeights(f) == std::vector<double>{0, 1.2, 1.5, 1});
    }
    SECTION("both ends must be existing slots") {
        f.requireRefused(edit::moveJoint(rig, 1, 4),
                         "Move Joint: slot 4 does not exist; 'Rig' has 4 joints slots");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::moveJoint(rig, 3, 1));
    }
}

TEST_CASE("set joint slot changes one bone and leaves the poses", "[edit][joints]") {
    test::NodeEditFixture f;
    const model::NodeId rig = f.node("Rig");
    const model::NodeId tail = f.node("Tail");

    SECTION("a slot gets a bone or none") {
        REQUIRE(f.execute(edit::setJointSlot(rig, 3, tail)).ok());
        CHECK(joints(f)[3] == tail);
        CHECK(poseHeights(f) == std::vector<double>{1, 1.2, 1.5, 0});
        CHECK(f.changes().back().posesChanged.empty());
        REQUIRE(f.execute(edit::setJointSlot(rig, 0, std::nullopt)).ok());
        CHECK_FALSE(joints(f)[0]);
    }
    SECTION("missing slots and foreign bones are refused") {
        f.requireRefused(edit::setJointSlot(rig, 4, tail),
                         "Set Joint Slot: slot 4 does not exist; 'Rig' has 4 joints slots");
        f.requireRefused(edit::setJointSlot(rig, 0, f.node("Lamp")),
                         "Set Joint Slot: joints slot 0: 'Lamp' is not a bone; joints slots hold "
                         "bones");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::setJointSlot(rig, 3, tail));
    }
}
