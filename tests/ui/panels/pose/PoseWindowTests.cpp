#include "tests/support/TextFiles.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/DockedPanelSupport.h"
#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"
#include "ui/panels/pose/PosePanel.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>

#include <algorithm>
#include <catch2/catch.hpp>

using namespace hyperrig;

namespace {

struct PoseWindowFixture : test::DockedPanelFixture<ui::PosePanel> {
    PoseWindowFixture() : DockedPanelFixture("Pose") {}
    glm::vec3 boneHead(core::model::NodeId node) {
        const auto& bones = window.viewportWidget().viewport().scene().bones;
        const auto found = std::find_if(bones.begin(), bones.end(),
                                        [&](const auto& bone) { return bone.node == node; });
        REQUIRE(found != bones.end());
        return found->head;
    }
};

} // namespace

TEST_CASE("Load Pose... and Save Pose... are in the Pose menu and on the Pose panel",
          "[ui][pose][mainwindow]") {
    PoseWindowFixture f;
    auto* poseMenu = f.window.menuBar()->findChild<QMenu*>(QStringLiteral("poseMenu"));
    REQUIRE(poseMenu != nullptr);
    for (const auto& [actionName, buttonName, label] :
         {std::tuple{"loadPoseAction", "poseLoad", "Load Pose..."},
          std::tuple{"savePoseAction", "poseSave", "Save Pose..."}}) {
        INFO(label);
        QAction* action = f.action(actionName);
        CHECK(poseMenu->actions().contains(action));
        CHECK(action->text() == label);
        CHECK(action->isEnabled());
        CHECK_FALSE(action->statusTip().isEmpty());
        auto* button = f.panel->findChild<QPushButton*>(QString::fromLatin1(buttonName));
        REQUIRE(button != nullptr);
        CHECK(button->text() == label);
        CHECK(button->accessibleName() == label);
        CHECK(button->isEnabled());
    }
}

TEST_CASE("a loaded pose shows in the viewport and the overlay's sliders, outside the history",
          "[ui][pose][mainwindow]") {
    PoseWindowFixture f;
    QTemporaryDir folder;
    REQUIRE(folder.isValid());
    // The chest rests unturned (no rotor in the sample), so the file's rotor is the turn itself.
    const auto chest = f.window.document()->findNode("Chest");
    const auto neck = f.window.document()->findNode("Neck");
    const glm::vec3 restChest = f.boneHead(chest);
    const glm::vec3 restNeck = f.boneHead(neck);
    // 30° in YW, turning the neck (up the chest's Y) toward W: cos 15° + sin 15°·e_yw (slot 5
    // of s, xy, xz, yz, xw, yw, zw, xyzw).
    const std::string file = folder.filePath("pose.json").toStdString();
    REQUIRE(test::writeTextFile(file, R"({"pose": {"Chest": {"rotor":
        [0.96592582628906831, 0, 0, 0, 0, 0.25881904510252074, 0, 0]}}})"));
    f.window.select(chest);
    REQUIRE(f.panel->loadPoseFile(QString::fromStdString(file)).isEmpty());
    CHECK(f.window.statusBar()->currentMessage().startsWith("Loaded a pose of 1 posed bone(s)"));
    const auto& state = f.window.viewportWidget().overlayState();
    CHECK(state.poseBoneDegrees[4] == Approx(30.0)); // YW, plane 4 in 4D
    CHECK(f.boneHead(chest) == restChest);           // turned about its head
    CHECK(f.boneHead(neck) != restNeck);

    SECTION("a translation moves the head; Reset Pose puts it back") {
        f.window.session().setBoneTranslation(chest, {0.0, 0.1, 0.0, 0.0});
        CHECK(f.boneHead(chest) != restChest);
        CHECK(state.poseBoneDegrees[4] == Approx(30.0)); // the sliders keep the angles
        f.action("resetPoseAction")->trigger();
        CHECK(f.boneHead(chest) == restChest);
        CHECK(f.boneHead(neck) == restNeck);
    }
    CHECK_FALSE(f.action("undoAction")->isEnabled());
    CHECK_FALSE(f.window.session().isModified());
}
