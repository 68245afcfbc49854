#include "core/edit/commands/NodeCommands.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/DockedPanelSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/panels/joints/JointsPanel.h"
#include "ui/session/EditorSession.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <algorithm>
#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::JointSlot;
using core::model::NodeId;
using hyperrig::test::child;
using hyperrig::test::sampleFile;

namespace {

// The 4D creature open in a session with a shown Joints panel. Its skeleton CreatureRig lists
// 28 slots: the 24 bones Hips .. Tail in document order, then Spine, Chest, LeftUpperArm and
// RightUpperArm again (merged joints); Body and Clothing are skinned to it; it stores a TPose
// (assets/samples/creature-4d.g4tf).
struct JointsFixture : test::PanelFixture<ui::JointsPanel> {
    QTableView* table = nullptr;

    JointsFixture() : PanelFixture({480, 700}) { table = child<QTableView>(*panel, "jointsTable"); }
    const core::model::Skeleton& skeleton() const {
        return *session.document().node(node("CreatureRig")).skeleton();
    }
    QString cell(int row, int column) const {
        return table->model()->index(row, column).data().toString();
    }
    void selectRows(int first, int last) {
        table->selectionModel()->select(
            QItemSelection(table->model()->index(first, 0),
                           table->model()->index(last, table->model()->columnCount() - 1)),
            QItemSelectionModel::ClearAndSelect);
        table->selectionModel()->setCurrentIndex(table->model()->index(first, 0),
                                                 QItemSelectionModel::NoUpdate);
    }
    void click(const char* button) {
        QTest::mouseClick(child<QPushButton>(*panel, button), Qt::LeftButton);
    }
};

} // namespace

TEST_CASE("the joints panel follows the selection to its skeleton", "[ui][joints]") {
    JointsFixture f;
    CHECK(ui::JointsPanel::title() == "Joints");
    CHECK(f.table->model()->rowCount() == 0);
    CHECK(child<QLabel>(*f.panel, "jointsHeading")->text().contains("Select a skeleton"));

    for (const char* name : {"CreatureRig", "LeftHand", "Body"}) {
        DYNAMIC_SECTION(name) {
            f.session.select({f.node(name)});
            REQUIRE(f.table->model()->rowCount() == 28);
            CHECK(f.cell(0, 0) == "0");
            CHECK(f.cell(0, 1) == "Hips");
            CHECK(f.cell(23, 1) == "Tail");
            CHECK(f.cell(24, 1) == "Spine");
            // One vertex column per skinned mesh node, then the problem.
            CHECK(f.table->model()->columnCount() == 5);
            CHECK(f.table->model()->headerData(2, Qt::Horizontal).toString() == "Body: vertices");
            CHECK(f.table->model()->headerData(3, Qt::Horizontal).toString() ==
                  "Clothing: vertices");
            CHECK(f.table->model()->headerData(4, Qt::Horizontal).toString() == "Problem");
        }
    }
    SECTION("the vertex counts are those of the skins") {
        f.session.select({f.node("CreatureRig")});
        const auto& document = f.session.document();
        const NodeId body = f.node("Body");
        const auto& skin = *document.meshes.at(document.node(body).meshInstance()->mesh).skin;
        // Independently of the model: vertices of Body with a non-zero weight on group 0 (Hips).
        std::size_t onHips = 0;
        for (std::size_t v = 0; v < skin.vertexCount(); ++v) {
            bool uses = false;
            for (auto k = skin.offsets[v]; k < skin.offsets[v + 1]; ++k)
                uses = uses || (skin.groups[k] == 0 && skin.weights[k] != 0.0);
            onHips += uses ? 1U : 0U;
        }
        CHECK(onHips > 0);
        CHECK(f.cell(0, 2) == QString::number(onHips));
    }
}

