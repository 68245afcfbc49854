#include "core/edit/commands/NodeCommands.h"
#include "core/edit/commands/NodeWorldTransform.h"
#include "render/view/ViewRay.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/TriggerAction.h"
#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"
#include "ui/help/KeyboardShortcutsDialog.h"
#include "ui/session/EditorSession.h"
#include "ui/viewport/DrawnSpace.h"
#include "ui/widgets/NumberField.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace hyperrig;
using ui::MainWindow;
using ui::ViewportWidget;

// The editor window every transform tool test drives, with the helpers they share.
struct TransformToolFixture {
    MainWindow window;

    static constexpr double kDegree = std::numbers::pi / 180.0;

    // The window with `sample` open, shown, after its first frame.
    static void openAndShow(MainWindow& window, const char* sample) {
        REQUIRE(window.openDocument(test::sampleFile(sample)).isEmpty());
        window.resize(1200, 800);
        window.show();
        QSignalSpy frames(&window.viewportWidget(), &ViewportWidget::frameRendered);
        REQUIRE((window.viewportWidget().hasRenderedFrame() || frames.wait(20000)));
    }

    // The window with `sample` open and shown, and its node `bone` selected (and current).
    core::model::NodeId openWithSelected(const char* sample, const std::string& bone) {
        openAndShow(window, sample);
        const auto id = nodeNamed(window, bone);
        window.session().select({id}, id);
        return id;
    }

    static core::model::NodeId nodeNamed(MainWindow& window, const std::string& name) {
        const core::model::Document& document = window.session().document();
        for (const core::model::NodeId id : document.nodes.order())
            if (document.node(id).name == name)
                return id;
        FAIL("no node named " << name);
        return {};
    }

    static core::math::AffineN worldOf(MainWindow& window, core::model::NodeId node) {
        auto world = core::edit::worldTransform(window.session().document(), node);
        REQUIRE(world);
        return *world;
    }

    static glm::vec3 drawn3(const core::math::VectorN& p) {
        return {static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2])};
    }

    // Looks straight down −Z from 4 units away with a 40° field of view, at a target half a unit
    // left of `pivot`, so the pivot is drawn right of the middle, clear of the overlay's window
    // (top left, where it takes the clicks): at the pivot's depth one pixel covers
    // 2 · 4 · tan(20°) / height units.
    static render::view::OrbitCamera frontCameraOn(const glm::vec3& pivot) {
        render::view::OrbitCamera camera;
        camera.target = pivot - glm::vec3(0.5F, 0.0F, 0.0F);
        camera.distance = 4.0F;
        camera.yawDegrees = 0.0F;
        camera.pitchDegrees = 0.0F;
        camera.verticalFovDegrees = 40.0F;
        return camera;
    }

    static double unitsPerPixel(const ViewportWidget& viewport) {
        return 2.0 * 4.0 * std::tan(20.0 * kDegree) / viewport.height();
    }

    // The middle of the viewport, where the camera's target is drawn: in logical pixels, not
    // rounded to a whole one (the tools read the pointer's position as a real number).
    static QPointF centreOf(const ViewportWidget& viewport) {
        return {viewport.width() / 2.0, viewport.height() / 2.0};
    }

    static void sendMouse(ViewportWidget& viewport, QEvent::Type type, QPointF at,
                          Qt::MouseButton button, Qt::MouseButtons held) {
        QMouseEvent event(type, at, viewport.mapToGlobal(at), button, held, Qt::NoModifier);
        QCoreApplication::sendEvent(&viewport, &event);
    }
    static void pressAt(ViewportWidget& viewport, QPointF at) {
        sendMouse(viewport, QEvent::MouseButtonPress, at, Qt::LeftButton, Qt::LeftButton);
    }
    static void releaseAt(ViewportWidget& viewport, QPointF at) {
        sendMouse(viewport, QEvent::MouseButtonRelease, at, Qt::LeftButton, Qt::NoButton);
    }
    static void clickAt(ViewportWidget& viewport, QPointF at) {
        pressAt(viewport, at);
        releaseAt(viewport, at);
    }
    // A move with the left button held (a drag).
    static void dragTo(ViewportWidget& viewport, QPointF to) {
        sendMouse(viewport, QEvent::MouseMove, to, Qt::NoButton, Qt::LeftButton);
    }
    // A move with no button held.
    static void hoverTo(ViewportWidget& viewport, QPointF to) {
        sendMouse(viewport, QEvent::MouseMove, to, Qt::NoButton, Qt::NoButton);
    }
    // Faces `bone` and drags its gizmo's Y arrow 60 px up, the button still held; returns where
    // the bone's origin is drawn.
    QPointF dragYArrowUp(core::model::NodeId bone) {
        ViewportWidget& viewport = window.viewportWidget();
        viewport.setCamera(frontCameraOn(drawn3(worldOf(window, bone).position())));
        const QPointF centre = pixelOf(viewport, worldOf(window, bone).position());
        pressAt(viewport, centre + QPointF(0, -60)); // the Y arrow
        dragTo(viewport, centre + QPointF(0, -120));
        return centre;
    }

    static QAction* action(MainWindow& window, const char* name) {
        auto* found = window.findChild<QAction*>(QString::fromLatin1(name));
        REQUIRE(found != nullptr);
        return found;
    }

    static void typeKeys(ViewportWidget& viewport, const char* keys) {
        for (const char* key = keys; *key; ++key)
            QTest::keyClick(&viewport, *key);
    }

    // Where a world point of the 4D creature (w = 0, no view rotation) appears in the viewport.
    static QPointF pixelOf(const ViewportWidget& viewport, const core::math::VectorN& world) {
        const auto p = render::view::windowPosition(
            viewport.viewport().camera(), drawn3(world),
            glm::vec2(static_cast<float>(viewport.width()), static_cast<float>(viewport.height())));
        REQUIRE(p);
        return {p->x, p->y};
    }

    // Inside a closed surface, a ray crosses it an odd number of times; the body and the clothing
    // around it are separate surfaces, so each is counted on its own.
    static bool insideShownMesh(const ViewportWidget& viewport, const glm::vec3& point) {
        const render::view::ViewRay ray{point, glm::normalize(glm::vec3(0.3F, 0.9F, 0.31F))};
        for (const auto& surface : viewport.viewport().scene().surfaces) {
            int crossings = 0;
            for (std::size_t i = 0; i + 2 < surface.positions.size(); i += 3)
                if (render::view::rayTriangleHit(ray, surface.positions[i],
                                                 surface.positions[i + 1],
                                                 surface.positions[i + 2]))
                    ++crossings;
            if (crossings % 2 == 1)
                return true;
        }
        return false;
    }
};

