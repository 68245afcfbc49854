#include "render/view/TransformGizmo.h"

#include "render/view/ViewRay.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hyperrig::render::view {
namespace {

constexpr int kRingSegments = 64;
// The arrowheads' length, as a fraction of the arrows'.
constexpr float kArrowHead = 0.16F;
// The plane squares span this part of the arrows, between the two axes.
constexpr float kSquareNear = 0.22F;
constexpr float kSquareFar = 0.42F;
// The W slider's track on screen, as fractions of sizePixels from the centre.
constexpr float kSliderStart = 0.3F;
constexpr float kSliderEnd = 0.9F;
// The XW, YW, ZW knobs: right of the rings, one above the other.
constexpr float kKnobRight = 1.35F;
constexpr float kKnobSpacingPixels = 24.0F;
constexpr float kKnobTrackHalf = 0.22F;
// A ring seen this close to edge-on (|cos| between its normal and the ray) is turned by the
// screen angle instead: its plane hits run off to infinity.
constexpr float kEdgeOnCosine = 0.15F;
const glm::vec4 kHighlight{1.0F, 0.86F, 0.22F, 1.0F};

glm::vec3 drawn(const glm::vec4& v) {
    return {v.x, v.y, v.z};
}

float wrapAngle(float radians) {
    constexpr float kTwoPi = 2.0F * std::numbers::pi_v<float>;
    radians = std::fmod(radians, kTwoPi);
    if (radians > std::numbers::pi_v<float>)
        radians -= kTwoPi;
    if (radians <= -std::numbers::pi_v<float>)
        radians += kTwoPi;
    return radians;
}

float distanceToSegment(glm::vec2 p, glm::vec2 a, glm::vec2 b) {
    const glm::vec2 ab = b - a;
    const float lengthSquared = glm::dot(ab, ab);
    const float t =
        lengthSquared > 0.0F ? std::clamp(glm::dot(p - a, ab) / lengthSquared, 0.0F, 1.0F) : 0.0F;
    return glm::length(p - (a + t * ab));
}

// Whether p lies inside the convex quadrilateral q (either winding).
bool insideQuad(glm::vec2 p, const std::array<glm::vec2, 4>& q) {
    int sign = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const glm::vec2 edge = q[(i + 1) % 4] - q[i];
        const glm::vec2 toPoint = p - q[i];
        const float cross = edge.x * toPoint.y - edge.y * toPoint.x;
        const int side = cross > 0.0F ? 1 : (cross < 0.0F ? -1 : 0);
        if (side == 0)
            continue;
        if (sign == 0)
            sign = side;
        else if (side != sign)
            return false;
    }
    return sign != 0;
}

struct AxisPair {
    int first;
    int second; // 3: the view's w
};

AxisPair axesOf(GizmoHandle handle) {
    switch (handle) {
    case GizmoHandle::AxisX:
        return {0, -1};
    case GizmoHandle::AxisY:
        return {1, -1};
    case GizmoHandle::AxisZ:
        return {2, -1};
    case GizmoHandle::AxisW:
        return {3, -1};
    case GizmoHandle::PlaneXY:
    case GizmoHandle::RingXY:
        return {0, 1};
    case GizmoHandle::PlaneXZ:
    case GizmoHandle::RingXZ:
        return {0, 2};
    case GizmoHandle::PlaneYZ:
    case GizmoHandle::RingYZ:
        return {1, 2};
    case GizmoHandle::RingXW:
        return {0, 3};
    case GizmoHandle::RingYW:
        return {1, 3};
    case GizmoHandle::RingZW:
        return {2, 3};
    case GizmoHandle::None:
        break;
    }
    return {-1, -1};
}

bool isRing(GizmoHandle handle) {
    return handle == GizmoHandle::RingXY || handle == GizmoHandle::RingXZ ||
           handle == GizmoHandle::RingYZ;
}

