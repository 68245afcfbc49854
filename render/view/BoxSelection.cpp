#include "render/view/BoxSelection.h"

#include "render/view/ViewRay.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace hyperrig::render::view {
namespace {

bool boxContains(const WindowRectangle& box, const glm::vec2& point) {
    return point.x >= box.left && point.x <= box.right && point.y >= box.top &&
           point.y <= box.bottom;
}

// Liang-Barsky: the segment a→b meets the box when the parameter range left after cutting
// it by each of the four edges' half-planes is not empty.
bool boxMeetsSegment(const WindowRectangle& box, const glm::vec2& a, const glm::vec2& b) {
    const glm::vec2 d = b - a;
    float enter = 0.0F;
    float leave = 1.0F;
    // Each edge as p·t <= q: inside the half-plane for the parameters t that satisfy it.
    const std::pair<float, float> edges[] = {{-d.x, a.x - box.left},
                                             {d.x, box.right - a.x},
                                             {-d.y, a.y - box.top},
                                             {d.y, box.bottom - a.y}};
    for (const auto& [p, q] : edges) {
        if (p == 0.0F) {
            if (q < 0.0F)
                return false; // parallel to this edge and outside it
            continue;
        }
        const float t = q / p;
        if (p < 0.0F)
            enter = std::max(enter, t);
        else
            leave = std::min(leave, t);
        if (enter > leave)
            return false;
    }
    return true;
}

// The part of the clip-space segment a→b in front of the near plane (z >= −w), or nullopt
// when all of it lies behind: projecting a point behind the eye would mirror it into view.
std::optional<std::pair<glm::vec4, glm::vec4>> inFrontOfNearPlane(glm::vec4 a, glm::vec4 b) {
    const float da = a.z + a.w;
    const float db = b.z + b.w;
    if (da < 0.0F && db < 0.0F)
        return std::nullopt;
    if (da < 0.0F)
        a = a + (b - a) * (da / (da - db));
    else if (db < 0.0F)
        b = b + (a - b) * (db / (db - da));
    return std::pair{a, b};
}

bool boneInBox(const scene::BoneLine& bone, const glm::mat4& viewProjection, const glm::vec2& size,
               const WindowRectangle& box) {
    const auto front = inFrontOfNearPlane(viewProjection * glm::vec4(bone.head, 1.0F),
                                          viewProjection * glm::vec4(bone.tail, 1.0F));
    if (!front)
        return false;
    return boxMeetsSegment(box, windowOfClip(front->first, size),
                           windowOfClip(front->second, size));
}

bool surfaceInBox(const scene::SurfaceInput& surface, const glm::mat4& viewProjection,
                  const glm::vec2& size, const WindowRectangle& box) {
    for (const glm::vec3& corner : surface.positions) {
        const glm::vec4 clip = viewProjection * glm::vec4(corner, 1.0F);
        // Between the near and far planes (w > 0 follows for a perspective projection).
        if (clip.w <= 0.0F || clip.z < -clip.w || clip.z > clip.w)
            continue;
        if (boxContains(box, windowOfClip(clip, size)))
            return true;
    }
    return false;
}

void appendOnce(std::vector<core::model::NodeId>& nodes, core::model::NodeId node) {
    if (std::find(nodes.begin(), nodes.end(), node) == nodes.end())
        nodes.push_back(node);
}

} // namespace

std::vector<core::model::NodeId> nodesInRectangle(const scene::SceneData& scene,
                                                  const glm::mat4& viewProjection,
                                                  const glm::vec2& viewportSize,
                                                  const WindowRectangle& rectangle,
                                                  const BoxSelectionShown& shown) {
    const WindowRectangle box{std::max(rectangle.left, 0.0F), std::max(rectangle.top, 0.0F),
                              std::min(rectangle.right, viewportSize.x),
                              std::min(rectangle.bottom, viewportSize.y)};
    std::vector<core::model::NodeId> nodes;
    if (box.left > box.right || box.top > box.bottom || viewportSize.x <= 0.0F ||
        viewportSize.y <= 0.0F)
        return nodes;
    if (shown.bones)
        for (const scene::BoneLine& bone : scene.bones)
            if (bone.node && boneInBox(bone, viewProjection, viewportSize, box))
                appendOnce(nodes, bone.node);
    for (const scene::SurfaceInput& surface : scene.surfaces)
        if (surface.node && surfaceInBox(surface, viewProjection, viewportSize, box))
            appendOnce(nodes, surface.node);
    return nodes;
}

} // namespace hyperrig::render::view