TEST_CASE_METHOD(
    TransformToolFixture,
    "Dragging the gizmo's X arrow moves the bone by the pointer's distance, one undo step",
    "[ui][transform][gl]") {
    const auto bone = openWithSelected("arm-3d.g4tf", "LowerArm");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    const auto before = worldOf(window, bone);
    const auto transformBefore = session.document().node(bone).transform;
    viewport.setCamera(frontCameraOn(drawn3(before.position())));
    const std::size_t steps = session.history().undoCount();

    const QPointF centre = pixelOf(viewport, before.position());
    pressAt(viewport, centre + QPointF(60, 0));
    dragTo(viewport, centre + QPointF(100, 5));
    dragTo(viewport, centre + QPointF(140, 9)); // 80 px right, 9 px off the arrow
    releaseAt(viewport, centre + QPointF(140, 9));

    const auto after = worldOf(window, bone);
    const double expected = 80.0 * unitsPerPixel(viewport);
    CHECK(after.position()[0] - before.position()[0] == Approx(expected).epsilon(1e-3));
    CHECK(after.position()[1] == Approx(before.position()[1]).margin(1e-6));
    CHECK(after.position()[2] == Approx(before.position()[2]).margin(1e-6));
    CHECK(session.history().undoCount() == steps + 1);
    session.undo();
    CHECK(session.document().node(bone).transform == transformBefore);
}

TEST_CASE_METHOD(TransformToolFixture,
                 "Escape during a gizmo drag restores the selection and leaves no step",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("arm-3d.g4tf", "LowerArm");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    const auto transformBefore = session.document().node(bone).transform;
    const std::size_t steps = session.history().undoCount();
    const QPointF centre = dragYArrowUp(bone);
    REQUIRE(session.document().node(bone).transform != transformBefore);
    QTest::keyClick(&viewport, Qt::Key_Escape);
    CHECK(session.document().node(bone).transform == transformBefore);
    releaseAt(viewport, centre + QPointF(0, -120));
    CHECK(session.document().node(bone).transform == transformBefore);
    CHECK(session.history().undoCount() == steps);
}

