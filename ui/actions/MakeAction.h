#pragma once

#include <QAction>
#include <QKeySequence>
#include <QObject>
#include <QString>

namespace hyperrig::ui {

// A menu action as every one of ours is made: an object name for tests and saved state, the
// same text as tooltip and status tip (the status bar explains what hovering over it would do),
// and an optional shortcut.
inline QAction* makeAction(QObject* parent, const QString& text, const char* objectName,
                           const QString& tip, const QKeySequence& shortcut = {}) {
    auto* action = new QAction(text, parent);
    action->setObjectName(QString::fromLatin1(objectName));
    action->setToolTip(tip);
    action->setStatusTip(tip);
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    return action;
}

// Connects an action whose handler may open a modal dialog (a file chooser, "Save changes?", an
// error box). The handler runs once control is back in the event loop, not inside trigger():
// a screen reader or an acceptance script presses a menu item through AT-SPI and waits for the
// reply to that press, which a dialog's nested event loop would hold back until the dialog
// closed. Keyboard and mouse users see no difference. Tests that trigger such an action run the
// posted call with QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall).
template <typename Handler>
void onTriggeredWithDialogs(QAction* action, QObject* context, Handler handler) {
    QObject::connect(
        action, &QAction::triggered, context, [handler](bool) { handler(); }, Qt::QueuedConnection);
}

} // namespace hyperrig::ui
