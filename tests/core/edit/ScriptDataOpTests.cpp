#include "tests/core/edit/ScriptTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::failureOf;
using hyperrig::test::meshNamed;
using hyperrig::test::nodeNamed;
using hyperrig::test::runText;

namespace {

std::vector<std::string> groupNames(const EditFixture& f, const std::string& mesh) {
    return *f.document.mesh(meshNamed(f.document, mesh)).skin->groupNames;
}

std::vector<model::PoseType> poseTypes(const EditFixture& f) {
    std::vector<model::PoseType> types;
    for (const auto& pose :
         f.document.node(f.document.findNode("CreatureRig")).skeleton()->bindPoses)
        types.push_back(pose.type);
    return types;
}

} // namespace

TEST_CASE("group ops rename and renumber a skin's groups", "[edit][script]") {
    EditFixture f("creature-4d.g4tf");

    SECTION("renameGroup by index, by name, and through the mesh's node") {
        REQUIRE(runText(f, R"([
            {"op": "renameGroup", "mesh": "BodyMesh", "group": 3, "name": "Collar"},
            {"op": "renameGroup", "mesh": "#1", "group": "ClothingSpine", "name": "ShirtBack"},
            {"op": "renameGroup", "mesh": "Body", "group": "Head", "name": "Skull"}
        ])")
                    .ok());
        CHECK(groupNames(f, "BodyMesh")[3] == "Collar");
        CHECK(groupNames(f, "BodyMesh")[4] == "Skull");
        CHECK(groupNames(f, "ClothingMesh")[24] == "ShirtBack");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("renameGroup errors") {
        CHECK(failureOf(f, R"([{"op": "renameGroup", "mesh": "BodyMesh", "group": 3,
                                "name": "LeftHand"}])") ==
              "op 0 (renameGroup): Rename Group: 'LeftHand' is already group 7 of mesh "
              "'BodyMesh'");
        CHECK(failureOf(f, R"([{"op": "renameGroup", "mesh": "BodyMesh", "group": "Wing",
                                "name": "X"}])") ==
              "op 0 (renameGroup): 'group': mesh 'BodyMesh' has no group named 'Wing'");
        CHECK(failureOf(f, R"([{"op": "renameGroup", "mesh": "BodyMesh", "group": -2,
                                "name": "X"}])") ==
              "op 0 (renameGroup): 'group' must be a group index or a group name");
        CHECK(failureOf(f, R"([{"op": "renameGroup", "mesh": "Nothing", "group": 0,
                                "name": "X"}])") ==
              "op 0 (renameGroup): 'mesh': there is no mesh named 'Nothing'");
        f.requireUnchanged();
    }
    SECTION("renumberGroups and reorderGroup") {
        EditFixture tiny("tiny-4d-mesh.g4tf");
        REQUIRE(runText(tiny, R"([
            {"op": "renumberGroups", "mesh": "TinyMesh", "newIndex": [2, 0, 1]},
            {"op": "reorderGroup", "mesh": "TinyMesh", "from": 0, "to": 1}
        ])")
                    .ok());
        CHECK(groupNames(tiny, "TinyMesh") ==
              std::vector<std::string>{"Hand", "LowerArm", "UpperArm"});
        CHECK(failureOf(tiny, R"([{"op": "renumberGroups", "mesh": "TinyMesh",
                                   "newIndex": [0, "1", 2]}])") ==
              "op 0 (renumberGroups): 'newIndex' must be an array of group indices");
        SECTION("undo and redo") {
            tiny.requireUndoRedo();
        }
    }
}