TEST_CASE_METHOD(TransformToolFixture,
                 "A gizmo drag still held when the file actions end open edits is kept, one step",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("arm-3d.g4tf", "LowerArm");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    const auto transformBefore = session.document().node(bone).transform;
    const std::size_t steps = session.history().undoCount();
    const QPointF centre = dragYArrowUp(bone);
    const auto moved = session.document().node(bone).transform;
    REQUIRE(moved != transformBefore);
    REQUIRE(session.inTransaction());
    CHECK(session.finishOpenEdits().ok()); // what Save and the unsaved-changes question do first
    CHECK_FALSE(session.inTransaction());
    CHECK(session.history().undoCount() == steps + 1);
    CHECK(session.document().node(bone).transform == moved);
    releaseAt(viewport, centre + QPointF(0, -150)); // the operation is over: no more moving
    CHECK(session.document().node(bone).transform == moved);
    CHECK(session.history().undoCount() == steps + 1);
}

TEST_CASE_METHOD(TransformToolFixture,
                 "G is kept when the pointer presses in a panel, whose edit is its own step",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("arm-3d.g4tf", "LowerArm");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    viewport.setFocus();
    const auto transformBefore = session.document().node(bone).transform;
    const std::size_t steps = session.history().undoCount();
    hoverTo(viewport, centreOf(viewport));
    test::triggerAndRun(action(window, "grabAction"));
    hoverTo(viewport, centreOf(viewport) + QPointF(40, 0));
    const auto moved = session.document().node(bone).transform;
    REQUIRE(moved != transformBefore);
    REQUIRE(session.inTransaction());

    // A press on a panel's label: it takes no focus, as buttons on some platforms do not, so
    // only the press itself can end the operation.
    auto* label = window.findChild<QLabel*>(QStringLiteral("outlinerFilterLabel"));
    REQUIRE(label != nullptr);
    REQUIRE(label->isVisible());
    QTest::mousePress(label, Qt::LeftButton, {}, QPoint(2, 2));
    QTest::mouseRelease(label, Qt::LeftButton, {}, QPoint(2, 2));
    CHECK_FALSE(session.inTransaction());
    CHECK(session.history().undoCount() == steps + 1);
    const auto hand = nodeNamed(window, "Hand");
    REQUIRE(session.execute(core::edit::setVisible(hand, false)).ok());
    CHECK(session.history().undoCount() == steps + 2);
    session.undo(); // the panel's edit alone
    CHECK(session.document().node(hand).isVisible());
    CHECK(session.document().node(bone).transform == moved);
}

TEST_CASE_METHOD(TransformToolFixture,
                 "G started while a value is being typed keeps the value as its own step",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("arm-3d.g4tf", "LowerArm");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    auto* positionX =
        window.dock(QStringLiteral("Inspector"))->findChild<ui::NumberField*>("positionX");
    REQUIRE(positionX != nullptr);
    const std::size_t steps = session.history().undoCount();
    positionX->setFocus();
    positionX->selectAll();
    QTest::keyClicks(positionX, QStringLiteral("0.5"));
    REQUIRE(session.inTransaction());
    const auto typed = session.document().node(bone).transform;
    hoverTo(viewport, centreOf(viewport));
    test::triggerAndRun(action(window, "grabAction"));
    CHECK(session.history().undoCount() == steps + 1); // the typed value, committed first
    hoverTo(viewport, centreOf(viewport) + QPointF(40, 0));
    QTest::keyClick(&viewport, Qt::Key_Escape); // cancels the move only
    CHECK_FALSE(session.inTransaction());
    CHECK(session.document().node(bone).transform == typed);
    CHECK(session.history().undoCount() == steps + 1);
}

