// The editor plays the kept UsdSkel animations: the overlay's chooser, time slider and Play, the
// Pose panel's timeline and Pose > Play Animation act on one state (EditorSession's previewed
// animation), as a preview that makes no undo step.

#include "core/edit/commands/NodeCommands.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "tests/core/io/usd/UsdTestSupport.h"
#include "tests/support/ProcessRunner.h"
#include "tests/ui/TriggerAction.h"
#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"
#include "ui/files/DocumentFiles.h"
#include "ui/session/EditorSession.h"
#include "ui/viewport/ViewportBinding.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QWheelEvent>

#include <catch2/catch.hpp>
#include <cmath>
#include <glm/geometric.hpp>

using namespace hyperrig;
using render::overlay::OverlayState;
using render::overlay::PoseSelection;

namespace {

// skinnedArm.usda (OpenUSD's test file) saved as G4MF and opened in the editor. From the file's
// text: Elbow (local translation (0,0,2)) turns from rotation (1,0,0,0) at time code 1 to
// (0.7071,0.7071,0,0), a quarter turn about +X, at 10; Hand hangs 2 further along +Z, bound at
// (0,0,4); point 0 (0.5,-0.5,4) follows Hand alone. So with the elbow turned by a about X:
//   p(a) = (0,0,2) + R_x(a)·((0,0,2) + (0.5,-0.5,0)) = (0.5, 2 − 0.5cos a − 2sin a ... )
// written out: R_x(a)(x,y,z) = (x, y cos a − z sin a, y sin a + z cos a), so
//   p(a) = (0.5, −0.5cos a − 2sin a, 2 − 0.5sin a + 2cos a),
// p(0) = (0.5,−0.5,4), p(45°) = (0.5,−1.76777,3.06066), p(90°) = (0.5,−2,1.5). Slerp halfway
// between the two keys (time code 5.5) turns by 45°.
glm::vec3 armPoint(double degrees) {
    const double a = degrees * 3.14159265358979323846 / 180.0;
    return {0.5F, static_cast<float>(-0.5 * std::cos(a) - 2.0 * std::sin(a)),
            static_cast<float>(2.0 - 0.5 * std::sin(a) + 2.0 * std::cos(a))};
}

struct ArmAnimationFixture {
    test::TemporaryFolder folder;
    ui::MainWindow window;
    ui::ViewportBinding* binding = nullptr;

    ArmAnimationFixture() {
        auto imported = test::usdImportFile("skinnedArm.usda");
        REQUIRE(core::io::writeG4mf(imported.document, folder / "arm.g4tf"));
        REQUIRE(
            window.openDocument(QString::fromStdString((folder / "arm.g4tf").string())).isEmpty());
        binding = window.findChild<ui::ViewportBinding*>();
        REQUIRE(binding != nullptr);
    }
    ui::EditorSession& session() { return window.session(); }
    OverlayState& overlay() { return window.viewportWidget().overlayState(); }
    template <typename T>
    T* widget(const char* name) {
        auto* found = window.findChild<T*>(QString::fromLatin1(name));
        INFO(name);
        REQUIRE(found != nullptr);
        return found;
    }
    // Whether a corner of the shown mesh lies at `expected`.
    bool shows(glm::vec3 expected) {
        for (const auto& surface : window.viewportWidget().viewport().scene().surfaces)
            for (const glm::vec3& corner : surface.positions)
                if (glm::length(corner - expected) < 1.0e-3F)
                    return true;
        return false;
    }
    // What the overlay leaves after a click: the state changed, its flag raised, the host told.
    template <typename Change>
    void changeOverlay(bool OverlayState::*changed, Change change) {
        change(overlay());
        overlay().*changed = true;
        emit window.viewportWidget().overlayChanged();
    }
    void chooseInOverlay(PoseSelection pose) {
        changeOverlay(&OverlayState::poseChanged, [&](OverlayState& s) { s.pose = pose; });
    }
    void checkNoEdit() {
        CHECK_FALSE(session().canUndo());
        CHECK_FALSE(session().isModified());
        CHECK_FALSE(window.findChild<QAction*>(QStringLiteral("undoAction"))->isEnabled());
    }
};

} // namespace

