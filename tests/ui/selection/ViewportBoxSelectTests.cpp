#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/selection/OutlinerSelectionSupport.h"
#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QApplication>
#include <QMouseEvent>
#include <QRubberBand>
#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <vector>

using hyperrig::core::model::NodeId;
using hyperrig::ui::MainWindow;
using hyperrig::ui::ViewportWidget;

namespace {

// A 3D document with one skeleton and a chain of three bones (Hips, Spine, Chest, each 0.5 long
// along its parent's Y), framed in a shown, active window wide enough that the chain stands
// clear of the overlay's window in the top-left corner.
struct BoxSelectWindow {
    MainWindow window;
    ViewportWidget& viewport = window.viewportWidget();
    hyperrig::ui::EditorSession& session = window.session();
    NodeId hips;
    NodeId spine;
    NodeId chest;

    BoxSelectWindow() {
        QSignalSpy frames(&viewport, &ViewportWidget::frameRendered);
        session.newDocument(3);
        const NodeId skeleton = hyperrig::test::addSkeleton(session, "Rig");
        hips = hyperrig::test::addBone(session, skeleton, "Hips");
        spine = hyperrig::test::addBone(session, hips, "Spine");
        chest = hyperrig::test::addBone(session, spine, "Chest");
        window.resize(1500, 950);
        window.show();
        window.activateWindow();
        REQUIRE(QTest::qWaitForWindowActive(&window));
        REQUIRE((frames.count() > 0 || frames.wait(20000)));
        window.findChild<QAction*>(QStringLiteral("frameAllAction"))->trigger();
        REQUIRE(viewport.viewport().scene().bones.size() == 3);
        viewport.setFocus();
    }

    // Where the middle of `bone` is drawn, in widget pixels: projected by glm with the frame's
    // camera, and checked against the GL id buffer (picking), which knows nothing of boxes.
    QPoint middleOf(NodeId bone) {
        const auto& bones = viewport.viewport().scene().bones;
        const auto found = std::find_if(bones.begin(), bones.end(),
                                        [&](const auto& line) { return line.node == bone; });
        REQUIRE(found != bones.end());
        const auto& camera = viewport.viewport().camera();
        const auto width = static_cast<float>(viewport.width());
        const auto height = static_cast<float>(viewport.height());
        const glm::vec3 drawn = glm::project(
            (found->head + found->tail) / 2.0F, camera.viewMatrix(),
            camera.projectionMatrix(width / height), glm::vec4(0.0F, 0.0F, width, height));
        // glm counts rows from the bottom, widgets from the top.
        const QPoint point(static_cast<int>(std::lround(drawn.x)),
                           static_cast<int>(std::lround(height - drawn.y)));
        REQUIRE(viewport.nodeAt(point) == bone);
        // A plain click there must reach the camera and picking, not the overlay's window.
        const auto& overlay = viewport.viewport().overlay()->layout().window;
        INFO("viewport " << viewport.width() << " x " << viewport.height() << ", point "
                         << point.x() << ", " << point.y() << ", overlay to " << overlay.maxX
                         << ", " << overlay.maxY);
        REQUIRE_FALSE(
            overlay.contains(static_cast<float>(point.x()), static_cast<float>(point.y())));
        return point;
    }

    // A left-button drag over the viewport from `from` to `to` with `modifiers` held.
    void drag(QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        QTest::mousePress(&viewport, Qt::LeftButton, modifiers, from);
        moveHeld(from + (to - from) / 2, modifiers);
        moveHeld(to, modifiers);
        QTest::mouseRelease(&viewport, Qt::LeftButton, modifiers, to);
    }
    // QTest::mouseMove (Qt 6.4) sends no held buttons: a drag needs its own events.
    void moveHeld(QPoint to, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        QMouseEvent move(QEvent::MouseMove, QPointF(to), viewport.mapToGlobal(QPointF(to)),
                         Qt::NoButton, Qt::LeftButton, modifiers);
        QCoreApplication::sendEvent(&viewport, &move);
    }
    // A 16 x 16 box around the middle of `bone`, dragged after B.
    void boxAround(NodeId bone, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        const QPoint middle = middleOf(bone);
        QTest::keyClick(&viewport, Qt::Key_B);
        drag(middle - QPoint(8, 8), middle + QPoint(8, 8), modifiers);
    }
    QRubberBand* band() const {
        return viewport.findChild<QRubberBand*>(QStringLiteral("boxSelectBand"));
    }
};

using Nodes = std::vector<NodeId>;

} // namespace

