#pragma once

#include "core/base/Result.h"
#include "core/math/BasisN.h"

#include <array>
#include <cstddef>
#include <span>

namespace hyperrig::core::math {

// A rotor of 2D, 3D or 4D space (G4MF `rotor`, g4mf.md §4). Components in G4MF order,
// "grade first, then dimension":
//   2D  [s, xy]                               2 numbers
//   3D  [s, xy, xz, yz]                       4 numbers
//   4D  [s, xy, xz, yz, xw, yw, zw, xyzw]     8 numbers (a file may omit xyzw: 7)
// Each lower-dimensional layout is a prefix of the 4D one, so every rotor is stored as 8 numbers
// with the unused tail at zero.
//
// Signs: a single-plane rotor cos(θ/2) + sin(θ/2)·e_ab (a before b) turns axis a TOWARDS axis b
// by θ; the rotor acts on vectors by the sandwich v' = R̃ v R (reverse on the LEFT). So the
// product a * b (plain geometric product) means "apply a, then b", and
//   basis(a * b) = basis(b) · basis(a),      R_global = R_child * R_parent.
// In 3D, xy+ turns right-handed about +Z, yz+ about +X, xz+ LEFT-handed about +Y; quaternion
// (x, y, z, w) = (yz, −xz, xy, s).
class Rotor {
public:
    static constexpr bool supportsDimension(int dimension) {
        return dimension >= 2 && dimension <= 4;
    }
    // Contract: supportsDimension(dimension). 2 -> 2, 3 -> 4, 4 -> 8.
    static std::size_t componentCount(int dimension);

    // Each fails with "rotors are supported in 2, 3 and 4 dimensions" outside 2..4.
    static Result<Rotor> identity(int dimension);
    // Takes exactly 2 (2D), 4 (3D), 7 or 8 (4D; 7 means xyzw = 0) components as stored, without
    // normalising: call normalized() on data read from a file.
    static Result<Rotor> fromComponents(int dimension, std::span<const double> components);
    // The single-plane rotor turning axis `axisA` towards axis `axisB` by `radians`:
    // cos(θ/2) + sin(θ/2)·e_ab, stored in slot ab with its sign flipped when axisA > axisB
    // (e_ba = −e_ab). Fails for equal or out-of-range axes.
    static Result<Rotor> fromPlaneAngle(int dimension, int axisA, int axisB, double radians);

    int dimension() const { return m_dimension; }
    // 2, 4 or 8 numbers in G4MF order (4D always includes xyzw).
    std::span<const double> components() const {
        return {m_components.data(), componentCount(m_dimension)};
    }
    double scalar() const { return m_components[0]; }

    // R̃: bivectors negate; scalar and xyzw keep their sign. For a unit rotor, the inverse.
    Rotor reverse() const;

    // |R|² = 1, and in 4D also s·p − xy·zw + xz·yw − xw·yz = 0 (grade 4 of R·R̃ vanishes),
    // both within `tolerance` (g4mf.md §4.4).
    bool isValid(double tolerance = 1e-9) const;

    // Projects back onto the rotors. 2D/3D: divide by the length. 4D: multiply by c + d·xyzw, the
    // split-complex inverse square root of R·R̃ (g4mf.md §4.5), which restores both conditions;
    // plain division would leave the second one broken. Fails for a zero or non-finite rotor and,
    // in 4D, when Σ components² <= |2(s·p − xy·zw + xz·yw − xw·yz)| (no rotor is near it).
    Result<Rotor> normalized() const;

    // The rotation matrix (columns = images of the local axes) of the sandwich v' = R̃ v R, with
    // the closed forms of g4mf.md §5. Expects a normalised rotor; an unnormalised one gives a
    // scaled (in 4D also distorted) matrix.
    BasisN toBasis() const;

    // Geometric product: "apply a, then b" (see above). Contract: same dimension.
    friend Rotor operator*(const Rotor& a, const Rotor& b);
    // Every component negated: the same rotation (rotors double-cover the rotations).
    friend Rotor operator-(const Rotor& r);

    friend bool operator==(const Rotor&, const Rotor&) = default;

private:
    Rotor(int dimension, const std::array<double, 8>& components);

    std::array<double, 8> m_components{};
    int m_dimension = 0;
};

// Same dimension and every component within `tolerance`: R and −R are NOT approxEqual.
bool approxEqual(const Rotor& a, const Rotor& b, double tolerance = 1e-9);
// approxEqual up to overall sign: R and −R give the same rotation.
bool sameRotation(const Rotor& a, const Rotor& b, double tolerance = 1e-9);

} // namespace hyperrig::core::math
