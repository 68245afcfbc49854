#include "render/view/OrbitCamera.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <vector>

using hyperrig::render::view::OrbitCamera;

namespace {

std::vector<glm::vec3> corners(const glm::vec3& low, const glm::vec3& high) {
    std::vector<glm::vec3> result;
    for (int corner = 0; corner < 8; ++corner)
        result.push_back({(corner & 1) ? high.x : low.x, (corner & 2) ? high.y : low.y,
                          (corner & 4) ? high.z : low.z});
    return result;
}

// The largest |x|, |y| in normalised device coordinates over the corners; every corner must be
// in front of the near plane and before the far plane.
float largestNdc(const OrbitCamera& camera, float aspect, const glm::vec3& low,
                 const glm::vec3& high) {
    const glm::mat4 viewProjection = camera.projectionMatrix(aspect) * camera.viewMatrix();
    float largest = 0.0F;
    for (const glm::vec3& corner : corners(low, high)) {
        const glm::vec4 clip = viewProjection * glm::vec4(corner, 1.0F);
        REQUIRE(clip.w > 0.0F);
        const glm::vec3 ndc = glm::vec3(clip) / clip.w;
        REQUIRE(ndc.z > -1.0F);
        REQUIRE(ndc.z < 1.0F);
        largest = std::max({largest, std::abs(ndc.x), std::abs(ndc.y)});
    }
    return largest;
}

} // namespace

TEST_CASE("orbit camera framing puts the whole box in view", "[camera]") {
    struct Case {
        glm::vec3 low;
        glm::vec3 high;
        float yaw;
        float pitch;
        float aspect;
    };
    const std::vector<Case> cases{
        {{-0.5F, 0.0F, -0.2F}, {0.5F, 1.8F, 0.2F}, 35.0F, 25.0F, 16.0F / 9.0F},      // a figure
        {{-0.5F, 0.0F, -0.2F}, {0.5F, 1.8F, 0.2F}, 35.0F, 25.0F, 9.0F / 16.0F},      // portrait
        {{10.0F, -3.0F, 4.0F}, {30.0F, -2.0F, 5.0F}, -120.0F, -60.0F, 1.0F},         // a flat plank
        {{-1e-3F, -1e-3F, -1e-3F}, {1e-3F, 1e-3F, 1e-3F}, 0.0F, 0.0F, 2.0F},         // tiny
        {{-500.0F, -500.0F, -500.0F}, {500.0F, 500.0F, 500.0F}, 80.0F, 88.0F, 1.5F}, // huge
    };
    for (const Case& box : cases) {
        OrbitCamera camera;
        camera.yawDegrees = box.yaw;
        camera.pitchDegrees = box.pitch;
        camera.frame(box.low, box.high, box.aspect);
        INFO("box " << box.low.x << ".." << box.high.x << " yaw " << box.yaw);
        CHECK(camera.target == (box.low + box.high) / 2.0F);
        CHECK(camera.yawDegrees == box.yaw); // framing keeps the angles
        const float largest = largestNdc(camera, box.aspect, box.low, box.high);
        CHECK(largest <= 1.0F);
        // Tight: the box fills most of the view along one axis, it is not a speck.
        CHECK(largest >= 0.6F);
    }
    SECTION("an empty box frames a unit box around its point") {
        OrbitCamera camera;
        camera.frame(glm::vec3(2.0F), glm::vec3(2.0F), 1.0F);
        CHECK(camera.target == glm::vec3(2.0F));
        CHECK(largestNdc(camera, 1.0F, glm::vec3(1.5F), glm::vec3(2.5F)) <= 1.0F);
        CHECK(std::isfinite(camera.distance));
    }
}

