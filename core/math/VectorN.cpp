#include "core/math/VectorN.h"

#include <cmath>

namespace hyperrig::core::math {

namespace {

std::size_t index(int i) {
    return static_cast<std::size_t>(i);
}

} // namespace

VectorN::VectorN(int dimension) : m_dimension(dimension) {
    HYPERRIG_EXPECTS(isSupportedDimension(dimension));
}

VectorN::VectorN(std::initializer_list<double> values)
    : m_dimension(static_cast<int>(values.size())) {
    HYPERRIG_EXPECTS(isSupportedDimension(m_dimension));
    std::size_t i = 0;
    for (double value : values)
        m_values[i++] = value;
}

VectorN VectorN::zero(int dimension) {
    return VectorN(dimension);
}

VectorN VectorN::axis(int dimension, int axis) {
    VectorN result(dimension);
    HYPERRIG_EXPECTS(axis >= 0 && axis < dimension);
    result.m_values[index(axis)] = 1.0;
    return result;
}

Result<VectorN> VectorN::fromSpan(std::span<const double> values) {
    auto dimension = checkedDimension(static_cast<long long>(values.size()));
    if (!dimension)
        return dimension.error();
    VectorN result(*dimension);
    for (std::size_t i = 0; i < values.size(); ++i)
        result.m_values[i] = values[i];
    return result;
}

double VectorN::operator[](int i) const {
    HYPERRIG_EXPECTS(i >= 0 && i < m_dimension);
    return m_values[index(i)];
}

double& VectorN::operator[](int i) {
    HYPERRIG_EXPECTS(i >= 0 && i < m_dimension);
    return m_values[index(i)];
}

double VectorN::dot(const VectorN& other) const {
    HYPERRIG_EXPECTS(m_dimension == other.m_dimension);
    double sum = 0.0;
    for (std::size_t i = 0; i < size(); ++i)
        sum += m_values[i] * other.m_values[i];
    return sum;
}

double VectorN::length() const {
    return std::sqrt(lengthSquared());
}

Result<VectorN> VectorN::normalized() const {
    const double len = length();
    if (!std::isfinite(len))
        return Error("cannot normalise a vector with non-finite components");
    if (len == 0.0)
        return Error("cannot normalise a zero-length vector: it has no direction");
    return *this / len;
}

VectorN& VectorN::operator+=(const VectorN& other) {
    HYPERRIG_EXPECTS(m_dimension == other.m_dimension);
    for (std::size_t i = 0; i < size(); ++i)
        m_values[i] += other.m_values[i];
    return *this;
}

VectorN& VectorN::operator-=(const VectorN& other) {
    HYPERRIG_EXPECTS(m_dimension == other.m_dimension);
    for (std::size_t i = 0; i < size(); ++i)
        m_values[i] -= other.m_values[i];
    return *this;
}

VectorN& VectorN::operator*=(double factor) {
    for (std::size_t i = 0; i < size(); ++i)
        m_values[i] *= factor;
    return *this;
}

VectorN& VectorN::operator/=(double divisor) {
    for (std::size_t i = 0; i < size(); ++i)
        m_values[i] /= divisor;
    return *this;
}

bool approxEqual(const VectorN& a, const VectorN& b, double tolerance) {
    if (a.dimension() != b.dimension())
        return false;
    for (int i = 0; i < a.dimension(); ++i) {
        if (!(std::abs(a[i] - b[i]) <= tolerance))
            return false;
    }
    return true;
}

} // namespace hyperrig::core::math
