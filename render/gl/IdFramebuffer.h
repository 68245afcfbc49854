#pragma once

#include "core/base/Result.h"
#include "render/gl/GlObjects.h"

#include <cstdint>
#include <vector>

namespace hyperrig::render::gl {

// A framebuffer object with a 32-bit unsigned integer colour (GL_R32UI) and a 24-bit depth
// renderbuffer, never multisampled (ids must not blend): the target of the picking pass, where
// each fragment writes the id of the item it belongs to and 0 means nothing.
class IdFramebuffer {
public:
    static core::Result<IdFramebuffer> create(int width, int height);

    int width() const { return m_width; }
    int height() const { return m_height; }
    GLuint name() const { return m_framebuffer.name(); }

    // Binds for drawing and reading and sets the viewport to the whole framebuffer.
    void bind() const;
    // Ids of the rectangle of GL pixels [x, x + w) x [y, y + h), rows bottom-up as GL counts
    // them (y = 0 is the bottom row). Contract: the rectangle lies inside the framebuffer and
    // the framebuffer is bound for reading.
    std::vector<std::uint32_t> readIds(int x, int y, int w, int h) const;

private:
    int m_width = 0;
    int m_height = 0;
    Framebuffer m_framebuffer;
    Renderbuffer m_ids;
    Renderbuffer m_depth;
};

} // namespace hyperrig::render::gl
