#include "core/edit/commands/NodeCommands.h"
#include "core/edit/commands/NodeWorldTransform.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/model/DocumentEquality.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/outliner/OutlinerTestSupport.h"
#include "ui/panels/outliner/NodeKind.h"
#include "ui/panels/outliner/OutlinerModel.h"
#include "ui/session/EditorSession.h"

#include <QAbstractItemModelTester>
#include <QImage>
#include <QMimeData>
#include <QSignalSpy>

#include <catch2/catch.hpp>
#include <memory>

using namespace hyperrig;
using core::model::NodeId;
using hyperrig::test::addBone;
using hyperrig::test::addSkeleton;
using hyperrig::test::creatureFromDisk;
using hyperrig::test::sampleFile;
using ui::OutlinerModel;

namespace {

core::math::AffineN world(const ui::EditorSession& session, NodeId node) {
    auto transform = core::edit::worldTransform(session.document(), node);
    REQUIRE(transform.ok());
    return *transform;
}

} // namespace

TEST_CASE("the outliner model follows structure edits with row signals, never a reset",
          "[ui][outliner]") {
    ui::EditorSession session;
    session.newDocument(4);
    OutlinerModel model(session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    CHECK(test::shownTree(model) == "Scene");
    const NodeId rig = addSkeleton(session, "Rig");
    const NodeId hips = addBone(session, rig, "Hips");
    const NodeId spine = addBone(session, hips, "Spine");
    CHECK(test::shownTree(model) == "Scene[Rig[Hips[Spine]]]");
    CHECK(inserted.count() == 3);
    CHECK(model.nodeAt(model.indexOf(spine)) == spine);
    CHECK(model.indexOf(spine).parent() == model.indexOf(hips));
    CHECK(model.data(model.indexOf(spine), Qt::AccessibleTextRole).toString() == "Spine");
    CHECK(model.data(model.indexOf(rig), OutlinerModel::NodeKindRole).toInt() ==
          static_cast<int>(ui::NodeKind::Skeleton));
    CHECK(model.data(model.indexOf(spine), OutlinerModel::NodeKindRole).toInt() ==
          static_cast<int>(ui::NodeKind::Bone));
    CHECK_FALSE(model.data(model.indexOf(spine), Qt::DecorationRole).value<QIcon>().isNull());

    SECTION("a rename changes the name column only; undo and redo follow") {
        REQUIRE(model.setData(model.indexOf(spine), QStringLiteral("Chest")));
        CHECK(session.document().node(spine).displayName() == "Chest");
        CHECK(session.undoName() == "Rename Node");
        REQUIRE(changed.count() == 1);
        const auto first = changed.at(0).at(0).value<QModelIndex>();
        const auto last = changed.at(0).at(1).value<QModelIndex>();
        CHECK(first == model.indexOf(spine, OutlinerModel::NameColumn));
        CHECK(last == first);
        session.undo();
        CHECK(model.data(model.indexOf(spine)).toString() == "Spine");
        session.redo();
        CHECK(model.data(model.indexOf(spine)).toString() == "Chest");
    }
    SECTION("the Visible check box runs setVisible and changes its column only") {
        const QModelIndex visible = model.indexOf(hips, OutlinerModel::VisibleColumn);
        CHECK(model.data(visible, Qt::CheckStateRole).toInt() == Qt::Checked);
        REQUIRE(model.setData(visible, Qt::Unchecked, Qt::CheckStateRole));
        CHECK_FALSE(session.document().node(hips).isVisible());
        REQUIRE(changed.count() == 1);
        CHECK(changed.at(0).at(0).value<QModelIndex>() == visible);
        session.undo();
        CHECK(session.document().node(hips).isVisible());
        CHECK(model.data(visible, Qt::CheckStateRole).toInt() == Qt::Checked);
    }
    SECTION("delete removes the subtree's row; undo brings it back; redo removes it again") {
        REQUIRE(session.execute(core::edit::deleteNode(hips)).ok());
        CHECK(test::shownTree(model) == "Scene[Rig]");
        CHECK(removed.count() == 1);
        CHECK_FALSE(model.indexOf(spine).isValid());
        session.undo();
        CHECK(test::shownTree(model) == "Scene[Rig[Hips[Spine]]]");
        session.redo();
        CHECK(test::shownTree(model) == "Scene[Rig]");
        session.undo();
        session.undo(); // the Spine bone
        session.undo(); // the Hips bone
        CHECK(test::shownTree(model) == "Scene[Rig]");
        session.redo();
        session.redo();
        CHECK(test::shownTree(model) == test::documentTree(session.document()));
    }
    SECTION("reparent is a row move; undo moves it back") {
        const QPersistentModelIndex spineRow = model.indexOf(spine);
        REQUIRE(session.execute(core::edit::reparentNode(spine, rig, std::nullopt)).ok());
        CHECK(test::shownTree(model) == "Scene[Rig[Hips,Spine]]");
        CHECK(moved.count() == 1);
        CHECK(removed.count() == 0);
        CHECK(spineRow.isValid()); // a move keeps persistent indexes
        CHECK(spineRow.parent() == model.indexOf(rig));
        REQUIRE(session.execute(core::edit::reparentNode(spine, rig, 0)).ok()); // reorder
        CHECK(test::shownTree(model) == "Scene[Rig[Spine,Hips]]");
        session.undo();
        session.undo();
        CHECK(test::shownTree(model) == "Scene[Rig[Hips[Spine]]]");
        CHECK(spineRow.parent() == model.indexOf(hips));
    }
    SECTION("a new document resets the model") {
        session.newDocument(3);
        CHECK(resets.count() == 1);
        CHECK(test::shownTree(model) == "Scene");
    }
    CHECK(resets.count() <= 1);
    CHECK(test::shownTree(model) == test::documentTree(session.document()));
}

TEST_CASE("the outliner mirrors the creature sample and its edits", "[ui][outliner]") {
    ui::EditorSession session;
    OutlinerModel model(session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
    const core::model::Document& document = session.document();
    CHECK(test::shownTree(model) == test::documentTree(document));
    const NodeId body = document.findNode("Body");
    const NodeId chest = document.findNode("Chest");
    CHECK(model.data(model.indexOf(body), OutlinerModel::NodeKindRole).toInt() ==
          static_cast<int>(ui::NodeKind::Mesh));
    CHECK(model.data(model.indexOf(document.root()), OutlinerModel::NodeKindRole).toInt() ==
          static_cast<int>(ui::NodeKind::Other));
    CHECK_FALSE(model.flags(model.indexOf(document.root())) & Qt::ItemIsDragEnabled);
    // One icon per kind, told apart by their pixels.
    std::vector<QImage> icons;
    for (auto kind :
         {ui::NodeKind::Skeleton, ui::NodeKind::Bone, ui::NodeKind::Mesh, ui::NodeKind::Other})
        icons.push_back(ui::nodeKindIcon(kind).pixmap(16, 16).toImage());
    for (std::size_t a = 0; a < icons.size(); ++a)
        for (std::size_t b = a + 1; b < icons.size(); ++b)
            CHECK(icons[a] != icons[b]);

    // Duplicate and delete whole arms; a subtree moves between parents and back.
    NodeId copy;
    REQUIRE(
        session.execute(core::edit::duplicateNode(document.findNode("LeftUpperArm"), &copy)).ok());
    CHECK(test::shownTree(model) == test::documentTree(document));
    REQUIRE(session.execute(core::edit::deleteNode(chest)).ok());
    CHECK(test::shownTree(model) == test::documentTree(document));
    session.undo();
    session.undo();
    CHECK(test::shownTree(model) == test::documentTree(document));
    CHECK(core::model::firstDifference(document, creatureFromDisk()) == std::nullopt);
}

TEST_CASE("renaming in the outliner goes through the rename command; a forbidden name is refused",
          "[ui][outliner]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
    OutlinerModel model(session);
    QSignalSpy refused(&model, &OutlinerModel::editRefused);
    const NodeId spine = session.document().findNode("Spine");
    const QModelIndex row = model.indexOf(spine);
    CHECK(model.data(row, Qt::EditRole).toString() == "Spine");

    SECTION("Bad.Name is refused with the reason, and nothing changes") {
        CHECK_FALSE(model.setData(row, QStringLiteral("Bad.Name")));
        CHECK(session.document().node(spine).displayName() == "Spine");
        CHECK(model.data(row).toString() == "Spine");
        CHECK_FALSE(session.canUndo());
        CHECK_FALSE(session.isModified());
        CHECK(core::model::firstDifference(session.document(), creatureFromDisk()) == std::nullopt);
        REQUIRE(refused.count() == 1);
        const QString reason = refused.at(0).at(0).toString();
        CHECK(reason.contains("Spine"));
        CHECK(reason.contains("'.'"));
    }
    SECTION("a name used by another node is refused") {
        CHECK_FALSE(model.setData(row, QStringLiteral("Chest")));
        CHECK(refused.count() == 1);
        CHECK(session.document().node(spine).displayName() == "Spine");
    }
    SECTION("an allowed name is one undo step") {
        REQUIRE(model.setData(row, QStringLiteral("Torso")));
        CHECK(session.document().node(spine).displayName() == "Torso");
        CHECK(session.undoName() == "Rename Node");
        CHECK(refused.count() == 0);
        session.undo();
        CHECK(core::model::firstDifference(session.document(), creatureFromDisk()) == std::nullopt);
        session.redo();
        CHECK(session.document().node(spine).displayName() == "Torso");
    }
    SECTION("the unchanged name makes no undo step") {
        REQUIRE(model.setData(row, QStringLiteral("Spine")));
        CHECK_FALSE(session.canUndo());
    }
}

TEST_CASE("outliner drops reparent through the command and keep the world placement",
          "[ui][outliner]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
    OutlinerModel model(session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy refused(&model, &OutlinerModel::editRefused);
    const core::model::Document& document = session.document();
    const NodeId hand = document.findNode("LeftHand");
    const NodeId body = document.findNode("Body");
    const NodeId spine = document.findNode("Spine");
    const NodeId rig = document.findNode("CreatureRig");
    const std::unique_ptr<QMimeData> dragged(model.mimeData({model.indexOf(hand)}));
    REQUIRE(dragged != nullptr);

    SECTION("a bone dropped onto a mesh node is refused and changes nothing") {
        CHECK_FALSE(
            model.canDropMimeData(dragged.get(), Qt::MoveAction, -1, -1, model.indexOf(body)));
        CHECK_FALSE(model.dropMimeData(dragged.get(), Qt::MoveAction, -1, -1, model.indexOf(body)));
        CHECK(document.node(hand).parent == document.findNode("LeftLowerArm"));
        CHECK_FALSE(session.canUndo());
        CHECK(core::model::firstDifference(document, creatureFromDisk()) == std::nullopt);
        REQUIRE(refused.count() == 1);
        CHECK(refused.at(0).at(0).toString().contains("neither a bone nor a skeleton"));
    }
    SECTION("other invalid targets are refused too") {
        // Beside the scene root, under the root (a bone needs a bone or skeleton), into itself.
        CHECK_FALSE(model.canDropMimeData(dragged.get(), Qt::MoveAction, 1, 0, {}));
        CHECK_FALSE(model.canDropMimeData(dragged.get(), Qt::MoveAction, -1, -1,
                                          model.indexOf(document.root())));
        CHECK_FALSE(
            model.canDropMimeData(dragged.get(), Qt::MoveAction, -1, -1, model.indexOf(hand)));
        const std::unique_ptr<QMimeData> arm(
            model.mimeData({model.indexOf(document.findNode("LeftUpperArm"))}));
        CHECK_FALSE(model.canDropMimeData(arm.get(), Qt::MoveAction, -1, -1, model.indexOf(hand)));
        // A skeleton may go under the root or a mesh node, not under a bone.
        const std::unique_ptr<QMimeData> skeleton(model.mimeData({model.indexOf(rig)}));
        CHECK_FALSE(
            model.canDropMimeData(skeleton.get(), Qt::MoveAction, -1, -1, model.indexOf(spine)));
        CHECK(model.canDropMimeData(skeleton.get(), Qt::MoveAction, -1, -1,
                                    model.indexOf(document.root())));
        // A joint bone may not leave its skeleton for another one.
        const NodeId other = addSkeleton(session, "OtherRig");
        CHECK_FALSE(
            model.canDropMimeData(dragged.get(), Qt::MoveAction, -1, -1, model.indexOf(other)));
        CHECK_FALSE(
            model.dropMimeData(dragged.get(), Qt::MoveAction, -1, -1, model.indexOf(other)));
        CHECK(refused.count() == 1);
        CHECK(refused.at(0).at(0).toString().contains("joints slot"));
        CHECK(document.node(hand).parent == document.findNode("LeftLowerArm"));
    }
    SECTION("a bone dropped onto another bone moves there keeping its world placement") {
        const core::math::AffineN before = world(session, hand);
        REQUIRE(model.canDropMimeData(dragged.get(), Qt::MoveAction, -1, -1, model.indexOf(spine)));
        REQUIRE(model.dropMimeData(dragged.get(), Qt::MoveAction, -1, -1, model.indexOf(spine)));
        CHECK(document.node(hand).parent == spine);
        CHECK(document.node(spine).children.back() == hand);
        CHECK(core::math::approxEqual(world(session, hand), before, 1e-9));
        CHECK(model.indexOf(hand).parent() == model.indexOf(spine));
        CHECK(test::shownTree(model) == test::documentTree(document));
        CHECK(refused.count() == 0);
        session.undo();
        CHECK(core::model::firstDifference(document, creatureFromDisk()) == std::nullopt);
        CHECK(test::shownTree(model) == test::documentTree(document));
        session.redo();
        CHECK(document.node(hand).parent == spine);
    }
    SECTION("dropping between rows reorders; several rows move together as one step") {
        const NodeId chest = document.findNode("Chest");
        const NodeId neck = document.findNode("Neck");
        const NodeId right = document.findNode("RightUpperArm");
        // Chest's children: Neck, LeftUpperArm, RightUpperArm, AnaUpperArm, KataUpperArm.
        const std::unique_ptr<QMimeData> both(
            model.mimeData({model.indexOf(right), model.indexOf(neck)}));
        REQUIRE(model.dropMimeData(both.get(), Qt::MoveAction, 4, 0, model.indexOf(chest)));
        std::vector<std::string> names;
        for (NodeId child : document.node(chest).children)
            names.push_back(document.node(child).displayName());
        // In tree order (Neck before RightUpperArm), before the row that was 4 (KataUpperArm).
        CHECK(names == std::vector<std::string>{"LeftUpperArm", "AnaUpperArm", "Neck",
                                                "RightUpperArm", "KataUpperArm"});
        CHECK(test::shownTree(model) == test::documentTree(document));
        session.undo();
        CHECK(core::model::firstDifference(document, creatureFromDisk()) == std::nullopt);
        CHECK(test::shownTree(model) == test::documentTree(document));
    }
    SECTION("a drop onto the place a node already has makes no undo step") {
        const std::unique_ptr<QMimeData> neck(
            model.mimeData({model.indexOf(document.findNode("Neck"))}));
        CHECK_FALSE(model.dropMimeData(neck.get(), Qt::MoveAction, 0, 0,
                                       model.indexOf(document.findNode("Chest"))));
        CHECK_FALSE(session.canUndo());
    }
}

TEST_CASE("the outliner mirror stays equal to the document through mixed edits, undo and redo",
          "[ui][outliner]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
    OutlinerModel model(session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    const core::model::Document& document = session.document();
    // A fixed sequence from a small LCG: the same edits on every run, many kinds of ChangeSet.
    std::uint32_t state = 12345;
    const auto next = [&](std::size_t bound) {
        state = state * 1664525U + 1013904223U;
        return static_cast<std::size_t>((state >> 8) % bound);
    };
    const auto anyNode = [&] {
        const auto& order = document.nodes.order();
        return order.size() < 2 ? document.root() : order[1 + next(order.size() - 1)]; // no root
    };
    int applied = 0;
    for (int step = 0; step < 120; ++step) {
        const NodeId node = anyNode();
        switch (node == document.root() ? 4 : next(6)) {
        case 0:
            applied += session.execute(core::edit::duplicateNode(node)).ok() ? 1 : 0;
            break;
        case 1:
            applied += session.execute(core::edit::deleteNode(node)).ok() ? 1 : 0;
            break;
        case 2: // refused where the rules say so; that is part of the mix
            applied +=
                session.execute(core::edit::reparentNode(node, anyNode(), next(4))).ok() ? 1 : 0;
            break;
        case 3:
            if (document.node(node).isBone() || document.node(node).isSkeleton())
                applied +=
                    session.execute(core::edit::addBone(node, "", std::nullopt, 0.1)).ok() ? 1 : 0;
            break;
        case 4:
            session.undo();
            break;
        default:
            session.redo();
            break;
        }
        INFO("step " << step);
        REQUIRE(test::shownTree(model) == test::documentTree(document));
    }
    CHECK(applied >= 30); // the mix really edits
    session.goToStep(0);
    CHECK(test::shownTree(model) == test::documentTree(document));
    CHECK(resets.count() == 0);
}
