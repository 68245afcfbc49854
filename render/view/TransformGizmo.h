#pragma once

#include "render/scene/AxesGizmo.h"
#include "render/scene/LineVertex.h"
#include "render/view/OrbitCamera.h"

#include <array>
#include <glm/glm.hpp>
#include <optional>
#include <string_view>
#include <vector>

namespace hyperrig::render::view {

// The transform gizmo drawn on the selection, and the math of dragging its handles, without GL:
// the host keeps a TransformGizmo, asks pickGizmoHandle where the pointer is, turns pointer
// positions into a displacement (moveDrag) or a rotation (rotationAngle) and edits the document;
// the Viewport draws gizmoLines over everything.
//
// Directions are in VIEW coordinates (x, y, z, w): the drawn space's x, y, z, plus, for 4D rigs,
// the view's w, the axis the slicing hyperplane cuts (core/eval/View4D.h). 3D rigs leave w at 0.
// The host maps a result to world space with the view's rotation.
//
// Handles (sizes in pixels, so the gizmo looks the same at any zoom):
//   Move:   arrows along the gizmo's X, Y, Z (their drawn xyz parts), squares for the XY, XZ
//           and YZ planes near the centre, and in 4D the W slider: a purple track from the centre
//           towards the upper left of the screen (W has no direction in the drawn space; the
//           slider is where the pointer reaches it).
//   Rotate: rings in the XY, XZ and YZ planes around the centre, and in 4D three knobs right of
//           the rings for the XW, YW and ZW planes, dragged sideways (90° per ring radius).
enum class GizmoKind { Move, Rotate };

enum class GizmoHandle {
    None,
    AxisX,
    AxisY,
    AxisZ,
    AxisW,
    PlaneXY,
    PlaneXZ,
    PlaneYZ,
    RingXY,
    RingXZ,
    RingYZ,
    RingXW,
    RingYW,
    RingZW,
};

// "X", "XY", "W", ... : what the status bar says is under the pointer.
std::string_view handleLabel(GizmoHandle handle);

struct TransformGizmo {
    GizmoKind kind = GizmoKind::Move;
    glm::vec3 origin{0.0F}; // the pivot in the drawn space (the current node's origin)
    // The gizmo's X, Y and Z in view coordinates: the view's own axes ("global") or the current
    // node's axes ("local", normalised; in 4D they may lean into w, and then their arrows are
    // shorter on screen, as the axes gizmo shows W).
    std::array<glm::vec4, 3> axes{glm::vec4{1.0F, 0.0F, 0.0F, 0.0F},
                                  glm::vec4{0.0F, 1.0F, 0.0F, 0.0F},
                                  glm::vec4{0.0F, 0.0F, 1.0F, 0.0F}};
    bool hasW = false; // 4D: the W slider and the XW, YW, ZW knobs
    // 2D documents, drawn flat in XY: no Z arrow, no XZ or YZ square or ring.
    bool flat = false;
    GizmoHandle highlighted = GizmoHandle::None;
    float sizePixels = 96.0F; // arrow length and ring radius on screen
};

// Where the W slider points on screen (unit, window coordinates: up and to the left).
glm::vec2 wSliderDirection();
// The pixel distance under which the pointer is "on" a handle.
constexpr float kHandlePickPixels = 8.0F;

// The handle under window position `mouse` (nearest within kHandlePickPixels; plane squares
// and knobs when the pointer is inside them), or None.
GizmoHandle pickGizmoHandle(const TransformGizmo& gizmo, const OrbitCamera& camera,
                            glm::vec2 viewportSize, glm::vec2 mouse);

// The gizmo as coloured line segments in the drawn space (pairs of vertices) and dots, for the
// line renderer with depth ignored; the highlighted handle is drawn bright yellow.
struct GizmoLines {
    std::vector<scene::LineVertex> segments;
    std::vector<scene::LineVertex> dots;
};
void buildGizmoLines(const TransformGizmo& gizmo, const OrbitCamera& camera, glm::vec2 viewportSize,
                     const scene::GizmoStyle& colours, GizmoLines& out);

// The view-coordinate displacement of a Move drag of `handle` from window position `press` to
// `current`:
//   an axis:  the change of the parameter t of the point on the axis line nearest to the pointer
//             ray (exact under perspective: the bone stays under the pointer), times the axis;
//             where the axis runs nearly along the view ray, the pointer's motion along the
//             axis' screen direction instead;
//   W:        the pointer's motion along the slider, in drawn-space units at the pivot's depth;
//   a plane:  the change of the point where the pointer ray meets the plane through the pivot,
//             written in the plane's two axes;
//   None:     free: in the plane through the pivot facing the camera (the G key).
// nullopt when the pointer gives no answer (a plane seen edge-on, a point behind the eye).
std::optional<glm::vec4> moveDrag(const TransformGizmo& gizmo, GizmoHandle handle,
                                  const OrbitCamera& camera, glm::vec2 viewportSize,
                                  glm::vec2 press, glm::vec2 current);

// A rotation in view coordinates: by `radians`, turning u towards v (u, v orthonormal).
struct PlaneTurn {
    glm::vec4 u{1.0F, 0.0F, 0.0F, 0.0F};
    glm::vec4 v{0.0F, 1.0F, 0.0F, 0.0F};
    float radians = 0.0F;
};

// The plane a rotation handle turns in (u towards v): a ring's two gizmo axes, a knob's gizmo
// axis and w; None: the screen plane (camera right towards up), the R key's free rotation.
PlaneTurn handlePlane(const TransformGizmo& gizmo, GizmoHandle handle, const OrbitCamera& camera);

// The angle the pointer moved through from `press` to `current` about the pivot in the handle's
// plane, in (−π, π] (a host accumulates the changes between events, so a drag may turn round):
//   a ring:   the angle between the pivot-to-hit vectors where the pointer rays meet the ring's
//             plane; a ring seen nearly edge-on uses the screen angle about the pivot instead,
//             signed by which side of the plane faces the camera;
//   a knob:   90° per ring radius of sideways motion (right: u turns towards w);
//   None:     the screen angle about the pivot, counter-clockwise positive (right turns to up).
float rotationAngle(const TransformGizmo& gizmo, GizmoHandle handle, const OrbitCamera& camera,
                    glm::vec2 viewportSize, glm::vec2 press, glm::vec2 current);

// `radians` rounded to a multiple of `stepDegrees` (the rotate tools' snapping; 0 = none).
float snapAngle(float radians, float stepDegrees);

} // namespace hyperrig::render::view
