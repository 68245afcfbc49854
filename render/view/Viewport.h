#pragma once

#include "core/base/Result.h"
#include "render/gl/GlLoader.h"
#include "render/scene/ColoredTriangleBatch.h"
#include "render/view/ViewportTheme.h"

#include <glad/gl.h>

#include <optional>

namespace hyperrig::render::view {

// The facade every host drives: the editor's QOpenGLWidget, the previewer and headless
// rendering. The host owns the GL context and the target framebuffer (in a QOpenGLWidget that is
// defaultFramebufferObject(), never 0) and calls, with its context current:
//   initialize(getProcAddress)  once per context (again after Qt recreated it),
//   draw(framebuffer, w, h)     for each frame,
//   releaseGl()                 before the context goes away.
class Viewport {
public:
    core::Result<void> initialize(const gl::GetProcAddress& getProcAddress);
    bool isInitialized() const { return m_resources.has_value(); }
    const gl::GlInfo& glInfo() const { return m_glInfo; }

    void draw(GLuint targetFramebuffer, int width, int height);

    // Destroys every GL object; the context must still be current.
    void releaseGl() { m_resources.reset(); }

    const ViewportTheme& theme() const { return m_theme; }
    void setTheme(const ViewportTheme& theme) { m_theme = theme; }

private:
    struct GlResources {
        scene::ColoredTriangleBatch background;
    };

    void drawBackground();

    gl::GlInfo m_glInfo;
    std::optional<GlResources> m_resources;
    ViewportTheme m_theme;
};

} // namespace hyperrig::render::view
