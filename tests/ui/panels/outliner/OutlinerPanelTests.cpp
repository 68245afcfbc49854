#include "core/edit/commands/NodeCommands.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/model/DocumentEquality.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/panels/outliner/OutlinerTestSupport.h"
#include "ui/actions/NodeActions.h"
#include "ui/panels/outliner/OutlinerModel.h"
#include "ui/panels/outliner/OutlinerPanel.h"
#include "ui/session/EditorSession.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>

using namespace hyperrig;
using core::model::NodeId;
using hyperrig::test::creatureFromDisk;
using hyperrig::test::sampleFile;
using ui::OutlinerModel;

namespace {

// The creature open in a session, with the shared actions and a shown outliner panel.
struct OutlinerFixture {
    ui::EditorSession session;
    ui::NodeActions actions{session};
    std::unique_ptr<ui::OutlinerPanel> panel;
    QTreeView* view = nullptr;
    QSortFilterProxyModel* shown = nullptr;

    OutlinerFixture() {
        REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
        panel = std::make_unique<ui::OutlinerPanel>(session, actions);
        panel->resize(320, 220); // small, so most rows need scrolling to
        panel->show();
        REQUIRE(QTest::qWaitForWindowExposed(panel.get()));
        view = panel->findChild<QTreeView*>(QStringLiteral("outlinerTree"));
        REQUIRE(view != nullptr);
        shown = panel->filterModel();
        REQUIRE(view->model() == shown);
    }

    NodeId node(const char* name) const { return session.document().findNode(name); }
    QModelIndex row(const char* name, int column = 0) const {
        return shown->mapFromSource(panel->model()->indexOf(node(name), column));
    }
    std::vector<NodeId> selectedInView() const {
        std::vector<NodeId> nodes;
        for (const QModelIndex& index : view->selectionModel()->selectedIndexes())
            if (index.column() == OutlinerModel::NameColumn)
                nodes.push_back(panel->model()->nodeAt(shown->mapToSource(index)));
        std::sort(nodes.begin(), nodes.end());
        return nodes;
    }
    void click(const char* name, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        const QModelIndex index = row(name);
        view->scrollTo(index);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers,
                          view->visualRect(index).center());
    }
    // The open name editor; a closed one is hidden until its deferred deletion.
    QLineEdit* editor() const {
        for (QLineEdit* edit : view->viewport()->findChildren<QLineEdit*>())
            if (edit->isVisible())
                return edit;
        return nullptr;
    }
};

std::vector<NodeId> sorted(std::vector<NodeId> nodes) {
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

QStringList actionNames(const QMenu& menu) {
    QStringList names;
    for (QAction* action : menu.actions())
        if (!action->isSeparator())
            names << action->objectName();
    return names;
}

} // namespace

TEST_CASE("the outliner panel names its controls for tests and screen readers", "[ui][outliner]") {
    OutlinerFixture f;
    CHECK(ui::OutlinerPanel::title() == "Outliner");
    CHECK(f.view->accessibleName() == "Outliner");
    CHECK(f.view->selectionMode() == QAbstractItemView::ExtendedSelection);
    auto* filter = f.panel->findChild<QLineEdit*>(QStringLiteral("outlinerFilter"));
    REQUIRE(filter != nullptr);
    CHECK(filter->accessibleName() == "Filter");
    CHECK_FALSE(filter->toolTip().isEmpty());
    auto* label = f.panel->findChild<QLabel*>(QStringLiteral("outlinerFilterLabel"));
    REQUIRE(label != nullptr);
    CHECK(label->buddy() == filter);
    CHECK(label->text().remove('&') == "Filter");
    const auto clearButtons = filter->findChildren<QToolButton*>();
    REQUIRE(clearButtons.size() == 1);
    CHECK(clearButtons.front()->accessibleName() == "Clear Filter");
    QAbstractItemModelTester tester(f.shown, QAbstractItemModelTester::FailureReportingMode::Fatal);
    CHECK(f.shown->data(f.row("Spine"), Qt::AccessibleTextRole).toString() == "Spine");
    CHECK(f.shown->headerData(0, Qt::Horizontal).toString() == "Name");
    CHECK(f.shown->headerData(1, Qt::Horizontal).toString() == "Visible");
}

