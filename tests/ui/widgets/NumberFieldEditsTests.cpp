// NumberFieldEdits: a panel field's gestures as commands. Here a refused value on the way
// through typed text.

#include "core/edit/commands/NodeCommands.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"
#include "ui/widgets/NumberFieldEdits.h"

#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

using namespace hyperrig;

TEST_CASE("a value refused while typing leaves the typed text alone; Enter shows the kept value",
          "[ui][widgets]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(test::sampleFile("creature-4d.g4tf")).ok());
    const core::model::NodeId arm = session.document().findNode("LeftUpperArm");
    REQUIRE(arm);
    ui::NumberField field;
    // The bone's length, where a length under 0.1 stands for one the document refuses: the
    // command then renames the bone to a forbidden name.
    ui::NumberFieldEdits edits(
        session, field, "Set Length", [arm] { return std::vector<core::model::NodeId>{arm}; },
        [&session](core::model::NodeId node) -> std::optional<double> {
            return session.document().node(node).bone()->length.value_or(0.0);
        },
        [](core::model::NodeId node, double value) -> std::unique_ptr<core::edit::Command> {
            if (value < 0.1)
                return core::edit::renameNode(node, std::string("Bad.Name"));
            return core::edit::setBoneLength(node, value);
        });
    QSignalSpy refused(&edits, &ui::NumberFieldEdits::refused);
    edits.showValue();
    const double before = field.value();
    field.show();
    REQUIRE(QTest::qWaitForWindowExposed(&field));
    field.setFocus();

    SECTION("the refused \"0\" of \"0.5\" does not put the kept value before the next keys") {
        field.selectAll();
        QTest::keyClicks(&field, QStringLiteral("0.5"));
        CHECK(refused.count() >= 1);
        CHECK(field.text() == QStringLiteral("0.5"));
        QTest::keyClick(&field, Qt::Key_Return);
        CHECK(session.document().node(arm).bone()->length == 0.5);
        CHECK(field.value() == 0.5);
        CHECK(session.document().node(arm).displayName() == "LeftUpperArm");
    }
    SECTION("a typed value refused to the end gives way to the kept value on Enter") {
        field.selectAll();
        QTest::keyClicks(&field, QStringLiteral("0.05"));
        CHECK(field.text() == QStringLiteral("0.05"));
        QTest::keyClick(&field, Qt::Key_Return);
        CHECK(session.document().node(arm).bone()->length.value_or(0.0) == before);
        CHECK(field.value() == before);
        CHECK_FALSE(session.canUndo());
    }
}
