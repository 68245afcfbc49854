#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/panels/bones/BonesPanel.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include <catch2/catch.hpp>
#include <chrono>

using namespace hyperrig;
using core::model::NodeId;
using hyperrig::test::child;
using hyperrig::test::type;

namespace {

struct BonesFixture : test::PanelFixture<ui::BonesPanel> {
    BonesFixture() : PanelFixture({360, 800}) {}
    const core::model::Bone& bone(const char* name) const {
        return *session.document().node(node(name)).bone();
    }
};

} // namespace

TEST_CASE("the bones panel shows the selected bone: length, mass, shape, head and tail",
          "[ui][bones]") {
    BonesFixture f;
    CHECK(ui::BonesPanel::title() == "Bones");
    f.session.select({f.node("Spine")});
    CHECK(child<QCheckBox>(*f.panel, "boneLengthDefined")->isChecked());
    CHECK(child<ui::NumberField>(*f.panel, "boneLength")->value() == 0.18);
    CHECK(child<ui::NumberField>(*f.panel, "boneLength")->accessibleName() == "Length");
    CHECK(child<ui::NumberField>(*f.panel, "boneMass")->value() == 7.0);
    CHECK(child<QComboBox>(*f.panel, "boneShape")->currentText().contains("SpineCapsule"));
    // Skeleton space, by hand from the sample: Hips at y = 0.92 (no rotation), Spine 0.12 above
    // it, 0.18 long.
    CHECK(child<QLabel>(*f.panel, "boneHead")->text() == "(0, 1.04, 0, 0) m");
    CHECK(child<QLabel>(*f.panel, "boneTail")->text() == "(0, 1.22, 0, 0) m");
    CHECK_FALSE(child<QLabel>(*f.panel, "boneMassHint")->isVisible());

    f.session.select({f.node("Body")});
    CHECK_FALSE(child<ui::NumberField>(*f.panel, "boneLength")->isEnabled());
}

TEST_CASE("head and tail follow an edit of a parent bone, and its undo", "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("Spine")});
    auto* head = child<QLabel>(*f.panel, "boneHead");
    REQUIRE(head->text() == "(0, 1.04, 0, 0) m");
    // Hips 0.1 higher (y = 1.02 instead of 0.92): Spine's head, 0.12 above the Hips, at 1.14.
    core::model::NodeTransform raised = f.session.document().node(f.node("Hips")).transform;
    REQUIRE(raised.position.size() == 4);
    raised.position[1] = 1.02;
    REQUIRE(f.session.execute(core::edit::setTransform(f.node("Hips"), raised)));
    CHECK(head->text() == "(0, 1.14, 0, 0) m");
    f.session.undo();
    CHECK(head->text() == "(0, 1.04, 0, 0) m");
    f.session.redo();
    CHECK(head->text() == "(0, 1.14, 0, 0) m");
}

TEST_CASE("a typed bone length is one undo step; undo and redo restore it", "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("Spine")});
    const std::size_t steps = f.steps();
    type(child<ui::NumberField>(*f.panel, "boneLength"), QStringLiteral("0.3"));
    CHECK(f.bone("Spine").length == 0.3);
    CHECK(f.steps() == steps + 1);
    CHECK(f.session.undoName() == "Set Bone Length");
    CHECK(child<QLabel>(*f.panel, "boneTail")->text() == "(0, 1.34, 0, 0) m");
    f.session.undo();
    CHECK(f.bone("Spine").length == 0.18);
    CHECK(child<ui::NumberField>(*f.panel, "boneLength")->value() == 0.18);
    f.session.redo();
    CHECK(f.bone("Spine").length == 0.3);

    SECTION("Length from Child is the distance to the first child bone's head") {
        QTest::mouseClick(child<QPushButton>(*f.panel, "boneLengthFromChild"), Qt::LeftButton);
        CHECK(f.bone("Spine").length == 0.18); // Chest sits at (0, 0.18, 0, 0) in Spine's space
        CHECK(f.steps() == steps + 2);
    }
}