TEST_CASE("outliner selection follows the session and the session follows clicks",
          "[ui][outliner]") {
    OutlinerFixture f;
    SECTION("a selection made elsewhere selects the rows and scrolls to the current one") {
        f.view->collapseAll();
        f.session.select({f.node("Spine"), f.node("KataLowerLeg")});
        CHECK(f.selectedInView() == sorted({f.node("Spine"), f.node("KataLowerLeg")}));
        CHECK(f.view->currentIndex() == f.row("KataLowerLeg"));
        CHECK(f.view->isExpanded(f.row("KataUpperLeg")));
        CHECK(f.view->viewport()->rect().intersects(f.view->visualRect(f.row("KataLowerLeg"))));
        f.session.selectNone();
        CHECK(f.selectedInView().empty());
    }
    SECTION("click, Ctrl+click and Shift+click select in the session") {
        QSignalSpy selection(&f.session, &ui::EditorSession::selectionChanged);
        f.click("Spine");
        CHECK(f.session.selection() == std::vector<NodeId>{f.node("Spine")});
        CHECK(f.session.currentNode() == f.node("Spine"));
        f.click("Neck", Qt::ControlModifier);
        CHECK(f.session.selection() == std::vector<NodeId>{f.node("Spine"), f.node("Neck")});
        CHECK(f.session.currentNode() == f.node("Neck"));
        f.click("Spine", Qt::ControlModifier); // Ctrl+click again deselects
        CHECK(f.session.selection() == std::vector<NodeId>{f.node("Neck")});
        f.click("Hips");
        f.click("Chest", Qt::ShiftModifier);
        CHECK(f.session.selection() ==
              std::vector<NodeId>{f.node("Hips"), f.node("Spine"), f.node("Chest")});
        CHECK(f.selectedInView() == sorted(f.session.selection()));
        CHECK(selection.count() >= 4);
    }
    SECTION("an undo that removes a selected node leaves the rest selected in both") {
        REQUIRE(f.session.execute(core::edit::duplicateNode(f.node("Tail"))).ok());
        f.session.select({f.node("Spine"), f.node("Tail2")});
        f.session.undo();
        CHECK(f.session.selection() == std::vector<NodeId>{f.node("Spine")});
        CHECK(f.selectedInView() == std::vector<NodeId>{f.node("Spine")});
    }
    SECTION("Select All from the shared action selects every row") {
        f.actions.selectAll()->trigger();
        CHECK(f.selectedInView().size() == f.session.document().nodes.size() - 1);
    }
}

TEST_CASE("the outliner filter shows matching nodes with their ancestors", "[ui][outliner]") {
    OutlinerFixture f;
    auto* filter = f.panel->findChild<QLineEdit*>(QStringLiteral("outlinerFilter"));
    REQUIRE(filter != nullptr);
    f.session.select({f.node("Body")});
    QTest::keyClicks(filter, QStringLiteral("hand"));
    CHECK(test::shownTree(*f.shown) ==
          "Scene[CreatureRig[Hips[Spine[Chest[LeftUpperArm[LeftLowerArm[LeftHand]],"
          "RightUpperArm[RightLowerArm[RightHand]]]]]]]");
    CHECK(f.view->isExpanded(f.row("LeftLowerArm")));
    // Filtering is a view matter: the hidden Body stays selected in the session.
    CHECK(f.session.selection() == std::vector<NodeId>{f.node("Body")});
    filter->clear();
    CHECK(test::shownTree(*f.shown) == test::documentTree(f.session.document()));
    CHECK(f.selectedInView() == std::vector<NodeId>{f.node("Body")});
}

TEST_CASE("with a filter, Ctrl+click and Shift+click keep the hidden selected nodes",
          "[ui][outliner]") {
    OutlinerFixture f;
    auto* filter = f.panel->findChild<QLineEdit*>(QStringLiteral("outlinerFilter"));
    REQUIRE(filter != nullptr);
    f.session.select({f.node("Body")});
    QTest::keyClicks(filter, QStringLiteral("hand"));
    f.click("LeftHand", Qt::ControlModifier);
    CHECK(f.session.selection() == std::vector<NodeId>{f.node("Body"), f.node("LeftHand")});
    f.click("RightHand", Qt::ShiftModifier);
    CHECK(std::count(f.session.selection().begin(), f.session.selection().end(), f.node("Body")) ==
          1);
    CHECK(std::count(f.session.selection().begin(), f.session.selection().end(),
                     f.node("RightHand")) == 1);
    f.click("LeftHand"); // a plain click replaces the whole selection
    CHECK(f.session.selection() == std::vector<NodeId>{f.node("LeftHand")});
}

