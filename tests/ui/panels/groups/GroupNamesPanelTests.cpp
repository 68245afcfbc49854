#include "core/edit/commands/NodeCommands.h"
#include "core/model/DocumentEquality.h"
#include "core/model/SkinGroupNames.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/DockedPanelSupport.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/panels/groups/GroupNamesPanel.h"
#include "ui/session/EditorSession.h"

#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTest>

#include <catch2/catch.hpp>

using namespace hyperrig;
using core::model::NodeId;
using hyperrig::test::child;
using hyperrig::test::creatureFromDisk;
using hyperrig::test::sampleFile;

namespace {

// The 4D creature with a shown Group Names panel; CreatureRig skins Body and Clothing.
struct GroupNamesFixture : test::PanelFixture<ui::GroupNamesPanel> {
    QTableView* table = nullptr;

    GroupNamesFixture() : PanelFixture({520, 800}) {
        table = child<QTableView>(*panel, "groupsTable");
    }
    core::model::MeshId meshOf(const char* name) const {
        return session.document().node(node(name)).meshInstance()->mesh;
    }
    std::vector<std::string> names(const char* meshNode) const {
        return core::model::skinGroupNames(session.document(), meshOf(meshNode));
    }
    QString cell(int row, int column) const {
        return table->model()->index(row, column).data().toString();
    }
};

} // namespace

TEST_CASE("group names follow the skeleton and the Mesh combo", "[ui][groups]") {
    GroupNamesFixture f;
    CHECK(ui::GroupNamesPanel::title() == "Group Names");
    CHECK(f.table->model()->rowCount() == 0);
    f.session.select({f.node("CreatureRig")});
    auto* mesh = child<QComboBox>(*f.panel, "groupsMesh");
    CHECK(mesh->accessibleName() == "Mesh");
    REQUIRE(mesh->count() == 2);
    CHECK(mesh->currentText() == "Body"); // the skeleton's first skinned mesh
    const auto bodyNames = f.names("Body");
    REQUIRE(f.table->model()->rowCount() == static_cast<int>(bodyNames.size()));
    CHECK(f.cell(0, 1).toStdString() == bodyNames[0]);
    CHECK(f.cell(0, 2) == "Hips"); // joints slot 0
    // A selected mesh node is shown.
    f.session.select({f.node("Clothing")});
    CHECK(mesh->currentText() == "Clothing");
    CHECK(f.table->model()->rowCount() == static_cast<int>(f.names("Clothing").size()));
    mesh->setCurrentIndex(0);
    emit mesh->activated(0);
    CHECK(f.table->model()->rowCount() == static_cast<int>(bodyNames.size()));
}

TEST_CASE("renaming a group is one undo step; a taken name is refused", "[ui][groups]") {
    GroupNamesFixture f;
    f.session.select({f.node("Body")});
    const auto before = f.names("Body");
    const std::size_t steps = f.steps();
    auto* model = f.table->model();
    REQUIRE(model->setData(model->index(1, 1), QStringLiteral("Torso")));
    CHECK(f.names("Body")[1] == "Torso");
    CHECK(f.cell(1, 1) == "Torso");
    CHECK(f.steps() == steps + 1);
    SECTION("a name another group has is refused, with the reason, and changes nothing") {
        CHECK_FALSE(model->setData(model->index(2, 1), QString::fromStdString(before[0])));
        CHECK(f.names("Body")[2] == before[2]);
        CHECK(f.steps() == steps + 1);
        CHECK(child<QLabel>(*f.panel, "groupsRefusal")->isVisible());
    }
    SECTION("undo and redo") {
        f.session.undo();
        CHECK(f.names("Body") == before);
        CHECK(f.cell(1, 1).toStdString() == before[1]);
        f.session.redo();
        CHECK(f.names("Body")[1] == "Torso");
    }
}

TEST_CASE("group tools preview their effect and apply as one step", "[ui][groups]") {
    GroupNamesFixture f;
    f.session.select({f.node("Body")});
    const std::size_t steps = f.steps();
    // Every Body vertex of the sample has at most a few influences: limiting to one changes the
    // vertices with two or more, which the preview counts from the skin itself.
    const auto& skin = *f.session.document().meshes.at(f.meshOf("Body")).skin;
    std::size_t multi = 0;
    for (std::size_t v = 0; v < skin.vertexCount(); ++v)
        multi += skin.offsets[v + 1] - skin.offsets[v] >= 2 ? 1U : 0U;
    REQUIRE(multi > 0);
    child<QSpinBox>(*f.panel, "groupsMaxInfluences")->setValue(1);
    CHECK(child<QLabel>(*f.panel, "groupsLimitPreview")->text() ==
          QStringLiteral("%1 vertices change").arg(multi));
    auto* limit = child<QPushButton>(*f.panel, "groupsLimit");
    REQUIRE(limit->isEnabled());
    QTest::mouseClick(limit, Qt::LeftButton);
    CHECK(f.steps() == steps + 1);
    const auto& limited = *f.session.document().meshes.at(f.meshOf("Body")).skin;
    for (std::size_t v = 0; v < limited.vertexCount(); ++v)
        CHECK(limited.offsets[v + 1] - limited.offsets[v] <= 1);
    // Nothing left to limit: the button says so and is disabled.
    CHECK_FALSE(limit->isEnabled());
    CHECK(child<QLabel>(*f.panel, "groupsLimitPreview")->text() == "no change");
    f.session.undo();
    CHECK(core::model::firstDifference(f.session.document(), creatureFromDisk()) == std::nullopt);
    // The sample has names: inferring them is refused, and the preview says why.
    CHECK_FALSE(child<QPushButton>(*f.panel, "groupsInfer")->isEnabled());
    CHECK(child<QLabel>(*f.panel, "groupsInferPreview")
              ->toolTip()
              .contains("already has group names"));
}

