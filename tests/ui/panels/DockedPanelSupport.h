#pragma once

#include "core/model/Ids.h"
#include "tests/ui/SessionTestSupport.h"
#include "ui/MainWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QString>

#include <catch2/catch.hpp>

namespace hyperrig::test {

// A main window on the 4D sample creature and its docked panel of type Panel (the dock titled
// `title`): what the tests of a panel's menu actions and viewport effects start from.
template <typename Panel>
struct DockedPanelFixture {
    ui::MainWindow window;
    Panel* panel = nullptr;

    explicit DockedPanelFixture(const char* title) {
        REQUIRE(window.openDocument(sampleFile("creature-4d.g4tf")).isEmpty());
        QDockWidget* dock = window.dock(QString::fromLatin1(title));
        INFO(title);
        REQUIRE(dock != nullptr);
        panel = qobject_cast<Panel*>(dock->widget());
        REQUIRE(panel != nullptr);
    }
    // The window's action of that object name; the test stops when there is none.
    QAction* action(const char* name) {
        auto* found = window.findChild<QAction*>(QString::fromLatin1(name));
        INFO(name);
        REQUIRE(found != nullptr);
        return found;
    }
    // The node of that name in the window's document; the test stops when there is none.
    core::model::NodeId node(const char* name) const {
        const core::model::NodeId id = window.document()->findNode(name);
        INFO(name);
        REQUIRE(id);
        return id;
    }
};

} // namespace hyperrig::test
