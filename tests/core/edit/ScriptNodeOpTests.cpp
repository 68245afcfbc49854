#include "tests/core/edit/ScriptTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::failureOf;
using hyperrig::test::nodeNamed;
using hyperrig::test::runText;

namespace {

const model::Node& named(const EditFixture& f, const std::string& name) {
    return f.document.node(nodeNamed(f.document, name));
}

math::AffineN affineOf(const model::Node& node) {
    auto affine = node.transform.toAffine(4);
    REQUIRE(affine.ok());
    return *affine;
}

} // namespace

TEST_CASE("script ops rename nodes and address them by name or #index", "[edit][script]") {
    EditFixture f("creature-4d.g4tf");

    SECTION("renameNode, then the unnamed node by #index") {
        REQUIRE(runText(f, R"([
            {"op": "renameNode", "node": "Hips", "name": "Pelvis"},
            {"op": "renameNode", "node": "Spine", "name": null},
            {"op": "renameNode", "node": "#3", "name": "Back"}
        ])")
                    .ok());
        CHECK(f.document.findNode("Pelvis") == f.document.nodes.order()[2]);
        CHECK(named(f, "Back").id == f.document.nodes.order()[3]);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("addressing errors") {
        CHECK(failureOf(f, R"([{"op": "renameNode", "node": "#99", "name": "X"}])") ==
              "op 0 (renameNode): 'node': there is no node #99; the document has 28 nodes");
        CHECK(failureOf(f, R"([{"op": "renameNode", "node": "#x", "name": "X"}])") ==
              "op 0 (renameNode): 'node': '#x' is not a \"#index\" address (# and digits)");
        CHECK(failureOf(f, R"([{"op": "renameNode", "node": 2, "name": "X"}])") ==
              "op 0 (renameNode): 'node' must be a node name or \"#index\"");
        CHECK(failureOf(f, R"([{"op": "renameNode", "node": "", "name": "X"}])") ==
              "op 0 (renameNode): 'node' must not be empty");
        CHECK(failureOf(f, R"([{"op": "renameNode", "node": "BodyMesh", "name": "X"}])") ==
              "op 0 (renameNode): 'node': there is no node named 'BodyMesh'");
        CHECK(failureOf(f, R"([{"op": "renameNode", "node": "Hips", "name": 5}])") ==
              "op 0 (renameNode): 'name' must be a string or null");
        CHECK_THAT(failureOf(f, R"([{"op": "renameNode", "node": "Hips", "name": "Spine"}])"),
                   Catch::StartsWith("op 0 (renameNode): "));
        f.requireUnchanged();
    }
}

TEST_CASE("setTransform replaces the parts it is given", "[edit][script]") {
    EditFixture f("creature-4d.g4tf");

    SECTION("position alone keeps the rotor") {
        const auto rotor = named(f, "Head").transform.rotor;
        REQUIRE(runText(f, R"([{"op": "setTransform", "node": "Head",
                                "position": [0, 0.1, 0, 0.05]}])")
                    .ok());
        CHECK(named(f, "Head").transform.position == std::vector<double>{0, 0.1, 0, 0.05});
        CHECK(named(f, "Head").transform.rotor == rotor);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("a basis replaces rotor and scale; null removes a part") {
        REQUIRE(runText(f, R"([
            {"op": "setTransform", "node": "Head",
             "basis": [0,1,0,0, -1,0,0,0, 0,0,1,0, 0,0,0,1]},
            {"op": "setTransform", "node": "Spine", "position": null}
        ])")
                    .ok());
        const model::NodeTransform& head = named(f, "Head").transform;
        CHECK(head.form == model::NodeTransform::Form::Basis);
        CHECK(head.rotor.empty());
        CHECK(head.basis.size() == 16);
        CHECK(named(f, "Spine").transform.position.empty());
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("scale alone on a basis node keeps its rotation") {
        REQUIRE(runText(f, R"([
            {"op": "setTransform", "node": "Spine",
             "basis": [0,2,0,0, -2,0,0,0, 0,0,2,0, 0,0,0,2]},
            {"op": "setTransform", "node": "Spine", "scale": [1]}
        ])")
                    .ok());
        const model::Node& spine = named(f, "Spine");
        CHECK(spine.transform.form == model::NodeTransform::Form::RotorScale);
        CHECK(spine.transform.scale == std::vector<double>{1});
        CHECK(spine.transform.position == std::vector<double>{0, 0.12, 0, 0});
        const auto expected = math::BasisN::fromColumnMajor(
            4, std::vector<double>{0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
        REQUIRE(expected.ok());
        CHECK(math::approxEqual(affineOf(spine).basis(), *expected, 1e-12));
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("rotor and scale on a node without a transform") {
        REQUIRE(runText(f, R"([{"op": "setTransform", "node": "Spine",
                                "rotor": [1, 0, 0, 0, 0, 0, 0, 0], "scale": [2]}])")
                    .ok());
        const model::NodeTransform& spine = named(f, "Spine").transform;
        CHECK(spine.form == model::NodeTransform::Form::RotorScale);
        CHECK(spine.rotor.size() == 8);
        CHECK(spine.scale == std::vector<double>{2});
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("removing rotor and scale leaves no transform form") {
        REQUIRE(runText(f, R"([{"op": "setTransform", "node": "Head",
                                "rotor": null, "scale": null}])")
                    .ok());
        CHECK(named(f, "Head").transform.form == model::NodeTransform::Form::None);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("wrong combinations and sizes") {
        CHECK(failureOf(f, R"([{"op": "setTransform", "node": "Head"}])") ==
              "op 0 (setTransform): give at least one of 'position', 'basis', 'rotor', 'scale'");
        CHECK(failureOf(f, R"([{"op": "setTransform", "node": "Head",
                                "basis": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1],
                                "scale": [2]}])") ==
              "op 0 (setTransform): 'basis' cannot be combined with 'rotor' or 'scale'");
        CHECK(failureOf(f, R"([{"op": "setTransform", "node": "Head", "position": [0, 1, 0]}])") ==
              "op 0 (setTransform): 'position' needs 4 numbers in a 4D document, not 3");
        CHECK(failureOf(f, R"([{"op": "setTransform", "node": "Head", "basis": [1, 0, 0, 1]}])") ==
              "op 0 (setTransform): 'basis' needs 16 numbers in a 4D document, not 4");
        CHECK(failureOf(f, R"([{"op": "setTransform", "node": "Head", "scale": [1, 2]}])") ==
              "op 0 (setTransform): 'scale' needs 1 or 4 numbers in a 4D document, not 2");
        CHECK(failureOf(f, R"([{"op": "setTransform", "node": "Head", "position": "up"}])") ==
              "op 0 (setTransform): 'position' must be an array of numbers or null");
        CHECK_THAT(failureOf(f, R"([{"op": "setTransform", "node": "Head", "rotor": [1, 0]}])"),
                   Catch::StartsWith("op 0 (setTransform): rotor"));
        CHECK_THAT(failureOf(f, R"([{"op": "setTransform", "node": "Head", "scale": [-1]}])"),
                   Catch::Contains("scales must be positive"));
        CHECK_THAT(failureOf(f, R"([
            {"op": "setTransform", "node": "Spine",
             "basis": [1,1,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]},
            {"op": "setTransform", "node": "Spine", "scale": [2]}
        ])"),
                   Catch::StartsWith("op 1 (setTransform): the node's basis cannot be written "
                                     "as a rotor and a scale"));
    }
    SECTION("convertTransform") {
        REQUIRE(
            runText(f, R"([{"op": "convertTransform", "node": "Head", "form": "basis"}])").ok());
        CHECK(named(f, "Head").transform.form == model::NodeTransform::Form::Basis);
        CHECK(failureOf(f, R"([{"op": "convertTransform", "node": "Head", "form": "matrix"}])") ==
              "op 0 (convertTransform): 'form' must be one of \"none\", \"basis\", "
              "\"rotorScale\"");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
}

