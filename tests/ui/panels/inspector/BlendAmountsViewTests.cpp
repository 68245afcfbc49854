#include "core/edit/commands/NodeCommands.h"
#include "core/io/usd/UsdImport.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/panels/inspector/InspectorPanel.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QAccessible>
#include <QCoreApplication>
#include <QGroupBox>
#include <QLabel>
#include <QMouseEvent>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>

#include <catch2/catch.hpp>

using namespace hyperrig;
using hyperrig::test::child;
using hyperrig::test::type;

namespace {

// The blend fixture (tests/fixtures/g4mf/blend-shapes.g4tf): node Face shows FaceMesh with
// shapes Smile and Wide, mesh amounts [0.25, 0].
struct BlendInspectorFixture {
    ui::EditorSession session;
    std::unique_ptr<ui::InspectorPanel> panel;
    core::model::NodeId face;

    BlendInspectorFixture() {
        REQUIRE(session
                    .openFile(QStringLiteral(HYPERRIG_SOURCE_DIR
                                             "/tests/fixtures/g4mf/blend-shapes.g4tf"))
                    .ok());
        panel = std::make_unique<ui::InspectorPanel>(session);
        panel->resize(420, 900);
        panel->show();
        REQUIRE(QTest::qWaitForWindowExposed(panel.get()));
        face = session.document().findNode("Face");
        REQUIRE(face);
        session.select({face});
    }
    std::optional<std::vector<double>> amounts() const {
        return session.document().node(face).meshInstance()->blendAmounts;
    }
    QString heard(QWidget* widget) const {
        return QAccessible::queryAccessibleInterface(widget)->text(QAccessible::Name);
    }
};

// The middle of the slider's handle, where the style draws it.
QPoint handleCenter(QSlider& slider) {
    QStyleOptionSlider option;
    option.initFrom(&slider);
    option.orientation = slider.orientation();
    option.minimum = slider.minimum();
    option.maximum = slider.maximum();
    option.sliderPosition = slider.sliderPosition();
    option.sliderValue = slider.value();
    option.singleStep = slider.singleStep();
    option.pageStep = slider.pageStep();
    option.upsideDown = slider.invertedAppearance();
    return slider.style()
        ->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, &slider)
        .center();
}

// The pointer moves to `to` with the left button held, as a drag does.
void moveHeld(QSlider& slider, QPoint to) {
    QMouseEvent move(QEvent::MouseMove, QPointF(to), slider.mapToGlobal(QPointF(to)), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&slider, &move);
}

} // namespace

TEST_CASE("the inspector lists a mesh instance's blend shapes with their amounts",
          "[ui][inspector][blend]") {
    BlendInspectorFixture f;
    auto* group = child<QGroupBox>(*f.panel, "blendShapesGroup");
    CHECK(group->isVisible());
    CHECK(child<QLabel>(*f.panel, "blendShapeLabel0")->text() == "Smile");
    CHECK(child<QLabel>(*f.panel, "blendShapeLabel1")->text() == "Wide");
    auto* slider = child<QSlider>(*f.panel, "blendShapeSlider0");
    auto* field = child<ui::NumberField>(*f.panel, "blendShapeAmount0");
    CHECK(slider->value() == 25);
    CHECK(field->value() == 0.25);
    // Heard as seen: both controls of a row by its label.
    CHECK(f.heard(slider) == "Smile");
    CHECK(f.heard(field) == "Smile");
    CHECK(child<QLabel>(*f.panel, "blendShapeLabel0")->buddy() == field);

    f.session.select({f.session.document().findNode("Scene")});
    CHECK_FALSE(group->isVisible());
}