TEST_CASE("orbit camera framing fits the points themselves", "[camera]") {
    // A T-posed stick figure: its box's corners stick out of its silhouette at 3/4 view.
    const std::vector<glm::vec3> figure{{0, 0, 0},         {0, 1.7F, 0},     {-0.7F, 1.4F, 0},
                                        {0.7F, 1.4F, 0},   {0, 1.0F, 0.2F},  {0, 1.0F, -0.2F},
                                        {-0.1F, 0, 0.05F}, {0.1F, 0, -0.05F}};
    const float aspect = 16.0F / 9.0F;
    OrbitCamera byPoints;
    byPoints.frame(figure, aspect);
    OrbitCamera byBox;
    byBox.frame(glm::vec3(-0.7F, 0.0F, -0.2F), glm::vec3(0.7F, 1.7F, 0.2F), aspect);
    CHECK(byPoints.target == byBox.target);
    CHECK(byPoints.distance < byBox.distance);

    const glm::mat4 viewProjection = byPoints.projectionMatrix(aspect) * byPoints.viewMatrix();
    float largest = 0.0F;
    for (const glm::vec3& point : figure) {
        const glm::vec4 clip = viewProjection * glm::vec4(point, 1.0F);
        REQUIRE(clip.w > 0.0F);
        largest = std::max({largest, std::abs(clip.x / clip.w), std::abs(clip.y / clip.w)});
    }
    CHECK(largest <= 1.0F);
    CHECK(largest == Approx(0.84F).margin(0.01)); // the fill factor: as tight as allowed

    SECTION("no points frame a unit box at the origin") {
        OrbitCamera camera;
        camera.frame(std::span<const glm::vec3>(), 1.0F);
        CHECK(camera.target == glm::vec3(0.0F));
        CHECK(largestNdc(camera, 1.0F, glm::vec3(-0.5F), glm::vec3(0.5F)) <= 1.0F);
    }
}

TEST_CASE("orbit camera orbits, pans and zooms as a host drives it", "[camera]") {
    OrbitCamera camera;
    camera.target = {1.0F, 2.0F, 3.0F};
    camera.distance = 4.0F;

    SECTION("orbit keeps the distance to the target") {
        camera.orbit(50.0F, -30.0F);
        CHECK(camera.target == glm::vec3(1.0F, 2.0F, 3.0F));
        CHECK(glm::length(camera.eye() - camera.target) == Approx(4.0F));
        CHECK(camera.yawDegrees == Approx(85.0F));
        CHECK(camera.pitchDegrees == Approx(-5.0F));
    }
    SECTION("orbit stops short of the poles, where up would flip") {
        camera.orbit(0.0F, 500.0F);
        CHECK(camera.pitchDegrees == OrbitCamera::kMaxPitchDegrees);
        CHECK(std::isfinite(camera.right().x));
        CHECK(glm::dot(camera.up(), glm::vec3(0, 1, 0)) > 0.0F);
    }
    SECTION("yaw and pitch put the eye where the header says") {
        camera.yawDegrees = 90.0F;
        camera.pitchDegrees = 0.0F;
        const glm::vec3 eye = camera.eye();
        CHECK(eye.x == Approx(5.0F));
        CHECK(eye.y == Approx(2.0F));
        CHECK(eye.z == Approx(3.0F).margin(1e-5));
        CHECK(camera.right().z == Approx(-1.0F)); // looking along -X, screen right is -Z
    }
    SECTION("pan moves target and eye together in the view plane") {
        const glm::vec3 eyeBefore = camera.eye();
        const glm::vec3 forward = camera.forward();
        camera.pan(0.25F, -0.1F);
        const glm::vec3 moved = camera.target - glm::vec3(1.0F, 2.0F, 3.0F);
        CHECK(glm::length(moved) > 0.1F);
        CHECK(glm::dot(moved, forward) == Approx(0.0F).margin(1e-5));
        CHECK(glm::dot(moved, camera.right()) > 0.0F);
        CHECK(glm::dot(moved, camera.up()) < 0.0F);
        const glm::vec3 eyeMoved = camera.eye() - eyeBefore;
        CHECK(glm::length(eyeMoved - moved) == Approx(0.0F).margin(1e-5));
        CHECK(camera.distance == 4.0F);
    }
    SECTION("a pan of one view height moves the target by the visible height") {
        camera.pan(0.0F, 1.0F);
        const float visible = 2.0F * 4.0F * std::tan(glm::radians(camera.verticalFovDegrees) / 2);
        CHECK(glm::length(camera.target - glm::vec3(1.0F, 2.0F, 3.0F)) == Approx(visible));
    }
    SECTION("zoom scales the distance and ignores nonsense") {
        camera.zoom(0.5F);
        CHECK(camera.distance == Approx(2.0F));
        camera.zoom(0.0F);
        camera.zoom(-3.0F);
        camera.zoom(std::nanf(""));
        CHECK(camera.distance == Approx(2.0F));
        camera.zoom(1e-9F);
        CHECK(camera.distance == OrbitCamera::kMinDistance);
    }
    SECTION("the view matrix looks from the eye at the target") {
        const glm::vec4 target = camera.viewMatrix() * glm::vec4(camera.target, 1.0F);
        CHECK(target.x == Approx(0.0F).margin(1e-5));
        CHECK(target.y == Approx(0.0F).margin(1e-5));
        CHECK(target.z == Approx(-4.0F));
    }
}
