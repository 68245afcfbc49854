#pragma once

#include <glm/glm.hpp>
#include <span>

namespace hyperrig::render::view {

// The viewport camera as plain state the host drives (mouse drags, wheel, "frame all"): it looks
// at `target` from `distance` away, turned by yaw about +Y and raised by pitch. Y is up; the eye
// sits at
//   target + distance · (cos(pitch)·sin(yaw), sin(pitch), cos(pitch)·cos(yaw)),
// so yaw 0 / pitch 0 looks along −Z, positive yaw moves the eye toward +X and positive pitch
// above the target. Angles are in degrees. The drawn space is world space for 3D rigs and the
// slice's view xyz for 4D rigs: the camera never sees W.
struct OrbitCamera {
    glm::vec3 target{0.0F};
    float distance = 5.0F;
    float yawDegrees = 35.0F;
    float pitchDegrees = 25.0F;
    float verticalFovDegrees = 40.0F;

    // Short of the poles: at ±90° the view's up vector (derived from +Y) would be undefined.
    static constexpr float kMaxPitchDegrees = 89.0F;
    static constexpr float kMinDistance = 1e-4F;
    // The near plane is this fraction of the distance and the far plane that many times farther
    // than the target: a 1:1e5 range keeps 24-bit depth precise to ~1e-5·distance at the target,
    // whatever the size of the rig.
    static constexpr float kNearFraction = 0.01F;
    static constexpr float kFarFactor = 1000.0F;

    glm::vec3 eye() const;
    glm::vec3 forward() const; // unit, from the eye toward the target
    glm::vec3 right() const;   // unit, screen +x
    glm::vec3 up() const;      // unit, screen +y

    // Turns the eye around the target: yaw by dxDegrees, pitch by dyDegrees (clamped to
    // ±kMaxPitchDegrees). The distance does not change.
    void orbit(float dxDegrees, float dyDegrees);
    // Moves the target, and the eye with it, in the view plane by (dx · right + dy · up) times
    // the visible height at the target. A host passes pixel deltas divided by the viewport
    // height (negated, to drag the model with the mouse), so a drag feels the same at any zoom.
    void pan(float dx, float dy);
    // distance *= factor (factor < 1 moves closer); non-positive factors are ignored.
    void zoom(float factor);
    // Keeps the angles and the field of view; puts the target at the centre of the points' box
    // and the eye at the smallest distance where every point lies inside the frustum of
    // `aspect` (width / height) with a margin. Fitting the points themselves, not their box,
    // frames a figure seen at 3/4 as tightly as its silhouette allows. No points, or points
    // that all coincide, frame a unit-sized box around them.
    void frame(std::span<const glm::vec3> points, float aspect);
    // frame() on the eight corners of the box.
    void frame(const glm::vec3& boundsMin, const glm::vec3& boundsMax, float aspect);

    glm::mat4 viewMatrix() const;
    glm::mat4 projectionMatrix(float aspect) const;
};

} // namespace hyperrig::render::view
