#pragma once

#include "render/scene/LineVertex.h"

#include <vector>

namespace hyperrig::render::scene {

// The orientation gizmo in a corner of the viewport: X red, Y green, Z blue and, for 4D rigs,
// the world W axis in purple as the drawn space sees it, so the user sees where W points after a
// 4D rotation (pointing straight out of the slice, W shows as a purple dot in the middle).
struct GizmoStyle {
    glm::vec4 x{0.94F, 0.30F, 0.28F, 1.0F};
    glm::vec4 y{0.45F, 0.84F, 0.26F, 1.0F};
    glm::vec4 z{0.28F, 0.54F, 0.98F, 1.0F};
    glm::vec4 w{0.74F, 0.42F, 1.0F, 1.0F};
    float lineWidth = 3.0F; // pixels
    float tipSize = 9.0F;
    float hubSize = 22.0F;
    float sizeFraction = 0.16F; // of the viewport's shorter side
    int minSize = 48;
    int maxSize = 180;
    int margin = 8;
};

// Where the gizmo goes, in GL viewport coordinates (origin bottom-left): a square in the
// bottom-left corner.
struct GizmoRect {
    int x = 0;
    int y = 0;
    int size = 0;
};
GizmoRect gizmoRect(int width, int height, const GizmoStyle& style);

// One axis: a line from the centre to `tip` with a dot at the tip; only the dot when the axis
// points (almost) straight at the viewer or away. W pointing out of the slice is a `hub`: a wide
// disc behind the centre of the gizmo, which no axis can hide.
struct GizmoAxis {
    LineVertex centre;
    LineVertex tip;
    bool hasLine = true;
    bool hub = false;
};

// The gizmo in its own clip space ([-1, 1]² of its square, drawn with an identity matrix): each
// axis turned by `worldToCamera` (the camera's rotation, so the gizmo turns with the view) and
// projected orthographically. Axes are ordered back to front because the gizmo draws without a
// depth buffer. `wAxis` (4D) is the W axis in the drawn space; its length, at most 1, shows how
// much of W the view turns into visible space.
void buildAxesGizmo(const glm::mat3& worldToCamera, bool is4D, const glm::vec3& wAxis,
                    const GizmoStyle& style, std::vector<GizmoAxis>& out);

} // namespace hyperrig::render::scene
