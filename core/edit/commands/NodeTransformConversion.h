#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"
#include "core/model/NodeTransform.h"

#include <vector>

namespace hyperrig::core::edit {

// Writing a placement (basis + position) as an authored node transform, following the writer
// policy of g4mf.md §6.1:
//   None        the basis is the identity;
//   RotorScale  columns pairwise orthogonal, determinant > 0, 2D to 4D: scale_i = |column_i|
//               (one number when all equal, omitted when all 1), rotor of the rotation (omitted
//               for the identity; a 4D rotor has 8 numbers only when its xyzw part is non-zero,
//               else 7, as files usually write them);
//   Basis       anything, column-major.
// A RotorScale with neither rotor nor scale is written as None: it is what a reader makes of it.

// The placement in exactly `form`, with `position` kept as given (empty stays empty). Fails with
// the reason when `form` cannot express the basis. `tolerance` is relative to the longest column
// and decides "identity", "orthogonal", "equal" and "1".
Result<model::NodeTransform> transformInForm(const math::BasisN& basis,
                                             std::vector<double> position,
                                             model::NodeTransform::Form form, double tolerance);

// A placement HyperRig computed (reparenting), written in `preferred` when that form expresses it
// exactly enough, else RotorScale, else Basis. Rounding residue (|x| < 1e-14) becomes an exact 0
// and a zero position is omitted. Tolerances are tight (1e-12 for identity, equal and 1; 1e-9
// orthogonality, the documented decomposition default) so the world placement survives.
model::NodeTransform transformLike(const math::AffineN& placement,
                                   model::NodeTransform::Form preferred);

} // namespace hyperrig::core::edit