// Whether the gizmo offers `handle`: flat (2D) gizmos have nothing that involves Z.
bool offers(const TransformGizmo& gizmo, GizmoHandle handle) {
    if (!gizmo.flat)
        return true;
    const AxisPair pair = axesOf(handle);
    return pair.first != 2 && pair.second != 2 && pair.first != 3 && pair.second != 3;
}

bool isKnob(GizmoHandle handle) {
    return handle == GizmoHandle::RingXW || handle == GizmoHandle::RingYW ||
           handle == GizmoHandle::RingZW;
}

// What the geometry of a frame needs: the pivot on screen and the drawn-space size of a pixel
// there.
struct GizmoFrame {
    glm::vec2 centre{0.0F};
    float unitsPerPixel = 0.0F;
    float size = 0.0F; // sizePixels in drawn units at the pivot
    glm::vec3 right{1.0F, 0.0F, 0.0F};
    glm::vec3 up{0.0F, 1.0F, 0.0F};

    // The drawn-space point at the pivot's depth `offset` pixels away on screen (window y down).
    glm::vec3 atScreenOffset(const glm::vec3& origin, glm::vec2 offset) const {
        return origin + (offset.x * right - offset.y * up) * unitsPerPixel;
    }
};

std::optional<GizmoFrame> frameOf(const TransformGizmo& gizmo, const OrbitCamera& camera,
                                  glm::vec2 viewportSize) {
    const auto centre = windowPosition(camera, gizmo.origin, viewportSize);
    if (!centre)
        return std::nullopt;
    GizmoFrame frame;
    frame.centre = *centre;
    frame.unitsPerPixel = unitsPerPixel(camera, gizmo.origin, viewportSize.y);
    frame.size = gizmo.sizePixels * frame.unitsPerPixel;
    frame.right = camera.right();
    frame.up = camera.up();
    return frame;
}

// An orthonormal pair spanning the drawn parts of two gizmo axes (the ring's plane).
bool ringBasis(const TransformGizmo& gizmo, AxisPair pair, glm::vec3& e1, glm::vec3& e2) {
    const glm::vec3 a = drawn(gizmo.axes[static_cast<std::size_t>(pair.first)]);
    const glm::vec3 b = drawn(gizmo.axes[static_cast<std::size_t>(pair.second)]);
    if (glm::length(a) < 1e-4F)
        return false;
    e1 = glm::normalize(a);
    const glm::vec3 across = b - glm::dot(b, e1) * e1;
    if (glm::length(across) < 1e-4F)
        return false;
    e2 = glm::normalize(across);
    return true;
}

glm::vec2 knobCentre(const GizmoFrame& frame, const TransformGizmo& gizmo, int axis) {
    return frame.centre + glm::vec2{kKnobRight * gizmo.sizePixels,
                                    (static_cast<float>(axis) - 1.0F) * kKnobSpacingPixels};
}

std::array<glm::vec3, 4> squareCorners(const TransformGizmo& gizmo, const GizmoFrame& frame,
                                       AxisPair pair) {
    const glm::vec3 a = drawn(gizmo.axes[static_cast<std::size_t>(pair.first)]) * frame.size;
    const glm::vec3 b = drawn(gizmo.axes[static_cast<std::size_t>(pair.second)]) * frame.size;
    return {gizmo.origin + kSquareNear * a + kSquareNear * b,
            gizmo.origin + kSquareFar * a + kSquareNear * b,
            gizmo.origin + kSquareFar * a + kSquareFar * b,
            gizmo.origin + kSquareNear * a + kSquareFar * b};
}

const glm::vec4& axisColour(const scene::GizmoStyle& colours, int axis) {
    switch (axis) {
    case 0:
        return colours.x;
    case 1:
        return colours.y;
    case 2:
        return colours.z;
    default:
        return colours.w;
    }
}

glm::vec4 handleColour(const TransformGizmo& gizmo, GizmoHandle handle,
                       const scene::GizmoStyle& colours) {
    if (handle == gizmo.highlighted)
        return kHighlight;
    const AxisPair pair = axesOf(handle);
    if (pair.second < 0)
        return axisColour(colours, pair.first);
    if (isRing(handle)) // a ring turns about the third axis: its colour, as Blender does
        return axisColour(colours, 3 - pair.first - pair.second);
    return 0.5F * (axisColour(colours, pair.first) + axisColour(colours, pair.second));
}

