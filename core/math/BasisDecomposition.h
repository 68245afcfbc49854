#pragma once

#include "core/base/Result.h"
#include "core/math/BasisN.h"
#include "core/math/Rotor.h"
#include "core/math/VectorN.h"

namespace hyperrig::core::math {

// basis = rotor.toBasis() · diag(scale) (g4mf.md §2.2): what a G4MF writer stores as
// `rotor` + `scale` instead of `basis`.
struct RotorAndScale {
    Rotor rotor;
    VectorN scale;
    // All scale components equal within the tolerance: G4MF writes a one-element `scale`.
    bool uniformScale;
};

// Splits a 2D, 3D or 4D basis into rotor + per-axis scale (g4mf.md §6.1). `tolerance` is
// relative: columns i, j count as orthogonal when |c_i·c_j| <= tolerance·|c_i|·|c_j|, a column as
// zero when |c_i| <= tolerance·max|c|, scales as uniform when they differ by <= tolerance·max|c|.
//
// Fails, with a message naming the culprit (0-based column indices, X = 0), when the columns are
// not pairwise orthogonal (shear), a column has zero length, the determinant is negative
// (mirroring cannot be written as rotor + scale), or the dimension is not 2, 3 or 4.
//
// The rotor is extracted with the robust Cl(4,0) frame method of g4mf.md §6.3 in every dimension
// (2D and 3D bases are embedded into 4D with the remaining axes unchanged, and the W components
// of the result, zero up to rounding, are dropped), then normalised (§4.5) and given the
// canonical sign: s > 0, or when s == 0 the first non-zero component positive.
Result<RotorAndScale> decomposeBasis(const BasisN& basis, double tolerance = 1e-9);

// The rotor of a rotation matrix (orthonormal columns, det +1) by the §6.3 method, without the
// checks of decomposeBasis; canonical sign as above. Contract: dimension 2..4.
Rotor rotorFromRotationBasis(const BasisN& rotation);

} // namespace hyperrig::core::math