TEST_CASE("a box dragged after B selects the bones inside it, the outliner following",
          "[ui][selection][boxselect][gl]") {
    BoxSelectWindow w;
    w.session.select({w.chest});

    SECTION("the box replaces the selection") {
        w.boxAround(w.spine);
        CHECK(w.session.selection() == Nodes{w.spine});
        CHECK(hyperrig::test::outlinerComesToShow(w.window, {w.spine}));
        REQUIRE(w.band() != nullptr);
        CHECK_FALSE(w.band()->isVisible());
    }
    SECTION("Shift adds to it, Ctrl removes from it") {
        w.boxAround(w.hips, Qt::ShiftModifier);
        CHECK(w.session.selection() == Nodes{w.chest, w.hips});
        CHECK(hyperrig::test::outlinerComesToShow(w.window, {w.chest, w.hips}));
        w.boxAround(w.chest, Qt::ControlModifier);
        CHECK(w.session.selection() == Nodes{w.hips});
        CHECK(hyperrig::test::outlinerComesToShow(w.window, {w.hips}));
    }
    SECTION("a box over nothing selects nothing") {
        QTest::keyClick(&w.viewport, Qt::Key_B);
        w.drag(QPoint(w.viewport.width() - 40, 20), QPoint(w.viewport.width() - 10, 50));
        CHECK(w.session.selection().empty());
    }
    SECTION("hidden bones are not boxed") {
        const QPoint middle = w.middleOf(w.spine); // found while the bones are drawn
        w.window.findChild<QAction*>(QStringLiteral("showBonesAction"))->trigger();
        REQUIRE_FALSE(w.viewport.viewport().display().bones);
        QTest::keyClick(&w.viewport, Qt::Key_B);
        w.drag(middle - QPoint(8, 8), middle + QPoint(8, 8));
        CHECK(w.session.selection().empty());
    }
}

