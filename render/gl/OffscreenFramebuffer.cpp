#include "render/gl/OffscreenFramebuffer.h"

#include <cstring>
#include <string>

namespace hyperrig::render::gl {
namespace {

// The largest size we accept for an offscreen target; GL_MAX_RENDERBUFFER_SIZE may be smaller.
constexpr int kMaxSide = 16384;

const char* framebufferStatusText(GLenum status) {
    switch (status) {
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT:
        return "incomplete attachment";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT:
        return "missing attachment";
    case GL_FRAMEBUFFER_UNSUPPORTED:
        return "unsupported combination of formats";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE:
        return "inconsistent multisampling";
    default:
        return "incomplete";
    }
}

} // namespace

core::Result<OffscreenFramebuffer> OffscreenFramebuffer::create(int width, int height,
                                                                int samples) {
    GLint maxRenderbufferSize = 0;
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &maxRenderbufferSize);
    const int maxSide =
        maxRenderbufferSize > 0 && maxRenderbufferSize < kMaxSide ? maxRenderbufferSize : kMaxSide;
    if (width <= 0 || height <= 0 || width > maxSide || height > maxSide)
        return core::Error("framebuffer size " + std::to_string(width) + "x" +
                           std::to_string(height) + " is outside 1.." + std::to_string(maxSide));
    GLint maxSamples = 1;
    glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);

    OffscreenFramebuffer target;
    target.m_width = width;
    target.m_height = height;
    target.m_samples = samples < 1 ? 1 : (samples > maxSamples ? maxSamples : samples);
    target.m_framebuffer = Framebuffer::create();
    target.m_color = Renderbuffer::create();
    target.m_depthStencil = Renderbuffer::create();

    glBindFramebuffer(GL_FRAMEBUFFER, target.m_framebuffer.name());
    glBindRenderbuffer(GL_RENDERBUFFER, target.m_color.name());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, target.m_samples > 1 ? target.m_samples : 0,
                                     GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                              target.m_color.name());
    glBindRenderbuffer(GL_RENDERBUFFER, target.m_depthStencil.name());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, target.m_samples > 1 ? target.m_samples : 0,
                                     GL_DEPTH24_STENCIL8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                              target.m_depthStencil.name());
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        return core::Error(std::string("offscreen framebuffer is ") +
                           framebufferStatusText(status));
    return target;
}

void OffscreenFramebuffer::bind() const {
    glBindFramebuffer(GL_FRAMEBUFFER, m_framebuffer.name());
    glViewport(0, 0, m_width, m_height);
}

RgbaImage OffscreenFramebuffer::readPixels() const {
    RgbaImage image;
    image.width = m_width;
    image.height = m_height;
    const std::size_t rowBytes = static_cast<std::size_t>(m_width) * 4;
    std::vector<std::uint8_t> bottomUp(rowBytes * static_cast<std::size_t>(m_height));

    // A multisampled buffer cannot be read directly: resolve it into a temporary single-sampled
    // framebuffer first.
    Framebuffer resolved;
    Renderbuffer resolvedColor;
    GLuint source = m_framebuffer.name();
    if (m_samples > 1) {
        resolved = Framebuffer::create();
        resolvedColor = Renderbuffer::create();
        glBindRenderbuffer(GL_RENDERBUFFER, resolvedColor.name());
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, m_width, m_height);
        glBindFramebuffer(GL_FRAMEBUFFER, resolved.name());
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                  resolvedColor.name());
        glBindFramebuffer(GL_READ_FRAMEBUFFER, m_framebuffer.name());
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved.name());
        glBlitFramebuffer(0, 0, m_width, m_height, 0, 0, m_width, m_height, GL_COLOR_BUFFER_BIT,
                          GL_NEAREST);
        source = resolved.name();
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, m_width, m_height, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);

    // GL rows start at the bottom; images start at the top.
    image.pixels.resize(bottomUp.size());
    for (int row = 0; row < m_height; ++row)
        std::memcpy(image.pixels.data() + static_cast<std::size_t>(row) * rowBytes,
                    bottomUp.data() + static_cast<std::size_t>(m_height - 1 - row) * rowBytes,
                    rowBytes);
    return image;
}

} // namespace hyperrig::render::gl
