#pragma once

#include "render/scene/SceneData.h"

#include <glm/glm.hpp>

namespace hyperrig::render::scene {

// A bind pose drawn as a translucent ghost over the current pose (issue 7): where the rig would
// be in that pose. A cool light blue, see-through, so it never hides the posed rig and never
// reads as a heat-map.
inline constexpr glm::vec3 kGhostColor{0.55F, 0.78F, 1.0F};
inline constexpr float kGhostOpacity = 0.3F;

// Adds the surfaces of `ghost` (the scene of the same document in the ghost's pose, same view) to
// `scene` as ghosts: kGhostColor, kGhostOpacity, no heat-map, and no node, so picking looks
// through them. The ghost's bones are not added: the posed bones stay the only ones drawn.
void addPoseGhost(SceneData& scene, const SceneData& ghost);

} // namespace hyperrig::render::scene
