#include "render/view/TransformGizmo.h"
#include "render/view/ViewRay.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace hyperrig::render::view;

namespace {

// Looking straight down −Z at the origin from 5 units away, 40° vertical field of view, in an
// 800 x 600 viewport: the origin is at pixel (400, 300) and, at its depth, one pixel covers
//   2 · 5 · tan(20°) / 600 units.
OrbitCamera gizmoTestCamera() {
    OrbitCamera camera;
    camera.target = glm::vec3(0.0F);
    camera.distance = 5.0F;
    camera.yawDegrees = 0.0F;
    camera.pitchDegrees = 0.0F;
    camera.verticalFovDegrees = 40.0F;
    return camera;
}

const glm::vec2 kGizmoViewport{800.0F, 600.0F};
const glm::vec2 kGizmoCentre{400.0F, 300.0F};

double gizmoTestUnitsPerPixel() {
    return 2.0 * 5.0 * std::tan(20.0 * std::numbers::pi / 180.0) / 600.0;
}

TransformGizmo testGizmo4D(GizmoKind kind) {
    TransformGizmo gizmo;
    gizmo.kind = kind;
    gizmo.hasW = true;
    return gizmo;
}

} // namespace

TEST_CASE("The view ray and the window position are inverse", "[render][gizmo]") {
    const OrbitCamera camera = gizmoTestCamera();
    const auto centre = windowPosition(camera, glm::vec3(0.0F), kGizmoViewport);
    REQUIRE(centre);
    CHECK(centre->x == Approx(400.0F));
    CHECK(centre->y == Approx(300.0F));
    const ViewRay ray = viewRay(camera, {650.0F, 120.0F}, kGizmoViewport);
    const auto hit = rayPlaneHit(ray, glm::vec3(0.0F), glm::vec3(0.0F, 0.0F, 1.0F));
    REQUIRE(hit);
    const auto back = windowPosition(camera, *hit, kGizmoViewport);
    REQUIRE(back);
    CHECK(back->x == Approx(650.0F).margin(1e-3));
    CHECK(back->y == Approx(120.0F).margin(1e-3));
    CHECK(unitsPerPixel(camera, glm::vec3(0.0F), 600.0F) == Approx(gizmoTestUnitsPerPixel()));
}

TEST_CASE("A drag of N pixels along the X arrow moves by N pixels' worth of world units",
          "[render][gizmo]") {
    const OrbitCamera camera = gizmoTestCamera();
    const TransformGizmo gizmo = testGizmo4D(GizmoKind::Move);
    // Along the arrow, the pointer ray meets the axis line: exactly N pixels' worth.
    const auto moved = moveDrag(gizmo, GizmoHandle::AxisX, camera, kGizmoViewport,
                                kGizmoCentre + glm::vec2{30, 0}, kGizmoCentre + glm::vec2{90, 0});
    REQUIRE(moved);
    CHECK(moved->x == Approx(60.0 * gizmoTestUnitsPerPixel()).epsilon(1e-5));
    CHECK(moved->y == 0.0F);
    CHECK(moved->z == 0.0F);
    CHECK(moved->w == 0.0F);
    // Off the arrow, the nearest point of the axis to the pointer ray: still almost N pixels.
    const auto slanted =
        moveDrag(gizmo, GizmoHandle::AxisX, camera, kGizmoViewport, kGizmoCentre + glm::vec2{30, 0},
                 kGizmoCentre + glm::vec2{90, 14});
    REQUIRE(slanted);
    CHECK(slanted->x == Approx(60.0 * gizmoTestUnitsPerPixel()).epsilon(2e-3));
    CHECK(slanted->y == 0.0F);
}

