#include "core/edit/commands/NodeCommands.h"
#include "ui/panels/validation/ValidationModel.h"
#include "ui/panels/validation/ValidationPanel.h"
#include "ui/session/EditorSession.h"

#include <QAbstractItemModelTester>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::NodeId;
using ui::ValidationModel;

namespace {

constexpr int kWaitMs = 10000;

QString fixture(const char* name) {
    return QString(HYPERRIG_SOURCE_DIR "/tests/fixtures/validate/") + name;
}

// The row showing `rule`, or -1.
int rowOf(const ValidationModel& model, const QString& rule) {
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.index(row, ValidationModel::RuleColumn).data() == rule)
            return row;
    return -1;
}

// Waits for the run the panel started last to be shown (the worker's results are queued to the
// GUI thread, so this is synchronisation, not a sleep).
void waitForResults(ui::ValidationPanel& panel, QSignalSpy& finished) {
    while (finished.isEmpty() || finished.last().at(0).toULongLong() != panel.generation())
        REQUIRE(finished.wait(kWaitMs));
}

} // namespace

TEST_CASE("the validation panel lists a broken file's errors and a click selects the item",
          "[ui][validation]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(fixture("bone.parent.g4tf")).ok());
    ui::ValidationPanel panel(session);
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy finished(&panel, &ui::ValidationPanel::validationFinished);
    QSignalSpy counts(&panel, &ui::ValidationPanel::countsChanged);
    waitForResults(panel, finished);

    const ValidationModel& model = *panel.model();
    const int row = rowOf(model, "bone.parent");
    REQUIRE(row >= 0);
    CHECK(model.index(row, ValidationModel::SeverityColumn).data().toString() == "Error");
    CHECK_FALSE(
        model.index(row, ValidationModel::SeverityColumn).data(Qt::DecorationRole).isNull());
    CHECK(model.index(row, ValidationModel::ItemColumn).data().toString() == "bone 'Stray'");
    CHECK(model.index(row, ValidationModel::MessageColumn).data().toString().contains("Stray"));
    CHECK(model.headerData(ValidationModel::SeverityColumn, Qt::Horizontal).toString() ==
          "Severity");
    CHECK(panel.errorCount() >= 1);
    REQUIRE_FALSE(counts.isEmpty());
    CHECK(counts.last().at(0).toInt() == panel.errorCount());
    CHECK(counts.last().at(1).toInt() == panel.warningCount());

    auto* table = panel.findChild<QTableView*>("validationTable");
    REQUIRE(table != nullptr);
    CHECK(table->accessibleName() == "Validation");
    panel.resize(800, 400);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    const NodeId stray = session.document().nodes.order().at(5);
    CHECK(session.selection().empty());

    SECTION("a click on the row selects the bone the pointer /nodes/5 names") {
        const QRect cell = table->visualRect(model.index(row, ValidationModel::MessageColumn));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        CHECK(session.selection() == std::vector<NodeId>{stray});
        CHECK(session.currentNode() == stray);
    }
    SECTION("Enter on the row selects it too") {
        table->setFocus();
        table->setCurrentIndex(model.index(row, ValidationModel::RuleColumn));
        QTest::keyClick(table, Qt::Key_Return);
        CHECK(session.selection() == std::vector<NodeId>{stray});
    }
    SECTION("no fix is offered for a rule that needs judgement") {
        table->setCurrentIndex(model.index(row, ValidationModel::RuleColumn));
        auto* fix = panel.findChild<QPushButton*>("validationFixButton");
        REQUIRE(fix != nullptr);
        CHECK(fix->accessibleName() == "Fix");
        CHECK_FALSE(fix->isEnabled());
    }
    SECTION("an edit that repairs the file clears the error after the debounce") {
        REQUIRE(session.execute(core::edit::deleteNode(stray)).ok());
        waitForResults(panel, finished);
        CHECK(rowOf(model, "bone.parent") == -1);
        CHECK(counts.last().at(0).toInt() == panel.errorCount());
    }
}

