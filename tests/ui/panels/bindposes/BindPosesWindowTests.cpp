#include "render/scene/PoseGhost.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/TriggerAction.h"
#include "tests/ui/panels/DockedPanelSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"
#include "ui/panels/bindposes/BindPosesPanel.h"
#include "ui/panels/bindposes/CapturePoseDialog.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTableView>
#include <QTest>

#include <algorithm>
#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::PoseType;
using hyperrig::test::child;
using hyperrig::test::triggerAndRun;

namespace {

struct BindPosesWindow : test::DockedPanelFixture<ui::BindPosesPanel> {
    BindPosesWindow() : DockedPanelFixture("Bind Poses") {}
    std::size_t ghostSurfaces() {
        const auto& surfaces = window.viewportWidget().viewport().scene().surfaces;
        return static_cast<std::size_t>(
            std::count_if(surfaces.begin(), surfaces.end(), [](const auto& surface) {
                return surface.opacity == render::scene::kGhostOpacity &&
                       surface.baseColor == render::scene::kGhostColor;
            }));
    }
};

} // namespace

TEST_CASE("the Bind Poses dock sits with the rig panels and its actions in the Pose menu",
          "[ui][bindposes][mainwindow]") {
    BindPosesWindow w;
    QDockWidget* dock = w.window.dock(QStringLiteral("Bind Poses"));
    CHECK(dock->objectName() == "bindPosesDock");
    CHECK(dock->accessibleName() == "Bind Poses");
    const auto tabs = w.window.tabifiedDockWidgets(w.window.dock(QStringLiteral("Pose")));
    CHECK(std::find(tabs.begin(), tabs.end(), dock) != tabs.end());
    auto* poseMenu = w.window.menuBar()->findChild<QMenu*>(QStringLiteral("poseMenu"));
    REQUIRE(poseMenu != nullptr);
    const auto actions = poseMenu->actions();
    CHECK(actions.contains(w.action("captureCurrentPoseAction")));
    CHECK(actions.contains(w.action("applyBindPoseAsRestAction")));
    for (const char* name : {"captureCurrentPoseAction", "applyBindPoseAsRestAction"}) {
        INFO(name);
        CHECK_FALSE(w.action(name)->statusTip().isEmpty());
        CHECK_FALSE(w.action(name)->toolTip().isEmpty());
    }
    CHECK_FALSE(w.action("captureCurrentPoseAction")->isEnabled()); // nothing selected
}

TEST_CASE("Pose > Capture Current Pose... and Apply Bind Pose as Rest act on the panel's skeleton",
          "[ui][bindposes][mainwindow]") {
    BindPosesWindow w;
    w.window.session().select({w.node("LeftUpperArm")});
    w.window.session().setBoneRotation(w.node("LeftUpperArm"), {0, 0, 0, 20, 0, 0});
    QAction* capture = w.action("captureCurrentPoseAction");
    REQUIRE(capture->isEnabled());
    triggerAndRun(capture);
    ui::CapturePoseDialog* dialog = nullptr;
    for (auto* candidate : w.window.findChildren<ui::CapturePoseDialog*>())
        if (candidate->isVisible())
            dialog = candidate;
    REQUIRE(dialog != nullptr);
    auto* poseType = child<QComboBox>(*dialog, "capturePoseType");
    poseType->setCurrentIndex(poseType->findText("TPose"));
    QTest::mouseClick(child<QPushButton>(*dialog, "capturePoseOk"), Qt::LeftButton);
    CHECK(dialog->isVisible()); // refused: CreatureRig has a TPose
    poseType->setCurrentIndex(poseType->findText("IPose"));
    QTest::mouseClick(child<QPushButton>(*dialog, "capturePoseOk"), Qt::LeftButton);
    CHECK(w.window.session().undoName() == "Capture Bind Pose");
    CHECK(w.window.statusBar()->currentMessage() == "Captured the current pose as IPose");
    CHECK(w.panel->chosenPose() == PoseType::IPose);
    const auto& names = w.window.viewportWidget().overlayState().bindPoseNames;
    CHECK(std::find(names.begin(), names.end(), "IPose") != names.end()); // the overlay lists it

    const auto restArm = w.window.document()->node(w.node("LeftUpperArm")).transform;
    triggerAndRun(w.action("applyBindPoseAsRestAction"));
    CHECK(w.window.session().undoName() == "Apply Pose as Rest");
    CHECK(w.window.statusBar()->currentMessage() == "Applied IPose as the rest pose");
    CHECK_FALSE(w.window.document()->node(w.node("LeftUpperArm")).transform == restArm);
    w.window.session().undo();
    CHECK(w.window.document()->node(w.node("LeftUpperArm")).transform == restArm);
}

