#include "core/edit/commands/NodeCommands.h"
#include "tests/ui/TriggerAction.h"
#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"
#include "ui/widgets/NumberField.h"

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTreeView>

#include <algorithm>
#include <catch2/catch.hpp>

using hyperrig::ui::MainWindow;
using hyperrig::ui::ViewportWidget;

namespace {

// Opens assets/samples/NAME in `window`; the test stops if it cannot.
void openSample(MainWindow& window, const char* name) {
    const QString path = QStringLiteral(HYPERRIG_SOURCE_DIR) + QStringLiteral("/assets/samples/") +
                         QString::fromUtf8(name);
    const QString error = window.openDocument(path);
    INFO(error.toStdString());
    REQUIRE(error.isEmpty());
}

// The sample open in the window, shown and active: what tests that type or press keys need.
void openSampleShown(MainWindow& window, const char* name) {
    openSample(window, name);
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
}

// What the overlay leaves after a frame in which the user changed something: `change` edits the
// state, the flag of that group (`changed`) is raised and the host is told.
template <typename Change>
void changeOverlay(ViewportWidget& viewport, bool hyperrig::render::overlay::OverlayState::*changed,
                   Change change) {
    change(viewport.overlayState());
    viewport.overlayState().*changed = true;
    emit viewport.overlayChanged();
}

// Opens the 4D creature in a 1024x700 window, shows it and waits (on the signal) for the
// viewport's first frame; `frames` spies on the viewport's frameRendered.
void showCreature(MainWindow& window, QSignalSpy& frames) {
    openSample(window, "creature-4d.g4tf");
    window.resize(1024, 700);
    window.show();
    REQUIRE((frames.count() > 0 || frames.wait(20000)));
}

// A display toggle (bones, grid, shapes, wireframe, shading).
template <typename Change>
void changeDisplay(ViewportWidget& viewport, Change change) {
    changeOverlay(viewport, &hyperrig::render::overlay::OverlayState::displayChanged, change);
}

// The heat-map toggle or its group.
template <typename Change>
void changeHeatMap(ViewportWidget& viewport, Change change) {
    changeOverlay(viewport, &hyperrig::render::overlay::OverlayState::heatMapChanged, change);
}

// How many of the shown surfaces carry a heat-map.
std::ptrdiff_t heatMappedSurfaces(const ViewportWidget& viewport) {
    const auto& surfaces = viewport.viewport().scene().surfaces;
    return std::count_if(surfaces.begin(), surfaces.end(),
                         [](const auto& surface) { return surface.heatmap; });
}

} // namespace

TEST_CASE("the main window hosts the viewport and working menus", "[ui][mainwindow]") {
    MainWindow window;

    SECTION("the viewport is the central widget, found by object name") {
        auto* viewport = window.findChild<ViewportWidget*>(QStringLiteral("viewport"));
        REQUIRE(viewport != nullptr);
        CHECK(window.centralWidget() == viewport);
    }
    SECTION("menus carry their shortcuts and tooltips") {
        auto* open = window.findChild<QAction*>(QStringLiteral("openAction"));
        REQUIRE(open != nullptr);
        CHECK(open->shortcut() == QKeySequence(QKeySequence::Open));
        auto* quit = window.findChild<QAction*>(QStringLiteral("quitAction"));
        REQUIRE(quit != nullptr);
        CHECK(quit->shortcut() == QKeySequence(QKeySequence::Quit));
        CHECK_FALSE(quit->statusTip().isEmpty());
        CHECK(window.findChild<QAction*>(QStringLiteral("aboutAction")) != nullptr);
        CHECK(window.findChild<QAction*>(QStringLiteral("fullScreenAction"))->isCheckable());
    }
    SECTION("quit closes the window") {
        window.show();
        REQUIRE(window.isVisible());
        hyperrig::test::triggerAndRun(window.findChild<QAction*>(QStringLiteral("quitAction")));
        CHECK_FALSE(window.isVisible());
    }
    SECTION("opening a file loads the document and names it in the title and status bar") {
        CHECK(window.windowTitle() == QStringLiteral("HyperRig"));
        CHECK(window.document() == nullptr);
        const QString sample =
            QStringLiteral(HYPERRIG_SOURCE_DIR) + QStringLiteral("/assets/samples/arm-3d.g4tf");
        CHECK(window.openDocument(sample).isEmpty());
        REQUIRE(window.document() != nullptr);
        CHECK(window.document()->dimension() == 3);
        CHECK(window.windowTitle().startsWith(QStringLiteral("arm-3d.g4tf")));
        CHECK(window.windowTitle().endsWith(QStringLiteral("HyperRig")));
        CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("3 bones")));
    }
    SECTION("a file that cannot be read leaves the open document alone and says why") {
        const QString sample =
            QStringLiteral(HYPERRIG_SOURCE_DIR) + QStringLiteral("/assets/samples/arm-3d.g4tf");
        REQUIRE(window.openDocument(sample).isEmpty());
        const auto* before = window.document();
        const QString error = window.openDocument(QStringLiteral("/nonexistent/x.g4tf"));
        CHECK(error.contains(QStringLiteral("/nonexistent/x.g4tf")));
        CHECK(window.document() == before);
        CHECK(window.windowTitle().startsWith(QStringLiteral("arm-3d.g4tf")));
    }
}

