#pragma once

#include "render/scene/SceneData.h"
#include "render/view/OrbitCamera.h"

namespace hyperrig::render::view {

// Frames everything `scene` draws, every surface corner and bone end, for a view of `aspect`
// (width / height), keeping the camera's angles: what "frame all" and headless pictures use.
void frameScene(const scene::SceneData& scene, float aspect, OrbitCamera& camera);

} // namespace hyperrig::render::view