TEST_CASE("joints panel edits are single undo steps that undo exactly", "[ui][joints]") {
    JointsFixture f;
    f.session.select({f.node("CreatureRig")});
    const std::vector<JointSlot> original = f.skeleton().joints;
    const auto originalPoses = f.skeleton().bindPoses;
    const std::size_t before = f.steps();

    SECTION("Bone sets the selected slot's bone, and none") {
        f.selectRows(24, 24);
        auto* bone = child<QComboBox>(*f.panel, "jointsBone");
        CHECK(bone->accessibleName() == "Bone");
        CHECK(bone->currentText() == "Spine");
        bone->setCurrentIndex(bone->findText("Tail"));
        emit bone->activated(bone->currentIndex());
        CHECK(f.skeleton().joints[24] == JointSlot{f.node("Tail")});
        CHECK(f.cell(24, 1) == "Tail");
        CHECK(f.steps() == before + 1);
        bone->setCurrentIndex(0);
        emit bone->activated(0);
        CHECK(f.skeleton().joints[24] == JointSlot{});
        CHECK(f.cell(24, 1) == "none");
        f.session.undo();
        f.session.undo();
        CHECK(f.skeleton().joints == original);
        f.session.redo();
        CHECK(f.skeleton().joints[24] == JointSlot{f.node("Tail")});
    }
    SECTION("a bone chosen for slots apart keeps exactly those slots selected") {
        // Slots 1 and 4 chosen with Ctrl+click: the slots between were selected afterwards,
        // and the next Remove or bone choice edited them too.
        f.selectRows(1, 1);
        f.table->selectionModel()->select(
            QItemSelection(f.table->model()->index(4, 0),
                           f.table->model()->index(4, f.table->model()->columnCount() - 1)),
            QItemSelectionModel::Select);
        auto* bone = child<QComboBox>(*f.panel, "jointsBone");
        bone->setCurrentIndex(bone->findText("Tail"));
        emit bone->activated(bone->currentIndex());
        CHECK(f.skeleton().joints[1] == JointSlot{f.node("Tail")});
        CHECK(f.skeleton().joints[4] == JointSlot{f.node("Tail")});
        CHECK(f.skeleton().joints[2] == original[2]);
        std::vector<int> rows;
        for (const QModelIndex& index : f.table->selectionModel()->selectedRows())
            rows.push_back(index.row());
        std::sort(rows.begin(), rows.end());
        CHECK(rows == std::vector<int>{1, 4});
    }
    SECTION("Move Up and Move Down; an order the validator refuses shows next to the row") {
        f.selectRows(2, 2); // Chest
        f.click("jointsUp");
        CHECK(f.skeleton().joints[1] == JointSlot{f.node("Chest")});
        CHECK(f.skeleton().joints[2] == JointSlot{f.node("Spine")});
        CHECK(f.steps() == before + 1);
        // Chest (node 4) is now first listed before Spine (node 3), its parent.
        CHECK_FALSE(f.cell(1, 4).isEmpty());
        CHECK(f.cell(1, 4).contains("before its ancestor"));
        CHECK(child<QLabel>(*f.panel, "jointsSlotProblem")->isVisible());
        // The moved row stays selected: Move Down puts it back.
        f.click("jointsDown");
        CHECK(f.skeleton().joints == original);
        CHECK(f.cell(1, 4).isEmpty());
        f.session.undo();
        f.session.undo();
        CHECK(f.skeleton().joints == original);
        CHECK(f.skeleton().bindPoses == originalPoses);
    }
    SECTION("Add Slot appends the current bone with its pose entries; Remove Slot removes") {
        f.session.select({f.node("Tail")});
        f.click("jointsAdd");
        REQUIRE(f.skeleton().joints.size() == 29);
        CHECK(f.skeleton().joints[28] == JointSlot{f.node("Tail")});
        // The new slot's TPose entry is the one of Tail's first slot (23).
        for (const auto& pose : f.skeleton().bindPoses)
            CHECK(pose.joints[28] == pose.joints[23]);
        CHECK(f.steps() == before + 1);
        f.selectRows(26, 28);
        f.click("jointsRemove");
        CHECK(f.skeleton().joints.size() == 26);
        CHECK(f.steps() == before + 2);
        f.session.undo();
        CHECK(f.skeleton().joints.size() == 29);
        f.session.undo();
        CHECK(f.skeleton().joints == original);
        CHECK(f.skeleton().bindPoses == originalPoses);
    }
    SECTION("Make Stiff gives consecutive slots the first one's bone and pose entries") {
        f.selectRows(5, 7); // LeftUpperArm, LeftLowerArm, LeftHand
        f.click("jointsStiff");
        const JointSlot upperArm{f.node("LeftUpperArm")};
        CHECK(f.skeleton().joints[5] == upperArm);
        CHECK(f.skeleton().joints[6] == upperArm);
        CHECK(f.skeleton().joints[7] == upperArm);
        for (const auto& pose : f.skeleton().bindPoses) {
            CHECK(pose.joints[6] == pose.joints[5]);
            CHECK(pose.joints[7] == pose.joints[5]);
        }
        CHECK(f.steps() == before + 1);
        f.session.undo();
        CHECK(f.skeleton().joints == original);
        CHECK(f.skeleton().bindPoses == originalPoses);
    }
    SECTION("Generate from Hierarchy keeps a count refusal as a refusal") {
        // The creature stores a TPose: replacing 28 slots by 24 would orphan pose entries.
        f.click("jointsGenerate");
        CHECK(f.skeleton().joints == original);
        CHECK(f.steps() == before);
        CHECK(child<QLabel>(*f.panel, "jointsRefusal")->isVisible());
        CHECK_FALSE(child<QLabel>(*f.panel, "jointsRefusal")->text().isEmpty());
    }
}

