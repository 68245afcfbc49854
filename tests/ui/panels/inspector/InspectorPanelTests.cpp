#include "core/edit/commands/NodeCommands.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/panels/inspector/InspectorPanel.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QAccessible>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTest>

#include <catch2/catch.hpp>
#include <map>

namespace Catch {
template <>
struct StringMaker<QString> {
    static std::string convert(const QString& text) { return text.toStdString(); }
};
} // namespace Catch

using namespace hyperrig;
using core::model::NodeId;
using core::model::NodeTransform;
using hyperrig::test::child;
using hyperrig::test::sampleFile;
using hyperrig::test::type;

namespace {

struct InspectorFixture {
    ui::EditorSession session;
    ui::InspectorPanel* panel = nullptr;
    std::unique_ptr<ui::InspectorPanel> owner;

    explicit InspectorFixture(const char* file) {
        REQUIRE(session.openFile(sampleFile(file)).ok());
        owner = std::make_unique<ui::InspectorPanel>(session);
        panel = owner.get();
        panel->resize(420, 900);
        panel->show();
        REQUIRE(QTest::qWaitForWindowExposed(panel));
    }
    NodeId node(const char* name) const {
        const NodeId id = session.document().findNode(name);
        REQUIRE(id);
        return id;
    }
    const NodeTransform& transform(const char* name) const {
        return session.document().node(node(name)).transform;
    }
    std::size_t steps() const { return session.history().undoCount(); }
};

} // namespace

TEST_CASE("the inspector shows the selected bone: name, position, component", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    CHECK(ui::InspectorPanel::title() == "Inspector");
    CHECK(child<QLabel>(*f.panel, "inspectorEmptyLabel")->isVisible());

    f.session.select({f.node("Hips")});
    CHECK_FALSE(child<QLabel>(*f.panel, "inspectorEmptyLabel")->isVisible());
    CHECK(child<QLineEdit>(*f.panel, "nameField")->text() == "Hips");
    CHECK(child<ui::NumberField>(*f.panel, "positionX")->value() == 0.0);
    CHECK(child<ui::NumberField>(*f.panel, "positionY")->value() == 0.92);
    CHECK(child<ui::NumberField>(*f.panel, "positionY")->text() == "0.92 m");
    CHECK(child<ui::NumberField>(*f.panel, "positionW")->value() == 0.0);
    CHECK(f.panel->findChild<ui::NumberField*>("positionV") == nullptr);
    CHECK(child<QLabel>(*f.panel, "componentKind")->text() == "Bone");
    CHECK(child<QLabel>(*f.panel, "boneLength")->text() == "0.12 m");
    CHECK(child<QLabel>(*f.panel, "boneMass")->text() == "9 kg");
    CHECK(child<QCheckBox>(*f.panel, "visibleCheck")->isChecked());
    {
        // A screen reader reads the value, labelled by its row: "Length", "0.12 m".
        auto* length = child<QLabel>(*f.panel, "boneLength");
        QAccessibleInterface* shown = QAccessible::queryAccessibleInterface(length);
        REQUIRE(shown != nullptr);
        CHECK(shown->text(QAccessible::Name) == "0.12 m");
        QStringList labelledBy;
        for (const auto& [other, relation] : shown->relations(QAccessible::Label))
            labelledBy << other->text(QAccessible::Name);
        CHECK(labelledBy.contains(QStringLiteral("Length"))); // and its group, "Component"
    }

    SECTION("the fields carry accessible names that say what they are") {
        for (const char* axis : {"x", "y", "z", "w"}) {
            const QString name = QStringLiteral("Position ") + QLatin1String(axis);
            auto* field = child<ui::NumberField>(
                *f.panel, (QStringLiteral("position") + QString(axis).toUpper()).toLatin1());
            CHECK(field->accessibleName() == name);
            QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(field);
            REQUIRE(accessible != nullptr);
            CHECK(accessible->text(QAccessible::Name) == name);
        }
        CHECK(child<QLineEdit>(*f.panel, "nameField")->accessibleName() == "Name");
        CHECK(child<QComboBox>(*f.panel, "representationCombo")->accessibleName() ==
              "Representation");
        CHECK(child<ui::NumberField>(*f.panel, "scaleW")->accessibleName() == "Scale w");
        CHECK(child<ui::NumberField>(*f.panel, "rotorXyzw")->accessibleName() == "Rotor xyzw");
        CHECK(child<ui::NumberField>(*f.panel, "basisRow1Column2")->accessibleName() ==
              "Basis row x column y"); // the headers a sighted user reads: row x, column y
    }
    SECTION("a skeleton shows its joints and bind poses") {
        f.session.select({f.node("CreatureRig")});
        CHECK(child<QLabel>(*f.panel, "componentKind")->text() == "Skeleton");
        CHECK(child<QLabel>(*f.panel, "skeletonJoints")->text() == "28 slots");
        CHECK(child<QLabel>(*f.panel, "skeletonBindPoses")->text() == "2 (TPose, APose)");
    }
    SECTION("showing nodes, undoing and closing issue no commands") {
        f.session.select({f.node("Head"), f.node("Spine")});
        f.session.select({f.node("LeftUpperArm")});
        CHECK(f.steps() == 0);
        f.session.closeDocument();
        CHECK(child<QLabel>(*f.panel, "inspectorEmptyLabel")->isVisible());
    }
    SECTION("selecting nothing empties the panel") {
        f.session.selectNone();
        CHECK(child<QLabel>(*f.panel, "inspectorEmptyLabel")->isVisible());
        CHECK(child<QLineEdit>(*f.panel, "nameField")->text().isEmpty());
    }
}