TEST_CASE("the viewport renders frames through the OpenGL renderer", "[ui][gl]") {
    MainWindow window;
    auto& viewport = window.viewportWidget();
    QSignalSpy frames(&viewport, &ViewportWidget::frameRendered);
    QSignalSpy failures(&viewport, &ViewportWidget::glFailed);
    window.show();
    // Waits on the signal itself, up to a failure deadline.
    REQUIRE((frames.count() > 0 || frames.wait(30000)));
    CHECK(failures.count() == 0);
    CHECK(viewport.hasRenderedFrame());
    CHECK(viewport.viewport().isInitialized());
    CHECK(viewport.viewport().glInfo().major * 10 + viewport.viewport().glInfo().minor >= 33);
}

TEST_CASE("a click in the viewport names the node under it", "[ui][mainwindow][gl]") {
    MainWindow window;
    ViewportWidget& viewport = window.viewportWidget();
    QSignalSpy frames(&viewport, &ViewportWidget::frameRendered);
    showCreature(window, frames);

    // Across a row through the legs the picture holds background, the creature's meshes and
    // bones; the row runs below the overlay's window (top left), which takes clicks over it.
    const auto* document = window.document();
    std::optional<QPoint> bonePoint;
    bool sawMesh = false;
    const int y = viewport.height() * 3 / 4;
    for (int x = 0; x < viewport.width(); x += 2) {
        const auto node = viewport.nodeAt(QPoint(x, y));
        if (!node)
            continue;
        REQUIRE(document->nodes.find(*node) != nullptr);
        if (document->node(*node).isBone() && !bonePoint)
            bonePoint = QPoint(x, y);
        sawMesh = sawMesh || document->node(*node).meshInstance() != nullptr;
    }
    CHECK(sawMesh);
    REQUIRE(bonePoint.has_value());
    CHECK_FALSE(viewport.nodeAt(QPoint(2, 2)).has_value());

    QTest::mouseClick(&viewport, Qt::LeftButton, {}, *bonePoint);
    INFO("status bar: " << window.statusBar()->currentMessage().toStdString());
    CHECK(window.statusBar()->currentMessage().startsWith(QStringLiteral("bone '")));
    QTest::mouseClick(&viewport, Qt::LeftButton, {}, QPoint(2, 2));
    CHECK(window.statusBar()->currentMessage() == QStringLiteral("Nothing under the pointer"));
}