TEST_CASE_METHOD(TransformToolFixture,
                 "A ring drag turns in exactly the ring's plane, snapped to 5 degrees",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("arm-3d.g4tf", "LowerArm");
    ViewportWidget& viewport = window.viewportWidget();
    const auto before = worldOf(window, bone);
    viewport.setCamera(frontCameraOn(drawn3(before.position())));
    test::triggerAndRun(action(window, "rotateGizmoAction"));
    // Face-on, the XY ring is a circle of the gizmo's size (96 px) around the pivot (the XZ and
    // YZ rings are edge-on: the lines through it). From its 45° point over the top to about 133°
    // is 88.3°, snapped to 90°.
    const QPointF centre = pixelOf(viewport, before.position());
    pressAt(viewport, centre + QPointF(68, -68));
    dragTo(viewport, centre + QPointF(0, -96));
    dragTo(viewport, centre + QPointF(-66, -70));
    releaseAt(viewport, centre + QPointF(-66, -70));
    const auto after = worldOf(window, bone);
    // A quarter turn of X towards Y, written out: x -> y, y -> -x, z stays.
    auto quarter = core::math::BasisN::fromColumnMajor(3, std::vector<double>{0, 1, 0,  //
                                                                              -1, 0, 0, //
                                                                              0, 0, 1});
    REQUIRE(quarter);
    CHECK(core::math::approxEqual(after.basis(), (*quarter) * before.basis(), 1e-6));
    CHECK(core::math::approxEqual(after.position(), before.position(), 1e-9));
}

TEST_CASE_METHOD(TransformToolFixture,
                 "a press on the menu bar keeps G running: Transform > Cancel Operation cancels it",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("arm-3d.g4tf", "LowerArm");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    viewport.setFocus();
    const auto transformBefore = session.document().node(bone).transform;
    const std::size_t steps = session.history().undoCount();
    hoverTo(viewport, centreOf(viewport));
    test::triggerAndRun(action(window, "grabAction"));
    hoverTo(viewport, centreOf(viewport) + QPointF(40, 0));
    REQUIRE(session.document().node(bone).transform != transformBefore);

    QMenuBar* bar = window.menuBar();
    const QPoint pastMenus(bar->width() - 4, bar->height() / 2);
    QTest::mousePress(bar, Qt::LeftButton, {}, pastMenus);
    QTest::mouseRelease(bar, Qt::LeftButton, {}, pastMenus);
    CHECK(session.inTransaction()); // still running, as the menus are opened to act on it
    QAction* cancel = action(window, "cancelOperationAction");
    REQUIRE(cancel->isEnabled());
    cancel->trigger();
    CHECK_FALSE(session.inTransaction());
    CHECK(session.document().node(bone).transform == transformBefore);
    CHECK(session.history().undoCount() == steps);
}

TEST_CASE_METHOD(TransformToolFixture, "G, W and a typed distance move a 4D bone along W only",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("creature-4d.g4tf", "LeftUpperArm");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    const auto before = worldOf(window, bone);
    const std::size_t steps = session.history().undoCount();
    hoverTo(viewport, centreOf(viewport));
    test::triggerAndRun(action(window, "grabAction"));
    QTest::keyClick(&viewport, Qt::Key_W);
    typeKeys(viewport, "0.25");
    CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("W")));
    QTest::keyClick(&viewport, Qt::Key_Return);
    const auto after = worldOf(window, bone);
    const core::math::VectorN expected{before.position()[0], before.position()[1],
                                       before.position()[2], before.position()[3] + 0.25};
    CHECK(core::math::approxEqual(after.position(), expected, 1e-6));
    CHECK(core::math::approxEqual(after.basis(), before.basis(), 1e-12));
    CHECK(session.history().undoCount() == steps + 1);
}

TEST_CASE_METHOD(TransformToolFixture,
                 "R, W, Y and typed degrees turn a 4D bone in the YW plane only",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("creature-4d.g4tf", "Spine");
    ViewportWidget& viewport = window.viewportWidget();
    const auto before = worldOf(window, bone);
    hoverTo(viewport, centreOf(viewport));
    test::triggerAndRun(action(window, "rotateAction"));
    QTest::keyClick(&viewport, Qt::Key_W);
    QTest::keyClick(&viewport, Qt::Key_Y);
    typeKeys(viewport, "30");
    const QString status = window.statusBar()->currentMessage();
    INFO(status.toStdString());
    CHECK(status.contains(QStringLiteral("YW")));
    CHECK(status.contains(QStringLiteral("30.0°")));
    CHECK(status.contains(QStringLiteral("yw"))); // the rotor's only bivector part
    QTest::keyClick(&viewport, Qt::Key_Return);
    const double c = std::cos(30.0 * kDegree);
    const double s = std::sin(30.0 * kDegree);
    auto yw = core::math::BasisN::fromColumnMajor(4, std::vector<double>{1, 0, 0, 0, //
                                                                         0, c, 0, s, //
                                                                         0, 0, 1, 0, //
                                                                         0, -s, 0, c});
    REQUIRE(yw);
    const auto after = worldOf(window, bone);
    CHECK(core::math::approxEqual(after.basis(), (*yw) * before.basis(), 1e-6));
    CHECK(core::math::approxEqual(after.position(), before.position(), 1e-9));
}

