#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"

#include <string>
#include <string_view>

namespace hyperrig::core::eval {

// The 4D view of the slicer, the renderer and `hyperrig-cli slice/render`: a rotation of the
// viewer in the XW, YW and ZW planes (the planes that turn W into the visible 3D space) and the
// offset of the slicing hyperplane along the view's W axis.
//
//   view -> world rotation  V = R_xw(xw) · R_yw(yw) · R_zw(zw)     (rotor plane rotations of
//                                                                    Rotor::fromPlaneAngle)
//   world -> view           V⁻¹ = Vᵀ;  the slice is view w = offset
//
// With all angles zero the view is the world: the slice shows world x, y, z at w = offset.
// Positive xw turns view X toward world W, so increasing it brings what lies along +W into view.
struct View4D {
    double xwDegrees = 0.0;
    double ywDegrees = 0.0;
    double zwDegrees = 0.0;
    double offset = 0.0;

    // World -> view (dimension 4).
    math::AffineN worldToView() const;
};

// Parses "xw=30,zw=-15" (any subset of xw, yw, zw, each at most once, degrees) into `view`'s
// angles. Errors say which part is wrong.
Result<void> parseRotation(std::string_view text, View4D& view);

} // namespace hyperrig::core::eval