TEST_CASE("A W drag changes only the W coordinate", "[render][gizmo]") {
    const OrbitCamera camera = gizmoTestCamera();
    const TransformGizmo gizmo = testGizmo4D(GizmoKind::Move);
    // 40 px along the slider (up and to the left) and 10 px across it.
    const glm::vec2 along = wSliderDirection() * 40.0F;
    const glm::vec2 across{-wSliderDirection().y * 10.0F, wSliderDirection().x * 10.0F};
    const auto moved = moveDrag(gizmo, GizmoHandle::AxisW, camera, kGizmoViewport, kGizmoCentre,
                                kGizmoCentre + along + across);
    REQUIRE(moved);
    CHECK(moved->x == 0.0F);
    CHECK(moved->y == 0.0F);
    CHECK(moved->z == 0.0F);
    CHECK(moved->w == Approx(40.0 * gizmoTestUnitsPerPixel()).epsilon(1e-4));
}

TEST_CASE("A plane handle moves within its plane", "[render][gizmo]") {
    OrbitCamera camera = gizmoTestCamera();
    camera.yawDegrees = 30.0F;
    camera.pitchDegrees = 40.0F;
    const TransformGizmo gizmo = testGizmo4D(GizmoKind::Move);
    const auto moved = moveDrag(gizmo, GizmoHandle::PlaneXZ, camera, kGizmoViewport, kGizmoCentre,
                                kGizmoCentre + glm::vec2{50.0F, 35.0F});
    REQUIRE(moved);
    CHECK(moved->y == Approx(0.0F).margin(1e-6));
    CHECK(moved->w == 0.0F);
    // The moved point is still under the pointer: project it back.
    const auto onScreen =
        windowPosition(camera, glm::vec3(moved->x, moved->y, moved->z), kGizmoViewport);
    REQUIRE(onScreen);
    CHECK(onScreen->x == Approx(450.0F).margin(1e-2));
    CHECK(onScreen->y == Approx(335.0F).margin(1e-2));
}

TEST_CASE("A local axis leaning into W moves along its whole 4D direction", "[render][gizmo]") {
    const OrbitCamera camera = gizmoTestCamera();
    TransformGizmo gizmo = testGizmo4D(GizmoKind::Move);
    const float h = std::sqrt(0.5F);
    gizmo.axes[0] = {h, 0.0F, 0.0F, h}; // X turned 45° towards W
    const auto moved = moveDrag(gizmo, GizmoHandle::AxisX, camera, kGizmoViewport, kGizmoCentre,
                                kGizmoCentre + glm::vec2{40.0F, 0.0F});
    REQUIRE(moved);
    // The drawn x follows the pointer; w moves by as much, as the axis leans.
    CHECK(moved->x == Approx(40.0 * gizmoTestUnitsPerPixel()).epsilon(1e-4));
    CHECK(moved->w == Approx(moved->x).epsilon(1e-5));
}

TEST_CASE("A ring drag turns in the ring's plane by the angle swept", "[render][gizmo]") {
    const OrbitCamera camera = gizmoTestCamera();
    const TransformGizmo gizmo = testGizmo4D(GizmoKind::Rotate);
    // From the ring's +X point to its +Y point (screen up): a quarter turn of X towards Y.
    const float radius = gizmo.sizePixels;
    const float angle = rotationAngle(gizmo, GizmoHandle::RingXY, camera, kGizmoViewport,
                                      kGizmoCentre + glm::vec2{radius, 0.0F},
                                      kGizmoCentre + glm::vec2{0.0F, -radius});
    CHECK(angle == Approx(std::numbers::pi / 2.0).epsilon(1e-5));
    const PlaneTurn plane = handlePlane(gizmo, GizmoHandle::RingXY, camera);
    CHECK(plane.u == glm::vec4{1.0F, 0.0F, 0.0F, 0.0F});
    CHECK(plane.v == glm::vec4{0.0F, 1.0F, 0.0F, 0.0F});
}

