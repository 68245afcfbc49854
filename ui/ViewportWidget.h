#pragma once

#include "render/view/Viewport.h"

#include <QOpenGLWidget>

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
    const render::view::Viewport& viewport() const { return m_viewport; }

signals:
    // Emitted after a frame was drawn and handed to the window system.
    void frameRendered();
    void glFailed(const QString& reason);

protected:
    void initializeGL() override;
    void paintGL() override;

private:
    void releaseGl();

    render::view::Viewport m_viewport;
    QString m_glError;
    int m_framesRendered = 0;
};

} // namespace hyperrig::ui