TEST_CASE("structure ops: reparent, addNode, addBone, deleteNode, duplicateNode",
          "[edit][script]") {
    EditFixture f("creature-4d.g4tf");

    SECTION("reparent keeps the world placement unless keepLocal") {
        const math::AffineN before = affineOf(named(f, "Head"));
        REQUIRE(runText(f, R"([
            {"op": "reparent", "node": "LeftHand", "parent": "Chest"},
            {"op": "reparent", "node": "Head", "parent": "Chest", "index": 0, "keepLocal": true}
        ])")
                    .ok());
        CHECK(named(f, "LeftHand").parent == nodeNamed(f.document, "Chest"));
        CHECK(named(f, "Chest").children.front() == nodeNamed(f.document, "Head"));
        CHECK(affineOf(named(f, "Head")) == before);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("reparent field errors") {
        CHECK(failureOf(f, R"([{"op": "reparent", "node": "Head", "parent": "Chest",
                                "index": -1}])") ==
              "op 0 (reparent): 'index' must be a non-negative integer or null");
        CHECK(failureOf(f, R"([{"op": "reparent", "node": "Head", "parent": "Chest",
                                "keepLocal": "yes"}])") ==
              "op 0 (reparent): 'keepLocal' must be true or false");
        CHECK_THAT(failureOf(f, R"([{"op": "reparent", "node": "Hips", "parent": "Head"}])"),
                   Catch::StartsWith("op 0 (reparent): "));
        f.requireUnchanged();
    }
    SECTION("addBone and addNode") {
        REQUIRE(runText(f, R"([
            {"op": "addBone", "parent": "Hips", "name": "Belly", "length": 0.1},
            {"op": "addBone", "parent": "Belly", "name": "Navel",
             "position": [0, 0.05, 0, 0]},
            {"op": "addNode", "parent": "Scene", "name": "Props"},
            {"op": "addNode", "parent": "Props", "index": 0}
        ])")
                    .ok());
        const model::Node& belly = named(f, "Belly");
        CHECK(belly.parent == nodeNamed(f.document, "Hips"));
        CHECK(belly.bone()->length == 0.1);
        CHECK(named(f, "Navel").transform.position == std::vector<double>{0, 0.05, 0, 0});
        CHECK(named(f, "Props").children.size() == 1);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("addBone field errors") {
        CHECK(failureOf(f, R"([{"op": "addBone", "parent": "Hips", "name": "B",
                                "position": [0, 1]}])") ==
              "op 0 (addBone): 'position' needs 4 numbers in a 4D document, not 2");
        CHECK(failureOf(f, R"([{"op": "addBone", "parent": "Hips"}])") ==
              "op 0 (addBone): 'name' is required");
        CHECK_THAT(failureOf(f, R"([{"op": "addBone", "parent": "Body", "name": "B"}])"),
                   Catch::StartsWith("op 0 (addBone): "));
    }
    SECTION("deleteNode and duplicateNode") {
        REQUIRE(runText(f, R"([
            {"op": "duplicateNode", "node": "LeftUpperArm"},
            {"op": "deleteNode", "node": "Tail"}
        ])")
                    .ok());
        CHECK_FALSE(f.document.findNode("Tail"));
        CHECK(f.document.nodes.size() == 28 - 1 + 3);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
}