TEST_CASE("a bone's Skeleton row follows a move of its parent bone, and its undo",
          "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    NodeId upper;
    NodeId lower;
    NodeId other;
    REQUIRE(f.session.execute(
        core::edit::addBone(f.node("CreatureRig"), "Extra", std::nullopt, std::nullopt, &upper)));
    REQUIRE(f.session.execute(
        core::edit::addBone(upper, "ExtraChild", std::nullopt, std::nullopt, &other)));
    lower = other;
    core::model::Node prototype;
    prototype.name = "OtherRig";
    REQUIRE(f.session.execute(
        core::edit::createNode(f.session.document().root(), 0, prototype, &other)));
    REQUIRE(f.session.execute(core::edit::makeSkeleton(other)));
    f.session.select({lower});
    // The component rows are made anew on each refresh: looked up each time.
    const auto shownSkeleton = [&] {
        return child<QLabel>(*f.panel, "boneSkeleton")->text();
    };
    REQUIRE(shownSkeleton().contains(QStringLiteral("CreatureRig")));

    REQUIRE(f.session.execute(core::edit::reparentNode(upper, other, std::nullopt)));
    CHECK(shownSkeleton().contains(QStringLiteral("OtherRig")));
    f.session.undo();
    CHECK(shownSkeleton().contains(QStringLiteral("CreatureRig")));
}

TEST_CASE("typing a position is one command that undo restores exactly", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    f.session.select({f.node("Spine")});
    const NodeTransform before = f.transform("Spine");
    const std::size_t steps = f.steps();
    auto* x = child<ui::NumberField>(*f.panel, "positionX");

    type(x, QStringLiteral("0.5"));
    CHECK(f.transform("Spine").position == std::vector<double>{0.5, 0.12, 0.0, 0.0});
    CHECK(f.steps() == steps + 1);
    CHECK(f.session.undoName() == "Set Position");

    f.session.undo();
    CHECK(f.transform("Spine") == before);
    CHECK(x->value() == 0.0);
    f.session.redo();
    CHECK(f.transform("Spine").position == std::vector<double>{0.5, 0.12, 0.0, 0.0});
    CHECK(x->value() == 0.5);

    SECTION("typing the value already shown issues nothing") {
        type(x, QStringLiteral("0.5"));
        CHECK(f.steps() == steps + 1);
        CHECK(f.session.canRedo() == false);
    }
    SECTION("the document follows the digits as they are typed, in one open step") {
        x->selectAll();
        QTest::keyClicks(x, QStringLiteral("2.25"));
        CHECK(f.session.inTransaction());
        CHECK(f.transform("Spine").position[0] == 2.25);
        QTest::keyClick(x, Qt::Key_Return);
        CHECK_FALSE(f.session.inTransaction());
        CHECK(f.steps() == steps + 2);
        f.session.undo();
        CHECK(f.transform("Spine").position[0] == 0.5);
    }
}

