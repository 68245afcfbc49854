#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>

#include <catch2/catch.hpp>

using hyperrig::ui::MainWindow;
using hyperrig::ui::ViewportWidget;

TEST_CASE("the main window hosts the viewport and working menus", "[ui][mainwindow]") {
    MainWindow window;

    SECTION("the viewport is the central widget, found by object name") {
        auto* viewport = window.findChild<ViewportWidget*>(QStringLiteral("viewport"));
        REQUIRE(viewport != nullptr);
        CHECK(window.centralWidget() == viewport);
    }
    SECTION("menus carry their shortcuts and tooltips") {
        auto* quit = window.findChild<QAction*>(QStringLiteral("quitAction"));
        REQUIRE(quit != nullptr);
        CHECK(quit->shortcut() == QKeySequence(QKeySequence::Quit));
        CHECK_FALSE(quit->statusTip().isEmpty());
        CHECK(window.findChild<QAction*>(QStringLiteral("aboutAction")) != nullptr);
        CHECK(window.findChild<QAction*>(QStringLiteral("fullScreenAction"))->isCheckable());
    }
    SECTION("quit closes the window") {
        window.show();
        REQUIRE(window.isVisible());
        window.findChild<QAction*>(QStringLiteral("quitAction"))->trigger();
        CHECK_FALSE(window.isVisible());
    }
    SECTION("the title names the open file") {
        CHECK(window.windowTitle() == QStringLiteral("HyperRig"));
        window.setDocumentPath(QStringLiteral("/tmp/some/creature.g4tf"));
        CHECK(window.windowTitle().startsWith(QStringLiteral("creature.g4tf")));
        CHECK(window.windowTitle().endsWith(QStringLiteral("HyperRig")));
    }
}

TEST_CASE("the viewport renders frames through the OpenGL renderer", "[ui][gl]") {
    MainWindow window;
    auto& viewport = window.viewportWidget();
    QSignalSpy frames(&viewport, &ViewportWidget::frameRendered);
    QSignalSpy failures(&viewport, &ViewportWidget::glFailed);
    window.show();
    // Waits on the signal itself, up to a failure deadline.
    REQUIRE((frames.count() > 0 || frames.wait(30000)));
    CHECK(failures.count() == 0);
    CHECK(viewport.hasRenderedFrame());
    CHECK(viewport.viewport().isInitialized());
    CHECK(viewport.viewport().glInfo().major * 10 + viewport.viewport().glInfo().minor >= 33);
}