TEST_CASE("component ops: bones, skeletons, visibility", "[edit][script]") {
    EditFixture f("creature-4d.g4tf");

    SECTION("bone properties, set and cleared") {
        REQUIRE(runText(f, R"([
            {"op": "setBoneLength", "node": "LeftHand", "length": 0.12},
            {"op": "setBoneMass", "node": "LeftHand", "mass": 0.5},
            {"op": "setBoneShape", "node": "LeftHand", "shape": "LowerArmCapsule"},
            {"op": "setBoneShape", "node": "Tail", "shape": "#0"},
            {"op": "setBoneShape", "node": "Hips", "shape": null},
            {"op": "setBoneMass", "node": "Hips", "mass": null}
        ])")
                    .ok());
        const model::Bone& hand = *named(f, "LeftHand").bone();
        CHECK(hand.length == 0.12);
        CHECK(hand.mass == 0.5);
        CHECK(f.document.shapes.at(hand.shape).name == "LowerArmCapsule");
        CHECK(named(f, "Tail").bone()->shape == f.document.shapes.order()[0]);
        CHECK_FALSE(named(f, "Hips").bone()->shape);
        CHECK_FALSE(named(f, "Hips").bone()->mass);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("bone property errors") {
        CHECK(failureOf(f, R"([{"op": "setBoneShape", "node": "Hips", "shape": "Nope"}])") ==
              "op 0 (setBoneShape): 'shape': there is no shape named 'Nope'");
        CHECK(failureOf(f, R"([{"op": "setBoneMass", "node": "Hips", "mass": true}])") ==
              "op 0 (setBoneMass): 'mass' must be a number or null");
        CHECK_THAT(failureOf(f, R"([{"op": "setBoneLength", "node": "Body", "length": 1}])"),
                   Catch::StartsWith("op 0 (setBoneLength): "));
    }
    SECTION("visibility") {
        REQUIRE(runText(f, R"([
            {"op": "setVisible", "node": "Clothing", "visible": false},
            {"op": "setVisible", "node": "Body", "visible": true}
        ])")
                    .ok());
        CHECK(named(f, "Clothing").visible == false);
        CHECK(named(f, "Body").visible == true);
        REQUIRE(runText(f, R"([{"op": "setVisible", "node": "Body", "visible": null}])").ok());
        CHECK_FALSE(named(f, "Body").visible.has_value());
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("makeSkeleton, makeBone, clearComponent") {
        REQUIRE(runText(f, R"([
            {"op": "addNode", "parent": "Scene", "name": "Rig2"},
            {"op": "makeSkeleton", "node": "Rig2"},
            {"op": "addNode", "parent": "Rig2", "name": "Root2"},
            {"op": "makeBone", "node": "Root2"},
            {"op": "addNode", "parent": "Scene", "name": "Empty"},
            {"op": "makeSkeleton", "node": "Empty"},
            {"op": "clearComponent", "node": "Empty"}
        ])")
                    .ok());
        CHECK(named(f, "Rig2").isSkeleton());
        CHECK(named(f, "Root2").isBone());
        CHECK(std::holds_alternative<std::monostate>(named(f, "Empty").component));
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
}