TEST_CASE("generate from hierarchy fills a skeleton without bind poses", "[ui][joints]") {
    ui::EditorSession session;
    session.newDocument(4);
    const NodeId rig = hyperrig::test::addSkeleton(session, "Rig");
    const NodeId root = hyperrig::test::addBone(session, rig, "Root");
    const NodeId arm = hyperrig::test::addBone(session, root, "Arm");
    ui::JointsPanel panel(session);
    panel.show();
    session.select({arm});
    CHECK(session.document().node(rig).skeleton()->joints.empty());
    QTest::mouseClick(child<QPushButton>(panel, "jointsGenerate"), Qt::LeftButton);
    CHECK(session.document().node(rig).skeleton()->joints ==
          std::vector<JointSlot>{JointSlot{root}, JointSlot{arm}});
    CHECK(child<QTableView>(panel, "jointsTable")->model()->rowCount() == 2);
    SECTION("again: no step, and the redo stack stays") {
        REQUIRE(session.execute(core::edit::renameNode(arm, std::string("Forearm"))).ok());
        session.undo();
        REQUIRE(session.canRedo());
        const std::size_t steps = session.history().undoCount();
        const bool modified = session.isModified();
        QSignalSpy messages(&panel, &ui::JointsPanel::message);
        QTest::mouseClick(child<QPushButton>(panel, "jointsGenerate"), Qt::LeftButton);
        CHECK(session.history().undoCount() == steps);
        CHECK(session.isModified() == modified);
        CHECK(messages.count() == 1);
        CHECK(session.canRedo());
    }
    session.undo();
    CHECK(session.document().node(rig).skeleton()->joints.empty());
}

TEST_CASE("joints panel controls are named as they read", "[ui][joints]") {
    JointsFixture f;
    f.session.select({f.node("CreatureRig")});
    for (const char* name :
         {"jointsAdd", "jointsRemove", "jointsUp", "jointsDown", "jointsStiff", "jointsGenerate"}) {
        auto* button = child<QPushButton>(*f.panel, name);
        CHECK_FALSE(button->text().isEmpty());
        CHECK_FALSE(button->toolTip().isEmpty());
    }
    CHECK(f.table->accessibleName() == "Joints");
}

