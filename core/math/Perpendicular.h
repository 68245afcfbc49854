#pragma once

#include "core/base/Result.h"
#include "core/math/VectorN.h"

#include <span>

namespace hyperrig::core::math {

// The N-dimensional generalisation of the cross product: from N−1 vectors of dimension N, the
// vector with components perp_i = det[v_1, ..., v_(N−1), e_i] (vectors as columns). It is
// orthogonal to every v_k, its length is the (N−1)-volume of the parallelotope they span, and
// det[v_1, ..., v_(N−1), perp] = |perp|² > 0 (same orientation rule as a × b in 3D; in 2D it is
// v turned by +90°). Zero when the vectors are linearly dependent.
//
// Fails when the count is not N−1 or the dimensions differ. Cost O(N⁴); perpendicular4 is the
// closed form for the 4D hot path (cell normals).
Result<VectorN> perpendicular(std::span<const VectorN> vectors);

// g4mf.md §7.1 (spec math.md, godot-4d Vector4D::perpendicular): equals perpendicular({a, b, c}).
// Contract: all three are 4D.
inline VectorN perpendicular4(const VectorN& a, const VectorN& b, const VectorN& c) {
    HYPERRIG_EXPECTS(a.dimension() == 4 && b.dimension() == 4 && c.dimension() == 4);
    const double ax = a[0], ay = a[1], az = a[2], aw = a[3];
    const double bx = b[0], by = b[1], bz = b[2], bw = b[3];
    const double cx = c[0], cy = c[1], cz = c[2], cw = c[3];
    return VectorN{
        -ay * (bz * cw - bw * cz) + az * (by * cw - bw * cy) - aw * (by * cz - bz * cy),
        +ax * (bz * cw - bw * cz) - az * (bx * cw - bw * cx) + aw * (bx * cz - bz * cx),
        -ax * (by * cw - bw * cy) + ay * (bx * cw - bw * cx) - aw * (bx * cy - by * cx),
        +ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx),
    };
}

} // namespace hyperrig::core::math
