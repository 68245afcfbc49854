#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/panels/pose/PosePanel.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QLabel>
#include <QPushButton>
#include <QTest>

#include <catch2/catch.hpp>
#include <memory>

using namespace hyperrig;
using hyperrig::test::sampleFile;

namespace {

ui::NumberField* angleField(QWidget& panel, const char* plane) {
    auto* field =
        panel.findChild<ui::NumberField*>(QStringLiteral("poseAngle") + QString::fromLatin1(plane));
    INFO(plane);
    REQUIRE(field != nullptr);
    return field;
}

// A session on the 4D creature and its shown, exposed Pose panel.
struct ShownPosePanel {
    ui::EditorSession session;
    std::unique_ptr<ui::PosePanel> panel;

    ShownPosePanel() {
        REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
        panel = std::make_unique<ui::PosePanel>(session);
        panel->show();
        REQUIRE(QTest::qWaitForWindowExposed(panel.get()));
    }
};

} // namespace

TEST_CASE("the pose panel poses the selected bone plane by plane, outside the history",
          "[ui][pose]") {
    ShownPosePanel shown;
    ui::EditorSession& session = shown.session;
    ui::PosePanel& panel = *shown.panel;
    CHECK(ui::PosePanel::title() == "Pose");
    // 4D: the six planes in rotationPlanes' order.
    for (const char* plane : {"XY", "XZ", "XW", "YZ", "YW", "ZW"})
        CHECK(angleField(panel, plane)->accessibleName() == QString::fromLatin1(plane));
    CHECK_FALSE(angleField(panel, "XY")->isEnabled()); // nothing selected

    const auto arm = session.document().findNode("LeftUpperArm");
    session.select({arm});
    auto* xw = angleField(panel, "XW");
    REQUIRE(xw->isEnabled());
    const std::size_t steps = session.history().undoCount();
    xw->selectAll();
    QTest::keyClicks(xw, QStringLiteral("30"));
    QTest::keyClick(xw, Qt::Key_Return);
    REQUIRE(session.bonePoses().count(arm) == 1);
    CHECK(session.bonePoses().at(arm).degrees[2] == 30.0); // XW is plane 2 in 4D
    CHECK(session.history().undoCount() == steps);         // a pose is not a document edit
    CHECK_FALSE(session.isModified());

    SECTION("Escape while typing puts the angle from before back") {
        xw->selectAll();
        QTest::keyClicks(xw, QStringLiteral("75"));
        CHECK(session.bonePoses().at(arm).degrees[2] == 75.0);
        QTest::keyClick(xw, Qt::Key_Escape);
        CHECK(session.bonePoses().at(arm).degrees[2] == 30.0);
        CHECK(xw->value() == 30.0);
    }
    SECTION("Reset Bone and Reset Pose") {
        session.setBoneRotation(session.document().findNode("Spine"), {10.0});
        QTest::mouseClick(panel.findChild<QPushButton*>("poseResetBone"), Qt::LeftButton);
        CHECK(session.bonePoses().count(arm) == 0);
        CHECK(xw->value() == 0.0);
        CHECK(session.bonePoses().size() == 1);
        QTest::mouseClick(panel.findChild<QPushButton*>("poseResetPose"), Qt::LeftButton);
        CHECK(session.bonePoses().empty());
    }
    SECTION("the fields follow a pose set elsewhere (the overlay's sliders)") {
        session.setBoneRotation(arm, {5.0, 0.0, 0.0, 0.0, 0.0, -12.5});
        CHECK(angleField(panel, "XY")->value() == 5.0);
        CHECK(angleField(panel, "ZW")->value() == -12.5);
    }
}

TEST_CASE("Escape on a bone that was not posed leaves it not posed", "[ui][pose]") {
    // Escape put an explicit rest entry back: Reset Bone and Reset Pose came on, and a saved
    // pose listed a bone the user never posed.
    ShownPosePanel shown;
    ui::EditorSession& session = shown.session;
    ui::PosePanel& panel = *shown.panel;
    const auto arm = session.document().findNode("LeftUpperArm");
    session.select({arm});
    auto* xw = angleField(panel, "XW");
    REQUIRE(xw->isEnabled());
    xw->setFocus();
    xw->selectAll();
    QTest::keyClicks(xw, QStringLiteral("30"));
    REQUIRE(session.bonePoses().count(arm) == 1); // typing poses live
    QTest::keyClick(xw, Qt::Key_Escape);
    CHECK(session.bonePoses().empty());
    CHECK(xw->value() == 0.0);
}

TEST_CASE("an angle being typed stays with its bone when a shortcut selects another",
          "[ui][pose]") {
    // The run went on after the selection moved (Ctrl+B, an outliner click by shortcut): more
    // typing posed the new bone, and Escape reset the new bone to the old one's starting pose.
    ShownPosePanel shown;
    ui::EditorSession& session = shown.session;
    ui::PosePanel& panel = *shown.panel;
    const auto arm = session.document().findNode("LeftUpperArm");
    const auto spine = session.document().findNode("Spine");
    session.setBoneRotation(spine, {0.0, 0.0, 15.0}); // posed before: Escape must not touch it
    session.select({arm});
    auto* xw = angleField(panel, "XW");
    panel.activateWindow();
    xw->setFocus();
    xw->selectAll();
    QTest::keyClicks(xw, QStringLiteral("30"));
    REQUIRE(session.bonePoses().at(arm).degrees[2] == 30.0);

    session.select({spine}); // as a shortcut does, the field still focused
    CHECK_FALSE(xw->isEditing());
    CHECK(xw->value() == 15.0); // Spine's
    QTest::keyClick(xw, Qt::Key_Escape);
    CHECK(session.bonePoses().at(arm).degrees[2] == 30.0); // the typed angle stays on the arm
    CHECK(session.bonePoses().at(spine).degrees[2] == 15.0);
}

