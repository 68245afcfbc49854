#include "core/edit/commands/NodeCommands.h"
#include "tests/core/edit/NodeTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig;
using namespace hyperrig::core;
using edit::ChangeSet;

namespace {

model::Node plainNode(const char* name, std::vector<double> position = {}) {
    model::Node node;
    node.name = name;
    node.transform.position = std::move(position);
    return node;
}

model::Node boneNode(const char* name) {
    model::Node node = plainNode(name);
    model::Bone bone;
    bone.extra = model::OrderedJson::object();
    node.component = bone;
    return node;
}

} // namespace

TEST_CASE("create node inserts a child with a fresh id", "[edit][structure]") {
    test::NodeEditFixture f;
    const model::NodeId head = f.node("Head");

    SECTION("the child goes to the index, the node to the end of document order") {
        model::NodeId created;
        REQUIRE(f.execute(edit::createNode(f.node("Hips"), 1, plainNode("Gem", {0, 0.1, 0, 0}),
                                           &created))
                    .ok());
        REQUIRE(created);
        CHECK(f.document().findNode("Gem") == created);
        CHECK(f.document().node(created).parent == f.node("Hips"));
        CHECK(f.document().node(f.node("Hips")).children ==
              std::vector<model::NodeId>{f.node("Spine"), created, f.node("Tail")});
        CHECK(f.document().nodes.order().back() == created);
        CHECK(f.changes().back().nodesAdded == std::vector<model::NodeId>{created});
    }
    SECTION("the index is clamped") {
        model::NodeId created;
        REQUIRE(f.execute(edit::createNode(head, 99, plainNode("Gem"), &created)).ok());
        CHECK(f.document().node(head).children == std::vector<model::NodeId>{created});
    }
    SECTION("the created id is reported once: redo never writes to the caller's variable") {
        model::NodeId created;
        REQUIRE(f.execute(edit::createNode(head, 0, plainNode("Gem"), &created)).ok());
        const model::NodeId first = created;
        created = model::NodeId{};
        f.history().undo();
        f.history().redo();
        CHECK_FALSE(created);
        CHECK(f.document().findNode("Gem") == first);
    }
    SECTION("names, children, transforms and components are checked") {
        f.requireRefused(edit::createNode(head, 0, plainNode("Hips")),
                         "Create Node: the name 'Hips' is already used; names are unique across "
                         "the whole file");
        model::Node withChildren = plainNode("Gem");
        withChildren.children.push_back(f.node("Prop"));
        f.requireRefused(edit::createNode(head, 0, withChildren),
                         "Create Node: the new node 'Gem' lists children; a node is created "
                         "alone, its children after it");
        f.requireRefused(edit::createNode(head, 0, plainNode("Gem", {1, 2})),
                         "Create Node: the new node 'Gem': position has 2 numbers, the dimension "
                         "is 4");
        f.requireRefused(edit::createNode(f.node("Scene"), 0, boneNode("Stick")),
                         "Create Node: the new node 'Stick' is a bone, and 'Scene' is neither a "
                         "bone nor a skeleton");
        f.requireRefused(edit::createNode(model::NodeId{999}, 0, plainNode("Gem")),
                         "Create Node: the parent no longer exists");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::createNode(head, 0, boneNode("Jaw")));
    }
}