TEST_CASE("a command from elsewhere while a value is being typed is a step of its own",
          "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    f.session.select({f.node("Spine")});
    const NodeTransform before = f.transform("Spine");
    const std::size_t steps = f.steps();
    auto* x = child<ui::NumberField>(*f.panel, "positionX");
    x->setFocus();
    x->selectAll();
    QTest::keyClicks(x, QStringLiteral("0.3"));
    REQUIRE(f.session.inTransaction());

    // What Edit > Duplicate (Ctrl+D, which a number field does not take) runs.
    NodeId copy;
    REQUIRE(f.session.execute(core::edit::duplicateNode(f.node("Spine"), &copy)));
    CHECK_FALSE(f.session.inTransaction());
    CHECK(f.steps() == steps + 2);
    CHECK(f.session.undoName().startsWith(QStringLiteral("Duplicate")));
    f.session.undo(); // the copy goes; the typed position stays
    CHECK(f.session.document().nodes.find(copy) == nullptr);
    CHECK(f.transform("Spine").position[0] == 0.3);
    CHECK(f.session.undoName() == "Set Position");
    f.session.undo();
    CHECK(f.transform("Spine") == before);
}

TEST_CASE("arrow steps within the merge window are one undo step", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    f.session.select({f.node("Spine")});
    const NodeTransform before = f.transform("Spine");
    const std::size_t steps = f.steps();
    auto* y = child<ui::NumberField>(*f.panel, "positionY");

    QTest::keyClick(y, Qt::Key_Up);
    QTest::keyClick(y, Qt::Key_Up);
    QTest::keyClick(y, Qt::Key_Up);
    CHECK(f.transform("Spine").position[1] == Approx(0.15));
    CHECK(f.steps() == steps + 1);

    f.session.undo();
    CHECK(f.transform("Spine") == before);
    CHECK(y->value() == 0.12);
}

TEST_CASE("Escape cancels an edit in progress", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    f.session.select({f.node("Spine")});
    const NodeTransform before = f.transform("Spine");
    const std::size_t steps = f.steps();
    auto* y = child<ui::NumberField>(*f.panel, "positionY");

    SECTION("typed text goes back to the value") {
        y->selectAll();
        QTest::keyClicks(y, QStringLiteral("7"));
        QTest::keyClick(y, Qt::Key_Escape);
        CHECK(y->text() == "0.12 m");
        QTest::keyClick(y, Qt::Key_Return);
        CHECK(f.transform("Spine") == before);
        CHECK(f.steps() == steps);
    }
    SECTION("steps are taken back and leave no undo step") {
        QTest::keyClick(y, Qt::Key_Up);
        QTest::keyClick(y, Qt::Key_Up);
        CHECK(f.transform("Spine") != before);
        QTest::keyClick(y, Qt::Key_Escape);
        CHECK(f.transform("Spine") == before);
        CHECK(f.steps() == steps);
        CHECK(y->value() == 0.12);
    }
    SECTION("holding an arrow runs in a transaction that Escape rolls back") {
        const QPoint upArrow(y->width() - 4, y->height() / 4);
        QTest::mousePress(y, Qt::LeftButton, {}, upArrow);
        CHECK(f.session.inTransaction());
        CHECK(f.transform("Spine").position[1] == Approx(0.13));
        QTest::keyClick(y, Qt::Key_Escape);
        CHECK_FALSE(f.session.inTransaction());
        QTest::mouseRelease(y, Qt::LeftButton, {}, upArrow);
        CHECK(f.transform("Spine") == before);
        CHECK(f.steps() == steps);
        CHECK(y->value() == 0.12);
    }
    SECTION("a hold released normally is one undo step") {
        const QPoint upArrow(y->width() - 4, y->height() / 4);
        QTest::mousePress(y, Qt::LeftButton, {}, upArrow);
        QTest::mouseRelease(y, Qt::LeftButton, {}, upArrow);
        CHECK_FALSE(f.session.inTransaction());
        CHECK(f.steps() == steps + 1);
        CHECK(f.session.undoName() == "Set Position");
        f.session.undo();
        CHECK(f.transform("Spine") == before);
    }
}