TEST_CASE("the validation panel's fix is one undo step", "[ui][validation]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(fixture("skin.weights.sum.g4tf")).ok());
    ui::ValidationPanel panel(session);
    panel.setDebounceInterval(20);
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy finished(&panel, &ui::ValidationPanel::validationFinished);
    waitForResults(panel, finished);

    const ValidationModel& model = *panel.model();
    const int row = rowOf(model, "skin.weights.sum");
    REQUIRE(row >= 0);
    CHECK(model.index(row, ValidationModel::SeverityColumn).data().toString() == "Warning");
    CHECK(model.index(row, ValidationModel::ItemColumn).data().toString().startsWith("skin of"));
    CHECK(model.index(row, 0).data(ValidationModel::FixNameRole).toString() == "Normalize Weights");

    auto* table = panel.findChild<QTableView*>("validationTable");
    auto* fix = panel.findChild<QPushButton*>("validationFixButton");
    REQUIRE(table != nullptr);
    REQUIRE(fix != nullptr);
    CHECK_FALSE(fix->isEnabled());
    table->setCurrentIndex(model.index(row, ValidationModel::RuleColumn));
    REQUIRE(fix->isEnabled());
    const std::size_t steps = session.history().undoCount();
    QTest::mouseClick(fix, Qt::LeftButton);
    CHECK(session.history().undoCount() == steps + 1);
    CHECK(session.undoName() == "Normalize Weights");
    waitForResults(panel, finished);
    CHECK(rowOf(model, "skin.weights.sum") == -1);

    session.undo();
    waitForResults(panel, finished);
    CHECK(rowOf(model, "skin.weights.sum") >= 0);
    session.redo();
    waitForResults(panel, finished);
    CHECK(rowOf(model, "skin.weights.sum") == -1);
}

TEST_CASE("a skin without names beside a named one is fixed by inferring them",
          "[ui][validation]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(fixture("skin.group-names.missing.g4tf")).ok());
    ui::ValidationPanel panel(session);
    panel.setDebounceInterval(20);
    QSignalSpy finished(&panel, &ui::ValidationPanel::validationFinished);
    waitForResults(panel, finished);

    const ValidationModel& model = *panel.model();
    const int row = rowOf(model, "skin.group-names.missing");
    REQUIRE(row >= 0);
    CHECK(model.index(row, 0).data(ValidationModel::FixNameRole).toString() == "Infer Group Names");
    auto* table = panel.findChild<QTableView*>("validationTable");
    auto* fix = panel.findChild<QPushButton*>("validationFixButton");
    REQUIRE(table != nullptr);
    REQUIRE(fix != nullptr);
    table->setCurrentIndex(model.index(row, ValidationModel::RuleColumn));
    REQUIRE(fix->isEnabled());
    QTest::mouseClick(fix, Qt::LeftButton);
    CHECK(session.undoName() == "Infer Group Names");
    const auto& shirt = session.document().meshes.at(session.document().meshes.order().at(1));
    REQUIRE(shirt.skin);
    CHECK(shirt.skin->groupNames == std::vector<std::string>{"Upper", "Lower"});
    waitForResults(panel, finished);
    CHECK(rowOf(model, "skin.group-names.missing") == -1);
    CHECK(panel.errorCount() == 0);
}

TEST_CASE("the validation panel drops stale results", "[ui][validation]") {
    ui::EditorSession session;
    REQUIRE(session.openFile(fixture("bone.parent.g4tf")).ok());
    ui::ValidationPanel panel(session);
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy finished(&panel, &ui::ValidationPanel::validationFinished);
    waitForResults(panel, finished);
    REQUIRE(rowOf(*panel.model(), "bone.parent") >= 0);
    const NodeId stray = session.document().nodes.order().at(5);
    finished.clear();

    SECTION("two quick edits give one run, of the latest state") {
        REQUIRE(session.execute(core::edit::deleteNode(stray)).ok()); // repairs the file
        session.undo();                                               // breaks it again
        waitForResults(panel, finished);
        CHECK(finished.count() == 1);
        CHECK(rowOf(*panel.model(), "bone.parent") >= 0);
    }
    SECTION("a run overtaken by an edit never shows its results") {
        REQUIRE(session.execute(core::edit::deleteNode(stray)).ok());
        panel.validateNow(); // sees the repaired file
        const quint64 overtaken = panel.generation();
        session.undo();
        panel.validateNow(); // sees the broken file again
        waitForResults(panel, finished);
        // Runs are delivered in order, so the overtaken one has come and gone by now.
        REQUIRE(finished.count() == 1);
        CHECK(finished.first().at(0).toULongLong() == panel.generation());
        CHECK(finished.first().at(0).toULongLong() != overtaken);
        CHECK(rowOf(*panel.model(), "bone.parent") >= 0);
    }
}

TEST_CASE("the validation panel follows document replacement", "[ui][validation]") {
    ui::EditorSession session;
    ui::ValidationPanel panel(session);
    QAbstractItemModelTester tester(panel.model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy finished(&panel, &ui::ValidationPanel::validationFinished);
    QSignalSpy counts(&panel, &ui::ValidationPanel::countsChanged);
    CHECK(panel.model()->rowCount() == 0);

    REQUIRE(session.openFile(fixture("bone.parent.g4tf")).ok());
    waitForResults(panel, finished);
    CHECK(panel.errorCount() >= 1);
    session.newDocument(4);
    CHECK(panel.model()->rowCount() == 0); // at once: the old rows' ids mean nothing now
    waitForResults(panel, finished);
    CHECK(panel.errorCount() == 0);
    CHECK(counts.last().at(0).toInt() == 0);
    session.closeDocument();
    CHECK(panel.model()->rowCount() == 0);
}
