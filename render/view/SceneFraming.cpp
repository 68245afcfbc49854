#include "render/view/SceneFraming.h"

#include <vector>

namespace hyperrig::render::view {
namespace {

// Every surface corner and bone end of the items `include` accepts (by node).
template <typename Include>
std::vector<glm::vec3> framedPoints(const scene::SceneData& scene, Include include) {
    std::vector<glm::vec3> points;
    for (const scene::SurfaceInput& surface : scene.surfaces)
        if (include(surface.node))
            points.insert(points.end(), surface.positions.begin(), surface.positions.end());
    for (const scene::EdgeLine& edge : scene.edgeLines)
        if (include(edge.node)) {
            points.push_back(edge.a);
            points.push_back(edge.b);
        }
    for (const scene::BoneLine& bone : scene.bones)
        if (include(bone.node)) {
            points.push_back(bone.head);
            points.push_back(bone.tail);
        }
    return points;
}

} // namespace

void applyStartingAngles(const scene::SceneData& scene, OrbitCamera& camera) {
    const OrbitCamera defaults;
    camera.yawDegrees = scene.is2D ? 0.0F : defaults.yawDegrees;
    camera.pitchDegrees = scene.is2D ? 0.0F : defaults.pitchDegrees;
    camera.verticalFovDegrees = defaults.verticalFovDegrees;
}

void frameScene(const scene::SceneData& scene, float aspect, OrbitCamera& camera) {
    camera.frame(framedPoints(scene, [](core::model::NodeId) { return true; }), aspect);
}

bool frameNodes(const scene::SceneData& scene, std::span<const core::model::NodeId> nodes,
                float aspect, OrbitCamera& camera) {
    const std::vector<glm::vec3> points =
        framedPoints(scene, [&](core::model::NodeId node) { return scene::isAmong(node, nodes); });
    if (points.empty())
        return false;
    camera.frame(points, aspect);
    return true;
}

} // namespace hyperrig::render::view
