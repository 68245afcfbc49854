#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/headless/PngWriter.h"
#include "render/scene/ColoredTriangleBatch.h"
#include "render/view/Viewport.h"
#include "tests/support/PngProbe.h"
#include "tests/support/ProcessRunner.h"

#include <EGL/egl.h>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::render;
using Pixel = gl::RgbaImage::Pixel;

namespace {

int toByte(float linear) {
    return static_cast<int>(std::lround(linear * 255.0F));
}

} // namespace

TEST_CASE("a surfaceless EGL context draws a triangle into an offscreen framebuffer",
          "[gl][headless]") {
    auto context = headless::EglContext::create();
    REQUIRE(context.ok());
    CHECK((*context)->info().major * 10 + (*context)->info().minor >= 33);

    auto target = gl::OffscreenFramebuffer::create(64, 48);
    REQUIRE(target.ok());
    auto batch = scene::ColoredTriangleBatch::create();
    REQUIRE(batch.ok());

    target->bind();
    glClearColor(0.0F, 0.0F, 1.0F, 1.0F);
    glClear(GL_COLOR_BUFFER_BIT);
    // The lower-left half of the framebuffer, in normalised device coordinates (+y up).
    const std::array<scene::ColoredVertex, 3> triangle{scene::ColoredVertex{-1, -1, 1, 0, 0, 1},
                                                       scene::ColoredVertex{1, -1, 1, 0, 0, 1},
                                                       scene::ColoredVertex{-1, 1, 1, 0, 0, 1}};
    batch->draw(triangle);
    const gl::RgbaImage image = target->readPixels();
    REQUIRE(glGetError() == GL_NO_ERROR);

    REQUIRE(image.width == 64);
    REQUIRE(image.height == 48);
    SECTION("pixels inside the triangle are red, rows read top to bottom") {
        CHECK(image.at(2, 45) == Pixel{255, 0, 0, 255}); // bottom-left corner of the picture
        CHECK(image.at(20, 40) == Pixel{255, 0, 0, 255});
    }
    SECTION("pixels outside keep the clear colour") {
        CHECK(image.at(61, 2) == Pixel{0, 0, 255, 255}); // top-right corner
        CHECK(image.at(50, 10) == Pixel{0, 0, 255, 255});
    }
    SECTION("the diagonal edge sits where the geometry puts it") {
        // Row y (from the top) is covered for x < 64 * (y + 0.5) / 48 - 0.5 or so; check a
        // pixel just inside and just outside the hypotenuse in the middle row.
        CHECK(image.at(30, 24) == Pixel{255, 0, 0, 255});
        CHECK(image.at(34, 24) == Pixel{0, 0, 255, 255});
    }
    SECTION("the picture survives a PNG round trip") {
        hyperrig::test::TemporaryFolder folder;
        REQUIRE(headless::writePng(folder / "triangle.png", image).ok());
        auto png = hyperrig::test::readPng(folder / "triangle.png");
        REQUIRE(png.has_value());
        CHECK(png->width == 64);
        CHECK(png->height == 48);
        CHECK(png->pixel(2, 45) == 0xFF0000FFU);
        CHECK(png->pixel(61, 2) == 0x0000FFFFU);
    }
}

TEST_CASE("the viewport clears to the theme's vertical gradient", "[gl][viewport]") {
    auto context = headless::EglContext::create();
    REQUIRE(context.ok());
    view::Viewport viewport;
    REQUIRE(viewport.initialize([](const char* name) { return eglGetProcAddress(name); }).ok());
    // Only the background: an empty scene still shows the ground grid, here made invisible.
    view::ViewportTheme backgroundOnly;
    backgroundOnly.grid.line.w = backgroundOnly.grid.majorLine.w = 0.0F;
    backgroundOnly.grid.xAxis.w = backgroundOnly.grid.zAxis.w = 0.0F;
    viewport.setTheme(backgroundOnly);
    auto target = gl::OffscreenFramebuffer::create(32, 100);
    REQUIRE(target.ok());

    viewport.draw(target->name(), 32, 100);
    const gl::RgbaImage image = target->readPixels();
    const view::ViewportTheme& theme = viewport.theme();
    const auto top = image.at(16, 0);
    const auto bottom = image.at(16, 99);
    CHECK(std::abs(top.r - toByte(theme.backgroundTop.r)) <= 2);
    CHECK(std::abs(top.b - toByte(theme.backgroundTop.b)) <= 2);
    CHECK(std::abs(bottom.r - toByte(theme.backgroundBottom.r)) <= 2);
    CHECK(std::abs(bottom.b - toByte(theme.backgroundBottom.b)) <= 2);
    CHECK(image.at(16, 50).r < top.r);
    CHECK(image.at(16, 50).r > bottom.r);
    viewport.releaseGl();
    CHECK_FALSE(viewport.isInitialized());
}

TEST_CASE("offscreen framebuffers refuse impossible sizes", "[gl][headless]") {
    auto context = headless::EglContext::create();
    REQUIRE(context.ok());
    auto empty = gl::OffscreenFramebuffer::create(0, 10);
    REQUIRE_FALSE(empty.ok());
    CHECK_THAT(empty.error().message(), Catch::Contains("0x10"));
    auto huge = gl::OffscreenFramebuffer::create(100000, 10);
    REQUIRE_FALSE(huge.ok());
}
