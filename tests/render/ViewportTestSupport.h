#pragma once

#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/view/Viewport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <memory>

namespace hyperrig::test {

// A Viewport drawing into an offscreen framebuffer of a surfaceless EGL context (Mesa llvmpipe
// in CI), the way hyperrig-cli render uses it: what the viewport's GL tests share.
class OffscreenViewport {
public:
    OffscreenViewport(int width, int height) : m_width(width), m_height(height) {
        auto context = render::headless::EglContext::create();
        REQUIRE(context.ok());
        m_context = std::move(*context);
        auto target = render::gl::OffscreenFramebuffer::create(width, height);
        REQUIRE(target.ok());
        m_target = std::move(*target);
        auto initialized = viewport.initialize(render::headless::EglContext::getProcAddress());
        INFO((initialized.ok() ? "" : initialized.error().message()));
        REQUIRE(initialized.ok());
    }
    ~OffscreenViewport() { viewport.releaseGl(); }
    OffscreenViewport(const OffscreenViewport&) = delete;
    OffscreenViewport& operator=(const OffscreenViewport&) = delete;

    // Puts the camera on +Z, looking along −Z at the origin from `distance`: screen right is +X,
    // up is +Y.
    void lookFromFront(float distance) {
        viewport.camera().yawDegrees = 0.0F;
        viewport.camera().pitchDegrees = 0.0F;
        viewport.camera().target = glm::vec3(0.0F);
        viewport.camera().distance = distance;
    }

    render::gl::RgbaImage draw() {
        viewport.draw(m_target.name(), m_width, m_height);
        REQUIRE(glGetError() == GL_NO_ERROR);
        return m_target.readPixels();
    }

    // The window pixel (origin top-left, y down) where a point of the drawn space lands, from
    // the camera's matrices alone.
    glm::ivec2 window(const glm::vec3& point) const {
        const float aspect = static_cast<float>(m_width) / static_cast<float>(m_height);
        const glm::vec4 clip = viewport.camera().projectionMatrix(aspect) *
                               viewport.camera().viewMatrix() * glm::vec4(point, 1.0F);
        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
        return {static_cast<int>(std::floor((ndc.x * 0.5F + 0.5F) * static_cast<float>(m_width))),
                static_cast<int>(std::floor((0.5F - ndc.y * 0.5F) * static_cast<float>(m_height)))};
    }
    render::gl::RgbaImage::Pixel at(const render::gl::RgbaImage& image,
                                    const glm::vec3& point) const {
        const glm::ivec2 p = window(point);
        return image.at(p.x, p.y);
    }

    int width() const { return m_width; }
    int height() const { return m_height; }
    GLuint targetName() const { return m_target.name(); }

    render::view::Viewport viewport;

private:
    int m_width;
    int m_height;
    std::unique_ptr<render::headless::EglContext> m_context;
    render::gl::OffscreenFramebuffer m_target;
};

} // namespace hyperrig::test
