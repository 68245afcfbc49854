#include "render/view/SceneFraming.h"

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

} // namespace hyperrig::render::view
