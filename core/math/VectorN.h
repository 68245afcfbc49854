#pragma once

#include "core/base/Result.h"
#include "core/math/Dimension.h"

#include <array>
#include <cstddef>
#include <initializer_list>
#include <span>

namespace hyperrig::core::math {

// A vector of runtime dimension N (2..8) with fixed capacity: no heap, cheap to copy.
// Components past N are kept at zero, so two vectors of the same N compare by value with ==.
// There is no default constructor: a vector always knows its dimension.
//
// Mixing dimensions in one operation (a + b with different N) is a programming error and fails a
// contract; data from files goes through fromSpan, which reports a bad length as an Error.
class VectorN {
public:
    static constexpr std::size_t kCapacity = static_cast<std::size_t>(kMaxDimension);

    // For literals in code: VectorN{1, 0, 0, 0}. The number of values must be 2..8 (contract).
    VectorN(std::initializer_list<double> values);

    static VectorN zero(int dimension);
    // Unit vector along axis `axis` (0 = X, 1 = Y, 2 = Z, 3 = W, ...).
    static VectorN axis(int dimension, int axis);
    // Takes N = values.size(); fails when N is outside 2..8.
    static Result<VectorN> fromSpan(std::span<const double> values);

    int dimension() const { return m_dimension; }
    std::size_t size() const { return static_cast<std::size_t>(m_dimension); }

    double operator[](int i) const;
    double& operator[](int i);

    std::span<const double> values() const { return {m_values.data(), size()}; }
    std::span<double> values() { return {m_values.data(), size()}; }

    double dot(const VectorN& other) const;
    double lengthSquared() const { return dot(*this); }
    double length() const;
    // Fails for a zero-length (or non-finite) vector: there is no direction to return.
    Result<VectorN> normalized() const;

    VectorN& operator+=(const VectorN& other);
    VectorN& operator-=(const VectorN& other);
    VectorN& operator*=(double factor);
    VectorN& operator/=(double divisor);

    friend VectorN operator+(VectorN a, const VectorN& b) { return a += b; }
    friend VectorN operator-(VectorN a, const VectorN& b) { return a -= b; }
    friend VectorN operator-(VectorN a) { return a *= -1.0; }
    friend VectorN operator*(VectorN a, double factor) { return a *= factor; }
    friend VectorN operator*(double factor, VectorN a) { return a *= factor; }
    friend VectorN operator/(VectorN a, double divisor) { return a /= divisor; }

    // Exact comparison (dimension and every component).
    friend bool operator==(const VectorN&, const VectorN&) = default;

private:
    explicit VectorN(int dimension);

    std::array<double, kCapacity> m_values{};
    int m_dimension = 0;
};

// True when both have the same dimension and every component differs by at most `tolerance`.
bool approxEqual(const VectorN& a, const VectorN& b, double tolerance = 1e-9);

} // namespace hyperrig::core::math