TEST_CASE("dragging the overlay's W slider re-slices the document, not the camera",
          "[ui][mainwindow][gl][overlay]") {
    MainWindow window;
    ViewportWidget& viewport = window.viewportWidget();
    QSignalSpy frames(&viewport, &ViewportWidget::frameRendered);
    showCreature(window, frames);
    // The overlay window is measured in a hidden first frame and shown from the second.
    viewport.update();
    REQUIRE(frames.wait(20000));
    const auto* overlay = viewport.viewport().overlay();
    REQUIRE(overlay != nullptr);
    const auto slider = overlay->layout().offsetSlider;
    REQUIRE(slider.maxX > slider.minX + 50.0F);
    CHECK(viewport.overlayState().bindPoseNames.size() <= 5);
    CHECK(viewport.overlayState().statistics.triangles > 0);

    const auto yaw = viewport.viewport().camera().yawDegrees;
    const auto surfacesBefore = viewport.viewport().scene().surfaces.size();
    const auto firstBefore = viewport.viewport().scene().surfaces.empty()
                                 ? std::vector<glm::vec3>{}
                                 : viewport.viewport().scene().surfaces.front().positions;
    const QPoint start(static_cast<int>(slider.centerX()), static_cast<int>(slider.centerY()));
    const QPoint end(static_cast<int>(slider.minX + 0.95F * (slider.maxX - slider.minX)),
                     start.y());
    QTest::mouseMove(&viewport, start);
    frames.wait(2000);
    // Without an active overlay widget, F is the window's Frame Selected shortcut.
    QKeyEvent idleShortcut(QEvent::ShortcutOverride, Qt::Key_F, Qt::NoModifier,
                           QStringLiteral("f"));
    idleShortcut.ignore(); // as Qt's shortcut map sends it: unaccepted
    QCoreApplication::sendEvent(&viewport, &idleShortcut);
    CHECK_FALSE(idleShortcut.isAccepted());
    QTest::mousePress(&viewport, Qt::LeftButton, {}, start);
    frames.wait(2000);
    // QTest::mouseMove (Qt 6.4) sends no held buttons: a drag needs its own event.
    QMouseEvent drag(QEvent::MouseMove, QPointF(end), viewport.mapToGlobal(QPointF(end)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&viewport, &drag);
    frames.wait(2000);
    // While the slider is held the overlay has the keyboard: the shortcut is overridden, so
    // the key reaches the overlay instead of framing the view.
    QKeyEvent heldShortcut(QEvent::ShortcutOverride, Qt::Key_F, Qt::NoModifier,
                           QStringLiteral("f"));
    heldShortcut.ignore();
    QCoreApplication::sendEvent(&viewport, &heldShortcut);
    CHECK(heldShortcut.isAccepted());
    QTest::mouseRelease(&viewport, Qt::LeftButton, {}, end);
    // The release reaches the overlay in the next frame, MainWindow applies the slider's change
    // after that frame, and the re-sliced scene is drawn in the one after: wait for the frames
    // themselves, not for a time.
    for (int frame = 0; frame < 3; ++frame) {
        viewport.update();
        REQUIRE(frames.wait(20000));
    }

    // The slider spans the creature's extent along W (a little more), not a fixed range.
    const auto& state = viewport.overlayState();
    const auto& shown = viewport.viewport().scene();
    const double wMin = shown.wMin;
    const double wMax = shown.wMax;
    CHECK(state.offsetMin < wMin);
    CHECK(state.offsetMax > wMax);
    CHECK(state.offsetMax - state.offsetMin < 1.2 * (wMax - wMin));
    CHECK(state.view.offset > state.offsetMin + 0.8 * (state.offsetMax - state.offsetMin));
    CHECK_FALSE(viewport.overlayState().anyChange()); // MainWindow applied and cleared them
    CHECK(viewport.viewport().camera().yawDegrees == yaw);
    const auto& surfaces = viewport.viewport().scene().surfaces;
    CHECK((surfaces.size() != surfacesBefore ||
           (!surfaces.empty() && surfaces.front().positions != firstBefore)));
}

TEST_CASE("apply pose as rest from the overlay is one undoable edit", "[ui][mainwindow]") {
    MainWindow window;
    openSample(window, "creature-4d.g4tf");
    const auto* document = window.document();
    const auto arm = document->findNode("LeftUpperArm");
    REQUIRE(arm);
    const auto restTransform = document->node(arm).transform;
    auto* undo = window.findChild<QAction*>(QStringLiteral("undoAction"));
    REQUIRE(undo != nullptr);
    CHECK_FALSE(undo->isEnabled());

    // What the overlay's pose combo and button leave in the state the host reads.
    auto& state = window.viewportWidget().overlayState();
    state.pose.kind = hyperrig::render::overlay::PoseSelection::Kind::BindPose;
    state.pose.name = "APose";
    state.poseChanged = true;
    state.action = hyperrig::render::overlay::OverlayAction::ApplyPoseAsRest;
    emit window.viewportWidget().overlayChanged();

    CHECK(window.statusBar()->currentMessage() == QStringLiteral("Applied APose as the rest pose"));
    CHECK_FALSE(document->node(arm).transform == restTransform); // the A pose lowers the arm
    REQUIRE(undo->isEnabled());
    CHECK(undo->text() == QStringLiteral("&Undo Apply Pose as Rest"));
    undo->trigger();
    CHECK(document->node(arm).transform == restTransform);
    CHECK_FALSE(undo->isEnabled());
    CHECK(window.findChild<QAction*>(QStringLiteral("redoAction"))->isEnabled());
}

TEST_CASE("the overlay's heat-map shows the weights of the selected bone's group",
          "[ui][mainwindow]") {
    MainWindow window;
    openSample(window, "creature-4d.g4tf");
    auto& viewport = window.viewportWidget();
    CHECK(heatMappedSurfaces(viewport) == 0);

    emit viewport.nodeClicked(window.document()->findNode("Spine")); // select a bone
    changeHeatMap(viewport, [](auto& s) { s.showHeatMap = true; });
    // The body carries Spine weights; the vest becomes a ghost.
    CHECK(heatMappedSurfaces(viewport) == 1);

    changeHeatMap(viewport, [](auto& s) { s.showHeatMap = false; });
    CHECK(heatMappedSurfaces(viewport) == 0);
}

TEST_CASE("a click selects, the selection is drawn and framed, Select None clears it",
          "[ui][mainwindow]") {
    MainWindow window;
    window.resize(800, 600);
    openSample(window, "creature-4d.g4tf");
    auto& viewport = window.viewportWidget();
    const auto hand = window.document()->findNode("LeftHand");
    REQUIRE(hand);
    const float distanceAll = viewport.viewport().camera().distance;

    emit viewport.nodeClicked(hand);
    CHECK(window.selectedNode() == hand);
    CHECK(viewport.viewport().selection() == std::vector<hyperrig::core::model::NodeId>{hand});
    CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("LeftHand")));
    // A bone gets the overlay's pose sliders, one per 4D plane.
    CHECK(viewport.overlayState().poseBoneName == "LeftHand");
    CHECK(viewport.overlayState().posePlaneNames.size() == 6);

    auto* frameSelected = window.findChild<QAction*>(QStringLiteral("frameSelectedAction"));
    auto* frameAll = window.findChild<QAction*>(QStringLiteral("frameAllAction"));
    auto* resetView = window.findChild<QAction*>(QStringLiteral("resetViewAction"));
    REQUIRE(frameSelected != nullptr);
    REQUIRE(frameAll != nullptr);
    REQUIRE(resetView != nullptr);
    CHECK(frameSelected->shortcut() == QKeySequence(Qt::Key_F));
    frameSelected->trigger();
    CHECK(viewport.viewport().camera().distance < distanceAll / 3.0F); // a hand, not the body
    frameAll->trigger();
    CHECK(viewport.viewport().camera().distance == Approx(distanceAll));
    resetView->trigger();
    CHECK(viewport.viewport().camera().yawDegrees ==
          hyperrig::render::view::OrbitCamera{}.yawDegrees);
    CHECK(viewport.viewport().camera().distance == Approx(distanceAll));

    emit viewport.nodeClicked({}); // the background
    CHECK_FALSE(window.selectedNode());
    CHECK(viewport.viewport().selection().empty());
    CHECK(viewport.overlayState().poseBoneName.empty());

    emit viewport.nodeClicked(window.document()->findNode("Body")); // a mesh node
    CHECK(window.selectedNode() == window.document()->findNode("Body"));
    CHECK(viewport.overlayState().poseBoneName.empty()); // no pose sliders for a mesh
    window.findChild<QAction*>(QStringLiteral("selectNoneAction"))->trigger();
    CHECK_FALSE(window.selectedNode());
}

