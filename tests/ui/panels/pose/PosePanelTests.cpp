#include "tests/ui/SessionTestSupport.h"
#include "ui/panels/pose/PosePanel.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QPushButton>
#include <QTest>

#include <catch2/catch.hpp>

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

} // namespace

TEST_CASE("the pose panel poses the selected bone plane by plane, outside the history",
          "[ui][pose]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
    ui::PosePanel panel(session);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
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
    REQUIRE(session.boneRotations().count(arm) == 1);
    CHECK(session.boneRotations().at(arm)[2] == 30.0); // XW is plane 2 in 4D
    CHECK(session.history().undoCount() == steps);     // a pose is not a document edit
    CHECK_FALSE(session.isModified());

    SECTION("Escape while typing puts the angle from before back") {
        xw->selectAll();
        QTest::keyClicks(xw, QStringLiteral("75"));
        CHECK(session.boneRotations().at(arm)[2] == 75.0);
        QTest::keyClick(xw, Qt::Key_Escape);
        CHECK(session.boneRotations().at(arm)[2] == 30.0);
        CHECK(xw->value() == 30.0);
    }
    SECTION("Reset Bone and Reset Pose") {
        session.setBoneRotation(session.document().findNode("Spine"), {10.0});
        QTest::mouseClick(panel.findChild<QPushButton*>("poseResetBone"), Qt::LeftButton);
        CHECK(session.boneRotations().count(arm) == 0);
        CHECK(xw->value() == 0.0);
        CHECK(session.boneRotations().size() == 1);
        QTest::mouseClick(panel.findChild<QPushButton*>("poseResetPose"), Qt::LeftButton);
        CHECK(session.boneRotations().empty());
    }
    SECTION("the fields follow a pose set elsewhere (the overlay's sliders)") {
        session.setBoneRotation(arm, {5.0, 0.0, 0.0, 0.0, 0.0, -12.5});
        CHECK(angleField(panel, "XY")->value() == 5.0);
        CHECK(angleField(panel, "ZW")->value() == -12.5);
    }
}

TEST_CASE("a 3D document poses in XY, XZ and YZ", "[ui][pose]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(sampleFile("arm-3d.g4tf")).ok());
    ui::PosePanel panel(session);
    CHECK(panel.findChildren<ui::NumberField*>().size() == 3);
    angleField(panel, "YZ");
    CHECK(panel.findChild<ui::NumberField*>(QStringLiteral("poseAngleXW")) == nullptr);
}
