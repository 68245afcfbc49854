#include "core/math/Rotor.h"

#include "core/math/Clifford4.h"
#include "core/math/NumberFormat.h"

#include <cmath>
#include <string>

namespace hyperrig::core::math {

namespace {

// Named 4D components in G4MF order.
enum Slot : std::size_t { S, XY, XZ, YZ, XW, YW, ZW, P };

Error unsupportedDimension(int dimension) {
    return Error("rotors are supported in 2, 3 and 4 dimensions, not in " +
                 std::to_string(dimension) + "D");
}

double sumOfSquares(const std::array<double, 8>& c) {
    double sum = 0.0;
    for (double value : c)
        sum += value * value;
    return sum;
}

// Half the grade-4 part of R·R̃: zero for every 4D rotor (g4mf.md §4.4).
double quadvectorCondition(const std::array<double, 8>& c) {
    return c[S] * c[P] - c[XY] * c[ZW] + c[XZ] * c[YW] - c[XW] * c[YZ];
}

} // namespace

Rotor::Rotor(int dimension, const std::array<double, 8>& components)
    : m_components(components), m_dimension(dimension) {
    HYPERRIG_EXPECTS(supportsDimension(dimension));
    for (std::size_t i = componentCount(dimension); i < m_components.size(); ++i)
        m_components[i] = 0.0;
}

std::size_t Rotor::componentCount(int dimension) {
    HYPERRIG_EXPECTS(supportsDimension(dimension));
    return dimension == 2 ? 2 : (dimension == 3 ? 4 : 8);
}

Result<Rotor> Rotor::identity(int dimension) {
    if (!supportsDimension(dimension))
        return unsupportedDimension(dimension);
    return Rotor(dimension, {1.0});
}

Result<Rotor> Rotor::fromComponents(int dimension, std::span<const double> components) {
    if (!supportsDimension(dimension))
        return unsupportedDimension(dimension);
    const std::size_t count = components.size();
    const bool countOk =
        dimension == 4 ? (count == 7 || count == 8) : count == componentCount(dimension);
    if (!countOk) {
        const std::string expected = dimension == 2 ? "2" : (dimension == 3 ? "4" : "7 or 8");
        return Error("rotor has " + std::to_string(count) + " components, a " +
                     std::to_string(dimension) + "D rotor needs " + expected);
    }
    std::array<double, 8> values{};
    for (std::size_t i = 0; i < count; ++i)
        values[i] = components[i];
    return Rotor(dimension, values);
}

Result<Rotor> Rotor::fromPlaneAngle(int dimension, int axisA, int axisB, double radians) {
    if (!supportsDimension(dimension))
        return unsupportedDimension(dimension);
    if (axisA < 0 || axisA >= dimension || axisB < 0 || axisB >= dimension)
        return Error("rotation plane axes " + std::to_string(axisA) + " and " +
                     std::to_string(axisB) + " are outside 0.." + std::to_string(dimension - 1));
    if (axisA == axisB)
        return Error("rotation plane needs two different axes, got " + std::to_string(axisA) +
                     " twice");
    const int low = axisA < axisB ? axisA : axisB;
    const int high = axisA < axisB ? axisB : axisA;
    // Bivector slots in G4MF order: xy=1, xz=2, yz=3, xw=4, yw=5, zw=6 = 1 + high(high−1)/2 + low.
    const auto slot = static_cast<std::size_t>(1 + high * (high - 1) / 2 + low);
    std::array<double, 8> values{};
    values[S] = std::cos(radians / 2.0);
    values[slot] = (axisA < axisB ? 1.0 : -1.0) * std::sin(radians / 2.0);
    return Rotor(dimension, values);
}

Rotor Rotor::reverse() const {
    std::array<double, 8> values = m_components;
    for (std::size_t i = XY; i <= ZW; ++i)
        values[i] = -values[i];
    return Rotor(m_dimension, values);
}

bool Rotor::isValid(double tolerance) const {
    if (!(std::abs(sumOfSquares(m_components) - 1.0) <= tolerance))
        return false;
    return m_dimension != 4 || std::abs(quadvectorCondition(m_components)) <= tolerance;
}

Result<Rotor> Rotor::normalized() const {
    const std::array<double, 8>& c = m_components;
    const double a = sumOfSquares(c);
    if (!std::isfinite(a))
        return Error("rotor has non-finite components");
    if (a == 0.0)
        return Error("rotor has zero length, so it describes no rotation");
    if (m_dimension != 4) {
        std::array<double, 8> values = c;
        const double inverseLength = 1.0 / std::sqrt(a);
        for (double& value : values)
            value *= inverseLength;
        return Rotor(m_dimension, values);
    }
    // R·R̃ = a + b·xyzw with xyzw² = +1 (split-complex). Its inverse square root is c + d·xyzw:
    // in the idempotent basis (1 ± xyzw)/2 it is diag((a+b)^−½, (a−b)^−½).
    const double b = 2.0 * quadvectorCondition(c);
    if (!(a > std::abs(b)))
        return Error("these 8 numbers are not a 4D rotor: the sum of squares (" + formatNumber(a) +
                     ") must exceed |2(s*p - xy*zw + xz*yw - xw*yz)| (" +
                     formatNumber(std::abs(b)) + ")");
    const double u = 1.0 / std::sqrt(a + b);
    const double v = 1.0 / std::sqrt(a - b);
    const double cc = (u + v) / 2.0;
    const double d = (u - v) / 2.0;
    std::array<double, 8> n{};
    n[S] = c[S] * cc + c[P] * d;
    n[P] = c[P] * cc + c[S] * d;
    n[XY] = c[XY] * cc - c[ZW] * d;
    n[ZW] = c[ZW] * cc - c[XY] * d;
    n[XZ] = c[XZ] * cc + c[YW] * d;
    n[YW] = c[YW] * cc + c[XZ] * d;
    n[YZ] = c[YZ] * cc - c[XW] * d;
    n[XW] = c[XW] * cc - c[YZ] * d;
    return Rotor(4, n);
}

BasisN Rotor::toBasis() const {
    // g4mf.md §5: the sandwich R̃ e_i R written out. 2D and 3D rotors are 4D rotors with the
    // missing components zero, so the 4D formulas hold for them too; the rows and columns of the
    // axes they lack are then exactly the identity and are dropped.
    const double s = m_components[S], xy = m_components[XY], xz = m_components[XZ],
                 yz = m_components[YZ], xw = m_components[XW], yw = m_components[YW],
                 zw = m_components[ZW], p = m_components[P];
    const double ss = s * s, xy2 = xy * xy, xz2 = xz * xz, yz2 = yz * yz, xw2 = xw * xw,
                 yw2 = yw * yw, zw2 = zw * zw, pp = p * p;
    // m[column][row]
    const std::array<std::array<double, 4>, 4> m = {{
        {ss - xy2 - xz2 - xw2 + yz2 + yw2 + zw2 - pp, 2.0 * (s * xy - xz * yz - xw * yw + zw * p),
         2.0 * (s * xz + xy * yz - xw * zw - yw * p), 2.0 * (s * xw + xy * yw + xz * zw + yz * p)},
        {-2.0 * (s * xy + xz * yz + xw * yw + zw * p), ss - xy2 + xz2 + xw2 - yz2 - yw2 + zw2 - pp,
         2.0 * (s * yz - xy * xz - yw * zw + xw * p), 2.0 * (s * yw - xy * xw + yz * zw - xz * p)},
        {2.0 * (xy * yz - s * xz - xw * zw + yw * p), -2.0 * (s * yz + xy * xz + yw * zw + xw * p),
         ss + xy2 - xz2 + xw2 - yz2 + yw2 - zw2 - pp, 2.0 * (s * zw - xz * xw - yz * yw + xy * p)},
        {2.0 * (xy * yw + xz * zw - s * xw - yz * p), 2.0 * (yz * zw - s * yw - xy * xw + xz * p),
         -2.0 * (s * zw + xz * xw + yz * yw + xy * p), ss + xy2 + xz2 - xw2 + yz2 - yw2 - zw2 - pp},
    }};
    BasisN result = BasisN::identity(m_dimension);
    for (int column = 0; column < m_dimension; ++column) {
        for (int row = 0; row < m_dimension; ++row)
            result.at(row, column) =
                m[static_cast<std::size_t>(column)][static_cast<std::size_t>(row)];
    }
    return result;
}

Rotor operator*(const Rotor& a, const Rotor& b) {
    HYPERRIG_EXPECTS(a.m_dimension == b.m_dimension);
    // The geometric product restricted to the even blades (even · even stays even): 64 terms.
    // 2D and 3D rotors multiply the same way and stay in their subalgebra, since their missing
    // components are zero.
    using clifford4::kProductSigns;
    using clifford4::kRotorBlades;
    clifford4::Multivector product;
    for (std::size_t i = 0; i < kRotorBlades.size(); ++i) {
        for (std::size_t j = 0; j < kRotorBlades.size(); ++j) {
            product[kRotorBlades[i] ^ kRotorBlades[j]] +=
                kProductSigns[kRotorBlades[i]][kRotorBlades[j]] * a.m_components[i] *
                b.m_components[j];
        }
    }
    return Rotor(a.m_dimension, product.rotorComponents());
}

Rotor operator-(const Rotor& r) {
    std::array<double, 8> values = r.m_components;
    for (double& value : values)
        value = -value;
    return Rotor(r.m_dimension, values);
}

bool approxEqual(const Rotor& a, const Rotor& b, double tolerance) {
    if (a.dimension() != b.dimension())
        return false;
    const auto lhs = a.components();
    const auto rhs = b.components();
    for (std::size_t i = 0; i < lhs.size(); ++i) {
        if (!(std::abs(lhs[i] - rhs[i]) <= tolerance))
            return false;
    }
    return true;
}

bool sameRotation(const Rotor& a, const Rotor& b, double tolerance) {
    return approxEqual(a, b, tolerance) || approxEqual(a, -b, tolerance);
}

} // namespace hyperrig::core::math
