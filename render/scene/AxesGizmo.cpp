#include "render/scene/AxesGizmo.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace hyperrig::render::scene {
namespace {

// Axis length in the gizmo's clip space, leaving room for the tip dots.
constexpr float kReach = 0.78F;
// Shorter than this on screen an axis is only a dot: it points (almost) straight at the viewer
// or away; for W, a W pointing (almost) straight out of the slice is the hub.
constexpr float kDotLength = 0.05F;

} // namespace

GizmoRect gizmoRect(int width, int height, const GizmoStyle& style) {
    const int shorter = std::max(0, std::min(width, height));
    const int wanted =
        static_cast<int>(std::lround(style.sizeFraction * static_cast<float>(shorter)));
    GizmoRect rect;
    rect.size = std::clamp(wanted, std::min(style.minSize, shorter), std::max(style.maxSize, 0));
    rect.size = std::min(rect.size, shorter);
    rect.x = std::min(style.margin, std::max(0, width - rect.size));
    rect.y = std::min(style.margin, std::max(0, height - rect.size));
    return rect;
}

void buildAxesGizmo(const glm::mat3& worldToCamera, bool is4D, const glm::vec3& wAxis,
                    const GizmoStyle& style, std::vector<GizmoAxis>& out) {
    out.clear();
    struct Axis {
        glm::vec3 camera; // the axis end in camera space (−z is away from the viewer)
        glm::vec4 color;
        bool hub = false;
    };
    std::vector<Axis> axes{{worldToCamera * glm::vec3(1, 0, 0), style.x},
                           {worldToCamera * glm::vec3(0, 1, 0), style.y},
                           {worldToCamera * glm::vec3(0, 0, 1), style.z}};
    if (is4D) {
        const float length = glm::length(wAxis);
        axes.push_back(
            {worldToCamera * (wAxis / std::max(length, 1.0F)), style.w, length < kDotLength});
    }
    // Farthest first, so the axes nearer the viewer are drawn over the others; a hub below all.
    std::stable_sort(axes.begin(), axes.end(), [](const Axis& a, const Axis& b) {
        return a.hub != b.hub ? a.hub : a.camera.z < b.camera.z;
    });
    for (const Axis& axis : axes) {
        const glm::vec3 end{axis.camera.x * kReach, axis.camera.y * kReach, 0.0F};
        out.push_back({{glm::vec3(0.0F), axis.color},
                       {axis.hub ? glm::vec3(0.0F) : end, axis.color},
                       !axis.hub && glm::length(glm::vec2(axis.camera)) >= kDotLength,
                       axis.hub});
    }
}

} // namespace hyperrig::render::scene