TEST_CASE("pose sliders pose the selected bone in the current pose, which applies as rest",
          "[ui][mainwindow]") {
    MainWindow window;
    openSample(window, "creature-4d.g4tf");
    auto& viewport = window.viewportWidget();
    auto& state = viewport.overlayState();
    const auto arm = window.document()->findNode("LeftUpperArm");
    const auto forearm = window.document()->findNode("LeftLowerArm");
    REQUIRE(arm);
    REQUIRE(forearm);
    auto boneLine = [&](hyperrig::core::model::NodeId node) {
        const auto& bones = viewport.viewport().scene().bones;
        const auto found = std::find_if(bones.begin(), bones.end(),
                                        [&](const auto& bone) { return bone.node == node; });
        REQUIRE(found != bones.end());
        return *found;
    };
    const glm::vec3 restForearm = boneLine(forearm).head;
    const glm::vec3 restArm = boneLine(arm).head;

    // With nothing posed, "current" is the rest pose: applying it is refused, no undo step.
    state.pose = {hyperrig::render::overlay::PoseSelection::Kind::Current, {}};
    state.action = hyperrig::render::overlay::OverlayAction::ApplyPoseAsRest;
    emit viewport.overlayChanged();
    CHECK(window.statusBar()->currentMessage().startsWith(QStringLiteral("Nothing is posed")));
    CHECK_FALSE(window.findChild<QAction*>(QStringLiteral("undoAction"))->isEnabled());

    emit viewport.nodeClicked(arm);
    state.poseBoneDegrees[0] = 45.0; // what dragging the XY slider leaves
    state.poseBoneChanged = true;
    emit viewport.overlayChanged();
    CHECK(state.pose.kind == hyperrig::render::overlay::PoseSelection::Kind::Current);
    CHECK(window.bonePoses().at(arm).degrees[0] == 45.0);
    CHECK(boneLine(forearm).head != restForearm); // the child follows its posed parent
    CHECK(boneLine(arm).head == restArm);         // turned about its own head

    SECTION("another bone keeps its own angles; reselecting shows them again") {
        emit viewport.nodeClicked(forearm);
        CHECK(state.poseBoneDegrees[0] == 0.0);
        emit viewport.nodeClicked(arm);
        CHECK(state.poseBoneDegrees[0] == 45.0);
    }
    SECTION("reset pose puts every bone back") {
        state.action = hyperrig::render::overlay::OverlayAction::ResetPose;
        emit viewport.overlayChanged();
        CHECK(window.bonePoses().empty());
        CHECK(state.poseBoneDegrees[0] == 0.0);
        CHECK(boneLine(forearm).head == restForearm);
    }
    SECTION("the Pose menu's actions do what the overlay's buttons do") {
        auto* resetBone = window.findChild<QAction*>(QStringLiteral("resetBonePoseAction"));
        auto* applyAsRest = window.findChild<QAction*>(QStringLiteral("applyPoseAsRestAction"));
        REQUIRE(resetBone != nullptr);
        REQUIRE(applyAsRest != nullptr);
        CHECK(resetBone->isEnabled()); // the arm is the current bone
        resetBone->trigger();
        CHECK(window.bonePoses().count(arm) == 0); // at rest: no angles stored
        CHECK(boneLine(forearm).head == restForearm);
        applyAsRest->trigger();
        CHECK(window.statusBar()->currentMessage().startsWith(QStringLiteral("Nothing is posed")));
        emit viewport.nodeClicked({}); // nothing selected: no bone to reset
        CHECK_FALSE(resetBone->isEnabled());
    }
    SECTION("a bind pose applied as rest leaves no slider pose on top of it") {
        state.pose = {hyperrig::render::overlay::PoseSelection::Kind::BindPose, "APose"};
        state.poseChanged = true;
        emit viewport.overlayChanged();
        state.action = hyperrig::render::overlay::OverlayAction::ApplyPoseAsRest;
        emit viewport.overlayChanged();
        CHECK(window.statusBar()->currentMessage() ==
              QStringLiteral("Applied APose as the rest pose"));
        CHECK(window.bonePoses().empty()); // the viewport shows APose, as the message says
    }
    SECTION("apply pose as rest bakes the current pose as one undoable edit") {
        const auto restTransform = window.document()->node(arm).transform;
        state.action = hyperrig::render::overlay::OverlayAction::ApplyPoseAsRest;
        emit viewport.overlayChanged();
        CHECK(window.statusBar()->currentMessage() ==
              QStringLiteral("Applied current as the rest pose"));
        CHECK_FALSE(window.document()->node(arm).transform == restTransform);
        CHECK(window.bonePoses().empty()); // the pose is the rest pose now
        const glm::vec3 baked = boneLine(forearm).head;
        CHECK(glm::length(baked - restForearm) > 0.01F);
        window.findChild<QAction*>(QStringLiteral("undoAction"))->trigger();
        CHECK(window.document()->node(arm).transform == restTransform);
        CHECK(boneLine(forearm).head == restForearm);
    }
}

