#include "ui/files/RecentFiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace hyperrig::ui {

namespace {
const QString kSettingsKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QMenu& menu, QObject* parent) : QObject(parent), m_menu(menu) {
    load();
    rebuildMenu();
}

void RecentFiles::load() {
    m_files = QSettings().value(kSettingsKey).toStringList();
    while (m_files.size() > kMaximum)
        m_files.removeLast();
}

void RecentFiles::store() {
    QSettings().setValue(kSettingsKey, m_files);
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > kMaximum)
        m_files.removeLast();
    store();
    rebuildMenu();
}

void RecentFiles::remove(const QString& path) {
    if (m_files.removeAll(path) == 0)
        return;
    store();
    rebuildMenu();
}

void RecentFiles::clear() {
    m_files.clear();
    store();
    rebuildMenu();
}

void RecentFiles::rebuildMenu() {
    m_menu.clear();
    for (int i = 0; i < m_files.size(); ++i) {
        const QString path = m_files[i];
        // &1 .. &9, then 1&0: the keyboard reaches each of the ten.
        const QString number = i < 9 ? QStringLiteral("&%1").arg(i + 1) : QStringLiteral("1&0");
        QAction* action = m_menu.addAction(tr("%1 %2").arg(number, QFileInfo(path).fileName()));
        action->setObjectName(QStringLiteral("recentFileAction%1").arg(i + 1));
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] {
            if (!QFileInfo::exists(path)) {
                remove(path);
                emit missing(path);
                return;
            }
            emit chosen(path);
        });
    }
    if (!m_files.isEmpty())
        m_menu.addSeparator();
    QAction* clearAction = m_menu.addAction(tr("&Clear Recent Files"), this, &RecentFiles::clear);
    clearAction->setObjectName(QStringLiteral("clearRecentFilesAction"));
    clearAction->setEnabled(!m_files.isEmpty());
    m_menu.setEnabled(true);
}

} // namespace hyperrig::ui
