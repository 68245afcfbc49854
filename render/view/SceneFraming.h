#pragma once

#include "render/scene/SceneData.h"
#include "render/view/OrbitCamera.h"

#include <span>

namespace hyperrig::render::view {

// Frames everything `scene` draws, every surface corner and bone end, for a view of `aspect`
// (width / height), keeping the camera's angles: what "frame all" and headless pictures use.
void frameScene(const scene::SceneData& scene, float aspect, OrbitCamera& camera);

// Frames what `scene` draws of `nodes`: the corners of the surfaces of those mesh nodes and both
// ends of those bones (the selection, for "frame selected"). Returns false, leaving the camera
// alone, when the scene draws none of them.
bool frameNodes(const scene::SceneData& scene, std::span<const core::model::NodeId> nodes,
                float aspect, OrbitCamera& camera);

} // namespace hyperrig::render::view