TEST_CASE_METHOD(TransformToolFixture,
                 "R, W, X turns in the view's XW plane, X again in the local one",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("creature-4d.g4tf", "Spine");
    ViewportWidget& viewport = window.viewportWidget();
    const auto before = worldOf(window, bone);
    hoverTo(viewport, centreOf(viewport));
    test::triggerAndRun(action(window, "rotateAction"));
    QTest::keyClick(&viewport, Qt::Key_W); // the W planes, XW to start with
    QTest::keyClick(&viewport, Qt::Key_X); // XW chosen: the first X is not "again"
    typeKeys(viewport, "30");
    QString status = window.statusBar()->currentMessage();
    INFO(status.toStdString());
    CHECK(status.contains(QStringLiteral("XW")));
    CHECK_FALSE(status.contains(QStringLiteral("local")));
    SECTION("confirmed, the bone turned in the global XW plane") {
        QTest::keyClick(&viewport, Qt::Key_Return);
        const double c = std::cos(30.0 * kDegree);
        const double s = std::sin(30.0 * kDegree);
        auto xw = core::math::BasisN::fromColumnMajor(4, std::vector<double>{c, 0, 0, s, //
                                                                             0, 1, 0, 0, //
                                                                             0, 0, 1, 0, //
                                                                             -s, 0, 0, c});
        REQUIRE(xw);
        const auto after = worldOf(window, bone);
        CHECK(core::math::approxEqual(after.basis(), (*xw) * before.basis(), 1e-6));
    }
    SECTION("X again: the local XW plane") {
        QTest::keyClick(&viewport, Qt::Key_X);
        status = window.statusBar()->currentMessage();
        CHECK(status.contains(QStringLiteral("local XW")));
        QTest::keyClick(&viewport, Qt::Key_Escape);
    }
}

TEST_CASE_METHOD(TransformToolFixture, "R in a 2D document ignores X and Y: it keeps turning",
                 "[ui][transform][gl]") {
    const auto bone = openWithSelected("arm-2d.g4tf", "LowerArm");
    ViewportWidget& viewport = window.viewportWidget();
    const auto before = worldOf(window, bone);
    hoverTo(viewport, centreOf(viewport));
    test::triggerAndRun(action(window, "rotateAction"));
    QTest::keyClick(&viewport, Qt::Key_X);
    QTest::keyClick(&viewport, Qt::Key_Y);
    typeKeys(viewport, "30");
    QTest::keyClick(&viewport, Qt::Key_Return);
    const auto after = worldOf(window, bone);
    const double c = std::cos(30.0 * kDegree);
    const double s = std::sin(30.0 * kDegree);
    auto xy = core::math::BasisN::fromColumnMajor(2, std::vector<double>{c, s, -s, c});
    REQUIRE(xy);
    CHECK(core::math::approxEqual(after.basis(), (*xy) * before.basis(), 1e-6));
}

