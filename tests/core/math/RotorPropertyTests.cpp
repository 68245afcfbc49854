#include "core/math/BasisDecomposition.h"
#include "core/math/Clifford4.h"
#include "core/math/Rotor.h"
#include "tests/core/math/MathTestSupport.h"

#include <rapidcheck/catch.h>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::core::math;
using namespace hyperrig::test;

namespace {

rc::Gen<int> genRotorDimension() {
    return rc::gen::inRange(2, 5);
}

} // namespace

TEST_CASE("rotor properties hold for random rotations in 2D, 3D and 4D",
          "[math][rotor][property]") {
    rc::prop("generated rotors are valid", [] {
        const Rotor r = genRotor(*genRotorDimension());
        RC_ASSERT(r.isValid(1e-12));
    });

    rc::prop("rotor to basis gives an orthonormal basis with determinant +1", [] {
        const int d = *genRotorDimension();
        const BasisN b = genRotor(d).toBasis();
        RC_ASSERT(approxEqual(b.transposed() * b, BasisN::identity(d), 1e-12));
        RC_ASSERT(std::abs(b.determinant() - 1.0) <= 1e-12);
    });

    rc::prop("rotor to basis equals the Cl(4,0) sandwich R~ v R", [] {
        const int d = *genRotorDimension();
        const Rotor r = genRotor(d);
        const auto multivector = clifford4::Multivector::rotor(r.components());
        const BasisN b = r.toBasis();
        for (int axis = 0; axis < d; ++axis) {
            const auto v = clifford4::Multivector::vector(VectorN::axis(d, axis));
            const auto image = multivector.reverse() * v * multivector;
            RC_ASSERT(approxEqual(image.vectorPart(d), b.column(axis), 1e-12));
            // Grade 1 in, grade 1 out: the sandwich leaves no other grade behind.
            const double vectorNorm = image.vectorPart(d).length();
            RC_ASSERT(std::abs(image.norm() - vectorNorm) <= 1e-12);
        }
    });

    rc::prop("basis(a * b) = basis(b) · basis(a)", [] {
        const int d = *genRotorDimension();
        const Rotor a = genRotor(d);
        const Rotor b = genRotor(d);
        RC_ASSERT(approxEqual((a * b).toBasis(), b.toBasis() * a.toBasis(), 1e-12));
    });

    rc::prop("rotor to basis to rotor gives the same rotation", [] {
        const int d = *genRotorDimension();
        const Rotor r = genRotor(d);
        auto decomposed = decomposeBasis(r.toBasis());
        RC_ASSERT(decomposed.ok());
        RC_ASSERT(sameRotation(decomposed->rotor, r, 1e-9));
        RC_ASSERT(decomposed->uniformScale);
        for (double scale : decomposed->scale.values())
            RC_ASSERT(std::abs(scale - 1.0) <= 1e-12);
    });

    rc::prop("the reverse undoes a rotor", [] {
        const int d = *genRotorDimension();
        const Rotor r = genRotor(d);
        RC_ASSERT(approxEqual(r * r.reverse(), Rotor::identity(d).value(), 1e-12));
        RC_ASSERT(approxEqual(r.reverse().toBasis(), r.toBasis().transposed(), 1e-12));
    });

    rc::prop("normalising a rotor again changes nothing", [] {
        const int d = *genRotorDimension();
        const Rotor r = genRotor(d);
        RC_ASSERT(approxEqual(r.normalized().value(), r, 1e-12));
    });

    rc::prop("4D normalisation repairs perturbed rotors", [] {
        const Rotor r = genRotor(4);
        std::array<double, 8> noisy{};
        for (std::size_t i = 0; i < 8; ++i)
            noisy[i] = r.components()[i] + *genDouble(-0.01, 0.01);
        const Rotor repaired = Rotor::fromComponents(4, noisy).value().normalized().value();
        RC_ASSERT(repaired.isValid(1e-12));
        RC_ASSERT(sameRotation(repaired, r, 0.1));
    });
}
