#pragma once

#include "core/model/Ids.h"
#include "render/scene/SceneData.h"

#include <glm/glm.hpp>
#include <vector>

namespace hyperrig::render::view {

// Box selection without GL: what a rectangle dragged over the viewport encloses, found by
// projecting the scene's bones and surface corners with the frame's camera, as the viewport
// draws them (Viewport.h). The host turns the answer into a selection.

// A rectangle in window pixels of the viewport: origin at the top-left pixel, y growing
// downwards as mouse events count (Picking.h); edges included. left <= right, top <= bottom.
struct WindowRectangle {
    float left = 0.0F;
    float top = 0.0F;
    float right = 0.0F;
    float bottom = 0.0F;
};

// What is shown, so that only what is drawn can be boxed (as only what is drawn is picked).
struct BoxSelectionShown {
    bool bones = true;
};

// The bone and mesh nodes inside `rectangle` of a `viewportSize` (width, height in the same
// pixels as the rectangle) viewport drawn with `viewProjection` (projection · view, OpenGL clip
// space, z from −w to w):
// - a bone when its projected head-to-tail segment touches the rectangle (an end inside or the
//   segment crossing it), the part in front of the near plane only: Blender's pose-mode box
//   select takes any bone whose drawn shape overlaps the box, and the segment is the shape's
//   spine; hidden bones (`shown.bones` false) are never boxed;
// - a mesh node when a projected triangle corner of one of its surfaces lies inside, in front of
//   the near plane and before the far one. Ghosts carry no node and are skipped.
// The rectangle is cut to the viewport first: what lies outside it is not seen.
// Bones come first in scene order, then mesh nodes in scene order, each node once.
std::vector<core::model::NodeId> nodesInRectangle(const scene::SceneData& scene,
                                                  const glm::mat4& viewProjection,
                                                  const glm::vec2& viewportSize,
                                                  const WindowRectangle& rectangle,
                                                  const BoxSelectionShown& shown = {});

} // namespace hyperrig::render::view
