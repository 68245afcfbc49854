#pragma once

#include "render/view/Viewport.h"

#include <QOpenGLWidget>
#include <QPoint>
#include <QPointF>

#include <optional>

namespace hyperrig::ui {

// Hosts render::view::Viewport in Qt: hands it the context's getProcAddress and the widget's
// framebuffer (defaultFramebufferObject(), never 0), and re-initialises it whenever Qt recreates
// the GL context (for example when a dock is floated). Emits glFailed once with a readable
// reason when the context cannot run the renderer.
class ViewportWidget : public QOpenGLWidget {
    Q_OBJECT
public:
    explicit ViewportWidget(QWidget* parent = nullptr);
    ~ViewportWidget() override;

    bool hasRenderedFrame() const { return m_framesRendered > 0; }
    // Shows `scene` and frames it (the camera keeps its angles).
    void showScene(render::scene::SceneData scene);
    // The node drawn under `position` (widget coordinates): a bone or a mesh node, by the id
    // buffer of render/view/Picking.h. None over the background, or before GL is up.
    std::optional<core::model::NodeId> nodeAt(QPoint position);
    const render::view::Viewport& viewport() const { return m_viewport; }

signals:
    // Emitted after a frame was drawn and handed to the window system.
    void frameRendered();
    void glFailed(const QString& reason);
    // A click (press and release without dragging) on the node `node`; a null id for a click
    // on the background.
    void nodeClicked(core::model::NodeId node);

protected:
    void initializeGL() override;
    void paintGL() override;
    // Camera controls: left drag orbits, right or middle drag (or Shift + left) pans, the wheel
    // zooms, F frames the scene again.
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void releaseGl();

    render::view::Viewport m_viewport;
    QString m_glError;
    QPointF m_lastMouse;
    QPointF m_pressMouse;
    int m_framesRendered = 0;
};

} // namespace hyperrig::ui