TEST_CASE_METHOD(TransformToolFixture,
                 "E extrudes a child bone from the tail to the pointer; undo removes it",
                 "[ui][transform][gl]") {
    const auto parent = openWithSelected("arm-3d.g4tf", "Hand");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    const auto parentWorld = worldOf(window, parent);
    const auto tail = parentWorld.applyPoint(core::math::VectorN{0.0, 0.1, 0.0});
    viewport.setCamera(frontCameraOn(drawn3(tail)));
    const std::size_t nodes = session.document().nodes.size();
    const std::size_t steps = session.history().undoCount();

    SECTION("with the joints left alone (the default)") {
        hoverTo(viewport, pixelOf(viewport, tail));
        test::triggerAndRun(action(window, "extrudeBoneAction"));
        hoverTo(viewport,
                pixelOf(viewport, tail) + QPointF(0, -50)); // 50 px up the screen: world +Y
        QTest::keyClick(&viewport, Qt::Key_Return);
        REQUIRE(session.document().nodes.size() == nodes + 1);
        const auto created = session.currentNode();
        const auto& bone = session.document().node(created);
        REQUIRE(bone.isBone());
        CHECK(bone.parent == parent);
        CHECK(bone.bone()->length.value_or(0.0) ==
              Approx(50.0 * unitsPerPixel(viewport)).epsilon(1e-3));
        const auto world = worldOf(window, created);
        CHECK(core::math::approxEqual(world.position(), tail, 1e-6));
        auto up = world.applyVector(core::math::VectorN{0.0, 1.0, 0.0}).normalized();
        REQUIRE(up);
        CHECK(core::math::approxEqual(*up, core::math::VectorN{0.0, 1.0, 0.0}, 1e-5));
        CHECK(session.document()
                  .node(session.document().skeletonOf(created))
                  .skeleton()
                  ->joints.size() == 3);
        CHECK(session.history().undoCount() == steps + 1);
        session.undo();
        CHECK(session.document().nodes.size() == nodes);
        CHECK_FALSE(session.document().nodes.find(created));
    }
    SECTION("added to the joints when asked") {
        action(window, "addNewBonesToJointsAction")->setChecked(true);
        hoverTo(viewport, pixelOf(viewport, tail));
        test::triggerAndRun(action(window, "extrudeBoneAction"));
        typeKeys(viewport, "0.2");
        QTest::keyClick(&viewport, Qt::Key_Return);
        const auto created = session.currentNode();
        CHECK(session.document().node(created).bone()->length == 0.2);
        const auto& joints =
            session.document().node(session.document().skeletonOf(created)).skeleton()->joints;
        REQUIRE(joints.size() == 4);
        CHECK(joints.back() == created);
        CHECK(session.history().undoCount() == steps + 1);
    }
    SECTION("Escape adds nothing") {
        hoverTo(viewport, pixelOf(viewport, tail));
        test::triggerAndRun(action(window, "extrudeBoneAction"));
        hoverTo(viewport, pixelOf(viewport, tail) + QPointF(30, -50));
        QTest::keyClick(&viewport, Qt::Key_Escape);
        CHECK(session.document().nodes.size() == nodes);
        CHECK(session.history().undoCount() == steps);
    }
}

TEST_CASE_METHOD(TransformToolFixture,
                 "Add Bone at Pointer puts the head on the ground where nothing else is hit",
                 "[ui][transform][gl]") {
    window.resize(1200, 800);
    window.show();
    ui::EditorSession& session = window.session();
    session.newDocument(3);
    const auto skeleton = test::addSkeleton(session, "Rig");
    session.select({skeleton}, skeleton);
    ViewportWidget& viewport = window.viewportWidget();
    render::view::OrbitCamera camera = frontCameraOn(glm::vec3(0.0F));
    camera.pitchDegrees = 45.0F; // looking down at the ground through the origin
    viewport.setCamera(camera);
    hoverTo(viewport, pixelOf(viewport, core::math::VectorN::zero(3)));
    test::triggerAndRun(action(window, "addBoneAtPointerAction"));
    clickAt(viewport, pixelOf(viewport, core::math::VectorN::zero(3)));
    hoverTo(viewport, pixelOf(viewport, core::math::VectorN::zero(3)) + QPointF(40, 0));
    QTest::keyClick(&viewport, Qt::Key_Return);
    const auto created = session.currentNode();
    REQUIRE(session.document().nodes.find(created));
    const auto& bone = session.document().node(created);
    REQUIRE(bone.isBone());
    CHECK(bone.parent == skeleton);
    const auto world = worldOf(window, created);
    CHECK(core::math::approxEqual(world.position(), core::math::VectorN::zero(3), 1e-4));
    // The tail went 40 px to the right: along +X at the head's depth (4 units away).
    auto along = world.applyVector(core::math::VectorN{0.0, 1.0, 0.0}).normalized();
    REQUIRE(along);
    CHECK(core::math::approxEqual(*along, core::math::VectorN{1.0, 0.0, 0.0}, 1e-4));
    CHECK(bone.bone()->length.value_or(0.0) ==
          Approx(40.0 * unitsPerPixel(viewport)).epsilon(1e-3));
}

