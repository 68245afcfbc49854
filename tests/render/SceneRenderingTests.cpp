#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/headless/HeadlessRender.h"
#include "render/scene/HeatRamp.h"
#include "render/scene/LineBatch.h"
#include "render/scene/SurfaceBatch.h"
#include "render/view/Viewport.h"
#include "tests/render/ViewportTestSupport.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

using namespace hyperrig::render;
using Pixel = gl::RgbaImage::Pixel;

namespace {

// Two triangles covering [x0, x1] x [y0, y1] at depth z, counter-clockwise seen from +Z unless
// `clockwise`; the normal follows the winding.
scene::SurfaceInput quad(float x0, float x1, float y0, float y1, float z, bool clockwise = false) {
    scene::SurfaceInput surface;
    std::array<glm::vec3, 6> corners{glm::vec3{x0, y0, z}, {x1, y0, z}, {x1, y1, z},
                                     {x0, y0, z},          {x1, y1, z}, {x0, y1, z}};
    if (clockwise) {
        std::swap(corners[1], corners[2]);
        std::swap(corners[4], corners[5]);
    }
    surface.positions.assign(corners.begin(), corners.end());
    const glm::vec3 normal{0.0F, 0.0F, clockwise ? -1.0F : 1.0F};
    surface.normals = {normal, normal};
    return surface;
}

int byte(float value) {
    return static_cast<int>(std::lround(std::clamp(value, 0.0F, 1.0F) * 255.0F));
}

bool close(const Pixel& pixel, const glm::vec3& color, int tolerance = 3) {
    return std::abs(pixel.r - byte(color.x)) <= tolerance &&
           std::abs(pixel.g - byte(color.y)) <= tolerance &&
           std::abs(pixel.b - byte(color.z)) <= tolerance;
}

// The light a face turned straight at the camera gets (SurfaceBatch's shader).
float frontLight(const scene::SurfaceStyle& style) {
    const float key = glm::normalize(style.keyDirection).z;
    const float fill = glm::normalize(style.fillDirection).z;
    return style.ambient + style.key * std::max(key, 0.0F) + style.fill * std::max(fill, 0.0F);
}

using GlFixture = hyperrig::test::OffscreenTarget;
using hyperrig::test::frontCamera;

} // namespace

TEST_CASE("surfaces are lit, back faces tinted, heat-maps coloured", "[gl][surfaces]") {
    GlFixture gl(96, 32);
    auto batch = scene::SurfaceBatch::create();
    INFO((batch.ok() ? "" : batch.error().message()));
    REQUIRE(batch.ok());
    const scene::SurfaceStyle style;
    const glm::vec3 base{0.6F, 0.5F, 0.4F};

    // Three quads side by side, each a third of the width at the frame's height.
    const view::OrbitCamera camera = frontCamera();
    const float halfHeight = 3.0F * std::tan(glm::radians(camera.verticalFovDegrees) / 2.0F);
    const float third = 2.0F * halfHeight; // = width / 3 at aspect 3
    scene::SurfaceInput front = quad(-1.5F * third, -0.5F * third, -halfHeight, halfHeight, 0.0F);
    scene::SurfaceInput back =
        quad(-0.5F * third, 0.5F * third, -halfHeight, halfHeight, 0.0F, true);
    scene::SurfaceInput heat = quad(0.5F * third, 1.5F * third, -halfHeight, halfHeight, 0.0F);
    front.baseColor = back.baseColor = base;
    heat.heatmap = true;
    // The lower-right triangle hot, the upper-left one cold.
    heat.attributes = {1.0F, 1.0F, 1.0F, 0.0F, 0.0F, 0.0F};
    const std::vector<scene::SurfaceInput> surfaces{front, back, heat};
    batch->upload(surfaces);
    batch->draw(camera.viewMatrix(), camera.projectionMatrix(gl.aspect()), style);
    const gl::RgbaImage image = gl.target.readPixels();
    REQUIRE(glGetError() == GL_NO_ERROR);

    SECTION("a face turned to the camera gets ambient, key and fill light") {
        INFO(int(image.at(16, 16).r) << " " << int(image.at(16, 16).g));
        CHECK(close(image.at(16, 16), base * frontLight(style)));
    }
    SECTION("a back face is lit from its own side and tinted") {
        const glm::vec3 tinted = glm::mix(base, style.backTint, style.backTintAmount);
        CHECK(close(image.at(48, 16), tinted * frontLight(style)));
        CHECK_FALSE(close(image.at(48, 16), base * frontLight(style), 10));
    }
    SECTION("the heat-map follows the attribute through the ramp") {
        CHECK(close(image.at(93, 29), scene::heatColor(1.0F) * frontLight(style), 4));
        CHECK(close(image.at(67, 2), scene::heatColor(0.0F) * frontLight(style), 4));
    }
    SECTION("buffers are reused and grow, with a quarter to spare, only when a surface grows") {
        constexpr std::size_t kVertexBytes = sizeof(scene::SurfaceBatch::Vertex);
        const std::size_t twoTriangles = batch->capacityBytes(0);
        CHECK(twoTriangles == 6 * kVertexBytes + 6 * kVertexBytes / 4);
        scene::SurfaceInput smaller = front;
        smaller.positions.resize(3);
        smaller.normals.resize(1);
        batch->upload(std::vector<scene::SurfaceInput>{smaller});
        CHECK(batch->surfaceCount() == 1);
        CHECK(batch->capacityBytes(0) == twoTriangles);
        scene::SurfaceInput larger = front;
        for (int i = 0; i < 4; ++i) {
            larger.positions.insert(larger.positions.end(), front.positions.begin(),
                                    front.positions.end());
            larger.normals.insert(larger.normals.end(), front.normals.begin(), front.normals.end());
        }
        batch->upload(std::vector<scene::SurfaceInput>{larger, heat});
        const std::size_t tenTriangles = 30 * kVertexBytes + 30 * kVertexBytes / 4;
        CHECK(batch->capacityBytes(0) == tenTriangles);
        CHECK(batch->capacityBytes(2) == twoTriangles); // kept
        // Two triangles more (36 corners) fit in the 37.5 corners allocated: no reallocation.
        larger.positions.insert(larger.positions.end(), front.positions.begin(),
                                front.positions.end());
        larger.normals.insert(larger.normals.end(), front.normals.begin(), front.normals.end());
        batch->upload(std::vector<scene::SurfaceInput>{larger});
        CHECK(batch->capacityBytes(0) == tenTriangles);
        CHECK(glGetError() == GL_NO_ERROR);
    }
}