TEST_CASE("a forbidden name is refused at the field and changes nothing", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    f.session.select({f.node("Spine")});
    const std::size_t steps = f.steps();
    auto* name = child<QLineEdit>(*f.panel, "nameField");
    auto* message = child<QLabel>(*f.panel, "nameFieldMessage");
    QSignalSpy messages(f.panel, &ui::InspectorPanel::message);
    f.panel->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(f.panel));
    name->setFocus();

    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("Bad.Name"));
    QTest::keyClick(name, Qt::Key_Return);
    CHECK(f.session.document().node(f.node("Spine")).displayName() == "Spine");
    CHECK(f.steps() == steps);
    REQUIRE(messages.count() == 1);
    const QString reason = messages.front().front().toString();
    CHECK(reason.contains(QStringLiteral("'.'")));
    CHECK(message->isVisible());
    CHECK(message->text() == reason);
    CHECK(name->property("invalid").toBool());
    CHECK(name->toolTip() == reason);
    CHECK(name->accessibleDescription() == reason);
    // The typed name stays, all selected, to be corrected or replaced (ui-style.md §3).
    CHECK(name->text() == "Bad.Name");
    CHECK(name->selectedText() == "Bad.Name");

    SECTION("correcting the typed name renames") {
        name->setCursorPosition(3);
        QTest::keyClick(name, Qt::Key_Delete); // Bad.Name -> BadName
        QTest::keyClick(name, Qt::Key_Return);
        CHECK(f.session.document().node(f.node("BadName")).displayName() == "BadName");
        CHECK(f.steps() == steps + 1);
        CHECK_FALSE(message->isVisible());
    }
    SECTION("Escape clears the reason") {
        QTest::keyClick(name, Qt::Key_Escape);
        CHECK(name->text() == "Spine");
        CHECK_FALSE(name->property("invalid").toBool());
        CHECK_FALSE(message->isVisible());
    }
    SECTION("typing a valid name clears the reason") {
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Backbone"));
        CHECK_FALSE(message->isVisible());
        CHECK(name->toolTip() != reason);
    }
    SECTION("another window of the editor taking the focus commits the typed name") {
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Backbone"));
        QWidget other; // a floating panel, say
        other.show();
        other.activateWindow();
        REQUIRE(QTest::qWaitForWindowActive(&other));
        CHECK(f.session.document().findNode("Backbone") == f.node("Backbone"));
        CHECK(f.steps() == steps + 1);
    }
    SECTION("a save or a command from elsewhere first commits the typed name") {
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Backbone"));
        CHECK(f.session.finishOpenEdits()
                  .ok()); // what the file actions and EditorSession::execute call
        CHECK(f.session.document().findNode("Backbone") == f.node("Backbone"));
        CHECK(f.steps() == steps + 1);
        CHECK(f.session.finishOpenEdits().ok()); // nothing typed any more: nothing more
        CHECK(f.steps() == steps + 1);
    }
    SECTION("a refused name the session asks for stays typed, and finishing fails with why") {
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Hips")); // another node's name
        const auto finished = f.session.finishOpenEdits();
        REQUIRE_FALSE(finished.ok());
        CHECK(message->isVisible());
        CHECK(QString::fromStdString(finished.error().message()).endsWith(": " + message->text()));
        CHECK(name->text() == "Hips");
        CHECK(f.steps() == steps);
        // Not asked again by anything: a second finish finds the same typed name and says so.
        CHECK_FALSE(f.session.finishOpenEdits().ok());
    }
    SECTION("a refused name typed and left by focus is put back; the reason stays") {
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Other:Name"));
        REQUIRE(name->hasFocus());
        child<ui::NumberField>(*f.panel, "positionX")->setFocus();
        CHECK(name->text() == "Spine");
        CHECK(message->isVisible());
        CHECK(name->toolTip().contains(QStringLiteral("':'")));
        CHECK(f.steps() == steps);
    }
    SECTION("a valid name renames, and undo restores it") {
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Backbone"));
        CHECK_FALSE(message->isVisible()); // checked while typing
        QTest::keyClick(name, Qt::Key_Return);
        CHECK(f.session.document().findNode("Backbone") == f.node("Backbone"));
        CHECK(f.session.undoName() == "Rename Node");
        f.session.undo();
        CHECK(name->text() == "Spine");
    }
    SECTION("a name another node has is refused while typing") {
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Hips"));
        CHECK(message->isVisible());
    }
}

