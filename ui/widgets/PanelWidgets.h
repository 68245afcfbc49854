#pragma once

#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QList>
#include <QPushButton>
#include <QString>

#include <functional>

// Small factories for the controls every panel and dialog builds the same way, so they look and
// read alike (ui-style.md §3: refusals show in place, in one colour; every control is named).
class QDockWidget;

namespace hyperrig::ui {

// The colour of a refusal or an error shown in place, as a style sheet for a QLabel.
QString problemTextStyleSheet();

// A button whose accessible name is its visible label (without the '&' of its shortcut).
QPushButton* makeToolButton(const QString& text, const char* objectName, const QString& toolTip,
                            QWidget* parent);

// A word-wrapped label in the problem colour, hidden until it has something to say.
QLabel* makeProblemLabel(const char* objectName, QWidget* parent);

// Lets a combo box or slider in a scrolling panel take the mouse wheel only once it has focus
// (ui-style.md §3, as NumberField does): a wheel over it otherwise scrolls the panel, where a
// combo box or slider would take it as a choice, an edit of the document or of the view, while
// the user only scrolled past. Clicking or tabbing to it gives it focus; the wheel does not.
void takeWheelOnlyWhenFocused(QWidget& control);

// Keeps `keys` from the window's shortcuts while `view` (a table of a panel) has focus: Edit >
// Rename (F2) and Edit > Delete (Delete) act on the scene's nodes, which such a table does not
// show, so pressing them there must not rename or delete a node the user is not looking at. A
// claimed key's press goes to `pressed` when given (true: handled), else to the view's own key
// handling (F2 edits the current cell of a view that allows editing; otherwise nothing happens).
void claimKeysFromWindowShortcuts(QWidget& view, QList<QKeySequence> keys,
                                  std::function<bool(const QKeyEvent&)> pressed = {});

// For a ShortcutOverride event sent to a text field: true when it is Undo (Redo) and `field` has
// no typing of its own to undo (redo). The field then leaves the key to the window's Edit > Undo
// (Redo): after Enter a field has nothing left to undo, and Ctrl+Z pressed there must undo the
// document, not nothing (a line edit claims Undo whenever it is editable).
bool undoKeyBelongsToWindow(const QKeyEvent& event, const QLineEdit& field);

// Installed on the application by the main window, between the focused control and the window's
// shortcuts:
// - Home, End, Page Up and Page Down (with any modifiers) stay with a focused list, tree, table
//   or slider, which move to their first or last row or value with them, instead of going to
//   View > Frame All (Home) and Reset View (Shift+Home); text fields claim those keys themselves;
// - every focused text field and spin box (the panels' number and name fields, the outliner's
//   filter, the timeline's time code) leaves Undo and Redo to Edit > Undo/Redo when it has no
//   typing of its own to undo (undoKeyBelongsToWindow);
// - F2 and Delete pressed in a dock panel reach Edit > Rename and Edit > Delete, which act on
//   the selected scene nodes, only from a panel marked with letNodeKeysThrough (the Outliner,
//   the Inspector: panels showing those nodes themselves). Elsewhere (a combo box or button of
//   Bind Poses, Joints, Group Names, ...) they go to the focused control, which ignores them:
//   Delete pressed on a pose's Type must not delete the skeleton out of sight. The viewport is
//   no dock and keeps both.
void settleKeysBetweenControlsAndWindow(QObject& application, QObject* owner);

// Marks a dock whose panel shows the selected scene nodes themselves: F2 and Delete pressed in it
// reach Edit > Rename and Edit > Delete (settleKeysBetweenControlsAndWindow).
void letNodeKeysThrough(QDockWidget& dock);

} // namespace hyperrig::ui
