#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/ops/influence/InfluenceTools.h"
#include "tests/core/ops/InfluenceTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::executePlan;
using hyperrig::test::giveSkin;
using hyperrig::test::HandSkin;
using hyperrig::test::meshNamed;
using hyperrig::test::nodeNamed;
using hyperrig::test::refusalOf;
using hyperrig::test::requireInfluences;
using hyperrig::test::setUp;

namespace {

const model::Skeleton& skeletonOf(const EditFixture& f, const std::string& name) {
    return *f.document.node(nodeNamed(f.document, name)).skeleton();
}

// Applies a command to a document outside any history (test set-up).
void applyNow(model::Document& document, std::unique_ptr<edit::Command> command) {
    edit::ChangeSet changes;
    REQUIRE(command->apply(document, changes).ok());
}

} // namespace

TEST_CASE("remove unused groups renumbers an unbound skin compactly", "[ops][influence]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    setUp(f, [](model::Document& document) { hyperrig::test::moveToRoot(document, "TinySkin"); });
    // Groups 1 and 3 are named but unused.
    giveSkin(f, mesh,
             {{0, 2, 3, 3, 4, 5},
              {4, 0, 2, 0, 4},
              {0.5, 0.5, 1.0, 1.0, 1.0},
              std::vector<std::string>{"A", "B", "C", "D", "E"}});
    ops::InfluenceReport report;
    executePlan(f, ops::removeUnusedGroups(f.document, mesh, &report));
    CHECK(report.groupsRemoved == 2);
    CHECK(report.jointsRemoved == 0);
    CHECK(report.verticesChanged == 3);
    CHECK(f.history.undoName() == "Remove Unused Groups");
    requireInfluences(f.document, mesh,
                      {{0, 2, 3, 3, 4, 5},
                       {2, 0, 1, 0, 2},
                       {0.5, 0.5, 1.0, 1.0, 1.0},
                       std::vector<std::string>{"A", "C", "E"}});
    CHECK(skeletonOf(f, "ArmRig").joints.size() == 3);
    f.requireUndoRedo();
}

TEST_CASE("remove unused groups takes the slots of dropped groups out of the joints",
          "[ops][influence]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    const model::MeshId mesh = meshNamed(f.document, "TinyMesh");
    const model::NodeId rig = nodeNamed(f.document, "ArmRig");
    const model::NodeId upper = nodeNamed(f.document, "UpperArm");
    const model::NodeId hand = nodeNamed(f.document, "Hand");
    setUp(f, [&](model::Document& document) {
        applyNow(document, edit::addBindPose(rig, model::PoseType::TPose));
    });
    // Group 1 (LowerArm's slot) is unused; group 5 lies past the 3 slots, so it is identity.
    giveSkin(f, mesh,
             {{0, 2, 3, 3, 4, 5},
              {2, 0, 5, 0, 2},
              {0.6, 0.4, 1.0, 1.0, 1.0},
              std::vector<std::string>{"UpperArm", "LowerArm", "Hand"}});
    const std::vector<model::JointPose> entries = skeletonOf(f, "ArmRig").bindPoses[0].joints;
    const eval::Pose pose = hyperrig::test::randomPose(f.document, 11);
    const std::vector<double> before = hyperrig::test::worldPositions(f.document, pose);

    ops::InfluenceReport report;
    executePlan(f, ops::removeUnusedGroups(f.document, mesh, &report));
    CHECK(report.groupsRemoved == 3); // 1, 3 and 4
    CHECK(report.jointsRemoved == 1);
    requireInfluences(f.document, mesh,
                      {{0, 2, 3, 3, 4, 5},
                       {1, 0, 2, 0, 1},
                       {0.6, 0.4, 1.0, 1.0, 1.0},
                       std::vector<std::string>{"UpperArm", "Hand"}});
    const model::Skeleton& skeleton = skeletonOf(f, "ArmRig");
    CHECK(skeleton.joints == std::vector<model::JointSlot>{upper, hand});
    REQUIRE(skeleton.bindPoses[0].joints.size() == 2);
    CHECK(skeleton.bindPoses[0].joints[0] == entries[0]);
    CHECK(skeleton.bindPoses[0].joints[1] == entries[2]);

    hyperrig::test::requireSamePositions(hyperrig::test::worldPositions(f.document, pose), before);
    f.requireUndoRedo();
}