TEST_CASE("Preview shows the bind pose in the viewport; Show as Ghost draws it see-through",
          "[ui][bindposes][mainwindow]") {
    BindPosesWindow w;
    w.window.session().select({w.node("CreatureRig")});
    REQUIRE(w.panel->chosenPose() == PoseType::TPose);
    auto& state = w.window.viewportWidget().overlayState();
    child<QPushButton>(*w.panel, "bindPosePreview")->click();
    CHECK(state.pose.kind == render::overlay::PoseSelection::Kind::BindPose);
    CHECK(state.pose.name == "TPose");
    CHECK(w.ghostSurfaces() == 0);

    child<QPushButton>(*w.panel, "bindPoseGhost")->click();
    CHECK(w.window.session().ghostBindPose() == PoseType::TPose);
    CHECK(w.ghostSurfaces() > 0);

    SECTION("the overlay's pose selector and Preview are one choice") {
        state.pose = {render::overlay::PoseSelection::Kind::Current, {}};
        state.poseChanged = true;
        emit w.window.viewportWidget().overlayChanged();
        CHECK_FALSE(w.window.session().previewedBindPose());
        CHECK_FALSE(child<QPushButton>(*w.panel, "bindPosePreview")->isChecked());
    }
    SECTION("ghost off leaves no ghost") {
        child<QPushButton>(*w.panel, "bindPoseGhost")->click();
        CHECK_FALSE(w.window.session().ghostBindPose());
        CHECK(w.ghostSurfaces() == 0);
    }
}

TEST_CASE("Delete in the bind poses table removes the chosen pose; the tables' keys touch no node",
          "[ui][bindposes][mainwindow]") {
    BindPosesWindow w;
    ui::EditorSession& session = w.window.session();
    const core::model::NodeId rig = w.node("CreatureRig");
    session.select({rig});
    REQUIRE(w.panel->chosenPose() == PoseType::TPose);
    w.window.show();
    w.window.dock(QStringLiteral("Bind Poses"))->raise();
    w.window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&w.window));
    const auto types = [&] {
        std::vector<PoseType> stored;
        for (const core::model::BindPose& pose : session.document().node(rig).skeleton()->bindPoses)
            stored.push_back(pose.type);
        return stored;
    };
    const std::size_t steps = session.history().undoCount();

    auto* poses = child<QTableView>(*w.panel, "bindPosesTable");
    poses->setFocus();
    REQUIRE(poses->hasFocus());
    QTest::keyClick(poses, Qt::Key_F2);          // Edit > Rename would edit the skeleton's name
    CHECK(QApplication::focusWidget() == poses); // no name editor opened in the outliner
    QTest::keyClick(poses, Qt::Key_Delete);
    CHECK(session.document().nodes.find(rig) != nullptr);
    CHECK(types() == std::vector{PoseType::APose});
    CHECK(session.undoName() == "Remove Bind Pose");
    CHECK(session.history().undoCount() == steps + 1);

    auto* slotsTable = child<QTableView>(*w.panel, "bindPoseSlotsTable");
    slotsTable->setFocus();
    REQUIRE(slotsTable->hasFocus());
    QTest::keyClick(slotsTable, Qt::Key_Delete);
    QTest::keyClick(slotsTable, Qt::Key_F2);
    CHECK(session.document().nodes.find(rig) != nullptr);
    CHECK(QApplication::focusWidget() == slotsTable);
    CHECK(session.history().undoCount() == steps + 1);
}