TEST_CASE("the Pose menu follows edits that break or mend the rig", "[ui][mainwindow]") {
    MainWindow window;
    openSample(window, "creature-4d.g4tf");
    auto& session = window.session();
    const auto arm = window.document()->findNode("LeftUpperArm");
    REQUIRE(arm);
    session.select({arm});
    auto* resetPose = window.findChild<QAction*>(QStringLiteral("resetPoseAction"));
    auto* resetBone = window.findChild<QAction*>(QStringLiteral("resetBonePoseAction"));
    auto* applyAsRest = window.findChild<QAction*>(QStringLiteral("applyPoseAsRestAction"));
    REQUIRE(resetPose != nullptr);
    REQUIRE(resetBone != nullptr);
    REQUIRE(applyAsRest != nullptr);
    REQUIRE(session.rig() != nullptr);
    CHECK(resetPose->isEnabled());
    CHECK(resetBone->isEnabled());
    CHECK(applyAsRest->isEnabled());

    // A 4x4 basis of zeros: the bone's rest transform has no inverse, so the rig cannot compile.
    hyperrig::core::model::NodeTransform singular;
    singular.form = hyperrig::core::model::NodeTransform::Form::Basis;
    singular.basis.assign(16, 0.0);
    REQUIRE(session.execute(hyperrig::core::edit::setTransform(arm, singular)));
    REQUIRE(session.rig() == nullptr);
    CHECK_FALSE(resetPose->isEnabled());
    CHECK_FALSE(resetBone->isEnabled());
    CHECK_FALSE(applyAsRest->isEnabled());

    window.findChild<QAction*>(QStringLiteral("undoAction"))->trigger();
    REQUIRE(session.rig() != nullptr);
    CHECK(resetPose->isEnabled());
    CHECK(resetBone->isEnabled());
    CHECK(applyAsRest->isEnabled());
}

TEST_CASE("Home and End move within a focused panel list; elsewhere Home frames everything",
          "[ui][mainwindow]") {
    MainWindow window;
    openSampleShown(window, "creature-4d.g4tf");
    auto& viewport = window.viewportWidget();
    // Framed for the shown window's viewport (its size decides the distance).
    window.findChild<QAction*>(QStringLiteral("frameAllAction"))->trigger();
    const float distanceAll = viewport.viewport().camera().distance;
    auto* tree = window.findChild<QTreeView*>(QStringLiteral("outlinerTree"));
    REQUIRE(tree != nullptr);
    tree->setFocus();
    REQUIRE(tree->hasFocus());
    const QModelIndex first = tree->model()->index(0, 0);
    tree->setCurrentIndex(tree->indexBelow(tree->indexBelow(first)));
    REQUIRE(tree->currentIndex() != first);
    // The viewport zoomed in, so that a Frame All would show.
    auto zoomed = viewport.viewport().camera();
    zoomed.distance = distanceAll / 4.0F;
    viewport.setCamera(zoomed);

    QTest::keyClick(tree, Qt::Key_Home);
    CHECK(tree->currentIndex() == first);
    CHECK(viewport.viewport().camera().distance == Approx(distanceAll / 4.0F));
    QTest::keyClick(tree, Qt::Key_End);
    CHECK(tree->currentIndex() != first);

    viewport.setFocus();
    QTest::keyClick(&viewport, Qt::Key_Home); // View > Frame All
    CHECK(viewport.viewport().camera().distance == Approx(distanceAll));
}

TEST_CASE("Edit > Rename with the Outliner closed brings it back to rename in",
          "[ui][mainwindow]") {
    MainWindow window;
    openSampleShown(window, "creature-4d.g4tf");
    QDockWidget* outliner = window.dock(QStringLiteral("Outliner"));
    REQUIRE(outliner != nullptr);
    outliner->close();
    REQUIRE_FALSE(outliner->isVisible());
    window.session().select({window.document()->findNode("Spine")});

    window.findChild<QAction*>(QStringLiteral("renameAction"))->trigger();
    CHECK(outliner->isVisible());
    auto* tree = window.findChild<QTreeView*>(QStringLiteral("outlinerTree"));
    REQUIRE(tree != nullptr);
    QLineEdit* editor = nullptr;
    for (QLineEdit* edit : tree->viewport()->findChildren<QLineEdit*>())
        if (edit->isVisible())
            editor = edit;
    REQUIRE(editor != nullptr);
    CHECK(editor->text() == "Spine");
}