TEST_CASE("add bone places a named bone at its parent's tail", "[edit][structure]") {
    test::NodeEditFixture f;

    SECTION("under a bone with a length: at (0, length, 0, 0), with the parent's length") {
        model::NodeId created;
        REQUIRE(
            f.execute(edit::addBone(f.node("Head"), "Jaw", std::nullopt, std::nullopt, &created))
                .ok());
        const model::Node& jaw = f.document().node(created);
        CHECK(jaw.name == "Jaw");
        CHECK(jaw.transform.position == std::vector<double>{0, 0.25, 0, 0});
        CHECK(jaw.bone()->length == 0.25);
        CHECK(f.document().skeletonOf(created) == f.node("Rig"));
    }
    SECTION("under a skeleton or a bone without length: at the origin, 0.1 m long") {
        model::NodeId underRig;
        model::NodeId underTail;
        REQUIRE(
            f.execute(edit::addBone(f.node("Rig"), "Root", std::nullopt, std::nullopt, &underRig))
                .ok());
        REQUIRE(f.execute(edit::addBone(f.node("Tail"), "TailTip", std::nullopt, std::nullopt,
                                        &underTail))
                    .ok());
        for (model::NodeId id : {underRig, underTail}) {
            CHECK(f.document().node(id).transform.position.empty());
            CHECK(f.document().node(id).bone()->length == 0.1);
        }
    }
    SECTION("a given position and length are kept") {
        model::NodeId created;
        REQUIRE(f.execute(edit::addBone(f.node("Head"), "Ear", std::vector<double>{0.1, 0, 0, 0},
                                        0.05, &created))
                    .ok());
        CHECK(f.document().node(created).transform.position == std::vector<double>{0.1, 0, 0, 0});
        CHECK(f.document().node(created).bone()->length == 0.05);
    }
    SECTION("a name, a bone or skeleton parent and valid values are required") {
        f.requireRefused(edit::addBone(f.node("Head"), "", std::nullopt, std::nullopt),
                         "Add Bone: a new bone needs a name");
        f.requireRefused(edit::addBone(f.node("Prop"), "Stick", std::nullopt, std::nullopt),
                         "Add Bone: 'Prop' is neither a bone nor a skeleton; bones hang below "
                         "one of them");
        f.requireRefused(edit::addBone(f.node("Head"), "Spine", std::nullopt, std::nullopt),
                         "Add Bone: the name 'Spine' is already used; names are unique across "
                         "the whole file");
        f.requireRefused(edit::addBone(f.node("Head"), "Jaw", std::nullopt, -1.0),
                         "Add Bone: the new node 'Jaw': a bone length must be a finite number "
                         ">= 0 (metres), not -1");
        f.requireRefused(
            edit::addBone(f.node("Head"), "Jaw", std::vector<double>{0, 1}, std::nullopt),
            "Add Bone: the new node 'Jaw': position has 2 numbers, the dimension is 4");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::addBone(f.node("Head"), "Jaw", std::nullopt, std::nullopt));
    }
}

TEST_CASE("delete node moves the subtree into the command", "[edit][structure]") {
    test::NodeEditFixture f;
    const model::NodeId rig = f.node("Rig");
    const model::NodeId spine = f.node("Spine");
    const model::NodeId head = f.node("Head");

    SECTION("the subtree goes, and joints slots naming it become none") {
        REQUIRE(f.execute(edit::deleteNode(spine)).ok());
        CHECK_FALSE(f.document().nodes.find(spine));
        CHECK_FALSE(f.document().nodes.find(head));
        CHECK(f.document().node(f.node("Hips")).children ==
              std::vector<model::NodeId>{f.node("Tail")});
        const auto& joints = f.document().node(rig).skeleton()->joints;
        CHECK(joints == std::vector<model::JointSlot>{f.node("Hips"), std::nullopt, std::nullopt,
                                                      std::nullopt});
        CHECK(f.document().node(rig).skeleton()->bindPoses.at(0).joints.size() == 4);
        const ChangeSet& changes = f.changes().back();
        CHECK(changes.nodesRemoved == std::vector<model::NodeId>{spine, head});
        CHECK(changes.fieldsOf(rig) == ChangeSet::Joints);
    }
    SECTION("the root and removed nodes are refused") {
        f.requireRefused(edit::deleteNode(f.node("Scene")),
                         "Delete: 'Scene' is the root node; a G4MF file keeps its node 0");
        f.requireRefused(edit::deleteNode(model::NodeId{999}), "Delete: the node no longer exists");
    }
    SECTION("undo and redo of a subtree with joints") {
        f.requireUndoRedo(edit::deleteNode(spine));
    }
    SECTION("undo and redo of a whole skeleton") {
        f.requireUndoRedo(edit::deleteNode(rig));
    }
}