TEST_CASE("a bone with a shape keeps its length: the refusal says why and changes nothing",
          "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("Spine")});
    const std::size_t steps = f.steps();
    QSignalSpy messages(f.panel.get(), &ui::BonesPanel::message);
    auto* defined = child<QCheckBox>(*f.panel, "boneLengthDefined");
    defined->click();
    CHECK(f.bone("Spine").length == 0.18);
    CHECK(f.steps() == steps);
    CHECK(defined->isChecked());
    REQUIRE(messages.count() == 1);
    CHECK(messages.front().front().toString().contains("clear the shape"));
    CHECK(child<QLabel>(*f.panel, "bonesProblem")->isVisible());

    SECTION("with the shape set to None first, the length can go") {
        auto* shape = child<QComboBox>(*f.panel, "boneShape");
        shape->setCurrentIndex(0);
        emit shape->activated(0);
        CHECK_FALSE(f.bone("Spine").shape);
        defined->click();
        CHECK_FALSE(f.bone("Spine").length.has_value());
        CHECK(f.steps() == steps + 2);
        CHECK_FALSE(child<ui::NumberField>(*f.panel, "boneLength")->isEnabled());
        CHECK_FALSE(child<QPushButton>(*f.panel, "boneNewCapsule")->isEnabled());
    }
}

TEST_CASE("mass: undefined, shape-only 0 and typed values", "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("Tail")});
    auto* defined = child<QCheckBox>(*f.panel, "boneMassDefined");
    auto* mass = child<ui::NumberField>(*f.panel, "boneMass");
    defined->click();
    CHECK_FALSE(f.bone("Tail").mass.has_value());
    CHECK_FALSE(mass->isEnabled());
    f.session.undo();
    CHECK(f.bone("Tail").mass == 1.2);
    defined->toggle(); // as assistive technology does: no click
    CHECK_FALSE(f.bone("Tail").mass.has_value());
    f.session.undo();
    type(mass, QStringLiteral("0"));
    CHECK(f.bone("Tail").mass == 0.0);
    CHECK(child<QLabel>(*f.panel, "boneMassHint")->isVisible());
}

TEST_CASE("several bones take a typed mass together, in one undo step", "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("Spine"), f.node("Chest")});
    auto* mass = child<ui::NumberField>(*f.panel, "boneMass");
    CHECK(mass->isMixed());
    const std::size_t steps = f.steps();
    type(mass, QStringLiteral("5"));
    CHECK(f.bone("Spine").mass == 5.0);
    CHECK(f.bone("Chest").mass == 5.0);
    CHECK(f.steps() == steps + 1);
    f.session.undo();
    CHECK(f.bone("Spine").mass == 7.0);
    CHECK(f.bone("Chest").mass == 11.0);
}

TEST_CASE("arrow steps over several bones merge into one undo step", "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("Spine"), f.node("Chest")});
    auto* length = child<ui::NumberField>(*f.panel, "boneLength");
    type(length, QStringLiteral("0.2")); // one value for both, so the field steps
    f.session.setMergeWindowForTests(std::chrono::hours(1)); // however slow the run is
    const std::size_t steps = f.steps();
    length->setFocus();
    QTest::keyClick(length, Qt::Key_Up);
    QTest::keyClick(length, Qt::Key_Up);
    QTest::keyClick(length, Qt::Key_Return);
    CHECK(f.bone("Spine").length == Approx(0.22));
    CHECK(f.bone("Chest").length == Approx(0.22));
    CHECK(f.steps() == steps + 1);
    f.session.undo();
    CHECK(f.bone("Spine").length == 0.2);
    CHECK(f.bone("Chest").length == 0.2);
}

TEST_CASE("New Capsule makes a shape sized from the bone and assigns it", "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("Tail")});
    const std::size_t shapes = f.session.document().shapes.size();
    const std::size_t steps = f.steps();
    QTest::mouseClick(child<QPushButton>(*f.panel, "boneNewCapsule"), Qt::LeftButton);
    CHECK(f.session.document().shapes.size() == shapes + 1);
    CHECK(f.steps() == steps + 1);
    CHECK(f.session.undoName() == "New Capsule Shape");
    const auto& shape = f.session.document().shapes.at(f.bone("Tail").shape);
    CHECK(shape.name == "TailCapsule2"); // the sample has a TailCapsule already
    CHECK(child<QComboBox>(*f.panel, "boneShape")->currentText().contains("TailCapsule2"));
    f.session.undo();
    CHECK(f.session.document().shapes.size() == shapes);
    CHECK(f.bone("Tail").shape);
}