TEST_CASE("dragging a blend slider is one undo step", "[ui][inspector][blend]") {
    BlendInspectorFixture f;
    auto* slider = child<QSlider>(*f.panel, "blendShapeSlider1");
    const std::size_t steps = f.session.history().undoCount();
    slider->setSliderDown(true); // the press: a transaction opens
    for (int position : {10, 40, 75})
        slider->setSliderPosition(position);
    slider->setSliderDown(false); // the release commits it
    CHECK(f.session.history().undoCount() == steps + 1);
    CHECK(f.amounts() == std::vector<double>{0.25, 0.75});
    CHECK(child<ui::NumberField>(*f.panel, "blendShapeAmount1")->value() == 0.75);
    f.session.undo();
    CHECK_FALSE(f.amounts().has_value());
    CHECK(slider->value() == 0);

    SECTION("Escape during a mouse drag takes it back; the handle lets go of the pointer") {
        f.panel->activateWindow();
        REQUIRE(QTest::qWaitForWindowActive(f.panel.get()));
        const QPoint handle = handleCenter(*slider);
        QTest::mousePress(slider, Qt::LeftButton, {}, handle);
        REQUIRE(slider->isSliderDown());
        moveHeld(*slider, handle + QPoint(60, 0));
        REQUIRE(f.amounts().has_value()); // the drag edits as it goes
        QTest::keyClick(slider, Qt::Key_Escape);
        CHECK_FALSE(f.amounts().has_value());
        CHECK(slider->value() == 0);
        CHECK_FALSE(slider->isSliderDown());
        moveHeld(*slider, handle + QPoint(120, 0)); // the button is still down
        QTest::mouseRelease(slider, Qt::LeftButton, {}, handle + QPoint(120, 0));
        CHECK_FALSE(f.amounts().has_value());
        CHECK(f.session.history().undoCount() == steps);
        CHECK(slider->value() == 0);
    }
    SECTION("Escape during the drag takes it back") {
        slider->setFocus();
        slider->setSliderDown(true);
        slider->setSliderPosition(150);
        QTest::keyClick(slider, Qt::Key_Escape);
        CHECK_FALSE(f.amounts().has_value());
        CHECK(f.session.history().undoCount() == steps);
        CHECK(slider->value() == 0);
    }
}

TEST_CASE("typing a blend amount sets it beyond the slider's range", "[ui][inspector][blend]") {
    BlendInspectorFixture f;
    auto* field = child<ui::NumberField>(*f.panel, "blendShapeAmount0");
    type(field, QStringLiteral("3"));
    CHECK(f.amounts() == std::vector<double>{3.0, 0.0});
    CHECK(child<QSlider>(*f.panel, "blendShapeSlider0")->value() == 200); // clamped display
    f.session.undo();
    CHECK_FALSE(f.amounts().has_value());
}

TEST_CASE("while an animation drives the blend shapes the rows show its amounts, read-only",
          "[ui][inspector][blend][animation]") {
    // tests/fixtures/usd/blend-weight-quad.usda: mesh Quad with shapes Lift and Stay; animation
    // Anim weights Lift 0 at time 0 and 1 at time 10 (0.5 at 5) and does not name Stay, whose
    // amount it therefore drives to 0 (decision 0059).
    ui::EditorSession session;
    auto imported =
        core::io::readUsda(HYPERRIG_SOURCE_DIR "/tests/fixtures/usd/blend-weight-quad.usda");
    REQUIRE(imported);
    session.adoptImportedDocument(std::move(imported->document),
                                  QStringLiteral("blend-weight-quad.usda"));
    ui::InspectorPanel panel(session);
    panel.resize(420, 900);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    const core::model::NodeId quad = session.document().findNode("Quad");
    REQUIRE(quad);
    REQUIRE(session.execute(core::edit::setBlendAmount(quad, 0, 0.25)).ok());
    REQUIRE(session.execute(core::edit::setBlendAmount(quad, 1, 0.75)).ok());
    session.select({quad});
    auto* lift = child<QSlider>(panel, "blendShapeSlider0");
    auto* liftField = child<ui::NumberField>(panel, "blendShapeAmount0");
    auto* stay = child<QSlider>(panel, "blendShapeSlider1");
    auto* note = child<QLabel>(panel, "blendShapesDrivenNote");
    CHECK(lift->value() == 25);
    CHECK(stay->value() == 75);
    CHECK(lift->isEnabled());
    CHECK_FALSE(note->isVisible());

    session.setPreviewedAnimation("Anim");
    session.setAnimationTime(5.0);
    CHECK(lift->value() == 50);
    CHECK(liftField->value() == Approx(0.5));
    CHECK(stay->value() == 0);
    CHECK_FALSE(lift->isEnabled());
    CHECK_FALSE(liftField->isEnabled());
    CHECK(note->isVisible());
    CHECK(note->text().contains(QStringLiteral("'Anim'")));
    // A save or a command from elsewhere ends open edits; none is open here, so the rows stay
    // as the animation shows them.
    CHECK(session.finishOpenEdits().ok());
    CHECK_FALSE(liftField->isEnabled());
    CHECK(liftField->value() == Approx(0.5));
    session.setAnimationTime(10.0);
    CHECK(lift->value() == 100);
    // The document's amounts are untouched by the preview.
    CHECK(session.document().node(quad).meshInstance()->blendAmounts ==
          std::optional<std::vector<double>>(std::vector<double>{0.25, 0.75}));

    session.setPreviewedAnimation(std::nullopt);
    CHECK(lift->value() == 25);
    CHECK(stay->value() == 75);
    CHECK(lift->isEnabled());
    CHECK(liftField->isEnabled());
    CHECK_FALSE(note->isVisible());
}