TEST_CASE_METHOD(ArmAnimationFixture,
                 "choosing an animation in the overlay and a time poses the viewport as UsdSkel "
                 "samples it",
                 "[ui][animation]") {
    CHECK(overlay().animationNames == std::vector<std::string>{"Anim"});
    CHECK(shows(armPoint(0.0))); // the rest pose: bind transforms
    chooseInOverlay({PoseSelection::Kind::Animation, "Anim"});
    const auto& shown = session().previewedAnimation();
    REQUIRE(shown);
    CHECK(shown->name == "Anim");
    // The range is the file's time samples; a chosen animation starts paused at its start.
    CHECK(overlay().animationStart == 1.0);
    CHECK(overlay().animationEnd == 10.0);
    CHECK(overlay().animationTime == 1.0);
    CHECK_FALSE(overlay().animationPlaying);
    CHECK(shows(armPoint(0.0)));
    changeOverlay(&OverlayState::animationChanged, [](OverlayState& s) { s.animationTime = 5.5; });
    CHECK(session().previewedAnimation()->time == 5.5);
    CHECK(shows(armPoint(45.0)));
    CHECK_FALSE(shows(armPoint(0.0)));
    changeOverlay(&OverlayState::animationChanged, [](OverlayState& s) { s.animationTime = 10.0; });
    CHECK(shows(armPoint(90.0)));
    // Past the end the slider's time is clamped to it.
    changeOverlay(&OverlayState::animationChanged, [](OverlayState& s) { s.animationTime = 99.0; });
    CHECK(overlay().animationTime == 10.0);
    checkNoEdit();
    // Back to the rest pose: the animation is no longer shown.
    chooseInOverlay({PoseSelection::Kind::Rest, {}});
    CHECK_FALSE(session().previewedAnimation());
    CHECK(shows(armPoint(0.0)));
    checkNoEdit();
}

TEST_CASE_METHOD(ArmAnimationFixture,
                 "Play advances the time at 24 time codes a second, looping, without undo steps",
                 "[ui][animation]") {
    auto* combo = widget<QComboBox>("animationCombo");
    REQUIRE(combo->count() == 2);
    CHECK(combo->itemText(0) == QStringLiteral("None"));
    CHECK(combo->itemText(1) == QStringLiteral("Anim"));
    combo->setCurrentIndex(1);
    emit combo->activated(1);
    REQUIRE(session().previewedAnimation());
    CHECK(overlay().pose == PoseSelection{PoseSelection::Kind::Animation, "Anim"});
    auto* play = widget<QPushButton>("animationPlayButton");
    CHECK(play->text() == QStringLiteral("Play"));
    CHECK_FALSE(binding->playbackRunning());
    play->click();
    CHECK(session().previewedAnimation()->playing);
    CHECK(overlay().animationPlaying);
    CHECK(binding->playbackRunning());
    CHECK(play->text() == QStringLiteral("Pause"));
    CHECK(play->accessibleName() == QStringLiteral("Pause"));
    // Ticks with exact times: 0.1875 s × 24 = 4.5 time codes, from 1 to 5.5.
    binding->advancePlayback(0.1875);
    CHECK(session().previewedAnimation()->time == Approx(5.5));
    CHECK(overlay().animationTime == Approx(5.5));
    CHECK(widget<QDoubleSpinBox>("animationTimeCode")->value() == Approx(5.5));
    CHECK(widget<QSlider>("animationTimeSlider")->value() == 55);
    CHECK(shows(armPoint(45.0)));
    // 0.25 s more is 6 time codes: 11.5 passes the end 10 and loops over the 9 long range to 2.5.
    binding->advancePlayback(0.25);
    CHECK(session().previewedAnimation()->time == Approx(2.5));
    checkNoEdit();
    // The timer itself ticks (waited for on the signal, not by sleeping).
    QSignalSpy ticks(&session(), &ui::EditorSession::animationDisplayChanged);
    REQUIRE(ticks.wait(10000));
    CHECK(session().previewedAnimation()->playing);
    checkNoEdit();
    // Pose > Play Animation pauses it again; the timer stops.
    QAction* action = window.findChild<QAction*>(QStringLiteral("playAnimationAction"));
    REQUIRE(action != nullptr);
    CHECK(action->text() == QStringLiteral("&Pause Animation"));
    CHECK(action->shortcut() == QKeySequence(Qt::Key_K));
    action->trigger();
    CHECK_FALSE(session().previewedAnimation()->playing);
    CHECK_FALSE(binding->playbackRunning());
    CHECK_FALSE(overlay().animationPlaying);
    CHECK(play->text() == QStringLiteral("Play"));
    // A tick while paused does nothing.
    const double paused = session().previewedAnimation()->time;
    binding->advancePlayback(1.0);
    CHECK(session().previewedAnimation()->time == paused);
    checkNoEdit();
}

