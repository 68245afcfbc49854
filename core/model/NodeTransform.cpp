#include "core/model/NodeTransform.h"

#include "core/math/Rotor.h"

#include <cmath>
#include <string>

namespace hyperrig::core::model {
namespace {

std::string count(std::size_t n) {
    return std::to_string(n);
}

} // namespace

Result<math::AffineN> NodeTransform::toAffine(int dimension) const {
    const auto n = static_cast<std::size_t>(dimension);
    math::AffineN affine = math::AffineN::identity(dimension);
    if (!position.empty()) {
        if (position.size() != n)
            return Error("position has " + count(position.size()) + " numbers, the dimension is " +
                         count(n));
        affine.setPosition(*math::VectorN::fromSpan(position));
    }
    switch (form) {
    case Form::None:
        break;
    case Form::Basis: {
        auto parsed = math::BasisN::fromColumnMajor(dimension, basis);
        if (!parsed)
            return Error("basis has " + count(basis.size()) + " numbers, a " + count(n) +
                         "D basis needs " + count(n * n));
        affine.setBasis(*parsed);
        break;
    }
    case Form::RotorScale: {
        math::BasisN rotation = math::BasisN::identity(dimension);
        if (!rotor.empty()) {
            auto parsed = math::Rotor::fromComponents(dimension, rotor);
            if (!parsed)
                return parsed.error().withContext("rotor");
            auto normalized = parsed->normalized();
            if (!normalized)
                return normalized.error().withContext("rotor");
            rotation = normalized->toBasis();
        }
        if (!scale.empty() && scale.size() != 1 && scale.size() != n)
            return Error("scale has " + count(scale.size()) + " numbers, it needs 1 or " +
                         count(n));
        for (std::size_t i = 0; i < scale.size(); ++i)
            if (!(scale[i] > 0.0) || !std::isfinite(scale[i]))
                return Error("scale[" + count(i) + "] is " + std::to_string(scale[i]) +
                             ", scales must be positive");
        for (int column = 0; column < dimension; ++column) {
            const double factor =
                scale.empty() ? 1.0
                              : scale[scale.size() == 1 ? 0 : static_cast<std::size_t>(column)];
            for (int row = 0; row < dimension; ++row)
                rotation.at(row, column) *= factor;
        }
        affine.setBasis(rotation);
        break;
    }
    }
    return affine;
}

NodeTransform identityTransform() {
    return NodeTransform{};
}

} // namespace hyperrig::core::model
