#include "core/edit/commands/NodeCommands.h"
#include "core/model/NewDocument.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/DockedPanelSupport.h"
#include "ui/panels/history/HistoryModel.h"
#include "ui/panels/history/HistoryPanel.h"
#include "ui/session/EditorSession.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDockWidget>
#include <QFont>
#include <QLineEdit>
#include <QListView>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::NodeId;
using hyperrig::test::addBone;
using hyperrig::test::addSkeleton;
using ui::HistoryModel;

namespace {

QString text(const HistoryModel& model, int row) {
    return model.index(row).data().toString();
}

bool flag(const HistoryModel& model, int row, HistoryModel::Role role) {
    return model.index(row).data(role).toBool();
}

void click(QListView& list, int row) {
    const QRect rect = list.visualRect(list.model()->index(row, 0));
    REQUIRE(rect.isValid());
    QTest::mouseClick(list.viewport(), Qt::LeftButton, {}, rect.center());
}

} // namespace

TEST_CASE("the history panel lists the document's steps and goes to the one clicked",
          "[ui][history]") {
    ui::EditorSession session;
    session.newDocument(4);
    ui::HistoryPanel panel(session);
    const HistoryModel& model = *panel.model();
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy inserted(panel.model(), &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(panel.model(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(panel.model(), &QAbstractItemModel::modelReset);
    auto* list = panel.findChild<QListView*>("historyList");
    REQUIRE(list != nullptr);
    CHECK(list->accessibleName() == "History");

    REQUIRE(model.rowCount() == 1);
    CHECK(text(model, 0) == "New document");
    CHECK(model.currentRow() == 0);
    CHECK_FALSE(flag(model, 0, HistoryModel::IsSavedRole)); // never saved anywhere

    const NodeId skeleton = addSkeleton(session, "Rig");
    const NodeId hips = addBone(session, skeleton, "Hips");
    REQUIRE(session.execute(core::edit::renameNode(hips, "Pelvis")).ok());
    REQUIRE(model.rowCount() == 4);
    CHECK(inserted.count() == 3); // appended one by one, never reset
    CHECK(reset.isEmpty());
    CHECK(text(model, 1) == "Create Node");
    CHECK(text(model, 2) == "Add Bone");
    CHECK(text(model, 3) == "Rename Node");
    CHECK(model.currentRow() == 3);
    CHECK(list->currentIndex().row() == 3);

    session.undo();
    CHECK(model.rowCount() == 4);
    CHECK(model.currentRow() == 2);
    CHECK(flag(model, 2, HistoryModel::IsCurrentRole));
    CHECK(flag(model, 3, HistoryModel::IsRedoRole));
    CHECK_FALSE(flag(model, 2, HistoryModel::IsRedoRole));
    CHECK(model.index(3).data(Qt::FontRole).value<QFont>().italic());
    CHECK(list->currentIndex().row() == 2);

    panel.resize(300, 300);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));

    SECTION("clicking a row undoes to it, clicking a redo row redoes to it") {
        click(*list, 1);
        CHECK(session.history().undoCount() == 1);
        CHECK(model.currentRow() == 1);
        CHECK(session.document().nodes.size() == 2);
        click(*list, 3);
        CHECK(session.history().undoCount() == 3);
        CHECK(session.document().node(hips).displayName() == "Pelvis");
        click(*list, 0);
        CHECK(session.history().undoCount() == 0);
        CHECK(model.rowCount() == 4);
    }
    SECTION("Enter on a row goes to it") {
        list->setFocus();
        list->setCurrentIndex(model.index(0));
        CHECK(session.history().undoCount() == 2); // moving the focus does not undo
        QTest::keyClick(list, Qt::Key_Return);
        CHECK(session.history().undoCount() == 0);
    }
    SECTION("a new command after undo replaces the redo rows") {
        click(*list, 1);
        REQUIRE(session.execute(core::edit::renameNode(skeleton, "Root")).ok());
        REQUIRE(model.rowCount() == 3);
        CHECK(removed.count() == 1);
        CHECK(text(model, 2) == "Rename Node");
        CHECK(model.currentRow() == 2);
        CHECK_FALSE(flag(model, 2, HistoryModel::IsRedoRole));
        CHECK(reset.isEmpty());
    }
    SECTION("selection changes add no row") {
        const auto before = inserted.count();
        session.select({hips});
        session.selectAll();
        session.selectNone();
        CHECK(model.rowCount() == 4);
        CHECK(inserted.count() == before);
    }
    SECTION("the saved state is marked, and follows the next save") {
        QTemporaryDir folder;
        REQUIRE(folder.isValid());
        REQUIRE(session.saveAs(folder.filePath("rig.g4tf"), {}).ok());
        CHECK(flag(model, 2, HistoryModel::IsSavedRole));
        CHECK(text(model, 2) == "Add Bone (saved)");
        CHECK_FALSE(model.index(2).data(Qt::DecorationRole).isNull());
        CHECK_FALSE(flag(model, 1, HistoryModel::IsSavedRole));
        session.redo();
        CHECK(flag(model, 2, HistoryModel::IsSavedRole)); // still the state on disk
        REQUIRE(session.saveAs(folder.filePath("rig.g4tf"), {}).ok());
        CHECK(flag(model, 3, HistoryModel::IsSavedRole));
        CHECK_FALSE(flag(model, 2, HistoryModel::IsSavedRole));
        CHECK(text(model, 2) == "Add Bone");

        REQUIRE(session.openFile(folder.filePath("rig.g4tf")).ok());
        CHECK(reset.count() == 1); // only a replaced document resets
        REQUIRE(model.rowCount() == 1);
        CHECK(text(model, 0) == "Opened rig.g4tf (saved)");
    }
}

TEST_CASE("the history panel merges edits into their step and forgets a closed document",
          "[ui][history]") {
    ui::EditorSession session;
    session.newDocument(3);
    HistoryModel model(session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const NodeId bone = addBone(session, addSkeleton(session, "Rig"), "Arm");
    QSignalSpy changedRows(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);

    // Two transform edits in quick succession merge into one undo step (History's window).
    core::model::NodeTransform transform = session.document().node(bone).transform;
    transform.position = {1.0, 0.0, 0.0};
    REQUIRE(session.execute(core::edit::setTransform(bone, transform)).ok());
    changedRows.clear();
    transform.position = {2.0, 0.0, 0.0};
    REQUIRE(session.execute(core::edit::setTransform(bone, transform)).ok());
    REQUIRE(session.history().undoCount() == 3); // merged
    CHECK(model.rowCount() == 4);
    CHECK(text(model, 3) == "Set Transform");
    CHECK(inserted.count() == 1);
    REQUIRE_FALSE(changedRows.isEmpty());
    CHECK(changedRows.last().at(0).toModelIndex().row() == 3);
    session.closeDocument();
    CHECK(model.rowCount() == 0);
    CHECK(model.currentRow() == -1);
    session.newDocument(3);
    CHECK(model.rowCount() == 1);
}

TEST_CASE("the history panel drops the rows the memory cap evicts", "[ui][history]") {
    ui::EditorSession session;
    session.newDocument(3);
    HistoryModel model(session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // The session offers no cap setting yet; History keeps at least the newest step, so a cap of
    // one byte evicts every older step as soon as a new one comes.
    const_cast<core::edit::History&>(session.history()).setMemoryCap(1);
    const NodeId skeleton = addSkeleton(session, "Rig");
    addBone(session, skeleton, "Arm");
    REQUIRE(session.execute(core::edit::renameNode(skeleton, "Body")).ok());
    REQUIRE(session.history().droppedSteps() == 2);
    REQUIRE(model.rowCount() == 2);
    CHECK(text(model, 0) == "Earliest kept state (2 older steps dropped)");
    CHECK(text(model, 1) == "Rename Node");
    CHECK(model.currentRow() == 1);
    session.goToStep(0);
    CHECK(model.currentRow() == 0);
    CHECK(flag(model, 1, HistoryModel::IsRedoRole));
    CHECK(reset.isEmpty());
}

TEST_CASE("the history's first row names the file an imported document came from",
          "[ui][history]") {
    ui::EditorSession session;
    ui::HistoryPanel panel(session);
    session.adoptImportedDocument(core::model::newDocument(3),
                                  QStringLiteral("/somewhere/skinnedArm.usda"));
    const HistoryModel& model = *panel.model();
    REQUIRE(model.rowCount() == 1);
    CHECK(text(model, 0) == "Imported skinnedArm.usda");
    CHECK_FALSE(flag(model, 0, HistoryModel::IsSavedRole)); // nothing of it is on disk yet
    session.newDocument(3);
    CHECK(text(model, 0) == "New document");
}

TEST_CASE("in the main window, F2 and Delete in the history list touch no node",
          "[ui][history][mainwindow]") {
    test::DockedPanelFixture<ui::HistoryPanel> w("History");
    ui::EditorSession& session = w.window.session();
    const core::model::NodeId spine = w.node("Spine");
    session.select({spine});
    w.window.show();
    w.window.dock(QStringLiteral("History"))->raise();
    w.window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&w.window));
    auto* list = w.panel->findChild<QListView*>(QStringLiteral("historyList"));
    REQUIRE(list != nullptr);
    list->setFocus();
    REQUIRE(list->hasFocus());
    const std::size_t steps = session.history().undoCount();
    QTest::keyClick(list, Qt::Key_Delete);
    QTest::keyClick(list, Qt::Key_Delete, Qt::KeypadModifier);
    QTest::keyClick(list, Qt::Key_F2);
    CHECK(session.document().nodes.find(spine) != nullptr);
    CHECK(session.history().undoCount() == steps);
    CHECK(qobject_cast<QLineEdit*>(QApplication::focusWidget()) == nullptr); // no rename editor
}