TEST_CASE("the inspector fits a narrow dock without scrolling sideways", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    auto* scroll = f.panel->findChild<QScrollArea*>();
    REQUIRE(scroll != nullptr);
    // Head has a rotor; the hidden 4 x 4 basis page must not widen the panel.
    f.session.select({f.node("Head")});
    f.panel->resize(340, 900);
    QCoreApplication::sendPostedEvents(); // layout requests
    CHECK(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width());
    CHECK_FALSE(scroll->horizontalScrollBar()->isVisible());
}

TEST_CASE("switching the representation converts through the command", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    auto* combo = child<QComboBox>(*f.panel, "representationCombo");
    auto* pages = child<QStackedWidget>(*f.panel, "representationPages");

    SECTION("rotor + scale to basis and back by undo") {
        f.session.select({f.node("Head")});
        const NodeTransform before = f.transform("Head");
        REQUIRE(before.form == NodeTransform::Form::RotorScale);
        CHECK(combo->currentText() == "Rotor + scale");
        CHECK(pages->currentWidget()->objectName() == "rotorScalePage");
        CHECK(child<ui::NumberField>(*f.panel, "rotorS")->value() == 0.9848078);
        CHECK(child<ui::NumberField>(*f.panel, "rotorZw")->value() == 0.1736482);
        CHECK(child<ui::NumberField>(*f.panel, "scaleX")->value() == 1.0);

        combo->setCurrentIndex(combo->findText("Basis matrix"));
        CHECK(f.transform("Head").form == NodeTransform::Form::Basis);
        CHECK(f.session.undoName() == "Convert Transform");
        CHECK(pages->currentWidget()->objectName() == "basisPage");
        CHECK(child<ui::NumberField>(*f.panel, "basisRow1Column1")->value() == 1.0);

        f.session.undo();
        CHECK(f.transform("Head") == before);
        CHECK(combo->currentText() == "Rotor + scale");
        CHECK(pages->currentWidget()->objectName() == "rotorScalePage");
    }
    SECTION("a rotation cannot become None: the choice is disabled") {
        f.session.select({f.node("Head")});
        auto* model = combo->model();
        const QModelIndex none = model->index(combo->findText("None"), 0);
        CHECK_FALSE(model->flags(none).testFlag(Qt::ItemIsEnabled));
    }
    SECTION("None to rotor + scale writes the identity rotor") {
        f.session.select({f.node("Spine")});
        CHECK(combo->currentText() == "None");
        combo->setCurrentIndex(combo->findText("Rotor + scale"));
        CHECK(f.transform("Spine").form == NodeTransform::Form::RotorScale);
        CHECK(f.transform("Spine").rotor == std::vector<double>{1, 0, 0, 0, 0, 0, 0});
        CHECK(child<ui::NumberField>(*f.panel, "rotorS")->value() == 1.0);
        f.session.undo();
        CHECK(f.transform("Spine").form == NodeTransform::Form::None);
    }
    SECTION("a value refused on the way through typed text leaves the text alone") {
        f.session.select({f.node("Spine")});
        combo->setCurrentIndex(combo->findText("Rotor + scale"));
        auto* s = child<ui::NumberField>(*f.panel, "rotorS");
        REQUIRE(s->value() == 1.0);
        // "0" makes a zero rotor, which the command refuses; the next keys follow it.
        type(s, QStringLiteral("0.7071"));
        CHECK(f.transform("Spine").rotor == std::vector<double>{0.7071, 0, 0, 0, 0, 0, 0});
        CHECK(s->value() == 0.7071);
        SECTION("typed to the end refused, Enter shows the value the document kept") {
            type(s, QStringLiteral("0"));
            CHECK(f.transform("Spine").rotor == std::vector<double>{0.7071, 0, 0, 0, 0, 0, 0});
            CHECK(s->value() == 0.7071);
        }
    }
    SECTION("editing a rotor component keeps the file's 7-number rotor") {
        f.session.select({f.node("Head")});
        type(child<ui::NumberField>(*f.panel, "rotorS"), QStringLiteral("0.5"));
        CHECK(f.transform("Head").rotor == std::vector<double>{0.5, 0, 0, 0, 0, 0, 0.1736482});
        CHECK(f.session.undoName() == "Set Rotor");
    }
}

