#include "core/math/BasisDecomposition.h"

#include "core/math/Clifford4.h"
#include "core/math/NumberFormat.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace hyperrig::core::math {

namespace {

using clifford4::Blade;
using clifford4::Multivector;

// If R is the rotor of M (f_i = M e_i = R̃ e_i R), then for every blade K
//   ψ_K = Σ_I f_I · reverse(e_K) · reverse(e_I) = 16 · r_K · R̃,
// since f_I = R̃ e_I R and Σ_I e_I A reverse(e_I) = 16·⟨A⟩₀ in Cl(4,0). Using the K with the
// largest |ψ_K| (|r_K| >= 1/√8 for the best K) avoids the breakdown of the textbook K = scalar
// choice at s = 0 (180° turns), like Shepperd's method does for quaternions.
std::array<double, 8> rotorFromFrame(const BasisN& rotation4) {
    std::array<Multivector, clifford4::kBladeCount> frameBlades{};
    frameBlades[0] = Multivector::scalar(1.0);
    for (Blade blade = 1; blade < clifford4::kBladeCount; ++blade) {
        // f_I = f_(I without its highest axis) ∧ f_highest.
        int highest = 3;
        while ((blade & (Blade{1} << highest)) == 0)
            --highest;
        const Blade rest = blade & ~(Blade{1} << highest);
        frameBlades[blade] =
            outer(frameBlades[rest], Multivector::vector(rotation4.column(highest)));
    }

    Multivector best;
    double bestNorm = -1.0;
    for (Blade k : clifford4::kRotorBlades) {
        Multivector psi;
        for (Blade i = 0; i < clifford4::kBladeCount; ++i) {
            const double sign = clifford4::bladeReverseSign(k) * clifford4::bladeReverseSign(i) *
                                clifford4::bladeProductSign(k, i);
            psi = psi + frameBlades[i] * Multivector::blade(k ^ i, sign);
        }
        const double norm = psi.norm();
        if (norm > bestNorm) {
            bestNorm = norm;
            best = psi;
        }
    }
    return (best.reverse() * (1.0 / bestNorm)).rotorComponents();
}

Rotor withCanonicalSign(const Rotor& rotor) {
    for (double component : rotor.components()) {
        if (component > 0.0)
            return rotor;
        if (component < 0.0)
            return -rotor;
    }
    return rotor;
}

} // namespace

Rotor rotorFromRotationBasis(const BasisN& rotation) {
    const int dimension = rotation.dimension();
    HYPERRIG_EXPECTS(Rotor::supportsDimension(dimension));
    BasisN rotation4 = BasisN::identity(4);
    for (int column = 0; column < dimension; ++column) {
        for (int row = 0; row < dimension; ++row)
            rotation4.at(row, column) = rotation.at(row, column);
    }
    const std::array<double, 8> components = rotorFromFrame(rotation4);
    const std::span<const double> kept =
        std::span<const double>(components).first(Rotor::componentCount(dimension));
    const Rotor raw = Rotor::fromComponents(dimension, kept).value();
    // |ψ_K| > 0 for the chosen K and the dropped W components are rounding, so this succeeds for
    // any (near-)rotation; a grossly non-orthogonal input is the caller's contract violation.
    Result<Rotor> normalized = raw.normalized();
    HYPERRIG_ASSERT(normalized.ok());
    return withCanonicalSign(*normalized);
}

Result<RotorAndScale> decomposeBasis(const BasisN& basis, double tolerance) {
    const int dimension = basis.dimension();
    if (!Rotor::supportsDimension(dimension))
        return Error("rotors are supported in 2, 3 and 4 dimensions, so a " +
                     std::to_string(dimension) + "D basis cannot be split into rotor + scale");
    for (double value : basis.columnMajor()) {
        if (!std::isfinite(value))
            return Error("basis contains a non-finite value");
    }

    VectorN scale = VectorN::zero(dimension);
    for (int i = 0; i < dimension; ++i)
        scale[i] = basis.column(i).length();
    double largest = 0.0;
    for (double length : scale.values())
        largest = std::max(largest, length);
    for (int i = 0; i < dimension; ++i) {
        if (!(scale[i] > tolerance * largest))
            return Error("basis column " + std::to_string(i) + " has zero length");
    }

    for (int i = 0; i < dimension; ++i) {
        for (int j = i + 1; j < dimension; ++j) {
            const double dot = basis.column(i).dot(basis.column(j));
            if (!(std::abs(dot) <= tolerance * scale[i] * scale[j]))
                return Error("basis columns " + std::to_string(i) + " and " + std::to_string(j) +
                             " are not orthogonal (dot = " + formatNumber(dot) + ")");
        }
    }

    BasisN rotation = basis;
    for (int i = 0; i < dimension; ++i)
        rotation.setColumn(i, basis.column(i) / scale[i]);
    // Orthonormal columns: the determinant is ±1 up to rounding, so its sign is reliable.
    if (!(rotation.determinant() > 0.0))
        return Error("basis has negative determinant: mirroring needs a basis, not rotor + scale");

    bool uniform = true;
    for (int i = 1; i < dimension; ++i)
        uniform = uniform && std::abs(scale[i] - scale[0]) <= tolerance * largest;

    return RotorAndScale{rotorFromRotationBasis(rotation), scale, uniform};
}

} // namespace hyperrig::core::math