TEST_CASE("a selected skeleton shows its mass summary and distributes a total", "[ui][bones]") {
    BonesFixture f;
    auto* group = child<QGroupBox>(*f.panel, "skeletonMassGroup");
    CHECK_FALSE(group->isVisible());
    const auto spine = f.node("Spine");
    REQUIRE(f.session.execute(core::edit::setBoneMass(spine, std::nullopt)).ok());
    f.session.select({f.node("CreatureRig")});
    CHECK(group->isVisible());
    CHECK(child<QLabel>(*f.panel, "skeletonBonesWithoutMass")->text().contains("Spine"));
    auto* total = child<ui::NumberField>(*f.panel, "skeletonTotalMass");
    const double defined = total->value(); // no physics body: the defined masses
    type(total, QString::number(defined + 4.0));
    const std::size_t steps = f.steps();
    QTest::mouseClick(child<QPushButton>(*f.panel, "skeletonDistributeMass"), Qt::LeftButton);
    CHECK(f.steps() == steps + 1);
    CHECK(f.session.undoName() == "Distribute Mass");
    REQUIRE(f.bone("Spine").mass.has_value());
    // Spine gets the rest: the sample's other bones without a mass (the hands) have no shape.
    CHECK(*f.bone("Spine").mass == Approx(4.0));
    CHECK_FALSE(child<QLabel>(*f.panel, "skeletonBonesWithoutMass")->text().contains("Spine"));
}

TEST_CASE("the bone's shape radius and size are edited in one undo step each", "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("Tail")});
    const auto shapeId = f.bone("Tail").shape;
    const auto before = f.session.document().shapes.at(shapeId).value;
    auto* radius = child<ui::NumberField>(*f.panel, "shapeRadius");
    auto* sizeY = child<ui::NumberField>(*f.panel, "shapeSizeY");
    CHECK(radius->value() == before["curves"][0]["radii"][0].get<double>());
    CHECK(sizeY->value() == before["size"][1].get<double>());
    const std::size_t steps = f.steps();
    type(radius, QStringLiteral("0.05"));
    const auto& after = f.session.document().shapes.at(shapeId).value;
    CHECK(after["curves"][0]["radii"] ==
          core::model::OrderedJson::parse("[0.05, 0.05, 0.05, 0.05]"));
    CHECK(after["size"] == before["size"]);
    CHECK(f.steps() == steps + 1);
    CHECK(f.session.undoName() == "Edit Shape");
    type(sizeY, QStringLiteral("0.3"));
    CHECK(f.session.document().shapes.at(shapeId).value["size"][1] == 0.3);
    f.session.undo();
    f.session.undo();
    CHECK(f.session.document().shapes.at(shapeId).value == before);

    f.session.select({f.node("LeftHand")}); // no shape: nothing to size
    CHECK_FALSE(radius->isEnabled());
}

TEST_CASE("a shape with no curved axis has no radius to edit", "[ui][bones]") {
    // All radii 0 (a box): Radius used to stay enabled, showing 0, and dropped whatever was typed
    // without a word (only curved axes, those with a radius, take the typed one).
    BonesFixture f;
    const auto tailShape = f.bone("Tail").shape;
    auto boxed = f.session.document().shapes.at(tailShape).value;
    for (auto& radius : boxed["curves"][0]["radii"])
        radius = 0.0;
    REQUIRE(f.session.execute(core::edit::editShape(tailShape, boxed)).ok());
    auto* radius = child<ui::NumberField>(*f.panel, "shapeRadius");
    f.session.select({f.node("Tail")});
    CHECK_FALSE(radius->isEnabled());
    CHECK(child<ui::NumberField>(*f.panel, "shapeSizeY")->isEnabled());

    // With a rounded shape selected too, Radius edits that one and leaves the box alone.
    const auto armShape = f.bone("LeftUpperArm").shape;
    f.session.select({f.node("Tail"), f.node("LeftUpperArm")});
    REQUIRE(radius->isEnabled());
    CHECK(radius->value() ==
          f.session.document().shapes.at(armShape).value["curves"][0]["radii"][0].get<double>());
    const std::size_t steps = f.steps();
    type(radius, QStringLiteral("0.07"));
    CHECK(f.session.document().shapes.at(armShape).value["curves"][0]["radii"][0] == 0.07);
    CHECK(f.session.document().shapes.at(tailShape).value == boxed);
    CHECK(f.steps() == steps + 1);
}