TEST_CASE_METHOD(TransformToolFixture,
                 "Help > Keyboard Shortcuts lists the menus' keys and the operations' keys",
                 "[ui][transform]") {
    ui::KeyboardShortcutsDialog dialog(*window.menuBar());
    const QTableWidget& table = *dialog.table();
    QStringList rows;
    for (int row = 0; row < table.rowCount(); ++row)
        rows << table.item(row, 0)->text() + QStringLiteral(" | ") + table.item(row, 1)->text();
    INFO(rows.join(QLatin1Char('\n')).toStdString());
    CHECK(rows.contains(QStringLiteral("Transform > Grab | G")));
    CHECK(rows.contains(QStringLiteral("Transform > Rotate | R")));
    CHECK(rows.contains(QStringLiteral("Transform > Scale Bone Length | S")));
    CHECK(rows.contains(QStringLiteral("Transform > Extrude Bone | E")));
    CHECK(rows.contains(QStringLiteral("View > Frame Selected | F")));
    CHECK(rows.filter(QStringLiteral("| X, Y, Z")).size() == 1);
    CHECK(rows.filter(QStringLiteral("Escape")).size() >= 1);
}

TEST_CASE_METHOD(TransformToolFixture,
                 "A three-bone 4D arm is built inside the creature with the mouse alone",
                 "[ui][transform][gl][scenario]") {
    openAndShow(window, "creature-4d.g4tf");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    // Where the new arm goes: along the creature's left arm (it lies in w = 0, the slice).
    const auto shoulder = worldOf(window, nodeNamed(window, "LeftUpperArm")).position();
    const auto elbow = worldOf(window, nodeNamed(window, "LeftLowerArm")).position();
    const auto wrist = worldOf(window, nodeNamed(window, "LeftHand")).position();
    const auto fingers = worldOf(window, nodeNamed(window, "LeftHand"))
                             .applyPoint(core::math::VectorN{0, 0.09, 0, 0});
    viewport.setCamera(frontCameraOn(drawn3(elbow)));
    const auto rig = nodeNamed(window, "CreatureRig");
    session.select({rig}, rig);
    const std::size_t steps = session.history().undoCount();

    // Transform > Add Bone at Pointer, click in the shoulder, click at the elbow.
    hoverTo(viewport, pixelOf(viewport, shoulder));
    test::triggerAndRun(action(window, "addBoneAtPointerAction"));
    clickAt(viewport, pixelOf(viewport, shoulder));
    hoverTo(viewport, pixelOf(viewport, elbow));
    clickAt(viewport, pixelOf(viewport, elbow));
    const auto upper = session.currentNode();
    // Transform > Extrude Bone twice: to the wrist, to the fingers.
    test::triggerAndRun(action(window, "extrudeBoneAction"));
    hoverTo(viewport, pixelOf(viewport, wrist));
    clickAt(viewport, pixelOf(viewport, wrist));
    const auto lower = session.currentNode();
    test::triggerAndRun(action(window, "extrudeBoneAction"));
    hoverTo(viewport, pixelOf(viewport, fingers));
    clickAt(viewport, pixelOf(viewport, fingers));
    const auto hand = session.currentNode();

    const core::model::Document& document = session.document();
    REQUIRE(upper != lower);
    REQUIRE(lower != hand);
    CHECK(document.node(upper).parent == rig);
    CHECK(document.node(lower).parent == upper);
    CHECK(document.node(hand).parent == lower);
    CHECK(session.history().undoCount() == steps + 3);
    // Each bone starts where the previous one ends, all in the slice (w = 0), the first inside
    // the mesh (the 3D cursor is the middle of the limb under the pointer).
    const auto upperWorld = worldOf(window, upper);
    const auto tailOf = [&](core::model::NodeId bone) {
        const double length = document.node(bone).bone()->length.value_or(0.0);
        return worldOf(window, bone).applyPoint(core::math::VectorN{0.0, length, 0.0, 0.0});
    };
    CHECK(core::math::approxEqual(worldOf(window, lower).position(), tailOf(upper), 1e-6));
    CHECK(core::math::approxEqual(worldOf(window, hand).position(), tailOf(lower), 1e-6));
    for (const auto bone : {upper, lower, hand}) {
        CHECK(worldOf(window, bone).position()[3] == Approx(0.0).margin(1e-9));
        CHECK(tailOf(bone)[3] == Approx(0.0).margin(1e-9));
    }
    CHECK(insideShownMesh(viewport, drawn3(upperWorld.position())));
    // The tails sit under the pointer's clicks.
    const QPointF wristPixel = pixelOf(viewport, wrist);
    const QPointF drawnTail = pixelOf(viewport, tailOf(lower));
    CHECK(std::abs(drawnTail.x() - wristPixel.x()) < 0.01);
    CHECK(std::abs(drawnTail.y() - wristPixel.y()) < 0.01);
}

