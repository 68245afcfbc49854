#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/scene/SurfaceBatch.h"
#include "render/view/Viewport.h"
#include "tests/render/ViewportTestSupport.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>

using namespace hyperrig::render;
using Pixel = gl::RgbaImage::Pixel;

namespace {

constexpr int kSize = 64;

using hyperrig::test::frontCamera;

// Where `point` lands in a size x size picture, in pixels from the top-left corner (pixel (x, y)
// has its centre at (x + 0.5, y + 0.5)).
glm::vec2 pixelOf(const view::OrbitCamera& camera, const glm::vec3& point, int size = kSize) {
    const glm::vec4 clip =
        camera.projectionMatrix(1.0F) * camera.viewMatrix() * glm::vec4(point, 1);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {(ndc.x + 1.0F) * 0.5F * static_cast<float>(size),
            (1.0F - ndc.y) * 0.5F * static_cast<float>(size)};
}

// Surfaces in their base colour exactly: ambient 1, no lights.
scene::SurfaceStyle unlit() {
    scene::SurfaceStyle style;
    style.ambient = 1.0F;
    style.key = 0.0F;
    style.fill = 0.0F;
    return style;
}

// Blue triangles, and red edges drawn opaque, so a pixel's red channel is the edge's coverage.
constexpr glm::vec3 kFaceColor{0.0F, 0.0F, 1.0F};
scene::WireframeStyle redEdges(float width) {
    return {{1.0F, 0.0F, 0.0F}, 1.0F, width};
}

scene::SurfaceInput surfaceOf(std::vector<glm::vec3> corners) {
    scene::SurfaceInput surface;
    for (std::size_t t = 0; t < corners.size() / 3; ++t) {
        const glm::vec3& a = corners[3 * t];
        surface.normals.push_back(
            glm::normalize(glm::cross(corners[3 * t + 1] - a, corners[3 * t + 2] - a)));
    }
    surface.positions = std::move(corners);
    surface.baseColor = kFaceColor;
    return surface;
}

// Two triangles facing the camera, sharing the vertical edge x = 0 from y = −1 to 1; their other
// edges run from (±1, −1) to (0, 1) and along y = −1.
scene::SurfaceInput verticalEdgePair() {
    return surfaceOf({{-1, -1, 0}, {0, -1, 0}, {0, 1, 0}, {0, -1, 0}, {1, -1, 0}, {0, 1, 0}});
}

// The square [−1, 1]² split along its diagonal from (−1, −1) to (1, 1).
scene::SurfaceInput diagonalSquare() {
    return surfaceOf({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, -1, 0}, {1, 1, 0}, {-1, 1, 0}});
}

class ShadingFixture : public hyperrig::test::OffscreenTarget {
public:
    ShadingFixture() : OffscreenTarget(kSize, kSize) {
        auto createdBatch = scene::SurfaceBatch::create();
        INFO((createdBatch.ok() ? "" : createdBatch.error().message()));
        REQUIRE(createdBatch.ok());
        batch = std::make_unique<scene::SurfaceBatch>(std::move(*createdBatch));
    }

    gl::RgbaImage draw(const scene::SurfaceInput& surface, const view::OrbitCamera& camera,
                       const scene::SurfaceStyle& style, const scene::SurfaceDrawOptions& options,
                       scene::SurfaceBatch::Pass pass = scene::SurfaceBatch::Pass::Opaque) {
        target.bind();
        glViewport(0, 0, kSize, kSize);
        glClearColor(0.0F, 0.0F, 0.0F, 1.0F);
        glClearDepth(1.0);
        glDepthMask(GL_TRUE);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        batch->upload(std::span(&surface, 1));
        batch->draw(camera.viewMatrix(), camera.projectionMatrix(1.0F), style, pass, options);
        REQUIRE(glGetError() == GL_NO_ERROR);
        return target.readPixels();
    }

    std::unique_ptr<scene::SurfaceBatch> batch;
};

// The red of row y summed over columns [x0, x1), in pixels (255 = one fully covered pixel).
float redAcross(const gl::RgbaImage& image, int y, int x0, int x1) {
    int sum = 0;
    for (int x = x0; x < x1; ++x)
        sum += image.at(x, y).r;
    return static_cast<float>(sum) / 255.0F;
}

} // namespace