constexpr std::array<GizmoHandle, 3> kAxisHandles{GizmoHandle::AxisX, GizmoHandle::AxisY,
                                                  GizmoHandle::AxisZ};
constexpr std::array<GizmoHandle, 3> kPlaneHandles{GizmoHandle::PlaneXY, GizmoHandle::PlaneXZ,
                                                   GizmoHandle::PlaneYZ};
constexpr std::array<GizmoHandle, 3> kRingHandles{GizmoHandle::RingXY, GizmoHandle::RingXZ,
                                                  GizmoHandle::RingYZ};
constexpr std::array<GizmoHandle, 3> kKnobHandles{GizmoHandle::RingXW, GizmoHandle::RingYW,
                                                  GizmoHandle::RingZW};

float screenAngle(glm::vec2 centre, glm::vec2 p) {
    return std::atan2(-(p.y - centre.y), p.x - centre.x); // window y grows downwards
}

} // namespace

std::string_view handleLabel(GizmoHandle handle) {
    switch (handle) {
    case GizmoHandle::AxisX:
        return "X";
    case GizmoHandle::AxisY:
        return "Y";
    case GizmoHandle::AxisZ:
        return "Z";
    case GizmoHandle::AxisW:
        return "W";
    case GizmoHandle::PlaneXY:
    case GizmoHandle::RingXY:
        return "XY";
    case GizmoHandle::PlaneXZ:
    case GizmoHandle::RingXZ:
        return "XZ";
    case GizmoHandle::PlaneYZ:
    case GizmoHandle::RingYZ:
        return "YZ";
    case GizmoHandle::RingXW:
        return "XW";
    case GizmoHandle::RingYW:
        return "YW";
    case GizmoHandle::RingZW:
        return "ZW";
    case GizmoHandle::None:
        break;
    }
    return "";
}

glm::vec2 wSliderDirection() {
    return glm::normalize(glm::vec2{-1.0F, -1.0F});
}

GizmoHandle pickGizmoHandle(const TransformGizmo& gizmo, const OrbitCamera& camera,
                            glm::vec2 viewportSize, glm::vec2 mouse) {
    const auto frame = frameOf(gizmo, camera, viewportSize);
    if (!frame)
        return GizmoHandle::None;
    GizmoHandle best = GizmoHandle::None;
    float bestDistance = kHandlePickPixels;
    const auto consider = [&](GizmoHandle handle, float distance) {
        if (distance < bestDistance) {
            bestDistance = distance;
            best = handle;
        }
    };
    if (gizmo.kind == GizmoKind::Move) {
        // Squares first: the pointer inside one picks it outright.
        for (GizmoHandle handle : kPlaneHandles) {
            if (!offers(gizmo, handle))
                continue;
            const auto corners = squareCorners(gizmo, *frame, axesOf(handle));
            std::array<glm::vec2, 4> onScreen;
            bool visible = true;
            for (std::size_t i = 0; i < 4; ++i) {
                const auto p = windowPosition(camera, corners[i], viewportSize);
                visible = visible && p.has_value();
                if (p)
                    onScreen[i] = *p;
            }
            if (visible && insideQuad(mouse, onScreen))
                return handle;
        }
        for (std::size_t i = 0; i < 3; ++i) {
            if (!offers(gizmo, kAxisHandles[i]))
                continue;
            const auto tip = windowPosition(
                camera, gizmo.origin + drawn(gizmo.axes[i]) * frame->size, viewportSize);
            if (tip)
                consider(kAxisHandles[i], distanceToSegment(mouse, frame->centre, *tip));
        }
        if (gizmo.hasW) {
            const glm::vec2 direction = wSliderDirection();
            consider(GizmoHandle::AxisW,
                     distanceToSegment(mouse,
                                       frame->centre + kSliderStart * gizmo.sizePixels * direction,
                                       frame->centre + kSliderEnd * gizmo.sizePixels * direction));
        }
        return best;
    }
    for (std::size_t r = 0; r < 3; ++r) {
        glm::vec3 e1;
        glm::vec3 e2;
        if (!offers(gizmo, kRingHandles[r]) || !ringBasis(gizmo, axesOf(kRingHandles[r]), e1, e2))
            continue;
        std::optional<glm::vec2> previous;
        for (int k = 0; k <= kRingSegments; ++k) {
            const float angle = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) /
                                static_cast<float>(kRingSegments);
            const auto p = windowPosition(
                camera, gizmo.origin + frame->size * (std::cos(angle) * e1 + std::sin(angle) * e2),
                viewportSize);
            if (p && previous)
                consider(kRingHandles[r], distanceToSegment(mouse, *previous, *p));
            previous = p;
        }
    }
    if (gizmo.hasW)
        for (int axis = 0; axis < 3; ++axis)
            consider(kKnobHandles[static_cast<std::size_t>(axis)],
                     glm::length(mouse - knobCentre(*frame, gizmo, axis)) * 0.75F);
    return best;
}

