#pragma once

#include "core/math/VectorN.h"

#include <array>
#include <cstddef>
#include <span>

namespace hyperrig::core::math {

// The geometric algebra Cl(4,0) of 4D space with e_i² = +1: 16 basis blades indexed by a 4-bit
// mask (bit 0 = x, 1 = y, 2 = z, 3 = w), each blade the product of its axes in increasing order
// (e_xz = e_x e_z, never e_zx). 2D and 3D live inside it as the blades without z/w or without w.
//
// Rotors are the even part. G4MF stores them in the order [s, xy, xz, yz, xw, yw, zw, xyzw]
// (g4mf.md §4.1); kRotorBlades maps that order to blade masks. Rotor.cpp multiplies rotors here,
// decomposeBasis extracts them from frames here, and the tests check the §5 formulas against the
// sandwich R̃ v R computed here.
namespace clifford4 {

using Blade = unsigned;

inline constexpr std::size_t kBladeCount = 16;
inline constexpr Blade kScalar = 0b0000;
inline constexpr Blade kPseudoscalar = 0b1111;

// G4MF rotor component i is the coefficient of blade kRotorBlades[i].
inline constexpr std::array<Blade, 8> kRotorBlades = {0b0000, 0b0011, 0b0101, 0b0110,
                                                      0b1001, 0b1010, 0b1100, 0b1111};

constexpr int bladeGrade(Blade blade) {
    int grade = 0;
    for (Blade bits = blade; bits != 0; bits &= bits - 1)
        ++grade;
    return grade;
}

// e_a e_b = sign · e_(a XOR b), sign = (−1)^k where k counts the pairs (i in a, j in b) with
// i > j: each such pair is one transposition needed to sort the axes; repeated axes square to +1.
constexpr double bladeProductSign(Blade a, Blade b) {
    int swaps = 0;
    for (Blade shifted = a >> 1; shifted != 0; shifted >>= 1)
        swaps += bladeGrade(shifted & b);
    return (swaps % 2 == 0) ? 1.0 : -1.0;
}

// bladeProductSign for every pair, computed at compile time for the product loops.
inline constexpr std::array<std::array<double, kBladeCount>, kBladeCount> kProductSigns = [] {
    std::array<std::array<double, kBladeCount>, kBladeCount> table{};
    for (Blade a = 0; a < kBladeCount; ++a) {
        for (Blade b = 0; b < kBladeCount; ++b)
            table[a][b] = bladeProductSign(a, b);
    }
    return table;
}();

// reverse(e_I) = (−1)^(g(g−1)/2) e_I for a grade-g blade: + for grades 0, 1, 4; − for 2, 3.
constexpr double bladeReverseSign(Blade blade) {
    const int grade = bladeGrade(blade);
    return ((grade * (grade - 1) / 2) % 2 == 0) ? 1.0 : -1.0;
}

// A general multivector: coefficient i belongs to blade mask i.
class Multivector {
public:
    Multivector() = default;

    static Multivector scalar(double value);
    static Multivector blade(Blade blade, double coefficient = 1.0);
    // A vector of dimension <= 4; missing axes are zero.
    static Multivector vector(const VectorN& v);
    // Even multivector from G4MF rotor components (2, 4, 7 or 8 numbers in G4MF order; missing
    // trailing components are zero, as in g4mf.md §4.1).
    static Multivector rotor(std::span<const double> g4mfComponents);

    double operator[](Blade blade) const { return m_coefficients[blade]; }
    double& operator[](Blade blade) { return m_coefficients[blade]; }

    // The even part in G4MF rotor order.
    std::array<double, 8> rotorComponents() const;
    // The grade-1 part as a vector of `dimension` (<= 4) components.
    VectorN vectorPart(int dimension) const;

    Multivector reverse() const;
    // Euclidean norm of the 16 coefficients.
    double norm() const;

    friend Multivector operator+(const Multivector& a, const Multivector& b);
    friend Multivector operator-(const Multivector& a, const Multivector& b);
    friend Multivector operator*(const Multivector& a, double factor);
    // Geometric product.
    friend Multivector operator*(const Multivector& a, const Multivector& b);
    // Outer (wedge) product: the blade products with no shared axis.
    friend Multivector outer(const Multivector& a, const Multivector& b);

private:
    std::array<double, kBladeCount> m_coefficients{};
};

} // namespace clifford4

} // namespace hyperrig::core::math
