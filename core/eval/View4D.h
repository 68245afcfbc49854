#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"

#include <array>
#include <string>
#include <string_view>

namespace hyperrig::core::eval {

// The view of the slicer, the renderer and `hyperrig-cli slice/render`, for 4D and (as the
// generalisation below) 5D..8D documents. Its name stays from the 4D days: the W fields are the
// 4D view as it always was, and the axes beyond W add their own (docs/decisions/0027).
//
// Axes and their letters: x y z w v u t s are axes 0..7. The "extra" axes are those beyond z:
// w (3), v (4), u (5), t (6), s (7). An N-D document has N − 3 of them.
//
// 4D: a rotation of the viewer in the XW, YW and ZW planes (the planes that turn W into the
// visible 3D space) and the offset of the slicing hyperplane along the view's W axis.
//
//   view -> world rotation  V = R_xw(xw) · R_yw(yw) · R_zw(zw)     (each R_ab turns axis a
//                                                                    toward axis b)
//   world -> view           V⁻¹ = Vᵀ;  the slice is view w = offset
//
// N-D: per extra axis a, in the order w, v, u, t, s, the same three planes and an offset:
//
//   V = Π_a (R_xa(xa) · R_ya(ya) · R_za(za)),   a = w, v, u, ... (leftmost first)
//
// and the 3D slice is the flat where view a = offset_a for every extra axis a (cut one axis at a
// time: docs/rendering.md, "Slicing N-D"). With all angles zero the view is the world: the slice
// shows world x, y, z at w = offset_w, v = offset_v, ... Positive xw turns view X toward world W,
// so increasing it brings what lies along +W into view.
//
// Angles that are multiples of 90° map axes onto axes exactly (cos and sin taken as 0 and ±1,
// not cos(π/2) ≈ 6e-17): a view turned by quarter turns shows a rig exactly from an axis-aligned
// side.
struct ExtraAxisView {
    double xDegrees = 0.0; // the plane of view X and this axis
    double yDegrees = 0.0;
    double zDegrees = 0.0;
    double offset = 0.0; // the cut: view (this axis) = offset

    friend bool operator==(const ExtraAxisView&, const ExtraAxisView&) = default;
};

inline constexpr int kFirstExtraAxis = 3; // w
inline constexpr int kMaxExtraAxes = 5;   // w, v, u, t, s (8D)
inline constexpr int kBeyondWAxes = kMaxExtraAxes - 1;

// 'x', 'y', 'z', 'w', 'v', 'u', 't', 's' for axes 0..7.
char axisLetter(int axis);
// The axis of a letter above; -1 for any other character.
int axisOfLetter(char letter);

struct View4D {
    double xwDegrees = 0.0;
    double ywDegrees = 0.0;
    double zwDegrees = 0.0;
    double offset = 0.0;
    // Axes v, u, t, s (4..7); only the first N − 4 matter for an N-D document.
    std::array<ExtraAxisView, kBeyondWAxes> beyondW{};

    // Extra axis `axis` (3..7) as one record; axis 3 reads and writes the W fields above.
    ExtraAxisView extraAxis(int axis) const;
    void setExtraAxis(int axis, const ExtraAxisView& value);

    // World -> view (dimension 4): the W part only.
    math::AffineN worldToView() const;
    // World -> view for an N-D document (N = 4..8): the extra axes below N. Contract: 4 <= N <= 8.
    math::AffineN worldToView(int dimension) const;

    friend bool operator==(const View4D&, const View4D&) = default;
};

// The N x N rotation turning axis a toward axis b by `degrees` (column a = cos·e_a + sin·e_b,
// column b = −sin·e_a + cos·e_b). Exact for multiples of 90°.
math::BasisN planeRotation(int dimension, int axisA, int axisB, double degrees);

// One quarter turn of the slicing hyperplane in the plane of view axis `visibleAxis` (0 = x,
// 1 = y, 2 = z) and extra axis `extraAxis` (3 = w, ...): View > Rotate Slice 90° in XW/YW/ZW.
// Adds 90° to that angle, kept in (−180, 180]. Starting from a view whose angles are multiples
// of 90°, every step keeps it so, and worldToView stays an exact signed permutation: four steps
// in one plane come back to the start, and the eight axis-aligned sides of a 4D rig (view W
// along ±X, ±Y, ±Z, ±W of the world) are all reached.
void rotateSliceQuarterTurn(View4D& view, int visibleAxis, int extraAxis = kFirstExtraAxis);

// Parses "xw=30,zw=-15,yv=90" (planes of x, y or z with an extra axis w, v, u, t or s, each at
// most once, degrees) into `view`'s angles. Errors say which part is wrong.
Result<void> parseRotation(std::string_view text, View4D& view);

// Parses "w=0.1,v=-0.2" (extra axes w, v, u, t, s, each at most once) into the offsets of
// `view`. Errors say which part is wrong.
Result<void> parseSliceOffsets(std::string_view text, View4D& view);

// Whether `view` uses an axis a document of `dimension` does not have (a rotation or offset of
// a beyond `dimension`); the error names the first such axis.
Result<void> checkViewAxes(const View4D& view, int dimension);

} // namespace hyperrig::core::eval
