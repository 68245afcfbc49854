#pragma once

#include "core/edit/History.h"
#include "core/eval/CompiledRig.h"
#include "core/model/Document.h"
#include "render/scene/DocumentScene.h"

#include <QMainWindow>
#include <QString>

#include <memory>

class QAction;
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

    // Reads a G4MF file and makes it the open document. On failure the current document stays
    // and the returned string says why (empty on success).
    QString openDocument(const QString& path);
    const QString& documentPath() const { return m_documentPath; }
    const core::model::Document* document() const { return m_document.get(); }

private:
    // The status bar names what a click in the viewport hit ("bone 'Spine'").
    void showClickedNode(core::model::NodeId node);
    // Applies what the viewport overlay changed: a new 4D view or pose re-evaluates and
    // re-slices the document (the camera stays), then the changes are cleared.
    void applyOverlayChanges();
    // Shows the document again under the overlay's pose and view (after an edit or a change of
    // the view), keeping the camera.
    void refreshScene();
    // "Apply pose as rest" from the overlay: the selected pose becomes the rest pose through
    // the same command the CLI uses, as one undo step.
    void applyPoseAsRest();
    void documentChanged(const core::edit::ChangeSet& changes);
    void updateUndoActions();
    // The overlay's pose list and statistics for the opened document.
    void resetOverlayState(std::size_t sceneTriangles);
    void createMenus();
    void updateTitle();
    void showAbout();
    void chooseAndOpen();

    ViewportWidget* m_viewport = nullptr;
    QLabel* m_rendererLabel = nullptr;
    QString m_documentPath;
    std::unique_ptr<core::model::Document> m_document;
    std::unique_ptr<core::eval::CompiledRig> m_rig; // the document as the viewport evaluates it
    std::unique_ptr<core::edit::History> m_history; // every edit of m_document goes through it
    core::model::NodeId m_selectedBone; // the last bone clicked: its group is the heat-map's
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    render::scene::SceneWorkspace m_sceneWorkspace;
};

} // namespace hyperrig::ui