TEST_CASE("the wireframe draws the triangle edges, antialiased, a constant width in pixels",
          "[gl][surfaces][wireframe]") {
    ShadingFixture gl;
    const scene::SurfaceStyle style = unlit();
    scene::SurfaceDrawOptions wireframe;
    wireframe.wireframe = redEdges(1.0F);

    SECTION("edge pixels take the edge colour, face interiors keep the surface's") {
        const view::OrbitCamera camera = frontCamera();
        const gl::RgbaImage plain = gl.draw(verticalEdgePair(), camera, style, {});
        const gl::RgbaImage edged = gl.draw(verticalEdgePair(), camera, style, wireframe);
        // x = 0 is the boundary between columns 31 and 32: both pixel centres are half a pixel
        // from the edge, each half covered.
        REQUIRE(pixelOf(camera, {0, 0, 0}).x == Approx(32.0F));
        for (int y = 24; y < 40; ++y) {
            INFO("row " << y);
            CHECK(std::abs(edged.at(31, y).r - 128) <= 3);
            CHECK(std::abs(edged.at(32, y).r - 128) <= 3);
            CHECK(edged.at(29, y).r == 0);
            CHECK(edged.at(34, y).r == 0);
        }
        // Inside the faces, between the shared edge and the slanted ones (through (±0.5, 0)):
        // untouched.
        const int slanted = static_cast<int>(pixelOf(camera, {0.5F, 0, 0}).x);
        REQUIRE(slanted > 40);
        for (const int x : {kSize - 1 - (slanted + 32) / 2, (slanted + 32) / 2})
            for (const int y : {28, 32, 36})
                CHECK(edged.at(x, y) == plain.at(x, y));
        CHECK(plain.at(24, 32) == Pixel{0, 0, 255, 255});
        CHECK(plain.at(32, 32).r == 0);
    }
    SECTION("a line keeps its width in pixels whatever the distance and the angle") {
        for (const float width : {1.0F, 3.0F}) {
            wireframe.wireframe = redEdges(width);
            // Coverage of a pixel whose centre is d pixels from the line.
            const auto expectedRed = [&](float d) {
                return 255.0F * std::clamp(width / 2.0F + 0.5F - d, 0.0F, 1.0F);
            };
            for (const float distance : {3.0F, 5.0F}) {
                const view::OrbitCamera camera = frontCamera(distance);
                INFO("width " << width << ", distance " << distance);
                // Across the vertical shared edge the coverages sum to the width (the pixel
                // centres sample the line's box profile at unit steps).
                const gl::RgbaImage vertical =
                    gl.draw(verticalEdgePair(), camera, style, wireframe);
                for (const int y : {28, 32, 36})
                    CHECK(redAcross(vertical, y, 28, 36) == Approx(width).epsilon(0.03));
                // The 45° diagonal runs through the pixel centres with x + y = 63; a pixel k
                // columns beside it is k / √2 pixels from it (a derivative sum, fwidth, would
                // make that k / 2 and the line √2 times thinner).
                const gl::RgbaImage diagonal = gl.draw(diagonalSquare(), camera, style, wireframe);
                for (const int y : {28, 32, 36})
                    for (int k = 0; k <= 3; ++k) {
                        INFO("row " << y << ", " << k << " columns off");
                        const float d = static_cast<float>(k) / std::sqrt(2.0F);
                        CHECK(std::abs(diagonal.at(63 - y + k, y).r - expectedRed(d)) <= 3.0F);
                        CHECK(std::abs(diagonal.at(63 - y - k, y).r - expectedRed(d)) <= 3.0F);
                    }
            }
        }
        // The square's outline, where no neighbour draws the outer half, is drawn too.
        const view::OrbitCamera camera = frontCamera();
        const gl::RgbaImage diagonal = gl.draw(diagonalSquare(), camera, style, wireframe);
        const int right = static_cast<int>(pixelOf(camera, {1, 0, 0}).x);
        CHECK(diagonal.at(right - 1, 20).r > 0);
        CHECK(diagonal.at(right - 4, 20).r == 0);
    }
    SECTION("on a see-through surface the edges are as see-through as the surface") {
        scene::SurfaceInput ghost = diagonalSquare();
        ghost.opacity = 0.5F;
        const view::OrbitCamera camera = frontCamera();
        const gl::RgbaImage image =
            gl.draw(ghost, camera, style, wireframe, scene::SurfaceBatch::Pass::Translucent);
        // Over black: an interior pixel is half blue; on the diagonal (pixel (32, 31): its
        // centre (32.5, 31.5) lies on it, fully covered) half red.
        CHECK(std::abs(image.at(20, 40).b - 128) <= 2);
        CHECK(image.at(20, 40).r == 0);
        CHECK(std::abs(image.at(32, 31).r - 128) <= 3);
        CHECK(image.at(32, 31).a == 255);
        // The opaque pass draws nothing of it, edges included.
        const gl::RgbaImage opaquePass = gl.draw(ghost, camera, style, wireframe);
        CHECK(opaquePass.at(32, 31) == Pixel{0, 0, 0, 255});
    }
    SECTION("the edge opacity mixes the edge colour into the surface's") {
        wireframe.wireframe->opacity = 0.5F;
        const gl::RgbaImage image = gl.draw(diagonalSquare(), frontCamera(), style, wireframe);
        CHECK(std::abs(image.at(32, 31).r - 128) <= 3);
        CHECK(std::abs(image.at(32, 31).b - 128) <= 3);
    }
}

