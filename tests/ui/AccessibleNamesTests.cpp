#include "ui/MainWindow.h"
#include "ui/session/EditorSession.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTest>

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

using hyperrig::ui::MainWindow;

namespace {

// What a sighted user reads on a label or a button: its text without the '&' of a shortcut and
// without a trailing colon.
QString readText(QString text) {
    text.remove(QLatin1Char('&'));
    if (text.endsWith(QLatin1Char(':')))
        text.chop(1);
    return text.trimmed();
}

// The name assistive technology hears for `widget` (its accessible interface's Name).
QString heardName(QWidget* widget) {
    QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(widget);
    REQUIRE(accessible != nullptr);
    return accessible->text(QAccessible::Name);
}

// Every button and every labelled control in `window`'s docks: the name heard is the text seen.
// - A field in a row of axis fields is heard with the heading it sits under ("x" under Position
//   is "Position x", "xy" under the rotor is "Rotor xy"), as the inspector names its fields.
// - A combo box: on Linux Qt announces a combo's current text as its name and its label through
//   the labelled-by relation, so the name it would be heard by elsewhere (its accessibleName) is
//   what must equal the label.
// - A read-out (a label whose buddy is a label, such as Head and Tail) is text, not a control:
//   it is heard as what it shows.
// Returns how many controls were checked.
int checkNamesInDocks(MainWindow& window) {
    int checked = 0;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        for (QAbstractButton* button : dock->findChildren<QAbstractButton*>()) {
            const QString seen = readText(button->text());
            if (seen.isEmpty())
                continue; // icon-only buttons (a dock's close button) carry their own names
            INFO(dock->windowTitle().toStdString() << ": button " << seen.toStdString());
            CHECK(heardName(button) == seen);
            ++checked;
        }
        for (QLabel* label : dock->findChildren<QLabel*>()) {
            QWidget* buddy = label->buddy();
            if (!buddy)
                continue;
            if (qobject_cast<QLabel*>(buddy))
                continue; // a read-out
            const QString seen = readText(label->text());
            const QString heard =
                qobject_cast<QComboBox*>(buddy) ? buddy->accessibleName() : heardName(buddy);
            INFO(dock->windowTitle().toStdString()
                 << ": label " << seen.toStdString() << ", heard " << heard.toStdString());
            CHECK((heard == seen || heard.endsWith(QLatin1Char(' ') + seen)));
            ++checked;
        }
    }
    return checked;
}

} // namespace

// ui-style.md and issue 14 item 8: accessible names equal the visible labels, in every dock, for
// whatever the selection makes the panels show.
TEST_CASE("every dock's buttons and labelled controls are heard as they read", "[ui][a11y]") {
    MainWindow window;
    const QString error = window.openDocument(QStringLiteral(HYPERRIG_SOURCE_DIR) +
                                              QStringLiteral("/assets/samples/creature-4d.g4tf"));
    REQUIRE(error.isEmpty());
    window.resize(1400, 900);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    auto& session = window.session();
    const auto& document = session.document();
    for (const char* selected : {"LeftUpperArm", "CreatureRig", "Body"}) {
        DYNAMIC_SECTION(selected) {
            const auto node = document.findNode(selected);
            REQUIRE(node);
            session.select({node});
            CHECK(checkNamesInDocks(window) > 20);
        }
    }
}

namespace {

// The names a screen reader hears for `menu`'s entries, with their menus' entries after them,
// checking on the way that each is the entry's text as read (separators have none).
std::vector<QString> heardMenuEntries(QMenu* menu) {
    std::vector<QString> heard;
    QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(menu);
    REQUIRE(accessible != nullptr);
    const QList<QAction*> actions = menu->actions();
    REQUIRE(accessible->childCount() == actions.size());
    for (int i = 0; i < actions.size(); ++i) {
        QAction* action = actions[i];
        if (action->isSeparator())
            continue;
        const QString name = accessible->child(i)->text(QAccessible::Name);
        INFO(menu->title().toStdString() << ": " << action->text().toStdString());
        CHECK(name == readText(action->text()));
        heard.push_back(name);
        if (QMenu* submenu = action->menu()) {
            const std::vector<QString> inner = heardMenuEntries(submenu);
            heard.insert(heard.end(), inner.begin(), inner.end());
        }
    }
    return heard;
}

} // namespace

// Every action is a menu entry heard by its text (ui/README.md); issue 15's selection actions
// among them, in the Edit menu.
TEST_CASE("every menu entry is heard as it reads", "[ui][a11y]") {
    MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    std::vector<QString> editEntries;
    for (QAction* top : window.menuBar()->actions()) {
        REQUIRE(top->menu() != nullptr);
        const std::vector<QString> entries = heardMenuEntries(top->menu());
        if (top->menu()->objectName() == QStringLiteral("editMenu"))
            editEntries = entries;
    }
    for (const char* expected : {"Select Parent", "Select Children", "Add Parents to Selection",
                                 "Add Children to Selection", "Box Select"}) {
        INFO(expected);
        CHECK(std::find(editEntries.begin(), editEntries.end(), QString::fromLatin1(expected)) !=
              editEntries.end());
    }
}