TEST_CASE("a refused transform value is explained at the field refused", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    auto* combo = child<QComboBox>(*f.panel, "representationCombo");
    auto* transformMessage = child<QLabel>(*f.panel, "transformGroupMessage");
    auto* positionMessage = child<QLabel>(*f.panel, "positionGroupMessage");

    SECTION("a rotor component: its field, not the Representation switch, carries the reason") {
        f.session.select({f.node("Head")});
        auto* s = child<ui::NumberField>(*f.panel, "rotorS");
        auto* zw = child<ui::NumberField>(*f.panel, "rotorZw");
        const QString ownToolTip = zw->toolTip();
        type(s, QStringLiteral("0")); // zw is still 0.17: a rotor
        REQUIRE(f.transform("Head").rotor.front() == 0.0);
        // zw typed to 0 as well: a zero rotor, refused on the way through the text.
        zw->selectAll();
        QTest::keyClicks(zw, QStringLiteral("0"));
        CHECK(f.transform("Head").rotor.back() == 0.1736482);
        REQUIRE(transformMessage->isVisible());
        CHECK(transformMessage->accessibleName() == "Transform message");
        const QString reason = transformMessage->text();
        CHECK(reason.contains("rotor"));
        CHECK(zw->accessibleDescription() == reason);
        CHECK(zw->toolTip() == reason);
        CHECK(zw->property("invalid").toBool());
        CHECK(combo->accessibleDescription().isEmpty());
        CHECK_FALSE(combo->property("invalid").toBool());
        CHECK_FALSE(positionMessage->isVisible());

        // An accepted value clears it from the field it was on.
        QTest::keyClicks(zw, QStringLiteral(".5"));
        QTest::keyClick(zw, Qt::Key_Return);
        CHECK(f.transform("Head").rotor.back() == 0.5);
        CHECK_FALSE(transformMessage->isVisible());
        CHECK(zw->accessibleDescription().isEmpty());
        CHECK(zw->toolTip() == ownToolTip);
        CHECK_FALSE(zw->property("invalid").toBool());
    }
    SECTION("a position value refused for the node's other numbers shows under Position") {
        // A file may hold a transform the commands refuse (a zero rotor): every edit of that
        // node's transform is refused with the reason, at the position field typed into.
        core::model::Document document = hyperrig::test::creatureFromDisk();
        const NodeId head = document.findNode("Head");
        REQUIRE(head);
        auto& rotor = document.node(head).transform.rotor;
        std::fill(rotor.begin(), rotor.end(), 0.0);
        f.session.adoptDocument(std::move(document), {}, {});
        f.session.select({f.node("Head")});
        auto* x = child<ui::NumberField>(*f.panel, "positionX");
        type(x, QStringLiteral("0.3"));
        CHECK(f.transform("Head").position[0] == 0.0);
        REQUIRE(positionMessage->isVisible());
        CHECK(positionMessage->accessibleName() == "Position message");
        CHECK(x->accessibleDescription() == positionMessage->text());
        CHECK(x->property("invalid").toBool());
        CHECK_FALSE(transformMessage->isVisible());
        CHECK(combo->accessibleDescription().isEmpty());
        // The next field refused takes the message; the first gets its own tooltip back.
        auto* y = child<ui::NumberField>(*f.panel, "positionY");
        type(y, QStringLiteral("0.5"));
        CHECK(y->accessibleDescription() == positionMessage->text());
        CHECK(y->property("invalid").toBool());
        CHECK(x->accessibleDescription().isEmpty());
        CHECK_FALSE(x->property("invalid").toBool());
        CHECK(x->toolTip() == "Position along x in the parent's space, in metres");
        // Another node: the message goes with the selection.
        f.session.select({f.node("Hips")});
        CHECK_FALSE(positionMessage->isVisible());
        CHECK(x->accessibleDescription().isEmpty());
        CHECK_FALSE(x->property("invalid").toBool());
    }
}

