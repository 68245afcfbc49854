#include "ui/help/KeyboardShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include <utility>
#include <vector>

namespace hyperrig::ui {

namespace {

using ShortcutRow = std::pair<QString, QString>; // what, keys

QString plainText(const QAction& action) {
    QString text = action.text();
    text.remove(QLatin1Char('&'));
    return text;
}

void collectShortcuts(const QMenu& menu, const QString& path, std::vector<ShortcutRow>& rows) {
    for (const QAction* action : menu.actions()) {
        if (action->isSeparator())
            continue;
        if (const QMenu* submenu = action->menu()) {
            collectShortcuts(*submenu, path + QStringLiteral(" > ") + plainText(*action), rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& shortcut : action->shortcuts())
            keys << shortcut.toString(QKeySequence::NativeText);
        if (!keys.isEmpty())
            rows.emplace_back(path + QStringLiteral(" > ") + plainText(*action),
                              keys.join(QStringLiteral(", ")));
    }
}

// The keys a running viewport operation reads (ui/viewport/TransformTool.h).
std::vector<ShortcutRow> operationKeys() {
    const auto tr = [](const char* text) {
        return KeyboardShortcutsDialog::tr(text);
    };
    return {
        {tr("While moving or rotating: constrain to the X, Y or Z axis (twice: the selection's "
            "own axis; three times: free)"),
         tr("X, Y, Z")},
        {tr("While moving (4D): move along W, the axis the slice cuts"), tr("W")},
        {tr("While rotating (4D): turn in the W planes (then X, Y, Z pick XW, YW, ZW)"), tr("W")},
        {tr("While moving, rotating, scaling or drawing a bone: type the amount (distance, "
            "degrees, factor or length)"),
         tr("0-9, ., -, Backspace")},
        {tr("While rotating: snap the other way than Transform > Snap Rotation"), tr("Ctrl")},
        {tr("Confirm the running operation"), tr("Enter, left click")},
        {tr("Cancel the running operation and restore"), tr("Escape, right click")},
        {tr("Viewport: orbit, pan, zoom"), tr("Left drag, right or middle drag, wheel")},
    };
}

} // namespace

KeyboardShortcutsDialog::KeyboardShortcutsDialog(const QMenuBar& menus, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("keyboardShortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    std::vector<ShortcutRow> rows;
    for (const QAction* action : menus.actions())
        if (const QMenu* menu = action->menu())
            collectShortcuts(*menu, plainText(*action), rows);
    const auto keys = operationKeys();
    rows.insert(rows.end(), keys.begin(), keys.end());

    m_table = new QTableWidget(static_cast<int>(rows.size()), 2, this);
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setAccessibleName(tr("Keyboard shortcuts"));
    m_table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    for (int row = 0; row < static_cast<int>(rows.size()); ++row) {
        m_table->setItem(row, 0, new QTableWidgetItem(rows[static_cast<std::size_t>(row)].first));
        m_table->setItem(row, 1, new QTableWidgetItem(rows[static_cast<std::size_t>(row)].second));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(760, 560);
}

} // namespace hyperrig::ui
