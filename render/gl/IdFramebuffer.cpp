#include "render/gl/IdFramebuffer.h"

#include "core/base/Contracts.h"

#include <string>

namespace hyperrig::render::gl {

core::Result<IdFramebuffer> IdFramebuffer::create(int width, int height) {
    GLint maxSide = 0;
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &maxSide);
    if (width <= 0 || height <= 0 || width > maxSide || height > maxSide)
        return core::Error("id framebuffer size " + std::to_string(width) + "x" +
                           std::to_string(height) + " is outside 1.." + std::to_string(maxSide));
    GLint previous = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);

    IdFramebuffer target;
    target.m_width = width;
    target.m_height = height;
    target.m_framebuffer = Framebuffer::create();
    target.m_ids = Renderbuffer::create();
    target.m_depth = Renderbuffer::create();
    glBindFramebuffer(GL_FRAMEBUFFER, target.m_framebuffer.name());
    glBindRenderbuffer(GL_RENDERBUFFER, target.m_ids.name());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_R32UI, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                              target.m_ids.name());
    glBindRenderbuffer(GL_RENDERBUFFER, target.m_depth.name());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER,
                              target.m_depth.name());
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
    if (status != GL_FRAMEBUFFER_COMPLETE)
        return core::Error("id framebuffer is incomplete (status 0x" +
                           std::to_string(static_cast<unsigned>(status)) + ")");
    return target;
}

void IdFramebuffer::bind() const {
    glBindFramebuffer(GL_FRAMEBUFFER, m_framebuffer.name());
    glViewport(0, 0, m_width, m_height);
}

std::vector<std::uint32_t> IdFramebuffer::readIds(int x, int y, int w, int h) const {
    HYPERRIG_EXPECTS(x >= 0 && y >= 0 && w >= 0 && h >= 0 && x + w <= m_width && y + h <= m_height);
    std::vector<std::uint32_t> ids(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    if (ids.empty())
        return ids;
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(x, y, w, h, GL_RED_INTEGER, GL_UNSIGNED_INT, ids.data());
    return ids;
}

} // namespace hyperrig::render::gl