void buildGizmoLines(const TransformGizmo& gizmo, const OrbitCamera& camera, glm::vec2 viewportSize,
                     const scene::GizmoStyle& colours, GizmoLines& out) {
    out.segments.clear();
    out.dots.clear();
    const auto frame = frameOf(gizmo, camera, viewportSize);
    if (!frame)
        return;
    const auto segment = [&](const glm::vec3& a, const glm::vec3& b, const glm::vec4& colour) {
        out.segments.push_back({a, colour});
        out.segments.push_back({b, colour});
    };
    if (gizmo.kind == GizmoKind::Move) {
        for (std::size_t i = 0; i < 3; ++i) {
            if (!offers(gizmo, kAxisHandles[i]))
                continue;
            const glm::vec4 colour = handleColour(gizmo, kAxisHandles[i], colours);
            const glm::vec3 tip = gizmo.origin + drawn(gizmo.axes[i]) * frame->size;
            segment(gizmo.origin, tip, colour);
            // An arrowhead: a triangle in the plane of the axis and the view direction, so it
            // faces the camera (none for an axis seen end-on, which is all tip).
            const glm::vec3 along = tip - gizmo.origin;
            const glm::vec3 side = glm::cross(along, camera.forward());
            if (glm::length(side) > 1e-6F * frame->size * frame->size) {
                const glm::vec3 back = tip - kArrowHead * frame->size * glm::normalize(along);
                const glm::vec3 wing = 0.4F * kArrowHead * frame->size * glm::normalize(side);
                segment(tip, back + wing, colour);
                segment(tip, back - wing, colour);
                segment(back + wing, back - wing, colour);
            } else {
                out.dots.push_back({tip, colour}); // seen end-on: a dot marks the arrow
            }
        }
        for (GizmoHandle handle : kPlaneHandles) {
            if (!offers(gizmo, handle))
                continue;
            const auto corners = squareCorners(gizmo, *frame, axesOf(handle));
            const glm::vec4 colour = handleColour(gizmo, handle, colours);
            for (std::size_t i = 0; i < 4; ++i)
                segment(corners[i], corners[(i + 1) % 4], colour);
        }
        if (gizmo.hasW) {
            const glm::vec4 colour = handleColour(gizmo, GizmoHandle::AxisW, colours);
            const glm::vec2 direction = wSliderDirection() * gizmo.sizePixels;
            const glm::vec3 start = frame->atScreenOffset(gizmo.origin, kSliderStart * direction);
            const glm::vec3 end = frame->atScreenOffset(gizmo.origin, kSliderEnd * direction);
            segment(start, end, colour);
            out.dots.push_back({end, colour});
        }
        return;
    }
    for (GizmoHandle handle : kRingHandles) {
        glm::vec3 e1;
        glm::vec3 e2;
        if (!offers(gizmo, handle) || !ringBasis(gizmo, axesOf(handle), e1, e2))
            continue;
        const glm::vec4 colour = handleColour(gizmo, handle, colours);
        glm::vec3 previous = gizmo.origin + frame->size * e1;
        for (int k = 1; k <= kRingSegments; ++k) {
            const float angle = 2.0F * std::numbers::pi_v<float> * static_cast<float>(k) /
                                static_cast<float>(kRingSegments);
            const glm::vec3 next =
                gizmo.origin + frame->size * (std::cos(angle) * e1 + std::sin(angle) * e2);
            segment(previous, next, colour);
            previous = next;
        }
    }
    if (gizmo.hasW)
        for (int axis = 0; axis < 3; ++axis) {
            const GizmoHandle handle = kKnobHandles[static_cast<std::size_t>(axis)];
            const glm::vec4 colour =
                handle == gizmo.highlighted
                    ? kHighlight
                    : 0.5F * (axisColour(colours, axis) + axisColour(colours, 3));
            const glm::vec2 centre = knobCentre(*frame, gizmo, axis) - frame->centre;
            const glm::vec2 half{kKnobTrackHalf * gizmo.sizePixels, 0.0F};
            segment(frame->atScreenOffset(gizmo.origin, centre - half),
                    frame->atScreenOffset(gizmo.origin, centre + half), colour);
            out.dots.push_back({frame->atScreenOffset(gizmo.origin, centre), colour});
        }
}