TEST_CASE("A W knob turns its axis towards W by 90 degrees per ring radius", "[render][gizmo]") {
    const OrbitCamera camera = gizmoTestCamera();
    const TransformGizmo gizmo = testGizmo4D(GizmoKind::Rotate);
    const float angle =
        rotationAngle(gizmo, GizmoHandle::RingYW, camera, kGizmoViewport, kGizmoCentre,
                      kGizmoCentre + glm::vec2{gizmo.sizePixels / 3.0F, 25.0F});
    CHECK(angle == Approx(std::numbers::pi / 6.0).epsilon(1e-5));
    const PlaneTurn plane = handlePlane(gizmo, GizmoHandle::RingYW, camera);
    CHECK(plane.u == glm::vec4{0.0F, 1.0F, 0.0F, 0.0F});
    CHECK(plane.v == glm::vec4{0.0F, 0.0F, 0.0F, 1.0F});
}

TEST_CASE("Snapping rounds to the step", "[render][gizmo]") {
    CHECK(snapAngle(glm::radians(7.4F), 5.0F) == Approx(glm::radians(5.0F)));
    CHECK(snapAngle(glm::radians(-8.0F), 5.0F) == Approx(glm::radians(-10.0F)));
    CHECK(snapAngle(0.3F, 0.0F) == 0.3F);
}

TEST_CASE("The handle under the pointer is picked", "[render][gizmo]") {
    const OrbitCamera camera = gizmoTestCamera();
    const TransformGizmo move = testGizmo4D(GizmoKind::Move);
    CHECK(pickGizmoHandle(move, camera, kGizmoViewport, kGizmoCentre + glm::vec2{70.0F, 3.0F}) ==
          GizmoHandle::AxisX);
    CHECK(pickGizmoHandle(move, camera, kGizmoViewport, kGizmoCentre + glm::vec2{-2.0F, -80.0F}) ==
          GizmoHandle::AxisY);
    // The XY square spans 0.22 to 0.42 of the arrows: its middle is 32% along both.
    CHECK(pickGizmoHandle(move, camera, kGizmoViewport,
                          kGizmoCentre +
                              glm::vec2{0.32F * move.sizePixels, -0.32F * move.sizePixels}) ==
          GizmoHandle::PlaneXY);
    CHECK(pickGizmoHandle(move, camera, kGizmoViewport,
                          kGizmoCentre + wSliderDirection() * 60.0F) == GizmoHandle::AxisW);
    CHECK(pickGizmoHandle(move, camera, kGizmoViewport, kGizmoCentre + glm::vec2{200.0F, 200.0F}) ==
          GizmoHandle::None);
    const TransformGizmo rotate = testGizmo4D(GizmoKind::Rotate);
    // Face-on, the XY ring is a circle of radius sizePixels on screen.
    CHECK(pickGizmoHandle(rotate, camera, kGizmoViewport,
                          kGizmoCentre + glm::vec2{0.6F, -0.8F} * rotate.sizePixels) ==
          GizmoHandle::RingXY);
}

TEST_CASE("A flat 2D gizmo offers nothing that involves Z", "[render][gizmo]") {
    OrbitCamera camera = gizmoTestCamera();
    camera.yawDegrees = 90.0F; // from the side, where Z runs across the screen
    TransformGizmo gizmo;
    gizmo.flat = true;
    GizmoLines lines;
    buildGizmoLines(gizmo, camera, kGizmoViewport, hyperrig::render::scene::GizmoStyle{}, lines);
    // X and Y shafts, Y's three-sided head and the XY square; X points at the camera: a dot
    // instead of a head.
    CHECK(lines.segments.size() == 2 * (2 + 3 + 4));
    CHECK(lines.dots.size() == 1);
    // Seen from +X, the Z arrow would run to the left of the pivot.
    CHECK(pickGizmoHandle(gizmo, camera, kGizmoViewport, kGizmoCentre + glm::vec2{-60.0F, 0.0F}) ==
          GizmoHandle::None);
    gizmo.kind = GizmoKind::Rotate;
    buildGizmoLines(gizmo, camera, kGizmoViewport, hyperrig::render::scene::GizmoStyle{}, lines);
    CHECK(lines.segments.size() == 2 * 64); // the XY ring alone
}
