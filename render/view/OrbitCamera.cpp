#include "render/view/OrbitCamera.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace hyperrig::render::view {
namespace {

// The box fills at most this fraction of the view across its tighter axis: room for the grid
// and the gizmo, and bones poking out of the mesh stay clear of the border.
constexpr float kFrameFill = 0.84F;

bool isFinite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

} // namespace

glm::vec3 OrbitCamera::eye() const {
    const float yaw = glm::radians(yawDegrees);
    const float pitch = glm::radians(pitchDegrees);
    const glm::vec3 offset{std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                           std::cos(pitch) * std::cos(yaw)};
    return target + distance * offset;
}

glm::vec3 OrbitCamera::forward() const {
    return glm::normalize(target - eye());
}

glm::vec3 OrbitCamera::right() const {
    // Pitch stays short of the poles, so forward is never parallel to +Y.
    return glm::normalize(glm::cross(forward(), glm::vec3(0.0F, 1.0F, 0.0F)));
}

glm::vec3 OrbitCamera::up() const {
    return glm::cross(right(), forward());
}

void OrbitCamera::orbit(float dxDegrees, float dyDegrees) {
    yawDegrees = std::remainder(yawDegrees + dxDegrees, 360.0F);
    pitchDegrees = std::clamp(pitchDegrees + dyDegrees, -kMaxPitchDegrees, kMaxPitchDegrees);
}

void OrbitCamera::pan(float dx, float dy) {
    const float visibleHeight = 2.0F * distance * std::tan(glm::radians(verticalFovDegrees) / 2.0F);
    target += (dx * right() + dy * up()) * visibleHeight;
}

void OrbitCamera::zoom(float factor) {
    if (factor > 0.0F && std::isfinite(factor))
        distance = std::max(distance * factor, kMinDistance);
}

void OrbitCamera::frame(std::span<const glm::vec3> points, float aspect) {
    glm::vec3 low{0.0F};
    glm::vec3 high{0.0F};
    bool any = false;
    for (const glm::vec3& point : points) {
        if (!isFinite(point))
            continue;
        low = any ? glm::min(low, point) : point;
        high = any ? glm::max(high, point) : point;
        any = true;
    }
    if (glm::length(high - low) <= 0.0F) {
        const std::array<glm::vec3, 2> unit{low - glm::vec3(0.5F), low + glm::vec3(0.5F)};
        frame(unit[0], unit[1], aspect);
        return;
    }
    target = (low + high) / 2.0F;
    distance = 1.0F; // only the direction of the eye matters below
    const glm::vec3 towardEye = -forward();
    const glm::vec3 screenX = right();
    const glm::vec3 screenY = up();
    const float tanHalfY = std::tan(glm::radians(verticalFovDegrees) / 2.0F) * kFrameFill;
    const float tanHalfX = tanHalfY * std::max(aspect, 1e-3F);

    // A point at (x, y) on screen and z toward the eye (relative to the target) is inside the
    // frustum when |x| <= (d − z)·tanHalfX and |y| <= (d − z)·tanHalfY, i.e. d >= z + |x| /
    // tanHalfX and d >= z + |y| / tanHalfY; it is safely beyond the near plane (at d ·
    // kNearFraction) when d − z >= 2·d·kNearFraction + 5% of the box. The largest such d over
    // the points is the tightest fit.
    const float margin = 0.05F * glm::length(high - low) / 2.0F;
    float fit = kMinDistance;
    for (const glm::vec3& point : points) {
        if (!isFinite(point))
            continue;
        const glm::vec3 relative = point - target;
        const float x = glm::dot(relative, screenX);
        const float y = glm::dot(relative, screenY);
        const float z = glm::dot(relative, towardEye);
        fit = std::max({fit, z + std::abs(x) / tanHalfX, z + std::abs(y) / tanHalfY,
                        (z + margin) / (1.0F - 2.0F * kNearFraction)});
    }
    distance = fit;
}

void OrbitCamera::frame(const glm::vec3& boundsMin, const glm::vec3& boundsMax, float aspect) {
    std::array<glm::vec3, 8> corners;
    for (int corner = 0; corner < 8; ++corner)
        corners[static_cast<std::size_t>(corner)] = {(corner & 1) ? boundsMax.x : boundsMin.x,
                                                     (corner & 2) ? boundsMax.y : boundsMin.y,
                                                     (corner & 4) ? boundsMax.z : boundsMin.z};
    frame(corners, aspect);
}

glm::mat4 OrbitCamera::viewMatrix() const {
    return glm::lookAt(eye(), target, up());
}

glm::mat4 OrbitCamera::projectionMatrix(float aspect) const {
    const float nearPlane = std::max(distance * kNearFraction, 1e-6F);
    return glm::perspective(glm::radians(verticalFovDegrees), std::max(aspect, 1e-3F), nearPlane,
                            distance * kFarFactor);
}

} // namespace hyperrig::render::view
