#include "render/view/SceneFraming.h"

#include <algorithm>
#include <vector>

namespace hyperrig::render::view {

void frameScene(const scene::SceneData& scene, float aspect, OrbitCamera& camera) {
    std::vector<glm::vec3> points;
    for (const scene::SurfaceInput& surface : scene.surfaces)
        points.insert(points.end(), surface.positions.begin(), surface.positions.end());
    for (const scene::BoneLine& bone : scene.bones) {
        points.push_back(bone.head);
        points.push_back(bone.tail);
    }
    camera.frame(points, aspect);
}

bool frameNodes(const scene::SceneData& scene, std::span<const core::model::NodeId> nodes,
                float aspect, OrbitCamera& camera) {
    auto chosen = [&](core::model::NodeId node) {
        return node && std::find(nodes.begin(), nodes.end(), node) != nodes.end();
    };
    std::vector<glm::vec3> points;
    for (const scene::SurfaceInput& surface : scene.surfaces)
        if (chosen(surface.node))
            points.insert(points.end(), surface.positions.begin(), surface.positions.end());
    for (const scene::BoneLine& bone : scene.bones)
        if (chosen(bone.node)) {
            points.push_back(bone.head);
            points.push_back(bone.tail);
        }
    if (points.empty())
        return false;
    camera.frame(points, aspect);
    return true;
}

} // namespace hyperrig::render::view
