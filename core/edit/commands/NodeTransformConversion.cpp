#include "core/edit/commands/NodeTransformConversion.h"

#include "core/math/BasisDecomposition.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::core::edit {
namespace {

using Form = model::NodeTransform::Form;

// Composing and inverting transforms leaves residue like cos(90°) = 6e-17 where an exact 0 was
// meant; writing it would put noise into the file.
constexpr double kResidue = 1e-14;
// Decisions for transforms HyperRig computed itself: tight, so placements survive unchanged.
constexpr double kComputedEquality = 1e-12;
constexpr double kComputedOrthogonality = 1e-9;

double clean(double value) {
    return std::fabs(value) < kResidue ? 0.0 : value;
}

bool isIdentity(const math::BasisN& basis, double tolerance) {
    for (int column = 0; column < basis.dimension(); ++column)
        for (int row = 0; row < basis.dimension(); ++row)
            if (std::fabs(basis.at(row, column) - (row == column ? 1.0 : 0.0)) > tolerance)
                return false;
    return true;
}

std::vector<double> basisNumbers(const math::BasisN& basis) {
    std::vector<double> numbers;
    numbers.reserve(basis.columnMajor().size());
    for (double value : basis.columnMajor())
        numbers.push_back(clean(value));
    return numbers;
}

std::vector<double> scaleNumbers(const math::VectorN& scale, double equality) {
    const auto values = scale.values();
    const auto [smallest, largest] = std::minmax_element(values.begin(), values.end());
    if (std::all_of(values.begin(), values.end(),
                    [equality](double value) { return std::fabs(value - 1.0) <= equality; }))
        return {};
    if (*largest - *smallest <= equality * *largest)
        return {values.front()};
    return std::vector<double>(values.begin(), values.end());
}

std::vector<double> rotorNumbers(const math::Rotor& rotor, double equality) {
    std::vector<double> numbers;
    for (double value : rotor.components())
        numbers.push_back(std::fabs(value) <= equality ? 0.0 : clean(value));
    const bool identity =
        std::fabs(std::fabs(numbers.front()) - 1.0) <= equality &&
        std::all_of(numbers.begin() + 1, numbers.end(), [](double value) { return value == 0.0; });
    if (identity)
        return {};
    // g4mf.md §4.1: a 4D file may omit the pseudoscalar; most do when it is zero.
    if (rotor.dimension() == 4 && numbers.back() == 0.0)
        numbers.pop_back();
    return numbers;
}

Result<model::NodeTransform> rotorScaleForm(const math::BasisN& basis, std::vector<double> position,
                                            double orthogonality, double equality) {
    auto split = math::decomposeBasis(basis, orthogonality);
    if (!split)
        return split.error();
    model::NodeTransform transform;
    transform.position = std::move(position);
    transform.scale = scaleNumbers(split->scale, equality);
    transform.rotor = rotorNumbers(split->rotor, equality);
    transform.form =
        transform.rotor.empty() && transform.scale.empty() ? Form::None : Form::RotorScale;
    return transform;
}

} // namespace

Result<model::NodeTransform> transformInForm(const math::BasisN& basis,
                                             std::vector<double> position,
                                             model::NodeTransform::Form form, double tolerance) {
    model::NodeTransform transform;
    switch (form) {
    case Form::None:
        if (!isIdentity(basis, tolerance))
            return Error("the basis is not the identity, so it needs a basis or a rotor and "
                         "scale");
        transform.position = std::move(position);
        return transform;
    case Form::Basis:
        transform.form = Form::Basis;
        transform.position = std::move(position);
        transform.basis = basisNumbers(basis);
        return transform;
    case Form::RotorScale:
        break;
    }
    return rotorScaleForm(basis, std::move(position), tolerance, tolerance);
}

model::NodeTransform transformLike(const math::AffineN& placement,
                                   model::NodeTransform::Form preferred) {
    std::vector<double> position;
    for (double value : placement.position().values())
        position.push_back(clean(value));
    if (std::all_of(position.begin(), position.end(), [](double value) { return value == 0.0; }))
        position.clear();

    const math::BasisN& basis = placement.basis();
    if (preferred == Form::None && isIdentity(basis, kComputedEquality)) {
        model::NodeTransform transform;
        transform.position = std::move(position);
        return transform;
    }
    if (preferred != Form::Basis && math::Rotor::supportsDimension(basis.dimension())) {
        auto rotorScale =
            rotorScaleForm(basis, position, kComputedOrthogonality, kComputedEquality);
        if (rotorScale)
            return std::move(*rotorScale);
    }
    model::NodeTransform transform;
    transform.form = Form::Basis;
    transform.position = std::move(position);
    transform.basis = basisNumbers(basis);
    return transform;
}

} // namespace hyperrig::core::edit