namespace {

// A half cylinder of radius 1 around the Y axis, facing the camera: `segments` flat strips from
// −80° to 80° around Y, 20° apart at 8 segments (below the crease angle). Smooth normals are
// the exact radial directions, so the test does not depend on SmoothNormals.
scene::SurfaceInput halfCylinder(int segments) {
    std::vector<glm::vec3> corners;
    std::vector<glm::vec3> radial;
    auto around = [&](int i) {
        const float angle =
            glm::radians(-80.0F + 160.0F * static_cast<float>(i) / static_cast<float>(segments));
        return glm::vec3(std::sin(angle), 0.0F, std::cos(angle));
    };
    for (int i = 0; i < segments; ++i) {
        const glm::vec3 a = around(i);
        const glm::vec3 b = around(i + 1);
        const glm::vec3 up{0.0F, 1.0F, 0.0F};
        for (const glm::vec3& corner : {a - up, b - up, b + up, a - up, b + up, a + up}) {
            corners.push_back(corner);
            radial.push_back(glm::vec3(corner.x, 0.0F, corner.z));
        }
    }
    scene::SurfaceInput surface = surfaceOf(std::move(corners));
    surface.smoothNormals = std::move(radial);
    surface.baseColor = {0.7F, 0.7F, 0.7F};
    return surface;
}

// The largest difference of the green channel between horizontally neighbouring pixels of row y
// over columns [x0, x1).
int largestStep(const gl::RgbaImage& image, int y, int x0, int x1) {
    int largest = 0;
    for (int x = x0; x + 1 < x1; ++x)
        largest = std::max(largest, std::abs(image.at(x + 1, y).g - image.at(x, y).g));
    return largest;
}

// The column where the cylinder's surface turned by `degrees` about Y crosses the middle row.
int cylinderColumn(const view::OrbitCamera& camera, float degrees, int size = kSize) {
    const float angle = glm::radians(degrees);
    return static_cast<int>(pixelOf(camera, {std::sin(angle), 0, std::cos(angle)}, size).x);
}

} // namespace

