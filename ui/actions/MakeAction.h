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

} // namespace hyperrig::ui
