#pragma once

#include "render/overlay/OverlayInput.h"
#include "render/overlay/OverlayState.h"
#include "render/view/Viewport.h"
#include "ui/viewport/ViewportTool.h"

#include <QElapsedTimer>
#include <QOpenGLWidget>
#include <QPoint>
#include <QPointF>

#include <array>
#include <optional>
#include <vector>

namespace hyperrig::ui {

// Hosts render::view::Viewport in Qt: hands it the context's getProcAddress and the widget's
// framebuffer (defaultFramebufferObject(), never 0), and re-initialises it whenever Qt recreates
// the GL context (for example when a dock is floated). Emits glFailed once with a readable
// reason when the context cannot run the renderer.
//
// It also hosts the viewport's ImGui overlay (render/overlay): Qt events become a plain
// OverlayInput; pointer, wheel and key events go to the overlay while it wants them (over its
// window, or during a drag that began there) and to the camera otherwise. The overlay edits
// overlayState(); after a frame that changed something, overlayChanged() is emitted and the
// receiver (MainWindow) applies the changes and clears them.
class ViewportWidget : public QOpenGLWidget {
    Q_OBJECT
public:
    explicit ViewportWidget(QWidget* parent = nullptr);
    ~ViewportWidget() override;

    bool hasRenderedFrame() const { return m_framesRendered > 0; }
    // Shows `scene` and frames it (the camera keeps its angles). Both return the scene replaced,
    // whose storage the next build may reuse (render::scene::SceneWorkspace::spare).
    render::scene::SceneData showScene(render::scene::SceneData scene);
    // Shows `scene` with the camera as it is (a new slice or pose of the same document).
    render::scene::SceneData replaceScene(render::scene::SceneData scene);
    render::overlay::OverlayState& overlayState() { return m_overlayState; }
    // Highlights `selection` (bones, mesh nodes) in the picture.
    void setSelection(std::vector<core::model::NodeId> selection);
    // View > Frame Selected (everything when nothing is selected), Frame All, Reset View.
    void frameSelection();
    void frameAll();
    void resetView();
    void setDisplay(const render::view::Viewport::Display& display) {
        m_viewport.setDisplay(display);
        update();
    }
    // The node drawn under `position` (widget coordinates): a bone or a mesh node, by the id
    // buffer of render/view/Picking.h. None over the background, or before GL is up.
    std::optional<core::model::NodeId> nodeAt(QPoint position);
    const render::view::Viewport& viewport() const { return m_viewport; }
    // Puts the camera where `camera` says (a test's fixed view, a saved view).
    void setCamera(const render::view::OrbitCamera& camera) {
        m_viewport.camera() = camera;
        update();
    }
    // The tool that gets pointer and key events before the camera (ViewportTool.h); null: none.
    // Not owned.
    void setTool(ViewportTool* tool) { m_tool = tool; }
    // The transform gizmo drawn on the selection (render/view/TransformGizmo.h), or none.
    void setTransformGizmo(std::optional<render::view::TransformGizmo> gizmo) {
        m_viewport.setTransformGizmo(gizmo);
        update();
    }

signals:
    // Emitted after a frame was drawn and handed to the window system.
    void frameRendered();
    void glFailed(const QString& reason);
    // A click (press and release without dragging) on the node `node`; a null id for a click
    // on the background. `modifiers`: Ctrl toggles, Shift adds (the selection's conventions).
    void nodeClicked(core::model::NodeId node, Qt::KeyboardModifiers modifiers = {});
    // The overlay changed overlayState() (flags set); emitted after the frame, not inside paintGL.
    void overlayChanged();

protected:
    // While the overlay has the keyboard (a slider being dragged or typed into), keys that are
    // window shortcuts (F, Home, ...) go to the overlay instead of triggering them.
    bool event(QEvent* event) override;
    void initializeGL() override;
    void paintGL() override;
    // Camera controls: left drag orbits, right or middle drag (or Shift + left) pans, the wheel
    // zooms (framing and reset are the View menu's, with their shortcuts).
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void releaseGl();
    // Records the pointer and buttons of `event` in the overlay input; true when the overlay
    // takes it (then it is repainted, and the camera does not move).
    bool overlayTakesMouse(QMouseEvent* event);
    bool overlayTakesKey(QKeyEvent* event, bool pressed);
    bool overOverlay(QPointF position) const;

    render::view::Viewport m_viewport;
    QString m_glError;
    QPointF m_lastMouse;
    QPointF m_pressMouse;
    int m_framesRendered = 0;
    render::overlay::OverlayFeed m_overlayFeed;
    render::overlay::OverlayState m_overlayState;
    bool m_overlayDrag = false;  // a press that began over the overlay, until all buttons are up
    bool m_overlayHover = false; // the pointer was over the overlay window at the last event
    QElapsedTimer m_frameClock;
    ViewportTool* m_tool = nullptr;
};

} // namespace hyperrig::ui