TEST_CASE("View > Full Screen's tick follows the window's state", "[ui][mainwindow]") {
    MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    auto* fullScreen = window.findChild<QAction*>(QStringLiteral("fullScreenAction"));
    REQUIRE(fullScreen != nullptr);
    CHECK_FALSE(fullScreen->isChecked());
    // As a restored geometry or the window manager puts it: not through the action.
    window.setWindowState(Qt::WindowFullScreen);
    CHECK(fullScreen->isChecked());
    window.setWindowState(Qt::WindowNoState);
    CHECK_FALSE(fullScreen->isChecked());
    // Through the action, leaving full screen keeps a maximized window maximized.
    window.setWindowState(Qt::WindowMaximized);
    fullScreen->trigger();
    CHECK(window.windowState().testFlag(Qt::WindowFullScreen));
    fullScreen->trigger();
    CHECK_FALSE(window.windowState().testFlag(Qt::WindowFullScreen));
    CHECK(window.windowState().testFlag(Qt::WindowMaximized));
    CHECK_FALSE(fullScreen->isChecked());
}

TEST_CASE("Ctrl+Z in a field with no typing left to undo undoes the document", "[ui][mainwindow]") {
    MainWindow window;
    openSampleShown(window, "creature-4d.g4tf");
    const auto spine = window.document()->findNode("Spine");
    window.session().select({spine});
    const auto positionX = [&] {
        return window.document()->node(spine).transform.position[0];
    };
    const auto name = [&] {
        return window.document()->node(spine).displayName();
    };

    auto* x = window.findChild<hyperrig::ui::NumberField*>(QStringLiteral("positionX"));
    REQUIRE(x != nullptr);
    x->setFocus();
    x->selectAll();
    QTest::keyClicks(x, QStringLiteral("0.5"));
    QTest::keyClick(x, Qt::Key_Return);
    REQUIRE(positionX() == 0.5);
    REQUIRE(x->hasFocus());
    QTest::keyClick(x, Qt::Key_Z, Qt::ControlModifier);
    CHECK(positionX() == 0.0);
    QTest::keyClick(x, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(positionX() == 0.5);

    auto* nameField = window.findChild<QLineEdit*>(QStringLiteral("nameField"));
    REQUIRE(nameField != nullptr);
    nameField->setFocus();
    nameField->selectAll();
    QTest::keyClicks(nameField, QStringLiteral("Backbone"));
    // Typing in the field: Ctrl+Z undoes the typing, not the document.
    QTest::keyClick(nameField, Qt::Key_Z, Qt::ControlModifier);
    CHECK(nameField->text() == "Spine");
    CHECK(positionX() == 0.5);
    QTest::keyClicks(nameField, QStringLiteral("Backbone"));
    QTest::keyClick(nameField, Qt::Key_Return);
    REQUIRE(name() == "Backbone");
    QTest::keyClick(nameField, Qt::Key_Z, Qt::ControlModifier);
    CHECK(name() == "Spine");
    CHECK(nameField->text() == "Spine");

    // Any field with nothing typed to undo: the outliner's empty filter.
    auto* filter = window.findChild<QLineEdit*>(QStringLiteral("outlinerFilter"));
    REQUIRE(filter != nullptr);
    filter->setFocus();
    REQUIRE(filter->text().isEmpty());
    QTest::keyClick(filter, Qt::Key_Z, Qt::ControlModifier);
    CHECK(positionX() == 0.0); // Set Position undone
}

namespace {

// Selects `node` and types `text` into the Inspector's Name field (focused), not entered.
QLineEdit* typeNameOf(MainWindow& window, hyperrig::core::model::NodeId node, const QString& text) {
    window.session().select({node});
    auto* nameField = window.findChild<QLineEdit*>(QStringLiteral("nameField"));
    REQUIRE(nameField != nullptr);
    nameField->setFocus();
    nameField->selectAll();
    QTest::keyClicks(nameField, text);
    return nameField;
}

} // namespace

TEST_CASE("a name typed in the Inspector is applied before a shortcut's command",
          "[ui][mainwindow]") {
    // The name field holds no transaction: Edit > Duplicate pressed in it used to select the
    // copy and show its name over the typed one, and the rename never happened.
    MainWindow window;
    openSampleShown(window, "creature-4d.g4tf");
    const auto spine = window.document()->findNode("Spine");
    QLineEdit* nameField = typeNameOf(window, spine, QStringLiteral("Backbone"));
    const std::size_t nodesBefore = window.document()->nodes.size();
    QTest::keyClick(nameField, Qt::Key_D, Qt::ControlModifier);
    CHECK(window.document()->node(spine).displayName() == "Backbone");
    CHECK(window.document()->nodes.size() > nodesBefore); // the duplicate was made too
    // Two steps: undoing the duplicate keeps the name.
    window.session().undo();
    CHECK(window.document()->nodes.size() == nodesBefore);
    CHECK(window.document()->node(spine).displayName() == "Backbone");
    window.session().undo();
    CHECK(window.document()->node(spine).displayName() == "Spine");
}

TEST_CASE("a typed name is applied before Add picks the new node's name", "[ui][mainwindow]") {
    // Add Child Bone chose "Bone" before the typed "Bone" was applied, and was then refused
    // because the name had been taken in between.
    MainWindow window;
    openSampleShown(window, "creature-4d.g4tf");
    const auto spine = window.document()->findNode("Spine");
    REQUIRE_FALSE(window.document()->findNode("Bone"));
    typeNameOf(window, spine, QStringLiteral("Bone"));
    auto* add = window.findChild<QAction*>(QStringLiteral("addChildBoneAction"));
    REQUIRE(add != nullptr);
    add->trigger();
    CHECK(window.document()->node(spine).displayName() == "Bone");
    const auto created = window.document()->findNode("Bone2");
    REQUIRE(created);
    CHECK(window.document()->node(created).parent == spine);
    CHECK(window.statusBar()->currentMessage() == "Added bone 'Bone2'");
}

TEST_CASE("a name typed in the Inspector and refused stops a shortcut's command",
          "[ui][mainwindow]") {
    // The command used to go ahead: the duplicate took the selection, the Inspector showed the
    // copy, and the typed name and the reason it was refused were gone.
    MainWindow window;
    openSampleShown(window, "creature-4d.g4tf");
    const auto spine = window.document()->findNode("Spine");
    QLineEdit* nameField = typeNameOf(window, spine, QStringLiteral("Hips")); // another's name
    auto* nameMessage = window.findChild<QLabel*>(QStringLiteral("nameFieldMessage"));
    REQUIRE(nameMessage != nullptr);
    const std::size_t nodesBefore = window.document()->nodes.size();
    const std::size_t stepsBefore = window.session().history().undoCount();
    const auto refusedAndKept = [&](const char* cannot) {
        CHECK(window.document()->nodes.size() == nodesBefore);
        CHECK(window.session().history().undoCount() == stepsBefore);
        CHECK(window.document()->node(spine).displayName() == "Spine");
        CHECK(window.session().selection() == std::vector<hyperrig::core::model::NodeId>{spine});
        CHECK(nameField->text() == "Hips");
        CHECK(nameMessage->isVisible());
        const QString status = window.statusBar()->currentMessage();
        CHECK(status.startsWith(cannot));
        CHECK(status.contains(nameMessage->text()));
    };

    SECTION("Edit > Duplicate by its shortcut in the field") {
        QTest::keyClick(nameField, Qt::Key_D, Qt::ControlModifier);
        refusedAndKept("Cannot duplicate");

        // Corrected, the same shortcut applies the name and then duplicates.
        nameField->selectAll();
        QTest::keyClicks(nameField, QStringLiteral("Backbone"));
        QTest::keyClick(nameField, Qt::Key_D, Qt::ControlModifier);
        CHECK(window.document()->node(spine).displayName() == "Backbone");
        CHECK(window.document()->nodes.size() > nodesBefore);
    }
    SECTION("the Inspector's Visible, toggled without taking the focus (a screen reader)") {
        auto* visible = window.findChild<QCheckBox*>(QStringLiteral("visibleCheck"));
        REQUIRE(visible != nullptr);
        REQUIRE(visible->isChecked());
        visible->click(); // click() leaves the focus where it is
        refusedAndKept("the name typed for Spine is refused");
        CHECK(window.document()->node(spine).isVisible());
        CHECK(visible->isChecked()); // shows the document again
    }
    SECTION("Transform > Grab from the menu: the operation does not start") {
        auto* grab = window.findChild<QAction*>(QStringLiteral("grabAction"));
        REQUIRE(grab != nullptr);
        REQUIRE(grab->isEnabled());
        grab->trigger();
        refusedAndKept("Cannot move");
        auto* cancel = window.findChild<QAction*>(QStringLiteral("cancelOperationAction"));
        REQUIRE(cancel != nullptr);
        CHECK_FALSE(cancel->isEnabled()); // on while an operation runs
    }
}

TEST_CASE("Delete and Duplicate with the root selected too act on the other nodes",
          "[ui][mainwindow]") {
    // Scene to the last row in the Outliner: the root covered every other node, so both
    // actions, enabled, did nothing and said nothing.
    MainWindow window;
    openSample(window, "creature-4d.g4tf");
    auto& session = window.session();
    const auto root = window.document()->root();
    const auto rig = window.document()->findNode("CreatureRig");
    const auto body = window.document()->findNode("Body");
    auto* remove = window.findChild<QAction*>(QStringLiteral("deleteAction"));
    auto* duplicate = window.findChild<QAction*>(QStringLiteral("duplicateAction"));
    REQUIRE(remove != nullptr);
    REQUIRE(duplicate != nullptr);

    const std::size_t nodes = window.document()->nodes.size();
    session.select({root, body});
    REQUIRE(duplicate->isEnabled());
    duplicate->trigger();
    CHECK(window.document()->nodes.size() == nodes + 1);
    session.undo();

    session.select({root, rig});
    REQUIRE(remove->isEnabled());
    remove->trigger();
    CHECK(window.document()->nodes.find(rig) == nullptr);
    CHECK(window.document()->nodes.find(root) != nullptr);
}

TEST_CASE("the Transform menu's operations are enabled only where they can start",
          "[ui][mainwindow]") {
    MainWindow window;
    openSample(window, "creature-4d.g4tf");
    auto& session = window.session();
    const auto enabled = [&](const char* name) {
        auto* found = window.findChild<QAction*>(QString::fromLatin1(name));
        REQUIRE(found != nullptr);
        return found->isEnabled();
    };
    session.select({window.document()->findNode("Body")}); // a mesh
    CHECK(enabled("grabAction"));
    CHECK(enabled("rotateAction"));
    CHECK_FALSE(enabled("scaleBoneLengthAction"));  // no bone selected
    CHECK_FALSE(enabled("extrudeBoneAction"));      // no current bone
    CHECK_FALSE(enabled("addBoneAtPointerAction")); // no skeleton to add to
    session.select({window.document()->findNode("CreatureRig")});
    CHECK(enabled("addBoneAtPointerAction"));
    CHECK_FALSE(enabled("extrudeBoneAction"));
    // The root alone: nothing that moves (G and R refused "Select the nodes to transform").
    session.select({window.document()->root()});
    CHECK_FALSE(enabled("grabAction"));
    CHECK_FALSE(enabled("rotateAction"));
    session.select({window.document()->root(), window.document()->findNode("Body")});
    CHECK(enabled("grabAction"));
    CHECK(enabled("rotateAction"));
    const auto hand = window.document()->findNode("LeftHand");
    session.select({hand});
    for (const char* name : {"grabAction", "rotateAction", "scaleBoneLengthAction",
                             "extrudeBoneAction", "addBoneAtPointerAction"})
        CHECK(enabled(name));

    // A rig that cannot compile can be drawn by none of them.
    hyperrig::core::model::NodeTransform singular;
    singular.form = hyperrig::core::model::NodeTransform::Form::Basis;
    singular.basis.assign(16, 0.0);
    REQUIRE(session.execute(
        hyperrig::core::edit::setTransform(window.document()->findNode("Spine"), singular)));
    REQUIRE(session.rig() == nullptr);
    CHECK_FALSE(enabled("grabAction"));
    CHECK_FALSE(enabled("extrudeBoneAction"));
    session.undo();
    CHECK(enabled("grabAction"));
    CHECK(enabled("extrudeBoneAction"));
}

TEST_CASE("the View menu's display toggles and the overlay's checkboxes agree",
          "[ui][mainwindow]") {
    MainWindow window;
    openSample(window, "creature-4d.g4tf");
    auto& viewport = window.viewportWidget();
    auto& state = viewport.overlayState();
    auto* bones = window.findChild<QAction*>(QStringLiteral("showBonesAction"));
    auto* wireframe = window.findChild<QAction*>(QStringLiteral("wireframeAction"));
    REQUIRE(bones != nullptr);
    REQUIRE(wireframe != nullptr);
    CHECK(bones->isCheckable());
    CHECK(bones->isChecked() == state.showBones);
    CHECK(wireframe->isChecked() == state.showWireframe);

    wireframe->trigger();
    CHECK(state.showWireframe);
    CHECK(viewport.viewport().display().wireframe);
    bones->trigger();
    CHECK_FALSE(state.showBones);
    CHECK_FALSE(viewport.viewport().display().bones);

    // A click on the overlay's checkbox leaves this in the state; the menu follows.
    state.showBones = true;
    state.displayChanged = true;
    emit viewport.overlayChanged();
    CHECK(bones->isChecked());
    CHECK(viewport.viewport().display().bones);
}

TEST_CASE("the overlay's heat-map can show a chosen group without a selected bone",
          "[ui][mainwindow]") {
    MainWindow window;
    openSample(window, "creature-4d.g4tf");
    auto& viewport = window.viewportWidget();
    auto& state = viewport.overlayState();
    CHECK(std::find(state.groupNames.begin(), state.groupNames.end(), "Spine") !=
          state.groupNames.end());
    changeHeatMap(viewport, [](auto& s) { s.showHeatMap = true; });
    CHECK(heatMappedSurfaces(viewport) == 0); // nothing selected, no group chosen
    changeHeatMap(viewport, [](auto& s) { s.heatMapGroup = "Spine"; });
    CHECK(heatMappedSurfaces(viewport) == 1);
}

TEST_CASE("the overlay's wireframe and shading toggles reach the viewport's display",
          "[ui][mainwindow]") {
    MainWindow window;
    openSample(window, "creature-4d.g4tf");
    auto& viewport = window.viewportWidget();
    const auto& display = viewport.viewport().display();
    CHECK_FALSE(display.wireframe);
    CHECK(display.shading == hyperrig::render::scene::Shading::Smooth);

    auto& state = viewport.overlayState();
    // A display toggle changes how the scene is drawn, not the scene: nothing is re-evaluated
    // (a rebuilt scene would bring new surface storage).
    const glm::vec3* positionsBefore =
        viewport.viewport().scene().surfaces.front().positions.data();
    changeDisplay(viewport, [](auto& s) {
        s.showWireframe = true;
        s.smoothShading = false;
        s.showGrid = false;
        s.showShapes = false;
    });
    CHECK(viewport.viewport().display().wireframe);
    CHECK(viewport.viewport().display().shading == hyperrig::render::scene::Shading::Flat);
    CHECK_FALSE(viewport.viewport().display().grid);
    CHECK_FALSE(viewport.viewport().display().shapes);
    CHECK(viewport.viewport().display().bones);
    CHECK_FALSE(state.anyChange());
    CHECK(viewport.viewport().scene().surfaces.front().positions.data() == positionsBefore);

    changeDisplay(viewport, [](auto& s) {
        s.showWireframe = false;
        s.smoothShading = true;
    });
    CHECK_FALSE(viewport.viewport().display().wireframe);
    CHECK(viewport.viewport().display().shading == hyperrig::render::scene::Shading::Smooth);
}
