#pragma once

#include "core/base/Result.h"
#include "core/math/BasisN.h"
#include "core/math/VectorN.h"

namespace hyperrig::core::math {

// An affine map of N-space: p_parent = basis · p_local + position (G4MF §2.2). This is a node's
// local transform (child space -> parent space) or, composed up the tree, a global transform.
class AffineN {
public:
    // Contract: basis and position have the same dimension.
    AffineN(BasisN basis, VectorN position);

    static AffineN identity(int dimension);

    // global = parent ∘ local: first `child`, then `parent`.
    //   B = B_parent · B_child,   o = B_parent · o_child + o_parent
    // With rotors the same composition reads R_global = R_child * R_parent (see Rotor.h).
    static AffineN compose(const AffineN& parent, const AffineN& child);

    int dimension() const { return m_basis.dimension(); }
    const BasisN& basis() const { return m_basis; }
    const VectorN& position() const { return m_position; }
    void setBasis(const BasisN& basis);
    void setPosition(const VectorN& position);

    // The map back: p_local = B⁻¹ · (p_parent − o), i.e. basis B⁻¹ and position −B⁻¹·o.
    // Fails when the basis is singular.
    Result<AffineN> inverse() const;

    // Points get the translation, vectors (directions, offsets) do not.
    VectorN applyPoint(const VectorN& point) const;
    VectorN applyVector(const VectorN& vector) const;

    friend bool operator==(const AffineN&, const AffineN&) = default;

private:
    BasisN m_basis;
    VectorN m_position;
};

bool approxEqual(const AffineN& a, const AffineN& b, double tolerance = 1e-9);

} // namespace hyperrig::core::math
