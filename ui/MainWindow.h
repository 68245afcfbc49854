#pragma once

#include "core/eval/BonePoses.h"
#include "core/model/Document.h"

#include <QMainWindow>
#include <QString>

#include <map>
#include <vector>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;

namespace hyperrig::ui {

class BindPosesPanel;
class BoxSelectTool;
class DocumentFiles;
class EditorSession;
class MeshActions;
class NodeActions;
class PosePanel;
class TransformTool;
class TransformToolActions;
class ViewportActions;
class ViewportBinding;
class ViewportWidget;

// The editor's window. It only arranges: the viewport in the centre, the panels in docks around
// it, the menus and the status bar. The editing state is the EditorSession's; the viewport is
// kept in step by a ViewportBinding, files are DocumentFiles' business, node actions
// NodeActions'. Dock layout and window geometry persist in QSettings (versioned).
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // Bump when docks are added, removed or renamed: a saved layout of another version is
    // ignored and the default layout used.
    static constexpr int kLayoutVersion = 5;

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    EditorSession& session() { return *m_session; }
    DocumentFiles& files() { return *m_files; }
    NodeActions& nodeActions() { return *m_nodeActions; }
    ViewportWidget& viewportWidget() { return *m_viewport; }

    // Reads a G4MF file on this thread and makes it the open document (start-up, tests; the
    // menus read on a worker through DocumentFiles). On failure the current document stays and
    // the returned string says why (empty on success).
    QString openDocument(const QString& path);
    const QString& documentPath() const;
    // The open document, or null.
    const core::model::Document* document() const;
    // The current node: the last one selected (a bone or a mesh node, ...); none when null.
    core::model::NodeId selectedNode() const;
    void select(core::model::NodeId node);
    // The current pose: plane angles and translation per posed bone (core/eval/BonePoses.h),
    // transient.
    const core::eval::BonePoses& bonePoses() const;

    // The dock holding the panel titled `title` (Outliner, Inspector, Validation, History, ...).
    QDockWidget* dock(const QString& title) const;
    // View > Reset Layout: every dock back to its default place, shown.
    void resetLayout();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createPanels();
    QDockWidget* addPanel(QWidget* panel, const QString& title, const QString& objectName,
                          Qt::DockWidgetArea area);
    void createMenus();
    // Select Parent/Children, their Add variants and Box Select, after Select All/None.
    void addSelectionActions(QMenu& menu);
    void updateUndoActions();
    void updateTitle();
    void showAbout();
    void restoreLayout();
    void saveLayout();
    void sizeForScreen();

    EditorSession* m_session = nullptr;
    ViewportWidget* m_viewport = nullptr;
    ViewportBinding* m_binding = nullptr;
    ViewportActions* m_viewportActions = nullptr;
    TransformTool* m_transformTool = nullptr;
    TransformToolActions* m_transformActions = nullptr;
    BindPosesPanel* m_bindPoses = nullptr; // its actions go to the Pose menu
    PosePanel* m_pose = nullptr;           // so do its Load Pose... and Save Pose...
    DocumentFiles* m_files = nullptr;
    NodeActions* m_nodeActions = nullptr;
    MeshActions* m_meshActions = nullptr;
    BoxSelectTool* m_boxSelect = nullptr;
    QLabel* m_rendererLabel = nullptr;
    QLabel* m_diagnosticsLabel = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_fullScreenAction = nullptr;
    QAction* m_redoAction = nullptr;
    QMenu* m_panelsMenu = nullptr;
    std::vector<std::pair<QDockWidget*, Qt::DockWidgetArea>> m_docks; // with default areas
    QByteArray m_defaultState;
};

} // namespace hyperrig::ui
