#pragma once

#include <QMainWindow>
#include <QString>

class QLabel;

namespace hyperrig::ui {

class ViewportWidget;

// The editor's main window: the viewport in the centre, menus, and the status bar. Panels
// (bones, joints, groups, bind poses, mass/shape) dock around the viewport as they arrive.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    ViewportWidget& viewportWidget() { return *m_viewport; }

    // The file named on the command line or chosen by the user; shown in the title.
    void setDocumentPath(const QString& path);
    const QString& documentPath() const { return m_documentPath; }

private:
    void createMenus();
    void updateTitle();
    void showAbout();

    ViewportWidget* m_viewport = nullptr;
    QLabel* m_rendererLabel = nullptr;
    QString m_documentPath;
};

} // namespace hyperrig::ui
