#pragma once

#include <QLabel>
#include <QPushButton>
#include <QString>

// Small factories for the controls every panel and dialog builds the same way, so they look and
// read alike (ui-style.md §3: refusals show in place, in one colour; every control is named).
namespace hyperrig::ui {

// The colour of a refusal or an error shown in place, as a style sheet for a QLabel.
QString problemTextStyleSheet();

// A button whose accessible name is its visible label (without the '&' of its shortcut).
QPushButton* makeToolButton(const QString& text, const char* objectName, const QString& toolTip,
                            QWidget* parent);

// A word-wrapped label in the problem colour, hidden until it has something to say.
QLabel* makeProblemLabel(const char* objectName, QWidget* parent);

} // namespace hyperrig::ui
