#include "core/eval/PlaneAngleDecomposition.h"

#include <cmath>
#include <numbers>
#include <string>

namespace hyperrig::core::eval {
namespace {

// M <- G_ab(θ)^T·M with c = cos θ, s = sin θ: rows a and b mix, (G^T u)_a = c·u_a + s·u_b,
// (G^T u)_b = -s·u_a + c·u_b.
void peelGivens(math::BasisN& m, int a, int b, double c, double s) {
    for (int column = 0; column < m.dimension(); ++column) {
        const double ua = m.at(a, column);
        const double ub = m.at(b, column);
        m.at(a, column) = c * ua + s * ub;
        m.at(b, column) = -s * ua + c * ub;
    }
}

} // namespace

Result<PlaneAngles> planeAnglesOf(const math::BasisN& rotation, double tolerance) {
    const int n = rotation.dimension();
    const auto planes = rotationPlanes(n);
    if (n < 2 || planes.size() > kMaxRotationPlanes)
        return Error("plane angles cover 2D to 4D rotations; this one is " + std::to_string(n) +
                     "D");
    PlaneAngles degrees{};
    math::BasisN m = rotation;
    std::size_t index = 0; // planes come out in rotationPlanes order: (0,1), (0,2), ..., (n-2,n-1)
    for (int a = 0; a + 1 < n; ++a)
        for (int b = a + 1; b < n; ++b, ++index) {
            const double y = m.at(b, a);
            const double x = m.at(a, a);
            const double r = std::hypot(x, y);
            const double theta = std::atan2(y, x); // atan2(0, 0) = 0 at gimbal lock
            degrees[index] = theta * 180.0 / std::numbers::pi;
            // cos θ = x/r, sin θ = y/r exactly as atan2 chose them; at r = 0 the identity.
            peelGivens(m, a, b, r > 0.0 ? x / r : 1.0, r > 0.0 ? y / r : 0.0);
        }
    // The remainder is the identity for a rotation; diag(1, …, 1, -1) for a reflection; something
    // else for a scale or a shear.
    double worst = 0.0;
    for (int row = 0; row < n; ++row)
        for (int column = 0; column < n; ++column)
            worst = std::max(worst, std::abs(m.at(row, column) - (row == column ? 1.0 : 0.0)));
    if (worst > tolerance) {
        const bool mirror = rotation.determinant() < 0.0;
        return Error(mirror ? "not a rotation (it mirrors: the determinant is negative)"
                            : "not a rotation (it scales or shears: the columns are not "
                              "orthonormal)");
    }
    return degrees;
}

} // namespace hyperrig::core::eval