std::optional<glm::vec4> moveDrag(const TransformGizmo& gizmo, GizmoHandle handle,
                                  const OrbitCamera& camera, glm::vec2 viewportSize,
                                  glm::vec2 press, glm::vec2 current) {
    const auto frame = frameOf(gizmo, camera, viewportSize);
    if (!frame)
        return std::nullopt;
    const ViewRay pressRay = viewRay(camera, press, viewportSize);
    const ViewRay currentRay = viewRay(camera, current, viewportSize);
    const AxisPair pair = axesOf(handle);
    if (handle == GizmoHandle::AxisW)
        return glm::vec4{0.0F, 0.0F, 0.0F,
                         glm::dot(current - press, wSliderDirection()) * frame->unitsPerPixel};
    if (pair.first >= 0 && pair.second < 0) {
        const glm::vec4& axis = gizmo.axes[static_cast<std::size_t>(pair.first)];
        const glm::vec3 line = drawn(axis);
        const auto from = nearestOnLine(pressRay, gizmo.origin, line);
        const auto to = nearestOnLine(currentRay, gizmo.origin, line);
        if (from && to)
            return (*to - *from) * axis;
        // Along the view ray (or leaning into w): the pointer's motion along the axis' screen
        // direction, or along the W slider when the axis has no screen direction at all.
        const auto tip = windowPosition(camera, gizmo.origin + line * frame->size, viewportSize);
        const glm::vec2 onScreen = tip ? *tip - frame->centre : glm::vec2{0.0F};
        const float pixelsPerSize = glm::length(onScreen);
        if (pixelsPerSize > 2.0F)
            return glm::dot(current - press, onScreen) / (pixelsPerSize * pixelsPerSize) *
                   frame->size * axis;
        return glm::dot(current - press, wSliderDirection()) * frame->unitsPerPixel * axis;
    }
    glm::vec3 normal = camera.forward();
    glm::vec3 a{0.0F};
    glm::vec3 b{0.0F};
    if (pair.second >= 0) {
        a = drawn(gizmo.axes[static_cast<std::size_t>(pair.first)]);
        b = drawn(gizmo.axes[static_cast<std::size_t>(pair.second)]);
        normal = glm::cross(a, b);
        if (glm::length(normal) < 1e-6F)
            return std::nullopt;
        if (std::abs(glm::dot(glm::normalize(normal), currentRay.direction)) < 0.02F)
            return std::nullopt; // edge-on: the hit runs off to infinity
    }
    const auto from = rayPlaneHit(pressRay, gizmo.origin, normal);
    const auto to = rayPlaneHit(currentRay, gizmo.origin, normal);
    if (!from || !to)
        return std::nullopt;
    const glm::vec3 delta = *to - *from;
    if (pair.second < 0)
        return glm::vec4(delta, 0.0F);
    // delta = α a + β b (it lies in their plane): the normal equations of the 2 x 2 system.
    const float aa = glm::dot(a, a);
    const float ab = glm::dot(a, b);
    const float bb = glm::dot(b, b);
    const float determinant = aa * bb - ab * ab;
    if (std::abs(determinant) < 1e-12F)
        return std::nullopt;
    const float da = glm::dot(delta, a);
    const float db = glm::dot(delta, b);
    const float alpha = (da * bb - db * ab) / determinant;
    const float beta = (db * aa - da * ab) / determinant;
    return alpha * gizmo.axes[static_cast<std::size_t>(pair.first)] +
           beta * gizmo.axes[static_cast<std::size_t>(pair.second)];
}