TEST_CASE("a 3D document poses in XY, XZ and YZ and moves along x, y and z", "[ui][pose]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(sampleFile("arm-3d.g4tf")).ok());
    ui::PosePanel panel(session);
    CHECK(
        test::child<QWidget>(panel, "poseRotationGroup")->findChildren<ui::NumberField*>().size() ==
        3);
    CHECK(test::child<QWidget>(panel, "poseTranslationGroup")
              ->findChildren<ui::NumberField*>()
              .size() == 3);
    angleField(panel, "YZ");
    test::child<ui::NumberField>(panel, "poseTranslationZ");
    CHECK(panel.findChild<ui::NumberField*>(QStringLiteral("poseTranslationW")) == nullptr);
    CHECK(panel.findChild<ui::NumberField*>(QStringLiteral("poseAngleXW")) == nullptr);
}

TEST_CASE("the pose panel moves the selected bone along its rest axes, outside the history",
          "[ui][pose]") {
    ShownPosePanel shown;
    ui::EditorSession& session = shown.session;
    ui::PosePanel& panel = *shown.panel;
    const auto arm = session.document().findNode("LeftUpperArm");
    session.select({arm});
    auto* y = test::child<ui::NumberField>(panel, "poseTranslationY");
    CHECK(y->accessibleName() == "Translation y");
    CHECK(y->suffix().contains("m"));
    REQUIRE(y->isEnabled());
    session.setBoneRotation(arm, {0.0, 0.0, 30.0});
    const std::size_t steps = session.history().undoCount();

    test::type(y, QStringLiteral("0.25"));
    REQUIRE(session.bonePoses().count(arm) == 1);
    CHECK(session.bonePoses().at(arm).translation ==
          core::eval::PoseTranslation{0.0, 0.25, 0.0, 0.0});
    CHECK(session.bonePoses().at(arm).degrees[2] == 30.0); // the angles stay
    CHECK(session.history().undoCount() == steps);
    CHECK_FALSE(session.isModified());

    SECTION("Escape while typing puts the translation from before back") {
        auto* w = test::child<ui::NumberField>(panel, "poseTranslationW");
        w->selectAll();
        QTest::keyClicks(w, QStringLiteral("-2"));
        CHECK(session.bonePoses().at(arm).translation[3] == -2.0);
        QTest::keyClick(w, Qt::Key_Escape);
        CHECK(session.bonePoses().at(arm).translation ==
              core::eval::PoseTranslation{0.0, 0.25, 0.0, 0.0});
    }
    SECTION("Reset Bone puts the translation back to 0 with the angles") {
        QTest::mouseClick(test::child<QPushButton>(panel, "poseResetBone"), Qt::LeftButton);
        CHECK(session.bonePoses().empty());
        CHECK(y->value() == 0.0);
    }
    SECTION("an angle edit keeps the translation") {
        test::type(angleField(panel, "XY"), QStringLiteral("-15"));
        CHECK(session.bonePoses().at(arm).degrees[0] == -15.0);
        CHECK(session.bonePoses().at(arm).translation[1] == 0.25);
    }
}

TEST_CASE("the pose panel's fields follow the selected bone", "[ui][pose]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
    ui::PosePanel panel(session);
    const auto arm = session.document().findNode("LeftUpperArm");
    const auto spine = session.document().findNode("Spine");
    core::eval::BonePose armPose;
    armPose.degrees = {5.0, 0.0, 0.0, 0.0, 0.0, -12.5};
    armPose.translation = {0.1, 0.0, -0.3, 0.0};
    session.setBonePose(arm, armPose);
    core::eval::BonePose spinePose;
    spinePose.degrees[3] = 40.0; // YZ
    spinePose.translation[3] = 0.5;
    session.setBonePose(spine, spinePose);
    auto* heading = test::child<QLabel>(panel, "poseHeading");
    auto* x = test::child<ui::NumberField>(panel, "poseTranslationX");
    auto* w = test::child<ui::NumberField>(panel, "poseTranslationW");

    session.select({arm});
    CHECK(heading->text().contains("LeftUpperArm"));
    CHECK(angleField(panel, "XY")->value() == 5.0);
    CHECK(angleField(panel, "ZW")->value() == -12.5);
    CHECK(x->value() == Approx(0.1));
    CHECK(test::child<ui::NumberField>(panel, "poseTranslationZ")->value() == Approx(-0.3));

    session.select({arm, spine}); // the current item, the last selected, is shown
    CHECK(heading->text().contains("Spine"));
    CHECK(angleField(panel, "XY")->value() == 0.0);
    CHECK(angleField(panel, "YZ")->value() == 40.0);
    CHECK(x->value() == 0.0);
    CHECK(w->value() == 0.5);

    session.select({session.document().findNode("Body")}); // a mesh node: nothing to pose
    CHECK_FALSE(x->isEnabled());
    CHECK_FALSE(angleField(panel, "XY")->isEnabled());
    CHECK(w->value() == 0.0);
}
