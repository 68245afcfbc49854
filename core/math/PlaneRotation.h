#pragma once

#include "core/math/BasisN.h"
#include "core/math/VectorN.h"

namespace hyperrig::core::math {

// cos and sin that are exact at whole quarter turns. std::cos(π/2) is 6.1e-17, not 0: a rotation
// by a multiple of 90° built from it leaves residues where a view or a bone turned by quarter
// turns must map axes onto axes exactly (View > Rotate Slice 90°, snapped rotations).

// For `quarters` (an angle in quarter turns) within 1e-12 of a whole number: cos and sin from the
// table (1, 0), (0, 1), (−1, 0), (0, −1), and true. Otherwise false, the outputs untouched.
bool quarterTurnCosSin(double quarters, double& cosine, double& sine);

// cos and sin of `radians`, from the table at whole quarter turns, from std::cos/std::sin else.
void exactCosSin(double radians, double& cosine, double& sine);

// The rotation by `radians` in the plane of the orthonormal vectors u, v, turning u towards v:
//   Q = I + sin θ · (v uᵀ − u vᵀ) + (cos θ − 1) · (u uᵀ + v vᵀ)
// so Q u = cos θ u + sin θ v, Q v = cos θ v − sin θ u, and Q leaves u⊥ ∩ v⊥ alone. With
// u = e_a, v = e_b it is the axis-plane rotation turning axis a towards b. Exact at quarter
// turns (exactCosSin).
BasisN planeRotation(const VectorN& u, const VectorN& v, double radians);

} // namespace hyperrig::core::math
