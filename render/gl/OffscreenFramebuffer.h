#pragma once

#include "core/base/Result.h"
#include "render/gl/GlObjects.h"
#include "render/gl/RgbaImage.h"

namespace hyperrig::render::gl {

// A framebuffer object with an RGBA8 colour and a 24-bit depth / 8-bit stencil renderbuffer,
// multisampled when `samples` > 1 (then readPixels resolves into a single-sampled copy first).
// Headless rendering draws into one; picking uses an IdFramebuffer (integer ids).
class OffscreenFramebuffer {
public:
    static core::Result<OffscreenFramebuffer> create(int width, int height, int samples = 1);

    int width() const { return m_width; }
    int height() const { return m_height; }
    GLuint name() const { return m_framebuffer.name(); }

    // Binds for drawing and sets the viewport to the whole framebuffer.
    void bind() const;

    // Reads the colour buffer back, flipped to top-to-bottom rows.
    RgbaImage readPixels() const;

private:
    int m_width = 0;
    int m_height = 0;
    int m_samples = 1;
    Framebuffer m_framebuffer;
    Renderbuffer m_color;
    Renderbuffer m_depthStencil;
};

} // namespace hyperrig::render::gl