TEST_CASE("remove unused groups keeps the clothing's deformation in the creature",
          "[ops][influence]") {
    EditFixture f("creature-4d.g4tf");
    const model::MeshId clothing = meshNamed(f.document, "ClothingMesh");
    // The clothing uses groups 24 to 27 only; with the body gone nothing else uses slots 0-23.
    REQUIRE(f.execute(edit::deleteNode(nodeNamed(f.document, "Body"))).ok());
    const model::Skeleton& skeleton = skeletonOf(f, "CreatureRig");
    const std::vector<model::JointSlot> kept(skeleton.joints.begin() + 24, skeleton.joints.end());
    const model::JointPose tposeSlot24 = skeleton.bindPoses[0].joints[24];
    const eval::Pose pose = hyperrig::test::randomPose(f.document, 5);
    const std::vector<double> before = hyperrig::test::worldPositions(f.document, pose);

    ops::InfluenceReport report;
    executePlan(f, ops::removeUnusedGroups(f.document, clothing, &report));
    CHECK(report.groupsRemoved == 24);
    CHECK(report.jointsRemoved == 24);
    CHECK(skeleton.joints == kept);
    CHECK(skeleton.bindPoses[0].joints.front() == tposeSlot24);
    CHECK(f.document.mesh(clothing).skin->groupNames ==
          std::vector<std::string>{"ClothingSpine", "ClothingChest", "ClothingLeftUpperArm",
                                   "ClothingRightUpperArm"});
    hyperrig::test::requireSamePositions(hyperrig::test::worldPositions(f.document, pose), before);
    // The kept slots are in their old order, so the joints order rules still hold.
    CHECK(hyperrig::test::errorRules(f.document).empty());
    f.requireUndoRedo();
}

TEST_CASE("remove unused groups refuses what would move another mesh's groups",
          "[ops][influence]") {
    EditFixture f("creature-4d.g4tf");
    const model::MeshId clothing = meshNamed(f.document, "ClothingMesh");

    SECTION("another skinned mesh uses a slot that would move") {
        CHECK(refusalOf(ops::removeUnusedGroups(f.document, clothing)) ==
              "Remove Unused Groups: mesh 'ClothingMesh': removing joints slot 0 of skeleton "
              "'CreatureRig' renumbers the slots after it, but mesh 'BodyMesh', skinned by the "
              "same skeleton, uses group 0");
    }
    SECTION("another skinned mesh names a slot that would move") {
        // The body uses only group 0 and the clothing uses it too, so the clothing's first
        // removed slot is 1: the body uses none of the slots that move but still names them.
        setUp(f, [&](model::Document& document) {
            model::Skin& body = *document.mesh(meshNamed(document, "BodyMesh")).skin;
            std::fill(body.groups.begin(), body.groups.end(), 0u);
            document.mesh(clothing).skin->groups.front() = 0;
        });
        CHECK(refusalOf(ops::removeUnusedGroups(f.document, clothing)) ==
              "Remove Unused Groups: mesh 'ClothingMesh': removing joints slot 1 of skeleton "
              "'CreatureRig' renumbers the slots after it, but mesh 'BodyMesh', skinned by the "
              "same skeleton, names group 1 ('Spine')");
    }
    SECTION("the mesh is shown under two skeletons") {
        setUp(f, [&](model::Document& document) {
            // A second skeleton with a node showing the clothing mesh.
            auto addNode = [&](model::NodeId parent, std::string name, model::Component component) {
                auto node = std::make_unique<model::Node>();
                node->id = document.nodes.allocateId();
                node->name = std::move(name);
                node->parent = parent;
                node->component = std::move(component);
                const model::NodeId id = node->id;
                document.nodes.append(std::move(node));
                document.node(parent).children.push_back(id);
                return id;
            };
            model::Skeleton second;
            second.extra = model::OrderedJson::object();
            const model::NodeId rig2 = addNode(document.root(), "SecondRig", second);
            addNode(rig2, "Clothing2",
                    model::MeshInstance{clothing, model::OrderedJson::object(), std::nullopt});
        });
        CHECK(refusalOf(ops::removeUnusedGroups(f.document, clothing)) ==
              "Remove Unused Groups: mesh 'ClothingMesh': it is shown under skeletons "
              "'CreatureRig' and 'SecondRig', and one numbering of its groups cannot fit the "
              "joints of both");
    }
    f.requireUnchanged();
    CHECK(f.history.undoCount() == 0);
}

TEST_CASE("remove unused groups refuses a bind pose without one entry per slot",
          "[ops][influence]") {
    EditFixture f("creature-4d.g4tf");
    const model::MeshId clothing = meshNamed(f.document, "ClothingMesh");
    setUp(f, [&](model::Document& document) {
        hyperrig::test::moveToRoot(document, "Body"); // the body no longer blocks
        document.node(nodeNamed(document, "CreatureRig"))
            .skeleton()
            ->bindPoses[1]
            .joints.pop_back();
    });
    CHECK(refusalOf(ops::removeUnusedGroups(f.document, clothing)) ==
          "Remove Unused Groups: mesh 'ClothingMesh': bind pose APose of skeleton "
          "'CreatureRig' has 27 entries for 28 joints slots; fix the pose first");
    f.requireUnchanged();
}

TEST_CASE("remove unused groups with every group used changes nothing", "[ops][influence]") {
    EditFixture f("tiny-4d-mesh.g4tf");
    ops::InfluenceReport report;
    report.groupsRemoved = 9;
    executePlan(f, ops::removeUnusedGroups(f.document, meshNamed(f.document, "TinyMesh"), &report));
    CHECK(report.groupsRemoved == 0);
    CHECK_FALSE(f.history.isModified());
    f.requireUnchanged();
}