TEST_CASE("several selected nodes are edited together in one undo step", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    const std::vector<NodeId> nodes = {f.node("Hips"), f.node("Spine"), f.node("Chest")};
    f.session.select(nodes);
    std::map<NodeId, NodeTransform> before;
    for (NodeId node : nodes)
        before[node] = f.session.document().node(node).transform;
    const std::size_t steps = f.steps();
    auto* x = child<ui::NumberField>(*f.panel, "positionX");
    auto* y = child<ui::NumberField>(*f.panel, "positionY");
    CHECK_FALSE(x->isMixed());
    CHECK(y->isMixed());
    CHECK(y->text() == QStringLiteral("—"));
    CHECK(child<QLineEdit>(*f.panel, "nameField")->isReadOnly());

    SECTION("a typed common field") {
        type(x, QStringLiteral("0.25"));
        for (NodeId node : nodes)
            CHECK(f.session.document().node(node).transform.position[0] == 0.25);
        CHECK(f.steps() == steps + 1);
        CHECK(f.session.undoName() == "Set Position of 3 Nodes");
        f.session.undo();
        for (NodeId node : nodes)
            CHECK(f.session.document().node(node).transform == before[node]);
    }
    SECTION("a field that differs takes the typed value for all") {
        type(y, QStringLiteral("1"));
        CHECK_FALSE(y->isMixed());
        for (NodeId node : nodes)
            CHECK(f.session.document().node(node).transform.position[1] == 1.0);
        f.session.undo();
        CHECK(y->isMixed());
    }
    SECTION("arrow steps merge") {
        QTest::keyClick(x, Qt::Key_Up);
        QTest::keyClick(x, Qt::Key_Up);
        CHECK(f.steps() == steps + 1);
        for (NodeId node : nodes)
            CHECK(f.session.document().node(node).transform.position[0] == Approx(0.02));
        QTest::keyClick(x, Qt::Key_Escape);
        CHECK(f.steps() == steps);
        for (NodeId node : nodes)
            CHECK(f.session.document().node(node).transform == before[node]);
    }
    SECTION("visible") {
        child<QCheckBox>(*f.panel, "visibleCheck")->click();
        for (NodeId node : nodes)
            CHECK_FALSE(f.session.document().node(node).isVisible());
        CHECK(f.session.undoName() == "Set Visible of 3 Nodes");
        f.session.undo();
        for (NodeId node : nodes)
            CHECK(f.session.document().node(node).isVisible());
    }
    SECTION("visible, toggled as assistive technology does (no click)") {
        child<QCheckBox>(*f.panel, "visibleCheck")->toggle();
        for (NodeId node : nodes)
            CHECK_FALSE(f.session.document().node(node).isVisible());
    }
}

