#pragma once

#include <glad/gl.h>

#include <utility>

namespace hyperrig::render::gl {

// Owns one GL object name and deletes it on destruction. Move-only: a GL name has exactly one
// owner. All objects must be destroyed while their context is current; the owners (Viewport,
// headless renderer) guarantee that by destroying GL state before the context.
template <typename Traits>
class GlHandle {
public:
    GlHandle() = default;
    static GlHandle create() {
        GlHandle handle;
        handle.m_name = Traits::create();
        return handle;
    }
    ~GlHandle() { reset(); }

    GlHandle(const GlHandle&) = delete;
    GlHandle& operator=(const GlHandle&) = delete;
    GlHandle(GlHandle&& other) noexcept : m_name(std::exchange(other.m_name, 0)) {}
    GlHandle& operator=(GlHandle&& other) noexcept {
        if (this != &other) {
            reset();
            m_name = std::exchange(other.m_name, 0);
        }
        return *this;
    }

    GLuint name() const { return m_name; }
    explicit operator bool() const { return m_name != 0; }

    void reset() {
        if (m_name != 0)
            Traits::destroy(m_name);
        m_name = 0;
    }

private:
    GLuint m_name = 0;
};

struct BufferTraits {
    static GLuint create();
    static void destroy(GLuint name);
};
struct VertexArrayTraits {
    static GLuint create();
    static void destroy(GLuint name);
};
struct RenderbufferTraits {
    static GLuint create();
    static void destroy(GLuint name);
};
struct FramebufferTraits {
    static GLuint create();
    static void destroy(GLuint name);
};
struct TextureTraits {
    static GLuint create();
    static void destroy(GLuint name);
};

using Buffer = GlHandle<BufferTraits>;
using VertexArray = GlHandle<VertexArrayTraits>;
using Renderbuffer = GlHandle<RenderbufferTraits>;
using Framebuffer = GlHandle<FramebufferTraits>;
using Texture = GlHandle<TextureTraits>;

} // namespace hyperrig::render::gl