TEST_CASE("translucent surfaces draw in their own pass over the opaque ones", "[gl][surfaces]") {
    GlFixture gl(32, 32);
    auto batch = scene::SurfaceBatch::create();
    REQUIRE(batch.ok());
    const view::OrbitCamera camera = frontCamera();
    scene::SurfaceInput back = quad(-2, 2, -2, 2, 0.0F);
    back.baseColor = {0.0F, 0.0F, 1.0F};
    // In front of the opaque quad, covering only its left half.
    scene::SurfaceInput ghost = quad(-2, 0, -2, 2, 0.5F);
    ghost.baseColor = {1.0F, 1.0F, 1.0F};
    ghost.opacity = 0.25F;
    batch->upload(std::vector<scene::SurfaceInput>{ghost, back});
    const glm::mat4 projection = camera.projectionMatrix(gl.aspect());
    const scene::SurfaceStyle style;
    batch->draw(camera.viewMatrix(), projection, style);
    const gl::RgbaImage opaqueOnly = gl.target.readPixels();
    batch->draw(camera.viewMatrix(), projection, style, scene::SurfaceBatch::Pass::Translucent);
    const gl::RgbaImage both = gl.target.readPixels();
    const float light = frontLight(style);

    // The opaque pass leaves the ghost out (and writes no depth for it).
    CHECK(close(opaqueOnly.at(8, 16), glm::vec3(0.0F, 0.0F, 1.0F) * light));
    // The translucent pass blends a quarter of the ghost's colour over it, keeping alpha opaque.
    const glm::vec3 blended =
        glm::mix(glm::vec3(0.0F, 0.0F, 1.0F) * light, glm::vec3(1.0F) * light, 0.25F);
    CHECK(close(both.at(8, 16), blended));
    CHECK(both.at(8, 16).a == 255);
    CHECK(both.at(24, 16) == opaqueOnly.at(24, 16));
}

TEST_CASE("lines and dots have their width in pixels and blend", "[gl][lines]") {
    GlFixture gl(64, 64);
    auto batch = scene::LineBatch::create();
    REQUIRE(batch.ok());
    const glm::mat4 identity(1.0F);
    const glm::vec2 size{64.0F, 64.0F};
    const glm::vec4 red{1, 0, 0, 1};
    // A horizontal line across the top half (NDC y = 0.5 is row 16), 5 pixels wide.
    const std::array<scene::LineVertex, 2> opaque{scene::LineVertex{{-1, 0.5F, 0}, red},
                                                  scene::LineVertex{{1, 0.5F, 0}, red}};
    batch->drawLines(opaque, identity, size, 5.0F, scene::LineBatch::Depth::Ignore);
    // A half-transparent green line down the left quarter (NDC x = -0.5 is column 16).
    const glm::vec4 green{0, 1, 0, 0.5F};
    const std::array<scene::LineVertex, 2> faint{scene::LineVertex{{-0.5F, -1, 0}, green},
                                                 scene::LineVertex{{-0.5F, 0, 0}, green}};
    batch->drawLines(faint, identity, size, 3.0F, scene::LineBatch::Depth::Ignore);
    // A blue dot of 9 pixels at NDC (0.5, -0.5): pixel (48, 48).
    const std::array<scene::LineVertex, 1> dot{scene::LineVertex{{0.5F, -0.5F, 0}, {0, 0, 1, 1}}};
    batch->drawPoints(dot, identity, 9.0F, scene::LineBatch::Depth::Ignore);
    const gl::RgbaImage image = gl.target.readPixels();
    REQUIRE(glGetError() == GL_NO_ERROR);

    SECTION("a wide line covers its width, fully in the middle") {
        int covered = 0;
        for (int y = 0; y < 64; ++y)
            covered += image.at(40, y).r > 127;
        CHECK(covered == 5);
        CHECK(image.at(40, 16) == Pixel{255, 0, 0, 255});
        CHECK(image.at(40, 10).r == 0);
    }
    SECTION("alpha blends over what is there and keeps the target opaque") {
        const Pixel pixel = image.at(16, 50);
        CHECK(std::abs(pixel.g - 128) <= 2);
        CHECK(pixel.a == 255);
    }
    SECTION("a dot is a disc of its size") {
        CHECK(image.at(48, 48) == Pixel{0, 0, 255, 255});
        CHECK(image.at(51, 48).b == 255);
        CHECK(image.at(52, 52).b < 64); // the square's corner is outside the disc
        CHECK(image.at(54, 48).b == 0);
    }
    SECTION("buffer capacity grows only for more vertices") {
        const std::size_t capacity = batch->capacityBytes();
        CHECK(capacity == 2 * sizeof(scene::LineVertex));
        batch->drawPoints(dot, identity, 3.0F, scene::LineBatch::Depth::Ignore);
        CHECK(batch->capacityBytes() == capacity);
    }
}