TEST_CASE("Move Down renumbers the current group as one step", "[ui][groups]") {
    GroupNamesFixture f;
    f.session.select({f.node("Body")});
    const auto before = f.names("Body");
    f.table->setCurrentIndex(f.table->model()->index(0, 1));
    QTest::mouseClick(child<QPushButton>(*f.panel, "groupsDown"), Qt::LeftButton);
    const auto after = f.names("Body");
    CHECK(after[0] == before[1]);
    CHECK(after[1] == before[0]);
    CHECK(f.table->currentIndex().row() == 1);
    f.session.undo();
    CHECK(f.names("Body") == before);
}

TEST_CASE("choosing a group asks the viewport for its heat-map", "[ui][groups]") {
    GroupNamesFixture f;
    f.session.select({f.node("Body")});
    QSignalSpy requested(f.panel.get(), &ui::GroupNamesPanel::heatMapGroupRequested);
    f.table->setFocus();
    QTest::keyClick(f.table, Qt::Key_Down);
    REQUIRE_FALSE(requested.isEmpty());
    CHECK(requested.last().at(0).toString() == f.cell(f.table->currentIndex().row(), 1));

    // Nothing else asks: another selection, an edit and Move Down refresh the table, and a heat
    // map the user turned off stayed off (the refresh asked again, for the group now in the
    // moved one's row).
    requested.clear();
    f.session.select({f.node("Spine")});
    f.session.select({f.node("Body")});
    CHECK(requested.isEmpty());
    const int row = f.table->currentIndex().row();
    REQUIRE(row + 1 < f.table->model()->rowCount());
    QTest::mouseClick(child<QPushButton>(*f.panel, "groupsDown"), Qt::LeftButton);
    CHECK(f.table->currentIndex().row() == row + 1);
    CHECK(requested.isEmpty());
}

TEST_CASE("in the main window, F2 in the table renames the group, not a node; Delete deletes none",
          "[ui][groups][mainwindow]") {
    test::DockedPanelFixture<ui::GroupNamesPanel> w("Group Names");
    ui::EditorSession& session = w.window.session();
    const NodeId body = w.node("Body");
    session.select({body});
    w.window.show();
    w.window.dock(QStringLiteral("Group Names"))->raise();
    w.window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&w.window));
    auto* table = child<QTableView>(*w.panel, "groupsTable");
    table->setFocus();
    table->setCurrentIndex(table->model()->index(1, 1));
    REQUIRE(table->hasFocus());
    const std::size_t steps = session.history().undoCount();

    QTest::keyClick(table, Qt::Key_F2);
    auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    REQUIRE(editor != nullptr);
    REQUIRE(table->isAncestorOf(editor));
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("Torso"));
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits through a queued call
    CHECK(core::model::skinGroupNames(session.document(),
                                      session.document().node(body).meshInstance()->mesh)[1] ==
          "Torso");
    CHECK(session.document().node(body).displayName() == "Body");

    // A taken name is refused; the editor comes back with it, selected, to be corrected.
    const std::string taken = core::model::skinGroupNames(
        session.document(), session.document().node(body).meshInstance()->mesh)[0];
    table->setCurrentIndex(table->model()->index(2, 1));
    QTest::keyClick(table, Qt::Key_F2);
    editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    REQUIRE(editor != nullptr);
    editor->selectAll();
    QTest::keyClicks(editor, QString::fromStdString(taken));
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents(); // the commit (queued)
    QCoreApplication::processEvents(); // the editor opened again (queued by the refusal)
    CHECK(session.history().undoCount() == steps + 1);
    editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    REQUIRE(editor != nullptr);
    REQUIRE(table->isAncestorOf(editor));
    CHECK(editor->text().toStdString() == taken);
    CHECK(editor->selectedText() == editor->text());
    editor->end(false);
    QTest::keyClicks(editor, QStringLiteral("2"));
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents();
    CHECK(core::model::skinGroupNames(session.document(),
                                      session.document().node(body).meshInstance()->mesh)[2] ==
          taken + "2");
    CHECK(session.history().undoCount() == steps + 2);
    // Return on an unchanged name closes the editor: accepted, nothing to do, no step.
    QTest::keyClick(table, Qt::Key_F2);
    editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    REQUIRE(editor != nullptr);
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents();
    CHECK(qobject_cast<QLineEdit*>(QApplication::focusWidget()) == nullptr);
    CHECK(session.history().undoCount() == steps + 2);

    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);
    CHECK(session.document().nodes.find(body) != nullptr);
    CHECK(session.history().undoCount() == steps + 2);
}

TEST_CASE("an unnamed bone's groups show it by its position in the document", "[ui][groups]") {
    GroupNamesFixture f;
    const NodeId hips = f.node("Hips");
    REQUIRE(f.session.execute(core::edit::renameNode(hips, std::nullopt)).ok());
    f.session.select({f.node("CreatureRig")});
    REQUIRE(f.table->model()->rowCount() > 0);
    // Joints slot 0 holds Hips.
    CHECK(f.cell(0, 2) ==
          QString("(unnamed #%1)").arg(f.session.document().nodes.positionOf(hips)));
}
