#include "render/scene/SceneData.h"

namespace hyperrig::render::scene {

std::optional<SceneBounds> sceneBounds(const SceneData& scene) {
    std::optional<SceneBounds> bounds;
    auto include = [&](const glm::vec3& point) {
        if (!bounds)
            bounds = SceneBounds{point, point};
        bounds->min = glm::min(bounds->min, point);
        bounds->max = glm::max(bounds->max, point);
    };
    for (const SurfaceInput& surface : scene.surfaces)
        for (const glm::vec3& corner : surface.positions)
            include(corner);
    for (const EdgeLine& edge : scene.edgeLines) {
        include(edge.a);
        include(edge.b);
    }
    for (const BoneLine& bone : scene.bones) {
        include(bone.head);
        include(bone.tail);
    }
    return bounds;
}

} // namespace hyperrig::render::scene