TEST_CASE("Ctrl+Shift + left drag box-selects without B, leaving the camera",
          "[ui][selection][boxselect][gl]") {
    BoxSelectWindow w;
    w.session.select({w.chest});
    const auto camera = w.viewport.viewport().camera();
    const QPoint middle = w.middleOf(w.hips);
    w.drag(middle - QPoint(8, 8), middle + QPoint(8, 8), Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(w.session.selection() == Nodes{w.chest, w.hips});
    CHECK(hyperrig::test::outlinerComesToShow(w.window, {w.chest, w.hips}));
    CHECK(w.viewport.viewport().camera().yawDegrees == camera.yawDegrees);
    CHECK(w.viewport.viewport().camera().pitchDegrees == camera.pitchDegrees);
    CHECK(w.viewport.viewport().camera().target == camera.target);

    SECTION("without dragging it stays a click: Ctrl toggles") {
        const QPoint spine = w.middleOf(w.spine);
        QTest::mouseClick(&w.viewport, Qt::LeftButton, Qt::ControlModifier | Qt::ShiftModifier,
                          spine);
        CHECK(w.session.selection() == Nodes{w.chest, w.hips, w.spine});
    }
}

TEST_CASE("Escape or the right button cancels a box select", "[ui][selection][boxselect][gl]") {
    BoxSelectWindow w;
    w.session.select({w.chest});
    const QPoint middle = w.middleOf(w.spine);
    const auto camera = w.viewport.viewport().camera();

    SECTION("Escape while dragging") {
        QTest::keyClick(&w.viewport, Qt::Key_B);
        QTest::mousePress(&w.viewport, Qt::LeftButton, {}, middle - QPoint(8, 8));
        w.moveHeld(middle + QPoint(8, 8));
        REQUIRE(w.band() != nullptr);
        CHECK(w.band()->isVisible());
        QTest::keyClick(&w.viewport, Qt::Key_Escape);
        CHECK_FALSE(w.band()->isVisible());
        w.moveHeld(middle + QPoint(20, 20));
        QTest::mouseRelease(&w.viewport, Qt::LeftButton, {}, middle + QPoint(20, 20));
    }
    SECTION("Escape before dragging; the next drag orbits again") {
        QTest::keyClick(&w.viewport, Qt::Key_B);
        QTest::keyClick(&w.viewport, Qt::Key_Escape);
        w.drag(middle - QPoint(8, 8), middle + QPoint(8, 8));
        CHECK(w.viewport.viewport().camera().yawDegrees != camera.yawDegrees);
    }
    SECTION("the keyboard focus leaving the viewport before the drag") {
        QTest::keyClick(&w.viewport, Qt::Key_B);
        auto* filter = w.window.findChild<QWidget*>(QStringLiteral("outlinerFilter"));
        REQUIRE(filter != nullptr);
        filter->setFocus();
        REQUIRE(QApplication::focusWidget() == filter);
        w.drag(middle - QPoint(8, 8), middle + QPoint(8, 8));
        CHECK(w.viewport.viewport().camera().yawDegrees != camera.yawDegrees);
    }
    SECTION("the right button") {
        QTest::keyClick(&w.viewport, Qt::Key_B);
        QTest::mouseClick(&w.viewport, Qt::RightButton, {}, middle);
        w.drag(middle - QPoint(8, 8), middle + QPoint(8, 8));
        CHECK(w.viewport.viewport().camera().yawDegrees != camera.yawDegrees);
    }
    CHECK(w.session.selection() == Nodes{w.chest});
}

TEST_CASE("a click selects in the viewport, Shift+click adds", "[ui][selection][gl]") {
    BoxSelectWindow w;
    QTest::mouseClick(&w.viewport, Qt::LeftButton, {}, w.middleOf(w.spine));
    CHECK(w.session.selection() == Nodes{w.spine});
    QTest::mouseClick(&w.viewport, Qt::LeftButton, Qt::ShiftModifier, w.middleOf(w.hips));
    CHECK(w.session.selection() == Nodes{w.spine, w.hips});
    CHECK(w.session.currentNode() == w.hips);
    CHECK(hyperrig::test::outlinerComesToShow(w.window, {w.spine, w.hips}));
    QTest::mouseClick(&w.viewport, Qt::LeftButton, {}, w.middleOf(w.chest));
    CHECK(w.session.selection() == Nodes{w.chest});
}

TEST_CASE("a box over the whole 4D creature selects every bone and both meshes",
          "[ui][selection][boxselect][gl]") {
    MainWindow window;
    ViewportWidget& viewport = window.viewportWidget();
    QSignalSpy frames(&viewport, &ViewportWidget::frameRendered);
    REQUIRE(
        window.openDocument(QStringLiteral(HYPERRIG_SOURCE_DIR "/assets/samples/creature-4d.g4tf"))
            .isEmpty());
    window.resize(1500, 950);
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    REQUIRE((frames.count() > 0 || frames.wait(20000)));
    viewport.setFocus();
    // Framed, the sliced creature lies inside the view: every bone is drawn (4D bones as lines,
    // faded by their distance to the slice) and the body and the vest are cut by w = 0. Neither
    // the scene root nor the skeleton node is drawn.
    const auto& document = *window.document();
    std::vector<NodeId> drawn;
    for (const NodeId node : document.nodes.order())
        if (document.node(node).isBone() || document.node(node).meshInstance())
            drawn.push_back(node);
    REQUIRE(drawn.size() == 26);

    QTest::keyClick(&viewport, Qt::Key_B);
    const QPoint from(1, 1);
    const QPoint to(viewport.width() - 2, viewport.height() - 2);
    QTest::mousePress(&viewport, Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), viewport.mapToGlobal(QPointF(to)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&viewport, &move);
    QTest::mouseRelease(&viewport, Qt::LeftButton, {}, to);

    std::vector<NodeId> selected = window.session().selection();
    std::sort(selected.begin(), selected.end());
    std::sort(drawn.begin(), drawn.end());
    CHECK(selected == drawn);
    CHECK(hyperrig::test::outlinerComesToShow(window, drawn));
}
