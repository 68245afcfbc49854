#include "core/math/Clifford4.h"

#include <cmath>

namespace hyperrig::core::math::clifford4 {

Multivector Multivector::scalar(double value) {
    return blade(kScalar, value);
}

Multivector Multivector::blade(Blade blade, double coefficient) {
    HYPERRIG_EXPECTS(blade < kBladeCount);
    Multivector result;
    result.m_coefficients[blade] = coefficient;
    return result;
}

Multivector Multivector::vector(const VectorN& v) {
    HYPERRIG_EXPECTS(v.dimension() <= 4);
    Multivector result;
    for (int axis = 0; axis < v.dimension(); ++axis)
        result.m_coefficients[Blade{1} << axis] = v[axis];
    return result;
}

Multivector Multivector::rotor(std::span<const double> g4mfComponents) {
    HYPERRIG_EXPECTS(g4mfComponents.size() <= kRotorBlades.size());
    Multivector result;
    for (std::size_t i = 0; i < g4mfComponents.size(); ++i)
        result.m_coefficients[kRotorBlades[i]] = g4mfComponents[i];
    return result;
}

std::array<double, 8> Multivector::rotorComponents() const {
    std::array<double, 8> result{};
    for (std::size_t i = 0; i < kRotorBlades.size(); ++i)
        result[i] = m_coefficients[kRotorBlades[i]];
    return result;
}

VectorN Multivector::vectorPart(int dimension) const {
    HYPERRIG_EXPECTS(dimension <= 4);
    VectorN result = VectorN::zero(dimension);
    for (int axis = 0; axis < dimension; ++axis)
        result[axis] = m_coefficients[Blade{1} << axis];
    return result;
}

Multivector Multivector::reverse() const {
    Multivector result;
    for (Blade blade = 0; blade < kBladeCount; ++blade)
        result.m_coefficients[blade] = bladeReverseSign(blade) * m_coefficients[blade];
    return result;
}

double Multivector::norm() const {
    double sum = 0.0;
    for (double c : m_coefficients)
        sum += c * c;
    return std::sqrt(sum);
}

Multivector operator+(const Multivector& a, const Multivector& b) {
    Multivector result;
    for (Blade blade = 0; blade < kBladeCount; ++blade)
        result.m_coefficients[blade] = a.m_coefficients[blade] + b.m_coefficients[blade];
    return result;
}

Multivector operator-(const Multivector& a, const Multivector& b) {
    Multivector result;
    for (Blade blade = 0; blade < kBladeCount; ++blade)
        result.m_coefficients[blade] = a.m_coefficients[blade] - b.m_coefficients[blade];
    return result;
}

Multivector operator*(const Multivector& a, double factor) {
    Multivector result;
    for (Blade blade = 0; blade < kBladeCount; ++blade)
        result.m_coefficients[blade] = a.m_coefficients[blade] * factor;
    return result;
}

Multivector operator*(const Multivector& a, const Multivector& b) {
    Multivector result;
    for (Blade i = 0; i < kBladeCount; ++i) {
        for (Blade j = 0; j < kBladeCount; ++j) {
            result.m_coefficients[i ^ j] +=
                kProductSigns[i][j] * a.m_coefficients[i] * b.m_coefficients[j];
        }
    }
    return result;
}

Multivector outer(const Multivector& a, const Multivector& b) {
    Multivector result;
    for (Blade i = 0; i < kBladeCount; ++i) {
        for (Blade j = 0; j < kBladeCount; ++j) {
            if ((i & j) != 0)
                continue;
            result.m_coefficients[i | j] +=
                kProductSigns[i][j] * a.m_coefficients[i] * b.m_coefficients[j];
        }
    }
    return result;
}

} // namespace hyperrig::core::math::clifford4