// The Bones tab shares a dock column about 340 px wide with the inspector (the editor's default
// layout); a row of four New shape buttons once made it scroll sideways.
TEST_CASE("the bones panel fits a narrow dock without scrolling sideways", "[ui][bones]") {
    BonesFixture f;
    auto* scroll = f.panel->findChild<QScrollArea*>();
    REQUIRE(scroll != nullptr);
    f.session.select({f.node("LeftUpperArm")}); // a bone with a capsule: every group shows
    f.panel->resize(340, 900);
    QCoreApplication::sendPostedEvents(); // layout requests
    CHECK(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width());
    CHECK_FALSE(scroll->horizontalScrollBar()->isVisible());
}

TEST_CASE("a click on a partly checked 'Mass defined' defines the mass of every shown bone",
          "[ui][bones]") {
    BonesFixture f;
    // Hips states a mass of 9, LeftHand none (assets/samples/creature-4d.g4tf).
    f.session.select({f.node("Hips"), f.node("LeftHand")});
    auto* defined = child<QCheckBox>(*f.panel, "boneMassDefined");
    REQUIRE(defined->checkState() == Qt::PartiallyChecked);
    const std::size_t steps = f.steps();
    defined->click();
    CHECK(f.bone("LeftHand").mass == 1.0);
    CHECK(f.bone("Hips").mass == 9.0);
    CHECK(f.steps() == steps + 1);
    CHECK(defined->checkState() == Qt::Checked);
    defined->click(); // and on from there: unchecked, never "—"
    CHECK_FALSE(f.bone("LeftHand").mass.has_value());
    CHECK_FALSE(f.bone("Hips").mass.has_value());
    CHECK(defined->checkState() == Qt::Unchecked);
    f.session.undo();
    f.session.undo();
    CHECK_FALSE(f.bone("LeftHand").mass.has_value());
    CHECK(f.bone("Hips").mass == 9.0);
    CHECK(defined->checkState() == Qt::PartiallyChecked);
}

TEST_CASE("the wheel over an unfocused shape list scrolls past it; focused, it chooses",
          "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("Spine")});
    auto* shape = child<QComboBox>(*f.panel, "boneShape");
    const auto wheel = [shape] {
        const QPointF inside = QRectF(shape->rect()).center();
        QWheelEvent event(inside, shape->mapToGlobal(inside), QPoint(), QPoint(0, -120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(shape, &event);
    };
    const std::size_t steps = f.steps();
    const auto before = f.bone("Spine").shape;
    wheel();
    CHECK(f.bone("Spine").shape == before);
    CHECK(f.steps() == steps);

    f.panel->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(f.panel.get()));
    shape->setFocus();
    REQUIRE(shape->hasFocus());
    wheel();
    CHECK(f.bone("Spine").shape != before);
    CHECK(f.steps() == steps + 1);
}

TEST_CASE("a length being typed when the document goes is dropped with it", "[ui][bones]") {
    BonesFixture f;
    f.session.select({f.node("LeftHand")});
    f.panel->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(f.panel.get()));
    auto* length = child<ui::NumberField>(*f.panel, "boneLength");
    length->setFocus();
    length->selectAll();
    QTest::keyClicks(length, QStringLiteral("0.3")); // no Enter: the run is still open
    REQUIRE(f.session.inTransaction());
    REQUIRE(length->hasFocus());

    SECTION("closed") {
        f.session.closeDocument();
        CHECK_FALSE(f.session.hasDocument());
    }
    SECTION("replaced by a new document, whose history starts clean") {
        f.session.newDocument(4);
        length->clearFocus(); // the run's end reaches the new document's session
        CHECK_FALSE(f.session.inTransaction());
        CHECK_FALSE(f.session.canUndo());
        CHECK_FALSE(f.session.isModified());
    }
}