TEST_CASE("lines keep their part in front of the eye and hide behind surfaces on request",
          "[gl][lines]") {
    GlFixture gl(64, 64);
    auto lines = scene::LineBatch::create();
    auto surfaces = scene::SurfaceBatch::create();
    REQUIRE(lines.ok());
    REQUIRE(surfaces.ok());
    const view::OrbitCamera camera = frontCamera(3.0F);
    const glm::mat4 viewProjection = camera.projectionMatrix(1.0F) * camera.viewMatrix();
    const glm::vec2 size{64.0F, 64.0F};
    const glm::vec4 white{1, 1, 1, 1};

    SECTION("a segment reaching the eye's plane keeps its visible part") {
        // From up left of the target to level with the eye (z = 3), where the end's clip w is
        // exactly 0: a screen direction found by dividing by w would be NaN.
        const std::array<scene::LineVertex, 2> segment{scene::LineVertex{{-0.6F, 0.3F, 0}, white},
                                                       scene::LineVertex{{-0.6F, 0.3F, 3}, white}};
        lines->drawLines(segment, viewProjection, size, 3.0F, scene::LineBatch::Depth::Ignore);
        const gl::RgbaImage image = gl.target.readPixels();
        // The end at the target's depth projects to NDC (-0.6, 0.3) / (3 · tan 20°) = (-0.55,
        // 0.27): pixel (14.4, 23.2); nearer the eye the segment runs off up and to the left
        // with slope 1/2, through (8, 20).
        auto whiteNear = [&](int x, int y) {
            int count = 0;
            for (int dy = -2; dy <= 2; ++dy)
                count += image.at(x, y + dy).r > 200;
            return count;
        };
        CHECK(whiteNear(12, 22) > 0);
        CHECK(whiteNear(8, 20) > 0);
        CHECK(whiteNear(2, 17) > 0);
        int rightHalf = 0;
        for (int x = 33; x < 64; ++x)
            for (int y = 0; y < 64; ++y)
                rightHalf += image.at(x, y).r > 0;
        CHECK(rightHalf == 0);
    }
    SECTION("the grid's depth mode hides lines behind surfaces, the bones' mode does not") {
        scene::SurfaceInput wall = quad(-0.1F, 2.0F, -2.0F, 2.0F, 0.5F);
        wall.baseColor = glm::vec3(0.0F, 0.0F, 1.0F);
        surfaces->upload(std::vector<scene::SurfaceInput>{wall});
        surfaces->draw(camera.viewMatrix(), camera.projectionMatrix(1.0F), {});
        const std::array<scene::LineVertex, 2> hidden{scene::LineVertex{{-2, 0.3F, 0}, white},
                                                      scene::LineVertex{{2, 0.3F, 0}, white}};
        const std::array<scene::LineVertex, 2> shown{scene::LineVertex{{-2, -0.3F, 0}, white},
                                                     scene::LineVertex{{2, -0.3F, 0}, white}};
        lines->drawLines(hidden, viewProjection, size, 3.0F, scene::LineBatch::Depth::TestNoWrite);
        lines->drawLines(shown, viewProjection, size, 3.0F, scene::LineBatch::Depth::Ignore);
        const gl::RgbaImage image = gl.target.readPixels();
        auto whiteInColumn = [&](int x, int from, int to) {
            int count = 0;
            for (int y = from; y < to; ++y)
                count += image.at(x, y).r > 200 && image.at(x, y).b > 200;
            return count;
        };
        CHECK(whiteInColumn(10, 0, 32) > 0);  // the hidden line, left of the wall: visible
        CHECK(whiteInColumn(50, 0, 32) == 0); // behind the wall: hidden
        CHECK(whiteInColumn(50, 32, 64) > 0); // the "over everything" line shows on the wall
    }
}
