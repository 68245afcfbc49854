#pragma once

#include "core/edit/History.h"
#include "core/eval/BoneRotations.h"
#include "core/eval/CompiledRig.h"
#include "core/model/Document.h"
#include "render/scene/DocumentScene.h"

#include <QMainWindow>
#include <QString>

#include <map>
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
    // The selected node (a bone or a mesh node; none when null): drawn highlighted, framed by
    // View > Frame Selected; a selected bone gets the overlay's pose sliders and names the
    // heat-map's group unless the overlay chose one.
    core::model::NodeId selectedNode() const { return m_selected; }
    void select(core::model::NodeId node);
    // The current pose: plane angles per posed bone (core/eval/BoneRotations.h), transient.
    const std::map<core::model::NodeId, core::eval::PlaneAngles>& boneRotations() const {
        return m_boneRotations;
    }

private:
    // A click in the viewport selects what it hit and the status bar names it ("bone 'Spine'");
    // a click on the background clears the selection.
    void showClickedNode(core::model::NodeId node);
    // The overlay's pose sliders show the selected bone's angles (hidden without one).
    void updatePoseSliders();
    // The pose the overlay's selection names: rest, a stored bind pose, or the current pose.
    core::Result<core::eval::Pose> shownPose() const;
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
    core::model::NodeId m_selected;
    std::map<core::model::NodeId, core::eval::PlaneAngles> m_boneRotations;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    render::scene::SceneWorkspace m_sceneWorkspace;
};

} // namespace hyperrig::ui