TEST_CASE("another skeleton shown starts with no slot selected", "[ui][joints]") {
    JointsFixture f;
    // Two skeletons without skinned meshes (the same columns), one bone in eight slots each.
    const auto addSkeleton = [&](const char* name) {
        NodeId skeleton;
        core::model::Node prototype;
        prototype.name = name;
        REQUIRE(f.session.execute(
            core::edit::createNode(f.session.document().root(), 0, prototype, &skeleton)));
        REQUIRE(f.session.execute(core::edit::makeSkeleton(skeleton)));
        NodeId bone;
        REQUIRE(f.session.execute(core::edit::addBone(skeleton, std::string(name) + "Bone",
                                                      std::nullopt, std::nullopt, &bone)));
        REQUIRE(f.session.execute(core::edit::setJoints(
            skeleton, std::vector<core::model::JointSlot>(8, core::model::JointSlot(bone)))));
        return skeleton;
    };
    const NodeId first = addSkeleton("FirstRig");
    const NodeId second = addSkeleton("SecondRig");
    f.session.select({first});
    REQUIRE(f.table->model()->rowCount() == 8);
    f.selectRows(5, 7);
    REQUIRE(f.table->selectionModel()->selectedRows().size() == 3);
    f.session.select({second});
    REQUIRE(f.table->model()->rowCount() == 8);
    CHECK(f.table->selectionModel()->selectedRows().isEmpty());
}

TEST_CASE("in the main window, Delete in the joints table removes slots, never nodes",
          "[ui][joints][mainwindow]") {
    test::DockedPanelFixture<ui::JointsPanel> w("Joints");
    ui::EditorSession& session = w.window.session();
    const NodeId rig = w.node("CreatureRig");
    session.select({rig});
    w.window.show();
    w.window.dock(QStringLiteral("Joints"))->raise();
    w.window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&w.window));
    auto* table = child<QTableView>(*w.panel, "jointsTable");
    const auto slotCount = [&] {
        return session.document().node(rig).skeleton()->joints.size();
    };
    const std::size_t before = slotCount();
    table->setFocus();
    REQUIRE(table->hasFocus());
    table->selectRow(3);

    SECTION("the keypad's Delete removes the selected slot") {
        QTest::keyClick(table, Qt::Key_Delete, Qt::KeypadModifier);
        REQUIRE(session.document().nodes.find(rig) != nullptr);
        CHECK(slotCount() == before - 1);
    }
    SECTION("a held Delete removes once") {
        QTest::keyClick(table, Qt::Key_Delete);
        QKeyEvent repeat(QEvent::KeyPress, Qt::Key_Delete, Qt::NoModifier, QString(), true);
        QApplication::sendEvent(table, &repeat);
        QApplication::sendEvent(table, &repeat);
        CHECK(slotCount() == before - 1);
        CHECK(session.document().nodes.find(rig) != nullptr);
    }
    SECTION("Select All selects every slot, not every node") {
        QTest::keyClick(table, Qt::Key_A, Qt::ControlModifier);
        CHECK(table->selectionModel()->selectedRows().size() == static_cast<int>(before));
        CHECK(session.selection() == std::vector<NodeId>{rig});
    }
}

TEST_CASE("unnamed bones are listed by their position in the document, each its own",
          "[ui][joints]") {
    // Blank text in the table and the Bone combo hid which slot held which unnamed bone, and two
    // of them could not be told apart.
    JointsFixture f;
    const NodeId hips = f.node("Hips");
    const NodeId tail = f.node("Tail");
    REQUIRE(f.session.execute(core::edit::renameNode(hips, std::nullopt)).ok());
    REQUIRE(f.session.execute(core::edit::renameNode(tail, std::nullopt)).ok());
    const auto label = [&](NodeId id) {
        return QString("(unnamed #%1)").arg(f.session.document().nodes.positionOf(id));
    };
    REQUIRE(label(hips) != label(tail));
    f.session.select({f.node("CreatureRig")});
    CHECK(f.cell(0, 1) == label(hips));
    CHECK(f.cell(23, 1) == label(tail));
    f.selectRows(0, 0);
    auto* bone = child<QComboBox>(*f.panel, "jointsBone");
    CHECK(bone->currentText() == label(hips));
    CHECK(bone->findText(label(tail)) > 0);
}
