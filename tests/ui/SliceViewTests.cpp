#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"

#include <QAccessible>
#include <QAction>
#include <QMenu>
#include <QMenuBar>

#include <catch2/catch.hpp>

using hyperrig::ui::MainWindow;

namespace {

void openSliceSample(MainWindow& window, const char* name) {
    const QString path = QStringLiteral(HYPERRIG_SOURCE_DIR) + QStringLiteral("/assets/samples/") +
                         QString::fromUtf8(name);
    const QString error = window.openDocument(path);
    INFO(error.toStdString());
    REQUIRE(error.isEmpty());
}

QMenu* viewMenuOf(MainWindow& window) {
    for (QAction* action : window.menuBar()->actions())
        if (action->menu() && action->text().remove(QLatin1Char('&')) == QStringLiteral("View"))
            return action->menu();
    return nullptr;
}

} // namespace

TEST_CASE("View > Rotate Slice 90° steps the slicing hyperplane of 4D and higher rigs",
          "[ui][mainwindow][nd]") {
    MainWindow window;
    QMenu* view = viewMenuOf(window);
    REQUIRE(view != nullptr);
    const QStringList texts{QStringLiteral("Rotate Slice 90° in XW"),
                            QStringLiteral("Rotate Slice 90° in YW"),
                            QStringLiteral("Rotate Slice 90° in ZW")};
    std::vector<QAction*> entries;
    for (const QString& text : texts) {
        QAction* found = nullptr;
        for (QAction* action : view->actions())
            if (action->text() == text)
                found = action;
        INFO(text.toStdString());
        REQUIRE(found != nullptr);
        entries.push_back(found);
    }

    // Each entry is heard by its text: the menu's accessible children are named as written.
    QAccessibleInterface* menu = QAccessible::queryAccessibleInterface(view);
    REQUIRE(menu != nullptr);
    QStringList heard;
    for (int child = 0; child < menu->childCount(); ++child)
        if (QAccessibleInterface* item = menu->child(child))
            heard << item->text(QAccessible::Name);
    for (const QString& text : texts)
        CHECK(heard.contains(text));

    openSliceSample(window, "arm-3d.g4tf");
    for (QAction* action : entries)
        CHECK_FALSE(action->isEnabled());

    openSliceSample(window, "creature-4d.g4tf");
    auto& state = window.viewportWidget().overlayState();
    for (QAction* action : entries)
        CHECK(action->isEnabled());
    entries[0]->trigger();
    CHECK(state.view.xwDegrees == 90.0);
    entries[2]->trigger();
    CHECK(state.view.zwDegrees == 90.0);
    // The viewport shows the new slice: after the quarter turns world W lies in the slice's
    // space, no longer straight out of it (where the gizmo's W axis is zero).
    CHECK(window.viewportWidget().viewport().scene().wAxis != glm::vec3(0.0F));

    openSliceSample(window, "limb-5d.g4tf");
    for (QAction* action : entries)
        CHECK(action->isEnabled());
    CHECK(state.extraAxisCount == 2);
    CHECK(window.viewportWidget().viewport().scene().dimension == 5);
}
