#include "core/eval/CompiledRig.h"
#include "core/io/g4mf/G4mfReader.h"
#include "render/scene/DocumentScene.h"
#include "render/view/SceneFraming.h"
#include "tests/render/ViewportTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

using namespace hyperrig;
using Pixel = render::gl::RgbaImage::Pixel;

namespace {

constexpr int kDimensionWidth = 200;
constexpr int kDimensionHeight = 160;

struct DimensionSample {
    core::io::ReadDocument read;
    core::eval::CompiledRig rig;
};

DimensionSample readDimensionSample(const char* name) {
    auto read =
        core::io::readG4mf(std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets/samples" / name);
    REQUIRE(read.ok());
    auto rig = core::eval::CompiledRig::compile(read->document);
    REQUIRE(rig.ok());
    return {std::move(*read), std::move(*rig)};
}

// The largest channel difference between `image` and `empty` (the same frame without a scene:
// the background) in the 3x3 pixels around the window pixel of `point`.
int drawnNear(const hyperrig::test::OffscreenViewport& fixture, const render::gl::RgbaImage& image,
              const render::gl::RgbaImage& empty, const glm::vec3& point) {
    const glm::ivec2 centre = fixture.window(point);
    int largest = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const int x = std::clamp(centre.x + dx, 0, kDimensionWidth - 1);
            const int y = std::clamp(centre.y + dy, 0, kDimensionHeight - 1);
            const Pixel a = image.at(x, y);
            const Pixel b = empty.at(x, y);
            largest =
                std::max({largest, std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
        }
    return largest;
}

// Draws `scene` framed as a host frames it, and the same camera over an empty scene; without
// the ground grid, which is drawn around what is there.
std::pair<render::gl::RgbaImage, render::gl::RgbaImage>
drawFramed(hyperrig::test::OffscreenViewport& fixture, render::scene::SceneData scene) {
    render::view::Viewport::Display display;
    display.grid = false;
    fixture.viewport.setDisplay(display);
    fixture.viewport.setScene(std::move(scene));
    fixture.viewport.frameScene(fixture.aspect());
    const render::gl::RgbaImage image = fixture.draw();
    const render::view::OrbitCamera camera = fixture.viewport.camera();
    render::scene::SceneData empty;
    empty.is2D = fixture.viewport.scene().is2D;
    fixture.viewport.setScene(empty);
    fixture.viewport.camera() = camera;
    return {image, fixture.draw()};
}

} // namespace

TEST_CASE("a 2D rig is drawn flat from the front, its bones and outline where they lie",
          "[gl][viewport][nd]") {
    const DimensionSample arm = readDimensionSample("arm-2d.g4tf");
    auto scene = render::scene::sceneFromDocument(arm.read.document, arm.rig, core::eval::Pose{});
    INFO((scene.ok() ? "" : scene.error().message()));
    REQUIRE(scene.ok());
    CHECK(scene->is2D);
    CHECK_FALSE(scene->is4D);
    CHECK(scene->bones.size() == 3);
    // The outline: one line per segment of the mesh, all in the z = 0 plane.
    REQUIRE(scene->edgeLines.size() == 61);
    for (const auto& edge : scene->edgeLines)
        CHECK((edge.a.z == 0.0F && edge.b.z == 0.0F));

    hyperrig::test::OffscreenViewport fixture(kDimensionWidth, kDimensionHeight);
    const auto [image, empty] = drawFramed(fixture, std::move(*scene));
    // Looked at flat-on: the camera took the front view when the 2D scene arrived.
    CHECK(fixture.viewport.camera().yawDegrees == 0.0F);
    CHECK(fixture.viewport.camera().pitchDegrees == 0.0F);
    // From the sample's definition: UpperArm runs from (0, 0) to (0, 0.5), its outline is 0.06 to
    // each side of it; the bone's middle and the outline beside it are drawn.
    CHECK(drawnNear(fixture, image, empty, {0.0F, 0.25F, 0.0F}) > 60);
    CHECK(drawnNear(fixture, image, empty, {-0.06F, 0.25F, 0.0F}) > 60);
    CHECK(drawnNear(fixture, image, empty, {0.06F, 0.25F, 0.0F}) > 60);
    // Between bone and outline (0.035 from the axis, beyond the octahedron's waist of 0.05) and
    // well outside the arm: background.
    CHECK(drawnNear(fixture, image, empty, {-0.2F, 0.25F, 0.0F}) < 8);
}

TEST_CASE("a 2D rig's bones are picked where they are drawn", "[gl][viewport][nd]") {
    const DimensionSample arm = readDimensionSample("arm-2d.g4tf");
    auto scene = render::scene::sceneFromDocument(arm.read.document, arm.rig, core::eval::Pose{});
    REQUIRE(scene.ok());
    hyperrig::test::OffscreenViewport fixture(kDimensionWidth, kDimensionHeight);
    fixture.viewport.setScene(std::move(*scene));
    fixture.viewport.frameScene(fixture.aspect());
    // UpperArm's middle, (0, 0.25) in the sample; the background beside the arm.
    const glm::ivec2 middle = fixture.window({0.0F, 0.25F, 0.0F});
    CHECK(fixture.viewport.pick(middle.x, middle.y, kDimensionWidth, kDimensionHeight) ==
          arm.read.document.findNode("UpperArm"));
    const glm::ivec2 beside = fixture.window({-0.3F, 0.25F, 0.0F});
    CHECK_FALSE(
        fixture.viewport.pick(beside.x, beside.y, kDimensionWidth, kDimensionHeight).has_value());
}

TEST_CASE("a 5D rig is drawn as its slice, bones where they project", "[gl][viewport][nd]") {
    const DimensionSample limb = readDimensionSample("limb-5d.g4tf");
    core::eval::View4D view;
    view.offset = 0.01;            // w
    view.beyondW[0].offset = 0.01; // v
    auto scene =
        render::scene::sceneFromDocument(limb.read.document, limb.rig, core::eval::Pose{}, view);
    INFO((scene.ok() ? "" : scene.error().message()));
    REQUIRE(scene.ok());
    CHECK(scene->is4D);
    CHECK(scene->dimension == 5);
    REQUIRE(scene->extraAxisExtents.size() == 2);
    REQUIRE(scene->surfaces.size() == 1);
    CHECK_FALSE(scene->surfaces[0].positions.empty());

    hyperrig::test::OffscreenViewport fixture(kDimensionWidth, kDimensionHeight);
    const auto [image, empty] = drawFramed(fixture, std::move(*scene));
    // From the sample's definition: UpperLimb runs from (0, 0, 0) to (0, 0.5, 0) in the flat (its
    // distance to it is |(0.01, 0.01)|, nearly opaque); its box of half-width 0.06 is cut into the
    // 3D box around it. The bone's middle is drawn, and so is the box's surface beside it.
    CHECK(drawnNear(fixture, image, empty, {0.0F, 0.25F, 0.0F}) > 60);
    CHECK(drawnNear(fixture, image, empty, {0.045F, 0.1F, 0.06F}) > 30);
    // Far beside the box: background.
    CHECK(drawnNear(fixture, image, empty, {0.25F, 0.25F, 0.0F}) < 8);
}
