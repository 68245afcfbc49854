#pragma once

#include <QString>

namespace hyperrig::ui {

// How panels label the axes of an N-dimensional document: x, y, z, w as G4MF names the first
// four, then v and u (the names the issue and the product docs use for 5D and 6D), then a6 and
// a7 by 0-based index for 7D and 8D, where no letter is customary.
QString axisName(int axis);

// The rotor components in G4MF order (core/math/Rotor.h, "grade first, then dimension"):
// s, xy, xz, yz, xw, yw, zw, xyzw. A 2D rotor uses the first 2, a 3D rotor the first 4.
QString rotorComponentName(int component);

} // namespace hyperrig::ui