TEST_CASE("joints ops edit a skeleton's slots", "[edit][script]") {
    EditFixture f("tiny-4d-arm.g4tf");
    const model::NodeId upper = nodeNamed(f.document, "UpperArm");
    const model::NodeId lower = nodeNamed(f.document, "LowerArm");
    const model::NodeId hand = nodeNamed(f.document, "Hand");
    const auto joints = [&] {
        return named(f, "ArmRig").skeleton()->joints;
    };

    SECTION("setJoints with names, #index and null") {
        REQUIRE(runText(f, R"([{"op": "setJoints", "skeleton": "ArmRig",
                                "joints": ["Hand", null, "#2", "Hand"]}])")
                    .ok());
        CHECK(joints() == std::vector<model::JointSlot>{hand, std::nullopt, upper, hand});
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("insertJoint, setJointSlot, moveJoint, removeJoint") {
        REQUIRE(runText(f, R"([
            {"op": "insertJoint", "skeleton": "ArmRig", "slot": 0, "bone": null},
            {"op": "setJointSlot", "skeleton": "ArmRig", "slot": 0, "bone": "Hand"},
            {"op": "moveJoint", "skeleton": "ArmRig", "from": 0, "to": 3},
            {"op": "removeJoint", "skeleton": "ArmRig", "slot": 0}
        ])")
                    .ok());
        CHECK(joints() == std::vector<model::JointSlot>{lower, hand, hand});
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("errors") {
        CHECK(failureOf(f, R"([{"op": "setJoints", "skeleton": "ArmRig", "joints": "Hand"}])") ==
              "op 0 (setJoints): 'joints' must be an array of bone names, \"#index\" or null");
        CHECK(failureOf(f, R"([{"op": "setJoints", "skeleton": "ArmRig",
                                "joints": ["Hand", "Elbow"]}])") ==
              "op 0 (setJoints): 'joints'[1]: there is no node named 'Elbow'");
        CHECK(failureOf(f, R"([{"op": "setJoints", "skeleton": "ArmRig", "joints": [3]}])") ==
              "op 0 (setJoints): 'joints'[0] must be a node name, \"#index\" or null");
        CHECK(failureOf(f, R"([{"op": "removeJoint", "skeleton": "ArmRig", "slot": 1.5}])") ==
              "op 0 (removeJoint): 'slot' must be a non-negative integer");
        CHECK_THAT(failureOf(f, R"([{"op": "setJoints", "skeleton": "ArmRig",
                                     "joints": ["Scene"]}])"),
                   Catch::StartsWith("op 0 (setJoints): "));
        f.requireUnchanged();
    }
    SECTION("with several wrong fields, the first one in the op's field order is reported") {
        CHECK(failureOf(f, R"([{"op": "moveJoint", "to": -1, "from": "x",
                                "skeleton": "Nowhere"}])") ==
              "op 0 (moveJoint): 'skeleton': there is no node named 'Nowhere'");
        CHECK(failureOf(f, R"([{"op": "moveJoint", "skeleton": "ArmRig", "to": -1,
                                "from": "x"}])") ==
              "op 0 (moveJoint): 'from' must be a non-negative integer");
        CHECK(failureOf(f, R"([{"op": "insertJoint", "skeleton": "ArmRig", "slot": 0,
                                "bone": "Elbow"}])") ==
              "op 0 (insertJoint): 'bone': there is no node named 'Elbow'");
        f.requireUnchanged();
    }
}
