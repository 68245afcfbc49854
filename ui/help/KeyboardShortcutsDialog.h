#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace hyperrig::ui {

// Help > Keyboard Shortcuts: every menu action that has a shortcut, read from the menu bar itself
// (so the list cannot drift from the menus), then the keys of the viewport's running operations
// (X, Y, Z, W, typed numbers, Enter, Escape, Ctrl), which are not menu shortcuts.
class KeyboardShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit KeyboardShortcutsDialog(const QMenuBar& menus, QWidget* parent = nullptr);

    // Rows: the action (its menu path, "Transform > Grab"), its keys.
    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table = nullptr;
};

} // namespace hyperrig::ui
