#pragma once

#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/view/Viewport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <memory>

namespace hyperrig::test {

// A camera on +Z looking along −Z at the origin from `distance`: screen right is +X, up is +Y. At
// `distance` the picture is 2 · distance · tan(20°) units high (OrbitCamera's 40° field of view).
inline render::view::OrbitCamera frontCamera(float distance = 3.0F) {
    render::view::OrbitCamera camera;
    camera.yawDegrees = 0.0F;
    camera.pitchDegrees = 0.0F;
    camera.distance = distance;
    return camera;
}

// A current surfaceless EGL context (Mesa llvmpipe in CI) and an offscreen framebuffer of
// width x height, bound and cleared to opaque black with depth 1: what the GL tests draw into.
class OffscreenTarget {
public:
    OffscreenTarget(int width, int height) {
        auto context = render::headless::EglContext::create();
        REQUIRE(context.ok());
        m_context = std::move(*context);
        auto framebuffer = render::gl::OffscreenFramebuffer::create(width, height);
        REQUIRE(framebuffer.ok());
        target = std::move(*framebuffer);
        target.bind();
        glClearColor(0.0F, 0.0F, 0.0F, 1.0F);
        glClearDepth(1.0);
        glDepthMask(GL_TRUE);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    }
    OffscreenTarget(const OffscreenTarget&) = delete;
    OffscreenTarget& operator=(const OffscreenTarget&) = delete;

    float aspect() const {
        return static_cast<float>(target.width()) / static_cast<float>(target.height());
    }

    render::gl::OffscreenFramebuffer target;

private:
    std::unique_ptr<render::headless::EglContext> m_context;
};

// A Viewport drawing into an OffscreenTarget, the way hyperrig-cli render uses it: what the
// viewport's GL tests share.
class OffscreenViewport : public OffscreenTarget {
public:
    OffscreenViewport(int width, int height)
        : OffscreenTarget(width, height), m_width(width), m_height(height) {
        auto initialized = viewport.initialize(render::headless::EglContext::getProcAddress());
        INFO((initialized.ok() ? "" : initialized.error().message()));
        REQUIRE(initialized.ok());
    }
    ~OffscreenViewport() { viewport.releaseGl(); }

    // Puts the camera on +Z, looking along −Z at the origin from `distance` (frontCamera).
    void lookFromFront(float distance) { viewport.camera() = frontCamera(distance); }

    render::gl::RgbaImage draw() {
        viewport.draw(target.name(), m_width, m_height);
        REQUIRE(glGetError() == GL_NO_ERROR);
        return target.readPixels();
    }

    // The window pixel (origin top-left, y down) where a point of the drawn space lands, from
    // the camera's matrices alone.
    glm::ivec2 window(const glm::vec3& point) const {
        const glm::vec4 clip = viewport.camera().projectionMatrix(aspect()) *
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
    GLuint targetName() const { return target.name(); }

    render::view::Viewport viewport;

private:
    int m_width;
    int m_height;
};

} // namespace hyperrig::test