TEST_CASE("the outliner context menu holds the shared node actions", "[ui][outliner]") {
    OutlinerFixture f;
    SECTION("a bone or skeleton row offers Add Child Bone, Duplicate, Delete, Rename") {
        for (const char* name : {"Spine", "CreatureRig"}) {
            const std::unique_ptr<QMenu> menu(f.panel->createContextMenu(f.row(name), nullptr));
            const QStringList names = actionNames(*menu);
            CHECK(names.contains("addChildBoneAction"));
            CHECK(names.contains("duplicateAction"));
            CHECK(names.contains("deleteAction"));
            CHECK(names.contains("renameAction"));
            CHECK_FALSE(names.contains("addSkeletonAction"));
        }
        // The very QActions of NodeActions: one label and shortcut everywhere.
        const std::unique_ptr<QMenu> menu(f.panel->createContextMenu(f.row("Spine"), nullptr));
        CHECK(menu->actions().contains(f.actions.addChildBone()));
    }
    SECTION("a mesh node row offers no Add Child Bone") {
        const std::unique_ptr<QMenu> menu(f.panel->createContextMenu(f.row("Body"), nullptr));
        CHECK_FALSE(actionNames(*menu).contains("addChildBoneAction"));
        CHECK(actionNames(*menu).contains("deleteAction"));
    }
    SECTION("the empty area offers Add Skeleton") {
        const std::unique_ptr<QMenu> menu(f.panel->createContextMenu({}, nullptr));
        CHECK(actionNames(*menu).contains("addSkeletonAction"));
        CHECK_FALSE(actionNames(*menu).contains("addChildBoneAction"));
        CHECK_FALSE(actionNames(*menu).contains("deleteAction"));
    }
    SECTION("Add Child Bone from the menu adds under the clicked row") {
        f.click("Tail");
        const std::unique_ptr<QMenu> menu(f.panel->createContextMenu(f.row("Tail"), nullptr));
        f.actions.addChildBone()->trigger();
        const NodeId bone = f.session.currentNode();
        REQUIRE(bone);
        CHECK(f.session.document().node(bone).parent == f.node("Tail"));
        CHECK(f.selectedInView() == std::vector<NodeId>{bone});
        f.session.undo();
        CHECK(core::model::firstDifference(f.session.document(), creatureFromDisk()) ==
              std::nullopt);
    }
}

TEST_CASE("F2 renames in place; a refused name is reported and the row keeps its name",
          "[ui][outliner]") {
    OutlinerFixture f;
    QSignalSpy messages(f.panel.get(), &ui::OutlinerPanel::message);
    const NodeId spine = f.node("Spine");
    // Active, as for a user typing: the editor has the keyboard focus (a refused name commits
    // on Enter with the focus in the editor).
    f.panel->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(f.panel.get()));
    f.click("Spine");
    const QString defaultTip = f.view->toolTip();

    SECTION("a forbidden character is refused: document unchanged, reason shown") {
        QTest::keyClick(f.view, Qt::Key_F2);
        QLineEdit* editor = f.editor();
        REQUIRE(editor != nullptr);
        CHECK(editor->text() == "Spine");
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("Bad.Name"));
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents(); // the delegate commits through a queued call
        CHECK(f.session.document().node(spine).displayName() == "Spine");
        CHECK(f.shown->data(f.row("Spine")).toString() == "Spine");
        CHECK_FALSE(f.session.canUndo());
        CHECK(core::model::firstDifference(f.session.document(), creatureFromDisk()) ==
              std::nullopt);
        REQUIRE(messages.count() == 1);
        const QString reason = messages.at(0).at(0).toString();
        CHECK(reason.contains("'.'"));
        CHECK(f.view->toolTip() == reason);
        CHECK(f.view->statusTip() == reason);
        // The editor is open again with what was typed, all selected: one key replaces it.
        QCoreApplication::processEvents(); // the panel reopens it through a queued call
        REQUIRE(f.editor() != nullptr);
        CHECK(f.editor()->text() == "Bad.Name");
        CHECK(f.editor()->selectedText() == "Bad.Name");

        SECTION("fixing the typed name renames") {
            f.editor()->setCursorPosition(3);
            QTest::keyClick(f.editor(), Qt::Key_Delete); // Bad.Name -> BadName
            QTest::keyClick(f.editor(), Qt::Key_Return);
            QCoreApplication::processEvents();
            CHECK(f.session.document().node(spine).displayName() == "BadName");
            CHECK(f.editor() == nullptr);
            CHECK(f.session.undoName().startsWith(QStringLiteral("Rename")));
        }
        SECTION("leaving a refused editor gives the text up: no editor comes back") {
            f.editor()->selectAll();
            QTest::keyClicks(f.editor(), QStringLiteral("Also.Bad"));
            f.panel->findChild<QLineEdit*>(QStringLiteral("outlinerFilter"))->setFocus();
            QCoreApplication::processEvents();
            QCoreApplication::processEvents();
            CHECK(f.editor() == nullptr);
            CHECK(f.session.document().node(spine).displayName() == "Spine");
            CHECK(messages.count() == 2); // the reason is still said
        }
        SECTION("Escape gives up: the name stays and no editor comes back") {
            QTest::keyClick(f.editor(), Qt::Key_Escape);
            QCoreApplication::processEvents();
            CHECK(f.editor() == nullptr);
            CHECK(f.session.document().node(spine).displayName() == "Spine");
            f.actions.rename()->trigger(); // a new rename starts from the stored name
            REQUIRE(f.editor() != nullptr);
            CHECK(f.editor()->text() == "Spine");
        }
        SECTION("the next edit clears the reason") {
            f.actions.rename()->trigger(); // what Edit > Rename does: renameRequested
            REQUIRE(f.editor() != nullptr);
            f.editor()->selectAll();
            QTest::keyClicks(f.editor(), QStringLiteral("Torso"));
            QTest::keyClick(f.editor(), Qt::Key_Return);
            QCoreApplication::processEvents();
            CHECK(f.session.document().node(spine).displayName() == "Torso");
            CHECK(f.view->toolTip() == defaultTip);
            f.session.undo();
            CHECK(f.session.document().node(spine).displayName() == "Spine");
            f.session.redo();
            CHECK(f.session.document().node(spine).displayName() == "Torso");
        }
    }
    SECTION("Escape cancels the edit") {
        QTest::keyClick(f.view, Qt::Key_F2);
        REQUIRE(f.editor() != nullptr);
        f.editor()->selectAll();
        QTest::keyClicks(f.editor(), QStringLiteral("Other"));
        QTest::keyClick(f.editor(), Qt::Key_Escape);
        QCoreApplication::processEvents();
        CHECK(f.editor() == nullptr);
        CHECK(f.session.document().node(spine).displayName() == "Spine");
        CHECK_FALSE(f.session.canUndo());
        CHECK(messages.count() == 0);
    }
}

