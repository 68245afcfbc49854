#include "render/view/ViewRay.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::render::view {

ViewRay viewRay(const OrbitCamera& camera, glm::vec2 window, glm::vec2 size) {
    const float width = std::max(size.x, 1.0F);
    const float height = std::max(size.y, 1.0F);
    const float tanHalf = std::tan(glm::radians(camera.verticalFovDegrees) * 0.5F);
    const float aspect = std::max(width / height, 1e-3F); // as projectionMatrix clamps it
    const float ndcX = 2.0F * window.x / width - 1.0F;
    const float ndcY = 1.0F - 2.0F * window.y / height;
    const glm::vec3 direction =
        camera.forward() + ndcX * tanHalf * aspect * camera.right() + ndcY * tanHalf * camera.up();
    return {camera.eye(), glm::normalize(direction)};
}

std::optional<glm::vec2> windowPosition(const OrbitCamera& camera, const glm::vec3& point,
                                        glm::vec2 size) {
    const float aspect = std::max(size.x, 1.0F) / std::max(size.y, 1.0F);
    const glm::vec4 clip =
        camera.projectionMatrix(aspect) * camera.viewMatrix() * glm::vec4(point, 1.0F);
    if (clip.w <= 1e-7F)
        return std::nullopt;
    return windowOfClip(clip, size);
}

glm::vec2 windowOfClip(const glm::vec4& clip, glm::vec2 size) {
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {(ndc.x + 1.0F) * 0.5F * size.x, (1.0F - ndc.y) * 0.5F * size.y};
}

float unitsPerPixel(const OrbitCamera& camera, const glm::vec3& point, float heightPixels) {
    const float depth = std::max(glm::dot(point - camera.eye(), camera.forward()),
                                 camera.distance * OrbitCamera::kNearFraction);
    const float tanHalf = std::tan(glm::radians(camera.verticalFovDegrees) * 0.5F);
    return 2.0F * depth * tanHalf / std::max(heightPixels, 1.0F);
}

std::optional<glm::vec3> rayPlaneHit(const ViewRay& ray, const glm::vec3& onPlane,
                                     const glm::vec3& normal) {
    const float facing = glm::dot(ray.direction, normal);
    if (std::abs(facing) < 1e-6F * glm::length(normal))
        return std::nullopt;
    const float t = glm::dot(onPlane - ray.origin, normal) / facing;
    if (t < 0.0F)
        return std::nullopt;
    return ray.origin + t * ray.direction;
}

std::optional<float> nearestOnLine(const ViewRay& ray, const glm::vec3& lineOrigin,
                                   const glm::vec3& lineDirection) {
    // Minimise |o + s·e − (p + t·d)|² over s, t (e unit):
    //   t = ((d·w) − (e·d)(e·w)) / (d·d − (e·d)²),  w = o − p.
    const glm::vec3 w = ray.origin - lineOrigin;
    const float b = glm::dot(ray.direction, lineDirection);
    const float c = glm::dot(lineDirection, lineDirection);
    const float denominator = c - b * b;
    if (c <= 0.0F || denominator <= 1e-6F * c)
        return std::nullopt;
    return (glm::dot(lineDirection, w) - b * glm::dot(ray.direction, w)) / denominator;
}

std::optional<float> rayTriangleHit(const ViewRay& ray, const glm::vec3& a, const glm::vec3& b,
                                    const glm::vec3& c) {
    const glm::vec3 edge1 = b - a;
    const glm::vec3 edge2 = c - a;
    const glm::vec3 p = glm::cross(ray.direction, edge2);
    const float determinant = glm::dot(edge1, p);
    if (std::abs(determinant) < 1e-12F)
        return std::nullopt;
    const float inverse = 1.0F / determinant;
    const glm::vec3 s = ray.origin - a;
    const float u = glm::dot(s, p) * inverse;
    if (u < 0.0F || u > 1.0F)
        return std::nullopt;
    const glm::vec3 q = glm::cross(s, edge1);
    const float v = glm::dot(ray.direction, q) * inverse;
    if (v < 0.0F || u + v > 1.0F)
        return std::nullopt;
    const float t = glm::dot(edge2, q) * inverse;
    if (t < 0.0F)
        return std::nullopt;
    return t;
}

} // namespace hyperrig::render::view
