#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"

#include <vector>

namespace hyperrig::core::model {

// A node's transform exactly as authored, so a file saves the way it was written (G4MF node
// spec, "Transform Properties"): an optional position, and either nothing, a basis, or an
// optional rotor with an optional scale. Numbers are kept as read (a 7-number 4D rotor stays 7
// numbers, an unnormalised rotor stays unnormalised); math uses toAffine().
//
//   basis given:         B = basis (column-major N×N)
//   rotor and/or scale:  B = R(normalised rotor) · diag(scale)   (scale: 1 number = uniform)
//   nothing:             B = identity
//   p_parent = B · p_local + position
struct NodeTransform {
    enum class Form { None, Basis, RotorScale };

    Form form = Form::None;
    std::vector<double> position; // empty, or N numbers
    std::vector<double> basis;    // N*N numbers when form == Basis
    std::vector<double> rotor;    // when form == RotorScale: empty (no rotor) or as stored
    std::vector<double> scale;    // when form == RotorScale: empty, 1 or N numbers

    bool isIdentityByConstruction() const { return form == Form::None && position.empty(); }

    // The affine map of this transform in `dimension`. Fails with a message naming the property
    // when a count is wrong for the dimension, a scale is not positive, or the rotor is not a
    // rotor (rotors exist in 2D, 3D and 4D).
    Result<math::AffineN> toAffine(int dimension) const;

    friend bool operator==(const NodeTransform&, const NodeTransform&) = default;
};

// The identity transform written as "nothing": no properties at all.
NodeTransform identityTransform();

} // namespace hyperrig::core::model
