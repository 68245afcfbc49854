#include "render/view/Viewport.h"

#include <array>

namespace hyperrig::render::view {

core::Result<void> Viewport::initialize(const gl::GetProcAddress& getProcAddress) {
    m_resources.reset();
    auto info = gl::loadGl(getProcAddress);
    if (!info)
        return info.error().withContext("viewport");
    m_glInfo = *info;
    auto background = scene::ColoredTriangleBatch::create();
    if (!background)
        return background.error().withContext("viewport");
    m_resources.emplace(GlResources{std::move(*background)});
    return {};
}

void Viewport::draw(GLuint targetFramebuffer, int width, int height) {
    if (!m_resources || width <= 0 || height <= 0)
        return;
    glBindFramebuffer(GL_FRAMEBUFFER, targetFramebuffer);
    glViewport(0, 0, width, height);
    glClearColor(m_theme.backgroundBottom.r, m_theme.backgroundBottom.g, m_theme.backgroundBottom.b,
                 1.0F);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    drawBackground();
}

void Viewport::drawBackground() {
    const LinearColor& top = m_theme.backgroundTop;
    const LinearColor& bottom = m_theme.backgroundBottom;
    const scene::ColoredVertex topLeft{-1, 1, top.r, top.g, top.b, 1};
    const scene::ColoredVertex topRight{1, 1, top.r, top.g, top.b, 1};
    const scene::ColoredVertex bottomLeft{-1, -1, bottom.r, bottom.g, bottom.b, 1};
    const scene::ColoredVertex bottomRight{1, -1, bottom.r, bottom.g, bottom.b, 1};
    const std::array<scene::ColoredVertex, 6> quad{bottomLeft, bottomRight, topRight,
                                                   bottomLeft, topRight,    topLeft};
    m_resources->background.draw(quad);
}

} // namespace hyperrig::render::view