TEST_CASE("a 3D document shows x, y, z only", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    CHECK(f.panel->findChild<ui::NumberField*>("positionW") != nullptr);
    REQUIRE(f.session.openFile(sampleFile("arm-3d.g4tf")).ok());
    f.session.select({f.node("UpperArm")});
    CHECK(child<ui::NumberField>(*f.panel, "positionX")->value() == 0.18);
    CHECK(child<ui::NumberField>(*f.panel, "positionZ")->accessibleName() == "Position z");
    CHECK(f.panel->findChild<ui::NumberField*>("positionW") == nullptr);
    CHECK(f.panel->findChild<ui::NumberField*>("rotorXw") == nullptr);
    CHECK(child<ui::NumberField>(*f.panel, "rotorYz")->accessibleName() == "Rotor yz");
    CHECK(f.panel->findChild<ui::NumberField*>("basisRow3Column3") != nullptr);
    CHECK(f.panel->findChild<ui::NumberField*>("basisRow4Column4") == nullptr);
}

TEST_CASE("the root node's transform cannot be edited", "[ui][inspector]") {
    InspectorFixture f("creature-4d.g4tf");
    f.session.select({f.session.document().root()});
    CHECK(child<QLineEdit>(*f.panel, "nameField")->text() == "Scene");
    CHECK_FALSE(child<QWidget>(*f.panel, "transformEditor")->isEnabled());
}

TEST_CASE("a name typed but not entered renames its node when the selection moves",
          "[ui][inspector]") {
    // Select None (a shortcut the field does not take) or a click in the viewport runs no
    // command, so nothing asked the field to commit: the typed name vanished with the selection.
    InspectorFixture f("creature-4d.g4tf");
    const auto spine = f.node("Spine");
    f.session.select({spine});
    const std::size_t steps = f.steps();
    auto* name = child<QLineEdit>(*f.panel, "nameField");
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("Backbone"));
    REQUIRE(f.session.document().node(spine).displayName() == "Spine"); // not yet entered

    SECTION("to nothing") {
        f.session.select({});
        CHECK(name->text().isEmpty());
    }
    SECTION("to another node") {
        f.session.select({f.node("Hips")});
        CHECK(name->text() == "Hips");
    }
    CHECK(f.session.document().node(spine).displayName() == "Backbone");
    CHECK(f.steps() == steps + 1);
    CHECK(f.session.undoName() == "Rename Node");
}

TEST_CASE("a name typed but not entered is dropped, not applied, when another document comes",
          "[ui][inspector]") {
    // The selection change of a new document committed the typed name to the old node's id,
    // which in the new document names another node (ids count from 1 in every document).
    InspectorFixture f("creature-4d.g4tf");
    f.session.select({f.node("Spine")});
    auto* name = child<QLineEdit>(*f.panel, "nameField");
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("Backbone"));
    QSignalSpy messages(f.panel, &ui::InspectorPanel::message);

    SECTION("the same file opened again") {
        REQUIRE(f.session.openFile(hyperrig::test::sampleFile("creature-4d.g4tf")).ok());
        CHECK(f.session.document().findNode("Backbone") == core::model::NodeId{});
        CHECK(f.session.document().findNode("Spine") != core::model::NodeId{});
        CHECK_FALSE(f.session.isModified());
        CHECK(f.session.history().undoCount() == 0);
    }
    SECTION("the document closed") {
        f.session.closeDocument();
        CHECK_FALSE(f.session.hasDocument());
    }
    CHECK(messages.count() == 0);
    CHECK(name->text().isEmpty());
}