TEST_CASE("duplicate node copies the subtree beside the original", "[edit][structure]") {
    test::NodeEditFixture f;
    const model::NodeId spine = f.node("Spine");

    SECTION("fresh ids and names, right after the original") {
        model::NodeId created;
        REQUIRE(f.execute(edit::duplicateNode(spine, &created)).ok());
        REQUIRE(created);
        CHECK(f.document().node(created).name == "Spine2");
        CHECK(f.document().node(f.node("Hips")).children ==
              std::vector<model::NodeId>{spine, created, f.node("Tail")});
        const model::NodeId headCopy = f.document().findNode("Head2");
        REQUIRE(headCopy);
        CHECK(f.document().node(created).children == std::vector<model::NodeId>{headCopy});
        CHECK(f.document().node(headCopy).parent == created);
        CHECK(f.document().node(headCopy).transform == f.document().node(f.node("Head")).transform);
        CHECK(f.document().node(f.node("Rig")).skeleton()->joints.size() == 4);
        CHECK(f.changes().back().nodesAdded == std::vector<model::NodeId>{created, headCopy});
    }
    SECTION("names stay unique across copies and the document") {
        REQUIRE(f.execute(edit::renameNode(f.node("Tail"), "Spine2")).ok());
        model::NodeId created;
        REQUIRE(f.execute(edit::duplicateNode(spine, &created)).ok());
        CHECK(f.document().node(created).name == "Spine3");
    }
    SECTION("a copied skeleton's joints name the copied bones") {
        model::NodeId created;
        REQUIRE(f.execute(edit::duplicateNode(f.node("Rig"), &created)).ok());
        const model::Skeleton& copy = *f.document().node(created).skeleton();
        CHECK(copy.joints == std::vector<model::JointSlot>{f.node("Hips2"), f.node("Spine2"),
                                                           f.node("Head2"), std::nullopt});
        CHECK(copy.bindPoses == f.document().node(f.node("Rig")).skeleton()->bindPoses);
        CHECK(f.document().skeletonOf(f.node("Head2")) == created);
    }
    SECTION("the root is refused") {
        f.requireRefused(edit::duplicateNode(f.node("Scene")),
                         "Duplicate: 'Scene' is the root node; a G4MF file has one root");
    }
    SECTION("undo and redo") {
        f.requireUndoRedo(edit::duplicateNode(f.node("Rig")));
    }
}

TEST_CASE("delete and duplicate leave node indices inside kept JSON as written",
          "[edit][structure]") {
    test::NodeEditFixture f;
    // Prop (#7) names Lamp (#8) from an extension HyperRig keeps without interpreting it.
    f.document().node(f.node("Prop")).extra["extensions"] = {{"VENDOR_aim", {{"node", 8}}}};

    SECTION("delete moves Lamp up; the extension still says #8") {
        REQUIRE(f.execute(edit::deleteNode(f.node("Attachment"))).ok());
        const auto saved = model::OrderedJson::parse(test::savedText(f.document()));
        CHECK(saved["nodes"][7]["name"] == "Lamp");
        CHECK(saved["nodes"][6]["name"] == "Prop");
        CHECK(saved["nodes"][6]["extensions"]["VENDOR_aim"]["node"] == 8);
    }
    SECTION("the copy's extension names the original's target") {
        REQUIRE(f.execute(edit::duplicateNode(f.node("Prop"))).ok());
        const auto saved = model::OrderedJson::parse(test::savedText(f.document()));
        CHECK(saved["nodes"][10]["name"] == "Prop2");
        CHECK(saved["nodes"][10]["extensions"]["VENDOR_aim"]["node"] == 8);
        CHECK(saved["nodes"][8]["name"] == "Lamp");
    }
}