PlaneTurn handlePlane(const TransformGizmo& gizmo, GizmoHandle handle, const OrbitCamera& camera) {
    const AxisPair pair = axesOf(handle);
    if (pair.first < 0 || pair.second < 0)
        return {glm::vec4(camera.right(), 0.0F), glm::vec4(camera.up(), 0.0F), 0.0F};
    const glm::vec4 u = glm::normalize(gizmo.axes[static_cast<std::size_t>(pair.first)]);
    const glm::vec4 second = pair.second == 3 ? glm::vec4{0.0F, 0.0F, 0.0F, 1.0F}
                                              : gizmo.axes[static_cast<std::size_t>(pair.second)];
    // Gram–Schmidt: local axes of a sheared node are not quite orthogonal.
    const glm::vec4 across = second - glm::dot(second, u) * u;
    const float length = glm::length(across);
    if (length < 1e-6F)
        return {u, glm::vec4{0.0F}, 0.0F};
    return {u, across / length, 0.0F};
}

float rotationAngle(const TransformGizmo& gizmo, GizmoHandle handle, const OrbitCamera& camera,
                    glm::vec2 viewportSize, glm::vec2 press, glm::vec2 current) {
    const auto frame = frameOf(gizmo, camera, viewportSize);
    if (!frame)
        return 0.0F;
    if (isKnob(handle))
        return (current.x - press.x) / gizmo.sizePixels * (std::numbers::pi_v<float> / 2.0F);
    const float screenTurn =
        wrapAngle(screenAngle(frame->centre, current) - screenAngle(frame->centre, press));
    if (!isRing(handle))
        return screenTurn;
    glm::vec3 e1;
    glm::vec3 e2;
    if (!ringBasis(gizmo, axesOf(handle), e1, e2))
        return 0.0F;
    const glm::vec3 normal = glm::cross(e1, e2);
    const ViewRay pressRay = viewRay(camera, press, viewportSize);
    const ViewRay currentRay = viewRay(camera, current, viewportSize);
    const bool edgeOn = std::abs(glm::dot(normal, currentRay.direction)) < kEdgeOnCosine ||
                        std::abs(glm::dot(normal, pressRay.direction)) < kEdgeOnCosine;
    const auto from = edgeOn ? std::nullopt : rayPlaneHit(pressRay, gizmo.origin, normal);
    const auto to = edgeOn ? std::nullopt : rayPlaneHit(currentRay, gizmo.origin, normal);
    if (from && to) {
        const auto angleOf = [&](const glm::vec3& hit) {
            const glm::vec3 r = hit - gizmo.origin;
            return std::atan2(glm::dot(r, e2), glm::dot(r, e1));
        };
        return wrapAngle(angleOf(*to) - angleOf(*from));
    }
    // Seen from the side the normal e1 × e2 points to, e1 turning to e2 is counter-clockwise.
    const bool facesCamera = glm::dot(normal, -camera.forward()) >= 0.0F;
    return facesCamera ? screenTurn : -screenTurn;
}

float snapAngle(float radians, float stepDegrees) {
    if (stepDegrees <= 0.0F)
        return radians;
    const float step = glm::radians(stepDegrees);
    return std::round(radians / step) * step;
}

} // namespace hyperrig::render::view
