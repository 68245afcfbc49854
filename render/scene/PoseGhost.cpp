#include "render/scene/PoseGhost.h"

namespace hyperrig::render::scene {

void addPoseGhost(SceneData& scene, const SceneData& ghost) {
    for (const SurfaceInput& surface : ghost.surfaces) {
        if (surface.positions.empty())
            continue;
        SurfaceInput copy;
        copy.positions = surface.positions;
        copy.normals = surface.normals;
        copy.smoothNormals = surface.smoothNormals;
        copy.baseColor = kGhostColor;
        copy.opacity = kGhostOpacity;
        scene.surfaces.push_back(std::move(copy));
    }
}

} // namespace hyperrig::render::scene
