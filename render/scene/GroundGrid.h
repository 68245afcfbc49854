#pragma once

#include "render/scene/LineVertex.h"

#include <vector>

namespace hyperrig::render::scene {

struct GridStyle {
    glm::vec4 line{0.55F, 0.57F, 0.62F, 0.30F};
    glm::vec4 majorLine{0.62F, 0.64F, 0.70F, 0.50F}; // every fifth line
    // The lines through the origin along X and Z, dimmed versions of the gizmo's axis colours.
    glm::vec4 xAxis{0.62F, 0.30F, 0.30F, 0.85F};
    glm::vec4 zAxis{0.30F, 0.40F, 0.66F, 0.85F};
    float lineWidth = 1.0F; // pixels
};

// A square grid on the y = 0 plane around the framed bounds: lines `spacing` apart (1, 2 or 5
// times a power of ten, about eight cells across the bounds' largest extent) on multiples of
// `spacing`, so the origin lines are grid lines. It reaches 0.6 of that extent from the centre,
// and at least the bounds' footprint, in x and z.
struct GridLayout {
    float spacing = 1.0F;
    float centreX = 0.0F;
    float centreZ = 0.0F;
    int halfLines = 5; // lines on each side of the centre
    float halfExtent() const { return spacing * static_cast<float>(halfLines); }
};

GridLayout groundGridLayout(const glm::vec3& boundsMin, const glm::vec3& boundsMax);

// Line segments (vertex pairs) of `layout` on y = 0.
void groundGridLines(const GridLayout& layout, const GridStyle& style,
                     std::vector<LineVertex>& out);

} // namespace hyperrig::render::scene