TEST_CASE("outliner keys and check boxes edit through commands", "[ui][outliner]") {
    OutlinerFixture f;
    SECTION("Delete deletes the selected nodes through the shared action; undo restores") {
        f.click("LeftHand");
        f.click("RightHand", Qt::ControlModifier);
        QTest::keyClick(f.view, Qt::Key_Delete);
        CHECK_FALSE(f.node("LeftHand"));
        CHECK_FALSE(f.node("RightHand"));
        CHECK(f.session.undoName() == "Delete 2 Nodes");
        CHECK(test::shownTree(*f.shown) == test::documentTree(f.session.document()));
        f.session.undo();
        CHECK(core::model::firstDifference(f.session.document(), creatureFromDisk()) ==
              std::nullopt);
        CHECK(test::shownTree(*f.shown) == test::documentTree(f.session.document()));
    }
    SECTION("the Visible check box hides a node") {
        REQUIRE(f.shown->setData(f.row("Clothing", OutlinerModel::VisibleColumn), Qt::Unchecked,
                                 Qt::CheckStateRole));
        CHECK_FALSE(f.session.document().node(f.node("Clothing")).isVisible());
        f.session.undo();
        CHECK(core::model::firstDifference(f.session.document(), creatureFromDisk()) ==
              std::nullopt);
    }
    SECTION("a drop through the filter model reparents, an invalid one is refused and said") {
        QSignalSpy messages(f.panel.get(), &ui::OutlinerPanel::message);
        const std::unique_ptr<QMimeData> hand(f.shown->mimeData({f.row("LeftHand")}));
        CHECK_FALSE(
            f.shown->canDropMimeData(hand.get(), Qt::MoveAction, -1, -1, f.row("Clothing")));
        CHECK_FALSE(f.shown->dropMimeData(hand.get(), Qt::MoveAction, -1, -1, f.row("Clothing")));
        CHECK(messages.count() == 1);
        CHECK(f.view->toolTip() == messages.at(0).at(0).toString());
        REQUIRE(f.shown->dropMimeData(hand.get(), Qt::MoveAction, -1, -1, f.row("Chest")));
        CHECK(f.session.document().node(f.node("LeftHand")).parent == f.node("Chest"));
        f.session.undo();
        CHECK(core::model::firstDifference(f.session.document(), creatureFromDisk()) ==
              std::nullopt);
    }
}
