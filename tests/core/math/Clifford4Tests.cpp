#include "core/math/Clifford4.h"
#include "tests/core/math/MathTestSupport.h"

#include <array>
#include <catch2/catch.hpp>

using namespace hyperrig::core::math;
using namespace hyperrig::core::math::clifford4;

namespace {

constexpr Blade kX = 0b0001, kY = 0b0010, kZ = 0b0100, kW = 0b1000;

} // namespace

TEST_CASE("Cl(4,0) blades multiply by the bitmask rules", "[math][clifford]") {
    SECTION("grades count the axes of a blade") {
        CHECK(bladeGrade(kScalar) == 0);
        CHECK(bladeGrade(kX | kW) == 2);
        CHECK(bladeGrade(kPseudoscalar) == 4);
    }

    SECTION("product signs count the transpositions that sort the axes") {
        CHECK(bladeProductSign(kX, kY) == 1.0);                       // e_x e_y = e_xy
        CHECK(bladeProductSign(kY, kX) == -1.0);                      // e_y e_x = −e_xy
        CHECK(bladeProductSign(kX | kY, kX | kY) == -1.0);            // e_xy² = −1
        CHECK(bladeProductSign(kPseudoscalar, kPseudoscalar) == 1.0); // xyzw² = +1 in 4D
        CHECK(bladeProductSign(kZ, kX | kY) == 1.0); // e_z e_xy = e_xyz (two swaps)
        CHECK(bladeProductSign(kW, kX | kZ) == 1.0); // e_w e_xz = e_xzw (two swaps)
        CHECK(bladeProductSign(kY | kW, kX) == 1.0); // e_yw e_x = e_xyw (two swaps)
        CHECK(bladeProductSign(kW, kY) == -1.0);
    }

    SECTION("reverse flips grades 2 and 3 only") {
        CHECK(bladeReverseSign(kScalar) == 1.0);
        CHECK(bladeReverseSign(kX) == 1.0);
        CHECK(bladeReverseSign(kX | kY) == -1.0);
        CHECK(bladeReverseSign(kX | kY | kZ) == -1.0);
        CHECK(bladeReverseSign(kPseudoscalar) == 1.0);
    }

    SECTION("the geometric product of two vectors is dot plus wedge") {
        const Multivector a = Multivector::vector(VectorN{1, 2, 0, 0});
        const Multivector b = Multivector::vector(VectorN{3, 0, 0, 1});
        const Multivector ab = a * b;
        CHECK(ab[kScalar] == 3.0);
        const Multivector wedge = outer(a, b);
        CHECK(wedge[kScalar] == 0.0);
        CHECK(ab[kX | kY] == wedge[kX | kY]);
        CHECK(wedge[kX | kY] == -6.0); // 1·0 − 2·3
        CHECK(wedge[kX | kW] == 1.0);
        CHECK(wedge[kY | kW] == 2.0);
        CHECK((outer(a, b) + outer(b, a)).norm() == 0.0);
        CHECK(outer(a, a).norm() == 0.0);
    }

    SECTION("rotor components map to blades in G4MF order") {
        const std::array<double, 8> g4mf = {1, 2, 3, 4, 5, 6, 7, 8};
        const Multivector r = Multivector::rotor(g4mf);
        CHECK(r[kScalar] == 1.0);
        CHECK(r[kX | kY] == 2.0);
        CHECK(r[kX | kZ] == 3.0);
        CHECK(r[kY | kZ] == 4.0);
        CHECK(r[kX | kW] == 5.0);
        CHECK(r[kY | kW] == 6.0);
        CHECK(r[kZ | kW] == 7.0);
        CHECK(r[kPseudoscalar] == 8.0);
        CHECK(r.rotorComponents() == g4mf);
    }

    SECTION("the xy +90 degree rotor turns X into Y by the sandwich with the reverse on the left") {
        const std::array<double, 2> xy90 = {hyperrig::test::kSqrtHalf, hyperrig::test::kSqrtHalf};
        const Multivector r = Multivector::rotor(xy90);
        const Multivector x = Multivector::vector(VectorN::axis(2, 0));
        const VectorN image = (r.reverse() * x * r).vectorPart(2);
        CHECK(approxEqual(image, VectorN{0, 1}, 1e-15));
    }
}