TEST_CASE_METHOD(ArmAnimationFixture,
                 "a time code typed while the animation plays is not overwritten by its ticks",
                 "[ui][animation][pose]") {
    auto* combo = widget<QComboBox>("animationCombo");
    combo->setCurrentIndex(1);
    emit combo->activated(1);
    widget<QPushButton>("animationPlayButton")->click();
    REQUIRE(session().previewedAnimation()->playing);
    auto* spin = widget<QDoubleSpinBox>("animationTimeCode");
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    spin->setFocus();
    REQUIRE(spin->hasFocus());
    spin->selectAll();
    QTest::keyClicks(spin, QStringLiteral("8"));
    binding->advancePlayback(0.1); // a tick: 2.4 time codes on
    CHECK(spin->cleanText() == QStringLiteral("8"));
    QTest::keyClick(spin, Qt::Key_Return);
    CHECK(session().previewedAnimation()->time == Approx(8.0));
    binding->advancePlayback(0.0625); // 1.5 time codes on: shown again as it plays
    CHECK(spin->value() == Approx(9.5));
    checkNoEdit();
}

TEST_CASE_METHOD(ArmAnimationFixture, "the Pose panel's timeline and the overlay stay in step",
                 "[ui][animation][pose]") {
    auto* combo = widget<QComboBox>("animationCombo");
    auto* spin = widget<QDoubleSpinBox>("animationTimeCode");
    auto* slider = widget<QSlider>("animationTimeSlider");
    auto* play = widget<QPushButton>("animationPlayButton");
    // Nothing chosen: the time controls wait for an animation.
    CHECK_FALSE(widget<QWidget>("animationTimeline")->isHidden());
    CHECK(combo->currentIndex() == 0);
    CHECK_FALSE(spin->isEnabled());
    CHECK_FALSE(play->isEnabled());
    // Overlay -> panel.
    chooseInOverlay({PoseSelection::Kind::Animation, "Anim"});
    CHECK(combo->currentIndex() == 1);
    CHECK(spin->isEnabled());
    CHECK(spin->minimum() == 1.0);
    CHECK(spin->maximum() == 10.0);
    CHECK(slider->minimum() == 10);
    CHECK(slider->maximum() == 100);
    changeOverlay(&OverlayState::animationChanged, [](OverlayState& s) { s.animationTime = 7.0; });
    CHECK(spin->value() == 7.0);
    CHECK(slider->value() == 70);
    changeOverlay(&OverlayState::animationChanged,
                  [](OverlayState& s) { s.animationPlaying = true; });
    CHECK(play->text() == QStringLiteral("Pause"));
    changeOverlay(&OverlayState::animationChanged,
                  [](OverlayState& s) { s.animationPlaying = false; });
    CHECK(play->text() == QStringLiteral("Play"));
    // Panel -> overlay and viewport.
    spin->setValue(10.0);
    CHECK(overlay().animationTime == 10.0);
    CHECK(shows(armPoint(90.0)));
    slider->setValue(55);
    CHECK(overlay().animationTime == 5.5);
    CHECK(spin->value() == 5.5);
    CHECK(shows(armPoint(45.0)));
    // Scrolling the panel past the time code or the slider scrubs nothing.
    for (QWidget* control : {static_cast<QWidget*>(spin), static_cast<QWidget*>(slider)}) {
        const QPointF inside = QRectF(control->rect()).center();
        QWheelEvent wheel(inside, control->mapToGlobal(inside), QPoint(), QPoint(0, -120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(control, &wheel);
        CHECK(overlay().animationTime == 5.5);
    }
    // None shows the current pose again, in both.
    combo->setCurrentIndex(0);
    emit combo->activated(0);
    CHECK_FALSE(session().previewedAnimation());
    CHECK(overlay().pose.kind == PoseSelection::Kind::Current);
    CHECK(shows(armPoint(0.0)));
    // Pose > Show Animation > Anim chooses it too.
    auto* poseMenu = window.menuBar()->findChild<QMenu*>(QStringLiteral("poseMenu"));
    REQUIRE(poseMenu != nullptr);
    auto* showMenu = window.findChild<QMenu*>(QStringLiteral("showAnimationMenu"));
    REQUIRE(showMenu != nullptr);
    CHECK(poseMenu->actions().contains(showMenu->menuAction()));
    REQUIRE(showMenu->actions().size() == 2);
    CHECK(showMenu->actions().at(0)->isChecked());
    showMenu->actions().at(1)->trigger();
    CHECK(overlay().pose == PoseSelection{PoseSelection::Kind::Animation, "Anim"});
    CHECK(combo->currentIndex() == 1);
    CHECK(showMenu->actions().at(1)->isChecked());
    // Posing a bone edits the current pose, which stops the animation preview everywhere.
    session().setBoneRotation(session().document().findNode("Elbow"), core::eval::PlaneAngles{});
    CHECK_FALSE(session().previewedAnimation());
    CHECK(overlay().pose.kind == PoseSelection::Kind::Current);
    CHECK(combo->currentIndex() == 0);
    CHECK_FALSE(spin->isEnabled());
    checkNoEdit();
}

TEST_CASE_METHOD(ArmAnimationFixture,
                 "the timeline's controls are heard by their labels and a new document drops "
                 "the animation",
                 "[ui][animation][accessibility]") {
    // Each control's accessible name is its visible label (the label's buddy, or its text).
    for (const char* name : {"animationCombo", "animationTimeSlider", "animationTimeCode"}) {
        INFO(name);
        QWidget* control = widget<QWidget>(name);
        QLabel* label = nullptr;
        for (QLabel* candidate : window.findChildren<QLabel*>())
            if (candidate->buddy() == control)
                label = candidate;
        REQUIRE(label != nullptr);
        CHECK(control->accessibleName() == label->text());
    }
    chooseInOverlay({PoseSelection::Kind::Animation, "Anim"});
    REQUIRE(session().previewedAnimation());
    test::triggerAndRun(window.files().newDocument3D());
    CHECK_FALSE(session().previewedAnimation());
    CHECK(overlay().animationNames.empty());
    CHECK(widget<QComboBox>("animationCombo")->count() == 1);
    // Without animations the timeline keeps out of the Pose panel's way.
    CHECK(widget<QWidget>("animationTimeline")->isHidden());
    CHECK_FALSE(binding->playbackRunning());
}

TEST_CASE_METHOD(ArmAnimationFixture,
                 "Pose > Apply Pose as Rest with an animation on show makes its pose the rest pose",
                 "[ui][animation]") {
    chooseInOverlay({PoseSelection::Kind::Animation, "Anim"});
    changeOverlay(&OverlayState::animationChanged, [](OverlayState& s) { s.animationTime = 10.0; });
    REQUIRE(shows(armPoint(90.0)));
    QAction* apply = window.findChild<QAction*>(QStringLiteral("applyPoseAsRestAction"));
    REQUIRE(apply != nullptr);
    test::triggerAndRun(apply);
    // One undoable edit; the animation is no longer on show and the rest pose is the arm bent
    // by a quarter turn, not bent twice.
    CHECK(session().canUndo());
    CHECK_FALSE(session().previewedAnimation());
    CHECK(overlay().pose.kind != PoseSelection::Kind::Animation);
    CHECK(shows(armPoint(90.0)));
    session().undo();
    CHECK(shows(armPoint(0.0)));
}

TEST_CASE("the session shows one pose at a time: an animation, a bind pose or the current pose",
          "[ui][animation][session]") {
    // Two joints whose restTransforms differ from their bind transforms: the import keeps a
    // Custom bind pose, and an animation driving B.
    auto imported = test::usdImportText(R"(#usda 1.0
def SkelRoot "Model"
{
    def Skeleton "Skel" (
        prepend apiSchemas = ["SkelBindingAPI"]
    )
    {
        uniform token[] joints = ["A", "A/B"]
        uniform matrix4d[] bindTransforms = [((1,0,0,0),(0,1,0,0),(0,0,1,0),(0,0,0,1)), ((1,0,0,0),(0,1,0,0),(0,0,1,0),(0,1,0,1))]
        uniform matrix4d[] restTransforms = [((1,0,0,0),(0,1,0,0),(0,0,1,0),(0,0,0,1)), ((0,1,0,0),(-1,0,0,0),(0,0,1,0),(0,1,0,1))]
        def SkelAnimation "Wave" {
            uniform token[] joints = ["A/B"]
            float3[] translations = [(0,1,0)]
            quatf[] rotations.timeSamples = { 0: [(1,0,0,0)], 8: [(0,0,0,1)] }
            half3[] scales = [(1,1,1)]
        }
        rel skel:animationSource = </Model/Skel/Wave>
    }
}
)");
    ui::EditorSession session;
    session.adoptImportedDocument(std::move(imported.document), QStringLiteral("wave.usda"));
    REQUIRE(session.animationNames() == std::vector<std::string>{"Wave"});
    QSignalSpy shown(&session, &ui::EditorSession::animationDisplayChanged);
    session.setPreviewedAnimation(std::string("Wave"));
    REQUIRE(session.previewedAnimation());
    CHECK(session.previewedAnimation()->start == 0.0);
    CHECK(session.previewedAnimation()->end == 8.0);
    CHECK(shown.count() == 1);
    // A name the document does not keep shows nothing.
    session.setPreviewedAnimation(std::string("Run"));
    CHECK_FALSE(session.previewedAnimation());
    session.setPreviewedAnimation(std::string("Wave"));
    // Previewing the bind pose stops the animation, and choosing the animation again stops the
    // bind pose preview.
    session.setPreviewedBindPose(core::model::PoseType::Custom);
    CHECK_FALSE(session.previewedAnimation());
    session.setPreviewedAnimation(std::string("Wave"));
    CHECK_FALSE(session.previewedBindPose());
    REQUIRE(session.previewedAnimation());
    session.setAnimationPlaying(true);
    session.setAnimationTime(4.0);
    CHECK(session.previewedAnimation()->time == 4.0);
    // Deleting the skeleton that keeps it drops it; undo brings the name back, not the preview.
    const auto skeleton = session.document().findNode("Skel");
    REQUIRE(skeleton);
    REQUIRE(session.execute(core::edit::deleteNode(skeleton)));
    CHECK_FALSE(session.previewedAnimation());
    CHECK(session.animationNames().empty());
    session.undo();
    CHECK(session.animationNames() == std::vector<std::string>{"Wave"});
    CHECK_FALSE(session.previewedAnimation());
}
