#pragma once

#include "core/base/Result.h"
#include "core/eval/Pose.h"
#include "render/scene/DocumentScene.h"
#include "ui/viewport/SceneBuildQueue.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <string>

namespace hyperrig::ui {

class EditorSession;
class ViewportWidget;

// Keeps the viewport showing the session: the document evaluated under the shown pose and sliced
// by the overlay's 4D view, the selection highlighted, and the overlay's controls (pose selector,
// pose sliders of the current bone, heat-map, Apply Pose as Rest) acting on the session. The
// session's previewed bind pose is the overlay's pose selection, and its ghost bind pose is drawn
// see-through over the shown pose (render/scene/PoseGhost.h). A click
// in the viewport selects (Ctrl toggles, Shift adds). MainWindow creates one and forgets it.
// Scenes are built through a SceneBuildQueue: on the GUI thread while they are quick, on a worker
// once one took longer than a display refresh (the last scene stays on show meanwhile); before the
// document or the rig changes, the binding waits for a build in flight.
class ViewportBinding : public QObject {
    Q_OBJECT
public:
    ViewportBinding(EditorSession& session, ViewportWidget& viewport, QObject* parent = nullptr);

    // The pose the overlay's selection names: rest, a stored bind pose, the session's previewed
    // animation at its time (core::eval::sampleAnimation: a preview, never an edit), or the
    // current pose.
    core::Result<core::eval::Pose> shownPose() const;
    // A playback tick: the shown animation moves on by `seconds` at 24 time codes a second and
    // loops (overlay::advanceAnimationTime, decision 0058). The timer calls it with the wall time
    // since its last tick while the session's animation plays; tests call it with exact times.
    void advancePlayback(double seconds);
    // Whether the playback timer runs (the session's animation plays).
    bool playbackRunning() const { return m_playTimer.isActive(); }
    // Acts on what the overlay state says changed (its flags and action), then clears them: the
    // overlay's own clicks end here, and so do the menu actions (ViewportActions).
    void applyOverlayChanges();
    // Shows the weights of skin group `name` as the heat-map, turning the heat-map on: what
    // choosing the group in the overlay does (the Group Names panel's current group).
    void showHeatMapGroup(const std::string& name);
    // The document evaluated under the shown pose, as last drawn: where every node is on screen
    // (the transform tools measure against it).
    const core::eval::EvaluatedRig& shownRig() const { return m_shownRig; }
    // The queue the scenes are built through (tests set its budget).
    SceneBuildQueue& sceneBuilds() { return m_builds; }

signals:
    // What happened, for the status bar ("bone 'Spine'", "Applied APose as the rest pose").
    void message(const QString& text);
    // The binding changed the overlay's state itself (not through a click in the overlay).
    void overlayStateChanged();
    // The scene was evaluated and drawn again (shownRig() is up to date).
    void sceneRefreshed();

private:
    void documentReplaced();
    void documentChanged();
    void selectionChanged();
    void nodeClicked(core::model::NodeId node, Qt::KeyboardModifiers modifiers);
    void applyPoseAsRest();
    // The session's previewed bind pose becomes the overlay's pose selection; the scene is
    // evaluated again (a ghost may have come or gone too).
    void showStoredBindPoses();
    void updateBindPoseNames();
    // The session's previewed animation, its range, time and playing flag shown in the overlay;
    // the playback timer runs while it plays; the scene is evaluated again.
    void showAnimation();
    void updateAnimationState();
    void updatePoseSliders();
    // Evaluates and slices the document again under the overlay's pose and view (with the
    // session's ghost bind pose drawn see-through over it, if one is set); the camera stays
    // unless `frame` (a new document). Shown when built (SceneBuildQueue).
    void refreshScene(bool frame = false);
    struct SceneBuild;
    void showBuilt(SceneBuild& build, bool frame);
    void resetOverlayState();

    EditorSession& m_session;
    ViewportWidget& m_viewport;
    // Written by the builds (on the worker while one runs there), read only through them.
    render::scene::SceneWorkspace m_sceneWorkspace;
    render::scene::SceneWorkspace m_ghostWorkspace;
    core::eval::EvaluatedRig m_shownRig; // swapped with m_sceneWorkspace.evaluated when shown
    QTimer m_playTimer;                  // ticks while the session's animation plays
    QElapsedTimer m_playClock;           // wall time since the last tick
    SceneBuildQueue m_builds;            // last: goes first, waiting for a running build
};

} // namespace hyperrig::ui
