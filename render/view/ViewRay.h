#pragma once

#include "render/view/OrbitCamera.h"

#include <glm/glm.hpp>
#include <optional>

namespace hyperrig::render::view {

// Screen <-> drawn space for the OrbitCamera, the math the transform gizmo, the modal tools and
// "place at the pointer" share. Window positions are logical pixels with (0, 0) the top-left
// corner of a `size` (width, height) viewport, as mouse events count.

// The ray from the eye through window position `window`: for glm::perspective and glm::lookAt,
//   direction ∝ forward + (2x/w − 1)·tan(fov/2)·aspect·right + (1 − 2y/h)·tan(fov/2)·up.
struct ViewRay {
    glm::vec3 origin{0.0F};
    glm::vec3 direction{0.0F, 0.0F, -1.0F}; // unit
};
ViewRay viewRay(const OrbitCamera& camera, glm::vec2 window, glm::vec2 size);

// A clip-space point (w > 0) in window pixels: x from −1..1 to 0..width, y from 1..−1 to
// 0..height (window rows grow downwards).
glm::vec2 windowOfClip(const glm::vec4& clip, glm::vec2 size);

// Where `point` appears in the window; nullopt when it lies behind the eye.
std::optional<glm::vec2> windowPosition(const OrbitCamera& camera, const glm::vec3& point,
                                        glm::vec2 size);

// The drawn-space length one pixel covers at the depth of `point` (its distance along the view
// direction): 2 · depth · tan(fov/2) / height. Keeps handles a fixed size on screen.
float unitsPerPixel(const OrbitCamera& camera, const glm::vec3& point, float heightPixels);

// The point where the ray meets the plane through `onPlane` with normal `normal`; nullopt when
// the ray runs parallel to it (|d·n| < 1e-6 |n|) or the plane lies behind the eye.
std::optional<glm::vec3> rayPlaneHit(const ViewRay& ray, const glm::vec3& onPlane,
                                     const glm::vec3& normal);

// The parameter t of the point `lineOrigin + t · lineDirection` nearest to the ray (the closest
// points of two skew lines); nullopt when the line runs (nearly) along the ray, where a drag
// along it is not defined by the pointer.
std::optional<float> nearestOnLine(const ViewRay& ray, const glm::vec3& lineOrigin,
                                   const glm::vec3& lineDirection);

// The first point where the ray meets a triangle (Möller–Trumbore, both sides), as the ray
// parameter; nullopt when it misses.
std::optional<float> rayTriangleHit(const ViewRay& ray, const glm::vec3& a, const glm::vec3& b,
                                    const glm::vec3& c);

} // namespace hyperrig::render::view
