#pragma once

#include "render/scene/SceneData.h"
#include "render/view/OrbitCamera.h"

#include <span>

namespace hyperrig::render::view {

// The camera angles a scene starts with (and Reset View returns to): a 2D document flat-on from
// the front (yaw 0, pitch 0: looking along −Z at the XY plane), everything else the 3/4 view of
// OrbitCamera's defaults. Leaves the target and distance alone (frame afterwards).
void applyStartingAngles(const scene::SceneData& scene, OrbitCamera& camera);

// Frames everything `scene` draws, every surface corner, 2D edge and bone end, for a view of
// `aspect` (width / height), keeping the camera's angles: what "frame all" and headless pictures
// use.
void frameScene(const scene::SceneData& scene, float aspect, OrbitCamera& camera);

// Frames what `scene` draws of `nodes`: the corners of the surfaces of those mesh nodes and both
// ends of those bones (the selection, for "frame selected"). Returns false, leaving the camera
// alone, when the scene draws none of them.
bool frameNodes(const scene::SceneData& scene, std::span<const core::model::NodeId> nodes,
                float aspect, OrbitCamera& camera);

} // namespace hyperrig::render::view
