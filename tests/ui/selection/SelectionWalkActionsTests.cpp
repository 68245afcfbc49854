#include "tests/ui/selection/OutlinerSelectionSupport.h"
#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QTest>

#include <catch2/catch.hpp>
#include <initializer_list>
#include <vector>

using hyperrig::core::model::NodeId;
using hyperrig::ui::MainWindow;

namespace {

// The 4D creature in a shown, active window with the viewport focused, so that keys go through
// the window's shortcuts as a user's would.
struct WalkWindow {
    MainWindow window;
    WalkWindow() {
        const QString error = window.openDocument(
            QStringLiteral(HYPERRIG_SOURCE_DIR "/assets/samples/creature-4d.g4tf"));
        REQUIRE(error.isEmpty());
        window.resize(1024, 700);
        window.show();
        window.activateWindow();
        REQUIRE(QTest::qWaitForWindowActive(&window));
        window.viewportWidget().setFocus();
    }
    NodeId node(const char* name) const {
        const NodeId found = window.document()->findNode(name);
        REQUIRE(found);
        return found;
    }
    std::vector<NodeId> nodes(std::initializer_list<const char*> names) const {
        std::vector<NodeId> result;
        for (const char* name : names)
            result.push_back(node(name));
        return result;
    }
    void select(std::initializer_list<const char*> names) { window.session().select(nodes(names)); }
    // A key as typed on the focused widget, with its text: window shortcuts see it first.
    void press(char key, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        QWidget* focused = QApplication::focusWidget();
        REQUIRE(focused != nullptr);
        QTest::keyClick(focused, key, modifiers);
    }
    const std::vector<NodeId>& selection() { return window.session().selection(); }
};

} // namespace

TEST_CASE("] and [ walk the selection to children and parents, the outliner following",
          "[ui][selection]") {
    WalkWindow w;

    SECTION("] selects the children instead, [ goes back to the parent") {
        w.select({"Chest"});
        w.press(']');
        CHECK(w.selection() ==
              w.nodes({"Neck", "LeftUpperArm", "RightUpperArm", "AnaUpperArm", "KataUpperArm"}));
        CHECK(w.window.session().currentNode() == w.node("Neck"));
        CHECK(hyperrig::test::outlinerComesToShow(w.window, w.selection()));
        w.press('[');
        CHECK(w.selection() == w.nodes({"Chest"}));
        CHECK(hyperrig::test::outlinerComesToShow(w.window, w.nodes({"Chest"})));
    }
    SECTION("Shift+] and Shift+[ add to the selection") {
        w.select({"Hips"});
        w.press(']', Qt::ShiftModifier);
        CHECK(w.selection() == w.nodes({"Hips", "Spine", "LeftUpperLeg", "RightUpperLeg",
                                        "AnaUpperLeg", "KataUpperLeg", "Tail"}));
        CHECK(hyperrig::test::outlinerComesToShow(w.window, w.selection()));
        w.select({"Neck"});
        w.press('[', Qt::ShiftModifier);
        CHECK(w.selection() == w.nodes({"Neck", "Chest"}));
        CHECK(hyperrig::test::outlinerComesToShow(w.window, w.nodes({"Neck", "Chest"})));
    }
    SECTION("the skeleton's parent is the scene root, which is never selected") {
        w.select({"CreatureRig", "Body"});
        w.press('[');
        CHECK(w.selection() == w.nodes({"CreatureRig"}));
    }
    SECTION("a focused text field keeps the brackets it is typed") {
        w.select({"Chest"});
        auto* filter = w.window.findChild<QLineEdit*>(QStringLiteral("outlinerFilter"));
        REQUIRE(filter != nullptr);
        filter->setFocus();
        REQUIRE(QApplication::focusWidget() == filter);
        w.press(']');
        w.press('[');
        CHECK(filter->text() == QStringLiteral("]["));
        CHECK(w.selection() == w.nodes({"Chest"}));
    }
    SECTION("the Edit menu offers them with their shortcuts; nothing selected disables them") {
        auto* edit = w.window.findChild<QMenu*>(QStringLiteral("editMenu"));
        REQUIRE(edit != nullptr);
        const std::vector<std::pair<const char*, QKeySequence>> expected{
            {"selectParentAction", QKeySequence(Qt::Key_BracketLeft)},
            {"selectChildrenAction", QKeySequence(Qt::Key_BracketRight)},
            {"addParentsToSelectionAction", QKeySequence(Qt::SHIFT | Qt::Key_BracketLeft)},
            {"addChildrenToSelectionAction", QKeySequence(Qt::SHIFT | Qt::Key_BracketRight)}};
        for (const auto& [name, shortcut] : expected) {
            INFO(name);
            auto* action = w.window.findChild<QAction*>(QString::fromLatin1(name));
            REQUIRE(action != nullptr);
            CHECK(edit->actions().contains(action));
            CHECK(action->shortcut() == shortcut);
            w.select({"Chest"});
            CHECK(action->isEnabled());
            w.window.session().selectNone();
            CHECK_FALSE(action->isEnabled());
        }
    }
}
