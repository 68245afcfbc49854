#pragma once

// Shared helpers for the math tests: printing (Catch and RapidCheck show values through
// operator<<) and RapidCheck generators for vectors, bases and rotors of a runtime dimension.

#include "core/math/AffineN.h"
#include "core/math/BasisN.h"
#include "core/math/Rotor.h"
#include "core/math/VectorN.h"

#include <rapidcheck.h>

#include <cmath>
#include <numbers>
#include <ostream>
#include <vector>

namespace hyperrig::core::math {

inline std::ostream& operator<<(std::ostream& out, const VectorN& v) {
    out << "VectorN(";
    for (int i = 0; i < v.dimension(); ++i)
        out << (i == 0 ? "" : ", ") << v[i];
    return out << ")";
}

inline std::ostream& operator<<(std::ostream& out, const BasisN& b) {
    out << "BasisN" << b.dimension() << "D columns[";
    for (int c = 0; c < b.dimension(); ++c)
        out << (c == 0 ? "" : " | ") << b.column(c);
    return out << "]";
}

inline std::ostream& operator<<(std::ostream& out, const AffineN& a) {
    return out << "AffineN{" << a.basis() << ", position " << a.position() << "}";
}

inline std::ostream& operator<<(std::ostream& out, const Rotor& r) {
    out << "Rotor" << r.dimension() << "D[";
    const auto c = r.components();
    for (std::size_t i = 0; i < c.size(); ++i)
        out << (i == 0 ? "" : ", ") << c[i];
    return out << "]";
}

} // namespace hyperrig::core::math

namespace hyperrig::test {

inline constexpr double kSqrtHalf = 0.70710678118654752440;

// Short names for the literal tables of the rotor tests: h = sqrt(1/2), the 4D axes, a rotor from
// its G4MF components, its components back, a basis from its columns.
inline constexpr double h = kSqrtHalf;
inline const core::math::VectorN X = core::math::VectorN::axis(4, 0);
inline const core::math::VectorN Y = core::math::VectorN::axis(4, 1);
inline const core::math::VectorN Z = core::math::VectorN::axis(4, 2);
inline const core::math::VectorN W = core::math::VectorN::axis(4, 3);

inline core::math::Rotor rotor(int dimension, std::vector<double> components) {
    return core::math::Rotor::fromComponents(dimension, components).value();
}

inline std::vector<double> values(const core::math::Rotor& r) {
    return {r.components().begin(), r.components().end()};
}

inline core::math::BasisN columns(std::vector<core::math::VectorN> images) {
    return core::math::BasisN::fromColumns(images);
}

// Uniform-ish doubles in [low, high] built from integers, so values are always finite and shrink
// towards `low`.
inline rc::Gen<double> genDouble(double low, double high) {
    return rc::gen::map(rc::gen::inRange(0, 1'000'001), [low, high](int i) {
        return low + (high - low) * static_cast<double>(i) / 1'000'000.0;
    });
}

inline rc::Gen<double> genAngle() {
    return genDouble(-std::numbers::pi, std::numbers::pi);
}

inline core::math::VectorN genVector(int dimension, double low, double high) {
    core::math::VectorN v = core::math::VectorN::zero(dimension);
    for (int i = 0; i < dimension; ++i)
        v[i] = *genDouble(low, high);
    return v;
}

// A rotation of N-space (any N) as the product of one Givens rotation per coordinate plane,
// each by a random angle.
inline core::math::BasisN genRotationMatrix(int dimension) {
    using core::math::BasisN;
    BasisN result = BasisN::identity(dimension);
    for (int a = 0; a < dimension; ++a) {
        for (int b = a + 1; b < dimension; ++b) {
            const double angle = *genAngle();
            BasisN givens = BasisN::identity(dimension);
            givens.at(a, a) = std::cos(angle);
            givens.at(b, a) = std::sin(angle);
            givens.at(a, b) = -std::sin(angle);
            givens.at(b, b) = std::cos(angle);
            result = givens * result;
        }
    }
    return result;
}

// Q1 · diag(s) · Q2 with s in [0.5, 2]: condition number at most 4, otherwise general.
inline core::math::BasisN genWellConditionedBasis(int dimension) {
    const core::math::BasisN scale =
        core::math::BasisN::fromDiagonal(genVector(dimension, 0.5, 2.0));
    return genRotationMatrix(dimension) * scale * genRotationMatrix(dimension);
}

inline core::math::BasisN genAnyBasis(int dimension) {
    core::math::BasisN result = core::math::BasisN::identity(dimension);
    for (double& value : result.columnMajor())
        value = *genDouble(-1.0, 1.0);
    return result;
}

// A product of single-plane rotors, one per coordinate plane, with random angles: reaches every
// rotation, including 4D double rotations (non-zero xyzw).
inline core::math::Rotor genRotorFromAngles(int dimension) {
    core::math::Rotor result = core::math::Rotor::identity(dimension).value();
    for (int a = 0; a < dimension; ++a) {
        for (int b = a + 1; b < dimension; ++b)
            result =
                result * core::math::Rotor::fromPlaneAngle(dimension, a, b, *genAngle()).value();
    }
    return result;
}

// Random components projected onto the rotors with normalized() (§4.5 in 4D). The rare draw
// that is no rotor at all (4D, sum of squares <= |b|) falls back to the angle construction.
inline core::math::Rotor genRotorFromProjection(int dimension) {
    const std::size_t count = core::math::Rotor::componentCount(dimension);
    std::vector<double> components;
    for (std::size_t i = 0; i < count; ++i)
        components.push_back(*genDouble(-1.0, 1.0));
    auto normalized = core::math::Rotor::fromComponents(dimension, components).value().normalized();
    return normalized ? *normalized : genRotorFromAngles(dimension);
}

inline core::math::Rotor genRotor(int dimension) {
    return *rc::gen::arbitrary<bool>() ? genRotorFromAngles(dimension)
                                       : genRotorFromProjection(dimension);
}

} // namespace hyperrig::test