TEST_CASE("bind pose ops capture, remove and edit poses", "[edit][script]") {
    EditFixture f("creature-4d.g4tf");

    SECTION("addBindPose, setBindPoseType, setBindPoseEntry, removeBindPose") {
        REQUIRE(runText(f, R"([
            {"op": "addBindPose", "skeleton": "CreatureRig", "poseType": "Custom"},
            {"op": "setBindPoseType", "skeleton": "CreatureRig", "from": "Custom", "to": "IPose"},
            {"op": "setBindPoseEntry", "skeleton": "CreatureRig", "poseType": "IPose", "slot": 0,
             "position": [0, 1, 0, 0], "basis": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]},
            {"op": "removeBindPose", "skeleton": "CreatureRig", "poseType": "TPose"}
        ])")
                    .ok());
        CHECK(poseTypes(f) ==
              std::vector<model::PoseType>{model::PoseType::APose, model::PoseType::IPose});
        const auto& ipose =
            f.document.node(f.document.findNode("CreatureRig")).skeleton()->bindPoses[1];
        CHECK(ipose.joints[0].position == std::vector<double>{0, 1, 0, 0});
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("errors") {
        CHECK(failureOf(f, R"([{"op": "addBindPose", "skeleton": "CreatureRig",
                                "poseType": "TPose"}])") ==
              "op 0 (addBindPose): Add Bind Pose: skeleton 'CreatureRig' already has a TPose "
              "bind pose");
        CHECK(failureOf(f, R"([{"op": "addBindPose", "skeleton": "CreatureRig",
                                "poseType": "tpose"}])") ==
              "op 0 (addBindPose): 'poseType' must be one of \"TPose\", \"APose\", \"IPose\", "
              "\"Custom\"");
        CHECK(failureOf(f, R"([{"op": "removeBindPose", "skeleton": "Hips",
                                "poseType": "TPose"}])") ==
              "op 0 (removeBindPose): Remove Bind Pose: node 'Hips' is not a skeleton");
        CHECK(failureOf(f, R"([{"op": "setBindPoseEntry", "skeleton": "CreatureRig",
                                "poseType": "TPose", "slot": 0, "position": [0, 1, 0, 0],
                                "basis": [1, 0, 0, 1]}])") ==
              "op 0 (setBindPoseEntry): Set Bind Pose Entry: the basis has 4 numbers, a 4D "
              "basis needs 16");
        CHECK(failureOf(f, R"([{"op": "setBindPoseEntry", "skeleton": "CreatureRig",
                                "poseType": "TPose", "slot": 0, "position": [0, "1", 0, 0],
                                "basis": [1, 0, 0, 1]}])") ==
              "op 0 (setBindPoseEntry): 'position' must be an array of numbers");
        f.requireUnchanged();
    }
}

TEST_CASE("shape ops create, edit, rename and remove shapes", "[edit][script]") {
    EditFixture f("creature-4d.g4tf");

    SECTION("createShape, editShape, renameShape, then a bone uses it") {
        REQUIRE(runText(f, R"([
            {"op": "createShape", "name": "HandBox",
             "value": {"type": "box", "size": [0.1, 0.1, 0.1, 0.1]}},
            {"op": "editShape", "shape": "HandBox",
             "value": {"type": "box", "size": [0.2, 0.1, 0.1, 0.1]}},
            {"op": "renameShape", "shape": "#10", "name": "PalmBox"},
            {"op": "setBoneShape", "node": "LeftHand", "shape": "PalmBox"}
        ])")
                    .ok());
        const model::Shape& shape = f.document.shapes.at(f.document.shapes.order()[10]);
        CHECK(shape.name == "PalmBox");
        CHECK(shape.value["size"][0] == 0.2);
        CHECK(f.document.node(nodeNamed(f.document, "LeftHand")).bone()->shape == shape.id);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("removeShape, once no bone uses the shape") {
        REQUIRE(runText(f, R"([
            {"op": "setBoneShape", "node": "Neck", "shape": null},
            {"op": "removeShape", "shape": "NeckCapsule"}
        ])")
                    .ok());
        CHECK(f.document.shapes.size() == 9);
        const model::Shape& third = f.document.shapes.at(f.document.shapes.order()[3]);
        CHECK(third.name == "HeadCapsule");
        CHECK(f.document.node(nodeNamed(f.document, "Head")).bone()->shape == third.id);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("errors") {
        CHECK(failureOf(f, R"([{"op": "removeShape", "shape": "NeckCapsule"}])") ==
              "op 0 (removeShape): Remove Shape: bone 'Neck' uses shape 'NeckCapsule'; clear "
              "the bone's shape first");
        CHECK(failureOf(f, R"([{"op": "removeShape", "shape": "Nothing"}])") ==
              "op 0 (removeShape): 'shape': there is no shape named 'Nothing'");
        CHECK(failureOf(f, R"([{"op": "createShape", "name": "X", "value": [1]}])") ==
              "op 0 (createShape): 'value' must be a JSON object");
        CHECK(failureOf(f, R"([{"op": "editShape", "shape": "#10", "value": {}}])") ==
              "op 0 (editShape): 'shape': there is no shape #10; the document has 10 shapes");
        CHECK_THAT(failureOf(f, R"([{"op": "renameShape", "shape": "HipsCapsule",
                                     "name": "SpineCapsule"}])"),
                   Catch::StartsWith("op 0 (renameShape): Rename Shape: the name "
                                     "'SpineCapsule' is already used"));
        f.requireUnchanged();
    }
}
