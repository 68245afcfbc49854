#pragma once

#include <QAction>
#include <QCoreApplication>
#include <QEvent>

namespace hyperrig::test {

// Triggers a menu action and runs what it posted: actions that may open a dialog run their
// handler from the event loop (ui/actions/MakeAction.h, onTriggeredWithDialogs), not inside
// trigger(). Delivering the posted calls is deterministic; nothing waits for time to pass.
inline void triggerAndRun(QAction* action) {
    action->trigger();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
}

} // namespace hyperrig::test