TEST_CASE("smooth shading lights a curved surface continuously across its edges",
          "[gl][surfaces][shading]") {
    ShadingFixture gl;
    const scene::SurfaceStyle lit; // the default lights
    const view::OrbitCamera camera = frontCamera();
    scene::SurfaceDrawOptions smooth;
    smooth.shading = scene::Shading::Smooth;
    const scene::SurfaceInput cylinder = halfCylinder(8);
    const gl::RgbaImage flatImage = gl.draw(cylinder, camera, lit, {});
    const gl::RgbaImage smoothImage = gl.draw(cylinder, camera, lit, smooth);

    // Along the middle row from −30° to 30°, crossing the strip edges at −20°, 0° and 20°. With
    // the default lights, light(a) = 0.34 + 0.62 max(0, −0.45 sin a + 0.66 cos a) + 0.28 max(0,
    // 0.70 sin a + 0.70 cos a) for a normal turned by a about Y: the flat strips around −10°,
    // 10° and 30° get 0.95, 0.92 and 0.82 of the 0.7 albedo, so the edge at 20° steps by
    // 0.1 · 178 ≈ 18 levels. Smoothly, |light'(a)| <= 0.38 there and the normal turns by less than
    // 0.04 rad per pixel (the strips at ±20° are 14 pixels apart): about 2 levels per pixel.
    const int y = kSize / 2;
    const int from = cylinderColumn(camera, -30.0F);
    const int to = cylinderColumn(camera, 30.0F) + 1;
    REQUIRE(cylinderColumn(camera, 20.0F) - cylinderColumn(camera, 0.0F) >= 12);
    INFO("columns " << from << ".." << to << ", flat step " << largestStep(flatImage, y, from, to)
                    << ", smooth step " << largestStep(smoothImage, y, from, to));
    CHECK(largestStep(flatImage, y, from, to) >= 12);
    CHECK(largestStep(smoothImage, y, from, to) <= 3);
    // Flat, a strip is one colour; smooth, it is not.
    const int stripFrom = cylinderColumn(camera, 2.0F);
    const int stripTo = cylinderColumn(camera, 18.0F);
    CHECK(flatImage.at(stripFrom, y) == flatImage.at(stripTo, y));
    CHECK_FALSE(smoothImage.at(stripFrom, y) == smoothImage.at(stripTo, y));

    SECTION("a surface without smooth normals is drawn flat in smooth shading") {
        scene::SurfaceInput withoutSmooth = cylinder;
        withoutSmooth.smoothNormals.clear();
        CHECK(gl.draw(withoutSmooth, camera, lit, smooth).pixels == flatImage.pixels);
    }
    SECTION("the wireframe draws over smooth shading too") {
        smooth.wireframe = redEdges(1.0F);
        const gl::RgbaImage edged = gl.draw(cylinder, camera, lit, smooth);
        // The strip edge at 0° is the line x = 0 (columns 31 and 32, half covered each: the grey
        // loses half its green); a strip's diagonal crosses the middle row near its centre, so
        // a quarter of the way into the strip is inside a triangle.
        REQUIRE(pixelOf(camera, {0, 0, 1}).x == Approx(32.0F));
        CHECK(edged.at(31, y).g < smoothImage.at(31, y).g - 40);
        CHECK(edged.at(31, y).r >= smoothImage.at(31, y).r);
        const int inside = cylinderColumn(camera, 5.0F);
        CHECK(edged.at(inside, y) == smoothImage.at(inside, y));
    }
}

TEST_CASE("the viewport draws with its display's shading and wireframe",
          "[gl][viewport][wireframe]") {
    // Large enough that the axes gizmo (bottom-left) stays clear of the middle row.
    constexpr int size = 256;
    auto context = headless::EglContext::create();
    REQUIRE(context.ok());
    auto target = gl::OffscreenFramebuffer::create(size, size);
    REQUIRE(target.ok());
    view::Viewport viewport;
    REQUIRE(viewport.initialize(headless::EglContext::getProcAddress()).ok());
    view::ViewportTheme theme;
    theme.wireframe = redEdges(1.0F);
    viewport.setTheme(theme);
    scene::SceneData sceneData;
    sceneData.surfaces.push_back(halfCylinder(8));
    viewport.setScene(sceneData);
    viewport.camera() = frontCamera();
    const auto draw = [&](const view::Viewport::Display& display) {
        viewport.setDisplay(display);
        viewport.draw(target->name(), size, size);
        REQUIRE(glGetError() == GL_NO_ERROR);
        return target->readPixels();
    };
    view::Viewport::Display display;
    display.bones = false;
    display.grid = false;
    CHECK_FALSE(display.wireframe);
    CHECK(display.shading == scene::Shading::Smooth);
    const gl::RgbaImage smooth = draw(display);
    display.shading = scene::Shading::Flat;
    const gl::RgbaImage flat = draw(display);
    display.wireframe = true;
    const gl::RgbaImage edged = draw(display);
    viewport.releaseGl();

    const view::OrbitCamera& camera = viewport.camera();
    const int y = size / 2;
    const int from = cylinderColumn(camera, -30.0F, size);
    const int to = cylinderColumn(camera, 30.0F, size) + 1;
    CHECK(largestStep(smooth, y, from, to) < largestStep(flat, y, from, to));
    const int edge = cylinderColumn(camera, 0.0F, size); // x = 0: columns 127 and 128
    CHECK(edged.at(edge, y).g < flat.at(edge, y).g - 40);
    const int inside = cylinderColumn(camera, 5.0F, size);
    CHECK(edged.at(inside, y) == flat.at(inside, y));
}
