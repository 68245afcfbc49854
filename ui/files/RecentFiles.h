#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QMenu;

namespace hyperrig::ui {

// File > Open Recent: the last ten files opened or saved, newest first, kept in QSettings
// ("recentFiles"). The menu is rebuilt whenever the list changes; choosing an entry whose file
// is gone removes it and says so through missing().
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaximum = 10;

    explicit RecentFiles(QMenu& menu, QObject* parent = nullptr);

    const QStringList& files() const { return m_files; }
    // Moves `path` (made absolute) to the front, dropping the oldest beyond ten.
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

signals:
    void chosen(const QString& path);
    void missing(const QString& path);

private:
    void load();
    void store();
    void rebuildMenu();

    QMenu& m_menu;
    QStringList m_files;
};

} // namespace hyperrig::ui
