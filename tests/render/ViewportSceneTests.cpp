#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/headless/HeadlessRender.h"
#include "render/view/Viewport.h"
#include "tests/render/ViewportTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::render;
using Pixel = gl::RgbaImage::Pixel;

namespace {

constexpr int kSceneWidth = 160;
constexpr int kSceneHeight = 120;

int channelByte(float value) {
    return static_cast<int>(std::lround(std::clamp(value, 0.0F, 1.0F) * 255.0F));
}

bool close(const Pixel& pixel, const glm::vec4& color, int tolerance) {
    return std::abs(pixel.r - channelByte(color.x)) <= tolerance &&
           std::abs(pixel.g - channelByte(color.y)) <= tolerance &&
           std::abs(pixel.b - channelByte(color.z)) <= tolerance;
}

int countClose(const gl::RgbaImage& image, const glm::vec4& color, int tolerance, int x0, int y0,
               int x1, int y1) {
    int count = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            count += close(image.at(x, y), color, tolerance);
    return count;
}

// A unit square facing the camera, centred on the origin.
scene::SurfaceInput square() {
    scene::SurfaceInput surface;
    surface.positions = {{-0.5F, -0.5F, 0}, {0.5F, -0.5F, 0}, {0.5F, 0.5F, 0},
                         {-0.5F, -0.5F, 0}, {0.5F, 0.5F, 0},  {-0.5F, 0.5F, 0}};
    surface.normals = {{0, 0, 1}, {0, 0, 1}};
    surface.baseColor = {0.2F, 0.3F, 0.9F};
    return surface;
}

// A camera on +Z looking along −Z at the origin, 3 units away.
class ViewportFixture : public hyperrig::test::OffscreenViewport {
public:
    ViewportFixture() : OffscreenViewport(kSceneWidth, kSceneHeight) { lookFromFront(3.0F); }
};

} // namespace

TEST_CASE("the viewport draws surfaces, bones over them, and follows scene changes",
          "[gl][viewport]") {
    ViewportFixture fixture;
    scene::SceneData scene;
    scene.surfaces.push_back(square());
    // A vertical bone behind the square, on its left half: bones are never hidden. 3D rigs draw
    // it as a grey octahedron (BoneSolids.h).
    scene.bones.push_back({{-0.25F, -0.4F, -0.5F}, {-0.25F, 0.4F, -0.5F}, 0, 0, false, {}, {}});
    fixture.viewport.setScene(scene);
    const gl::RgbaImage image = fixture.draw();

    // The square covers about 1 / (2 · 3 · tan 20°) of the height around the centre; the
    // ground grid's X axis runs through the centre row.
    const Pixel centre = image.at(kSceneWidth / 2 + 10, kSceneHeight / 2 - 10);
    CHECK(centre.b > 120);
    CHECK(centre.b > 2 * centre.r);
    // The bone projects at x = -0.25 · 3 / 3.5 in the target plane: left of centre.
    const int boneColumn = static_cast<int>(std::lround(
        (1.0F - 0.25F * 3.0F / 3.5F /
                    (3.0F * std::tan(glm::radians(20.0F)) * kSceneWidth / kSceneHeight)) *
        kSceneWidth / 2.0F));
    // Its solid is grey (the bone colour, lit), where the square around it is blue.
    auto grey = [](const Pixel& pixel) {
        return pixel.r > 60 && std::abs(pixel.r - pixel.b) < 40 && std::abs(pixel.g - pixel.b) < 40;
    };
    int boneRows = 0;
    for (int y = kSceneHeight / 2 - 8; y < kSceneHeight / 2 + 8; ++y)
        boneRows += grey(image.at(boneColumn, y)) ? 1 : 0;
    CHECK(boneRows >= 14);
    CHECK_FALSE(grey(image.at(boneColumn + 12, kSceneHeight / 2)));

    SECTION("a new scene replaces the uploaded one") {
        scene.surfaces.clear();
        fixture.viewport.setScene(scene);
        const gl::RgbaImage empty = fixture.draw();
        CHECK(empty.at(kSceneWidth / 2 + 10, kSceneHeight / 2 - 10).b < 80);
    }
}

TEST_CASE("the viewport fades 4D bones and marks crossings", "[gl][viewport]") {
    ViewportFixture fixture;
    const view::ViewportTheme& theme = fixture.viewport.theme();
    scene::SceneData scene;
    scene.is4D = true;
    scene.boneFadeDistance = 0.5F;
    // Left: in the hyperplane. Middle: far along W. Right: crossing at its midpoint.
    scene.bones.push_back({{-0.6F, -0.4F, 0}, {-0.6F, 0.4F, 0}, 0.0F, 0.0F, false, {}, {}});
    scene.bones.push_back({{0.0F, -0.4F, 0}, {0.0F, 0.4F, 0}, 2.0F, 2.0F, false, {}, {}});
    scene.bones.push_back({{0.6F, -0.4F, 0}, {0.6F, 0.4F, 0}, -0.1F, 0.1F, true, {0.6F, 0, 0}, {}});
    fixture.viewport.setScene(scene);
    const gl::RgbaImage image = fixture.draw();

    const int rowAbove = kSceneHeight / 2 - 12;
    auto brightest = [&](int x0, int x1) {
        int best = 0;
        for (int x = x0; x < x1; ++x)
            best = std::max(best, static_cast<int>(image.at(x, rowAbove).g));
        return best;
    };
    const int inPlane = brightest(0, kSceneWidth / 3);
    const int far = brightest(kSceneWidth / 3, 2 * kSceneWidth / 3);
    CHECK(inPlane > 220);
    CHECK(far < inPlane / 2); // at minAlpha 0.15 over a dark background
    CHECK(far > 30);          // but still there
    CHECK(countClose(image, theme.bones.crossingColor, 12, 2 * kSceneWidth / 3, 0, kSceneWidth,
                     kSceneHeight) > 40);
    // The crossing dot is wider than the line.
    int dotWidth = 0;
    for (int x = 2 * kSceneWidth / 3; x < kSceneWidth; ++x)
        dotWidth += close(image.at(x, kSceneHeight / 2), theme.bones.crossingColor, 12);
    CHECK(dotWidth >= 10);
}