TEST_CASE_METHOD(TransformToolFixture,
                 "G, X twice and a typed distance move along the bone's own X axis",
                 "[ui][transform][gl]") {
    // LowerArm is turned 20° in YZ under a turned parent.
    const auto bone = openWithSelected("arm-3d.g4tf", "LowerArm");
    ViewportWidget& viewport = window.viewportWidget();
    const auto before = worldOf(window, bone);
    auto localX = before.applyVector(core::math::VectorN{1.0, 0.0, 0.0}).normalized();
    REQUIRE(localX);
    REQUIRE_FALSE(core::math::approxEqual(*localX, core::math::VectorN{1.0, 0.0, 0.0}, 1e-3));
    hoverTo(viewport, pixelOf(viewport, before.position()));
    test::triggerAndRun(action(window, "grabAction"));
    QTest::keyClick(&viewport, Qt::Key_X);
    QTest::keyClick(&viewport, Qt::Key_X);
    typeKeys(viewport, "0.1");
    CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("local X")));
    QTest::keyClick(&viewport, Qt::Key_Return);
    const auto after = worldOf(window, bone);
    CHECK(core::math::approxEqual(after.position(), before.position() + *localX * 0.1, 1e-6));
}

TEST_CASE_METHOD(TransformToolFixture, "S and a typed factor scale the selected bones' lengths",
                 "[ui][transform][gl]") {
    openAndShow(window, "arm-3d.g4tf");
    ViewportWidget& viewport = window.viewportWidget();
    ui::EditorSession& session = window.session();
    const auto upper = nodeNamed(window, "UpperArm");
    const auto hand = nodeNamed(window, "Hand");
    session.select({upper, hand}, hand);
    const std::size_t steps = session.history().undoCount();
    hoverTo(viewport, pixelOf(viewport, worldOf(window, hand).position()));
    test::triggerAndRun(action(window, "scaleBoneLengthAction"));
    typeKeys(viewport, "1.5");
    QTest::keyClick(&viewport, Qt::Key_Return);
    // The sample's lengths: UpperArm 0.3, Hand 0.1.
    CHECK(session.document().node(upper).bone()->length.value_or(0.0) == Approx(0.45));
    CHECK(session.document().node(hand).bone()->length.value_or(0.0) == Approx(0.15));
    CHECK(session.history().undoCount() == steps + 1);
    session.undo();
    CHECK(session.document().node(upper).bone()->length == 0.3);
    CHECK(session.document().node(hand).bone()->length == 0.1);
}

TEST_CASE("The drawn space puts pointer points on the slice of every extra axis",
          "[ui][transform]") {
    core::eval::View4D view;
    view.offset = 0.1;            // w
    view.beyondW[0].offset = 0.2; // v
    const auto flat = ui::DrawnSpace::of(5, view);
    CHECK(flat.worldPoint(glm::vec3(1.0F, 2.0F, 3.0F)) ==
          core::math::VectorN{1.0, 2.0, 3.0, 0.1, 0.2});
    // A quarter turn of view X towards V: view x is world v, and world x is view −v.
    view.offset = 0.0;
    view.beyondW[0] = {90.0, 0.0, 0.0, 0.0};
    const auto turned = ui::DrawnSpace::of(5, view);
    CHECK(turned.worldPoint(glm::vec3(1.0F, 0.0F, 0.0F)) ==
          core::math::VectorN{0.0, 0.0, 0.0, 0.0, 1.0});
    CHECK(turned.worldVector(glm::vec4(0.0F, 0.0F, 0.0F, 1.0F)) ==
          core::math::VectorN{0.0, 0.0, 0.0, 1.0, 0.0});
    CHECK(turned.drawnPoint(core::math::VectorN{0.0, 0.0, 0.0, 0.0, 2.0}) ==
          glm::vec3(2.0F, 0.0F, 0.0F));
}
