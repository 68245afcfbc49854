#pragma once

#include "core/base/Result.h"
#include "core/eval/BoneRotations.h"
#include "core/math/BasisN.h"

namespace hyperrig::core::eval {

// The plane angles of a rotation: the inverse of planeRotation. Every R in SO(n) is the ordered
// product of Givens rotations of all D(D-1)/2 coordinate planes (Hoffman, Raffenetti &
// Ruedenberg 1972, "generalized Euler angles"), here in the order of rotationPlanes(n):
//
//   R = G_01(θ01)·G_02(θ02)·…·G_0,n-1 · G_12·…·G_1,n-1 · … · G_n-2,n-1
//     = Q_0 · Q_1 · … · Q_n-2,      Q_a = G_a,a+1 · G_a,a+2 · … · G_a,n-1,
//
// with G_ab(θ) turning axis a toward b (e_a -> cos θ·e_a + sin θ·e_b, the rotor plane rotation
// planeRotation uses). Every Q_b with b > a leaves e_0 … e_a alone, so column a of
// Q_a^T·…·Q_0^T·R' (the rotation left once Q_0 … Q_a-1 are peeled off) is Q_a·e_a alone:
//
//   Q_a·e_a = C·cos θ_a,a+1 · e_a + C·sin θ_a,a+1 · e_a+1 + … ,  C = Π_{b>a+1} cos θ_ab
//
// (hyperspherical coordinates of a unit vector). Peeling G_ab left to right, b = a+1 … n-1:
// θ_ab = atan2(M[b][a], M[a][a]), then M <- G_ab(θ_ab)^T·M zeroes M[b][a] and leaves
// M[a][a] = the remaining product of cosines. Choosing those cosines >= 0 makes the angles
// unique away from gimbal lock:
//
//   θ_a,a+1 in (-180°, 180°],   θ_ab in [-90°, 90°] for b > a+1.
//
// At gimbal lock (C = 0, some later angle ±90°) θ_a,a+1 = atan2(0, 0) = 0 and the later factors
// take up the whole turn; the product is still R. Each step is an exact orthogonal Givens step,
// so the recomposed product matches R to rounding even there.
//
// `rotation` must be orthonormal with determinant +1 to `tolerance` (checked: after all peels the
// remainder must be the identity); a reflection, a scale or a shear fails with the reason.
// Dimensions 2 to 4 (the planes planeRotation covers). Angles in degrees.
Result<PlaneAngles> planeAnglesOf(const math::BasisN& rotation, double tolerance = 1e-6);

} // namespace hyperrig::core::eval