TEST_CASE("the viewport draws the axes gizmo and the ground grid", "[gl][viewport]") {
    ViewportFixture fixture;
    const view::ViewportTheme& theme = fixture.viewport.theme();
    const scene::GizmoRect rect = scene::gizmoRect(kSceneWidth, kSceneHeight, theme.gizmo);
    const int top = kSceneHeight - rect.y - rect.size; // image rows run top to bottom
    auto inGizmo = [&](const gl::RgbaImage& image, const glm::vec4& color) {
        return countClose(image, color, 16, rect.x, top, rect.x + rect.size, top + rect.size);
    };
    scene::SceneData scene;
    scene.surfaces.push_back(square());
    fixture.viewport.camera().orbit(30.0F, 20.0F);

    SECTION("a 3D scene shows X, Y and Z") {
        fixture.viewport.setScene(scene);
        const gl::RgbaImage image = fixture.draw();
        CHECK(inGizmo(image, theme.gizmo.x) > 20);
        CHECK(inGizmo(image, theme.gizmo.y) > 20);
        CHECK(inGizmo(image, theme.gizmo.z) > 20);
        CHECK(inGizmo(image, theme.gizmo.w) == 0);
    }
    SECTION("a 4D scene shows W too: a hub when it points out of the slice") {
        scene.is4D = true;
        fixture.viewport.setScene(scene);
        CHECK(inGizmo(fixture.draw(), theme.gizmo.w) > 40);
        scene.wAxis = {1.0F, 0.0F, 0.0F};
        fixture.viewport.setScene(scene);
        const gl::RgbaImage image = fixture.draw();
        CHECK(inGizmo(image, theme.gizmo.w) > 20);
        // Along +X, W covers the X axis's line: less red shows than without W.
        scene.is4D = false;
        fixture.viewport.setScene(scene);
        CHECK(inGizmo(image, theme.gizmo.x) < inGizmo(fixture.draw(), theme.gizmo.x));
    }
    SECTION("the ground grid lies under the scene") {
        fixture.viewport.setScene(scene);
        const gl::RgbaImage withGrid = fixture.draw();
        view::ViewportTheme noGrid = theme;
        noGrid.grid.line.w = noGrid.grid.majorLine.w = 0.0F;
        noGrid.grid.xAxis.w = noGrid.grid.zAxis.w = 0.0F;
        fixture.viewport.setTheme(noGrid);
        const gl::RgbaImage without = fixture.draw();
        int lowerHalf = 0;
        int upperHalf = 0;
        for (int y = 0; y < kSceneHeight; ++y)
            for (int x = 0; x < kSceneWidth; ++x)
                (y < kSceneHeight / 2 ? upperHalf : lowerHalf) +=
                    !(withGrid.at(x, y) == without.at(x, y));
        CHECK(lowerHalf > 100); // seen from above, y = 0 lies below the square's centre
        CHECK(upperHalf < lowerHalf);
    }
}

TEST_CASE("headless rendering draws a scene into an image", "[gl][headless]") {
    scene::SceneData scene;
    scene.surfaces.push_back(square());
    view::OrbitCamera camera;
    camera.frame({-0.5F, -0.5F, 0.0F}, {0.5F, 0.5F, 0.0F}, 2.0F);
    auto image = headless::renderScene(scene, camera, 64, 32);
    REQUIRE(image.ok());
    CHECK(image->width == 64);
    CHECK(image->height == 32);
    // Above the centre: the grid's X axis crosses the square's middle.
    CHECK(image->at(32, 10).b > 120);
    CHECK(image->at(32, 10).a == 255);
    auto refused = headless::renderScene(scene, camera, 0, 32);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().message(), Catch::Contains("0x32"));
}

TEST_CASE("the viewport's display toggles hide the bones and the grid", "[gl][viewport]") {
    ViewportFixture fixture;
    scene::SceneData scene;
    scene.bones.push_back({{-0.25F, -0.4F, 0.0F}, {-0.25F, 0.4F, 0.0F}, 0, 0, false, {}, {}});
    fixture.viewport.setScene(scene);
    const gl::RgbaImage everything = fixture.draw();
    fixture.viewport.setDisplay({false, true});
    const gl::RgbaImage withoutBones = fixture.draw();
    fixture.viewport.setDisplay({false, false});
    const gl::RgbaImage withoutBonesAndGrid = fixture.draw();
    CHECK(everything.pixels != withoutBones.pixels);
    CHECK(withoutBones.pixels != withoutBonesAndGrid.pixels);
    fixture.viewport.setDisplay({});
    CHECK(fixture.draw().pixels == everything.pixels);
}
