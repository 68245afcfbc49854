#include "core/math/Rotor.h"
#include "tests/core/math/MathTestSupport.h"
#include "tests/support/ThrowingContracts.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

using namespace hyperrig::core::math;
using hyperrig::test::ContractViolation;
using namespace hyperrig::test;

namespace {

Rotor rotor4(std::vector<double> components) {
    return rotor(4, std::move(components));
}

} // namespace

TEST_CASE("rotor components follow the G4MF order and counts", "[math][rotor]") {
    SECTION("2, 4, 7 and 8 components are accepted for 2D, 3D and 4D") {
        CHECK(values(rotor(2, {0.6, 0.8})) == std::vector<double>{0.6, 0.8});
        CHECK(values(rotor(3, {1, 2, 3, 4})) == std::vector<double>{1, 2, 3, 4});
        CHECK(values(rotor4({1, 2, 3, 4, 5, 6, 7})) == std::vector<double>{1, 2, 3, 4, 5, 6, 7, 0});
        CHECK(values(rotor4({1, 2, 3, 4, 5, 6, 7, 8})) ==
              std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8});
    }

    SECTION("other component counts name the expected counts") {
        const std::vector<double> five(5, 0.0);
        auto wrong4 = Rotor::fromComponents(4, five);
        REQUIRE_FALSE(wrong4.ok());
        CHECK(wrong4.error().message() == "rotor has 5 components, a 4D rotor needs 7 or 8");
        auto wrong3 = Rotor::fromComponents(3, std::vector<double>(3, 0.0));
        REQUIRE_FALSE(wrong3.ok());
        CHECK(wrong3.error().message() == "rotor has 3 components, a 3D rotor needs 4");
        auto wrong2 = Rotor::fromComponents(2, std::vector<double>(4, 0.0));
        REQUIRE_FALSE(wrong2.ok());
        CHECK(wrong2.error().message() == "rotor has 4 components, a 2D rotor needs 2");
        CHECK_FALSE(Rotor::fromComponents(4, std::vector<double>(9, 0.0)).ok());
    }

    SECTION("dimensions other than 2, 3 and 4 are rejected") {
        for (int d : {1, 5, 8}) {
            auto identity = Rotor::identity(d);
            REQUIRE_FALSE(identity.ok());
            CHECK(identity.error().message() == "rotors are supported in 2, 3 and 4 dimensions, "
                                                "not in " +
                                                    std::to_string(d) + "D");
        }
        auto five = Rotor::fromComponents(5, std::vector<double>(16, 0.0));
        REQUIRE_FALSE(five.ok());
        CHECK(five.error().message() == "rotors are supported in 2, 3 and 4 dimensions, not in 5D");
        CHECK_FALSE(Rotor::fromPlaneAngle(5, 0, 1, 1.0).ok());
    }

    SECTION("identity is the scalar 1") {
        CHECK(values(Rotor::identity(3).value()) == std::vector<double>{1, 0, 0, 0});
        CHECK(Rotor::identity(4)->toBasis() == BasisN::identity(4));
    }

    SECTION("fromPlaneAngle fills the plane's slot, negated for reversed axes") {
        const double c = std::cos(0.25), s = std::sin(0.25);
        CHECK(approxEqual(Rotor::fromPlaneAngle(4, 0, 1, 0.5).value(),
                          rotor4({c, s, 0, 0, 0, 0, 0, 0}), 1e-15));
        CHECK(approxEqual(Rotor::fromPlaneAngle(4, 2, 0, 0.5).value(),
                          rotor4({c, 0, -s, 0, 0, 0, 0, 0}), 1e-15));
        CHECK(approxEqual(Rotor::fromPlaneAngle(4, 1, 3, 0.5).value(),
                          rotor4({c, 0, 0, 0, 0, s, 0, 0}), 1e-15));
        CHECK(approxEqual(Rotor::fromPlaneAngle(4, 2, 3, 0.5).value(),
                          rotor4({c, 0, 0, 0, 0, 0, s, 0}), 1e-15));
        CHECK(approxEqual(Rotor::fromPlaneAngle(3, 1, 2, 0.5).value(), rotor(3, {c, 0, 0, s}),
                          1e-15));
        CHECK(approxEqual(Rotor::fromPlaneAngle(2, 1, 0, 0.5).value(), rotor(2, {c, -s}), 1e-15));
    }

    SECTION("fromPlaneAngle turns axis a towards axis b") {
        const BasisN b = Rotor::fromPlaneAngle(4, 3, 1, std::numbers::pi / 2)->toBasis();
        CHECK(approxEqual(b.column(3), Y, 1e-15));
        CHECK(approxEqual(b.column(1), -W, 1e-15));
    }

    SECTION("fromPlaneAngle rejects equal or out-of-range axes") {
        auto same = Rotor::fromPlaneAngle(4, 2, 2, 1.0);
        REQUIRE_FALSE(same.ok());
        CHECK(same.error().message() == "rotation plane needs two different axes, got 2 twice");
        auto outside = Rotor::fromPlaneAngle(3, 0, 3, 1.0);
        REQUIRE_FALSE(outside.ok());
        CHECK(outside.error().message() == "rotation plane axes 0 and 3 are outside 0..2");
    }

    SECTION("reverse negates the bivector part only") {
        CHECK(values(rotor4({1, 2, 3, 4, 5, 6, 7, 8}).reverse()) ==
              std::vector<double>{1, -2, -3, -4, -5, -6, -7, 8});
        CHECK(values(rotor(2, {0.6, 0.8}).reverse()) == std::vector<double>{0.6, -0.8});
    }

    SECTION("multiplying rotors of different dimensions is a contract violation") {
        CHECK_THROWS_AS(Rotor::identity(3).value() * Rotor::identity(4).value(), ContractViolation);
    }
}

TEST_CASE("rotor composition applies the left factor first", "[math][rotor]") {
    const Rotor parent = rotor4({h, h, 0, 0, 0, 0, 0, 0}); // xy +90°
    const Rotor child = rotor4({h, 0, 0, h, 0, 0, 0, 0});  // yz +90°

    SECTION("R_child * R_parent matches the G4MF §4.3 test vector") {
        CHECK(approxEqual(child * parent, rotor4({0.5, 0.5, -0.5, 0.5, 0, 0, 0, 0}), 1e-15));
    }

    SECTION("the wrong order gives the other §4.3 vector") {
        CHECK(approxEqual(parent * child, rotor4({0.5, 0.5, 0.5, 0.5, 0, 0, 0, 0}), 1e-15));
    }

    SECTION("basis(R_child * R_parent) = B_parent · B_child") {
        const BasisN global = (child * parent).toBasis();
        CHECK(approxEqual(global, parent.toBasis() * child.toBasis(), 1e-15));
        CHECK(approxEqual(global, columns({Y, Z, X, W}), 1e-15));
    }
}

TEST_CASE("rotor normalisation projects 4D rotors onto both rotor conditions", "[math][rotor]") {
    SECTION("the split-complex projection matches the §4.5 vectors") {
        const Rotor first = rotor4({0.9, 0.3, 0, 0, 0, 0, 0.2, 0.1}).normalized().value();
        CHECK(
            approxEqual(first, rotor4({0.921518, 0.314751, 0, 0, 0, 0, 0.215248, 0.073519}), 1e-6));
        CHECK(first.isValid(1e-12));
        const Rotor second = rotor4({1, 0, 0, 0, 0, 0, 0, 0.5}).normalized().value();
        CHECK(approxEqual(second, rotor4({1, 0, 0, 0, 0, 0, 0, 0}), 1e-12));
    }

    SECTION("plain division by the length differs and violates the second condition") {
        const Rotor input = rotor4({0.9, 0.3, 0, 0, 0, 0, 0.2, 0.1});
        const double length = std::sqrt(0.81 + 0.09 + 0.04 + 0.01);
        std::vector<double> divided = values(input);
        for (double& value : divided)
            value /= length;
        const Rotor plain = rotor4(divided);
        CHECK(
            approxEqual(plain, rotor4({0.923381, 0.307794, 0, 0, 0, 0, 0.205196, 0.102598}), 1e-6));
        CHECK_FALSE(approxEqual(plain, input.normalized().value(), 1e-3));
        CHECK_FALSE(plain.isValid(1e-6));
        const Rotor pseudo = rotor4({1, 0, 0, 0, 0, 0, 0, 0.5});
        std::vector<double> pseudoDivided = values(pseudo);
        for (double& value : pseudoDivided)
            value /= std::sqrt(1.25);
        CHECK(approxEqual(rotor4(pseudoDivided), rotor4({0.894427, 0, 0, 0, 0, 0, 0, 0.447214}),
                          1e-6));
        CHECK_FALSE(rotor4(pseudoDivided).isValid(1e-6));
    }

    SECTION("isValid checks both 4D conditions") {
        CHECK(rotor4({0.5, 0.5, 0, 0, 0, 0, 0.5, 0.5}).isValid());
        // Unit length but s·p − xy·zw + xz·yw − xw·yz = 0.25 ≠ 0.
        CHECK_FALSE(rotor4({0.5, 0.5, 0, 0, 0, 0, 0.5, -0.5}).isValid());
        CHECK_FALSE(rotor4({1, 0, 0, 0, 0, 0, 0, 0.5}).isValid());
        CHECK(rotor(3, {0.5, 0.5, -0.5, 0.5}).isValid());
        CHECK_FALSE(rotor(3, {1, 1, 0, 0}).isValid());
    }

    SECTION("2D and 3D rotors are divided by their length") {
        CHECK(approxEqual(rotor(2, {3, 4}).normalized().value(), rotor(2, {0.6, 0.8}), 1e-15));
        CHECK(approxEqual(rotor(3, {2, 0, 0, 2}).normalized().value(), rotor(3, {h, 0, 0, h}),
                          1e-15));
    }

    SECTION("a zero rotor and a non-rotor fail with an explanation") {
        auto zero = rotor4({0, 0, 0, 0, 0, 0, 0, 0}).normalized();
        REQUIRE_FALSE(zero.ok());
        CHECK(zero.error().message() == "rotor has zero length, so it describes no rotation");
        auto notRotor = rotor4({0.5, 0, 0, 0, 0, 0, 0, 0.5}).normalized();
        REQUIRE_FALSE(notRotor.ok());
        CHECK(notRotor.error().message() ==
              "these 8 numbers are not a 4D rotor: the sum of squares (0.5) must exceed "
              "|2(s*p - xy*zw + xz*yw - xw*yz)| (0.5)");
        auto infinite = rotor(3, {1, std::numeric_limits<double>::infinity(), 0, 0}).normalized();
        REQUIRE_FALSE(infinite.ok());
        CHECK(infinite.error().message() == "rotor has non-finite components");
    }
}

TEST_CASE("rotor to basis matches the G4MF test vectors", "[math][rotor]") {
    SECTION("4D single-plane rotations by +90 degrees (§5.1)") {
        CHECK(
            approxEqual(rotor4({h, h, 0, 0, 0, 0, 0, 0}).toBasis(), columns({Y, -X, Z, W}), 1e-15));
        CHECK(
            approxEqual(rotor4({h, 0, h, 0, 0, 0, 0, 0}).toBasis(), columns({Z, Y, -X, W}), 1e-15));
        CHECK(
            approxEqual(rotor4({h, 0, 0, h, 0, 0, 0, 0}).toBasis(), columns({X, Z, -Y, W}), 1e-15));
        CHECK(
            approxEqual(rotor4({h, 0, 0, 0, h, 0, 0, 0}).toBasis(), columns({W, Y, Z, -X}), 1e-15));
        CHECK(
            approxEqual(rotor4({h, 0, 0, 0, 0, h, 0, 0}).toBasis(), columns({X, W, Z, -Y}), 1e-15));
        CHECK(
            approxEqual(rotor4({h, 0, 0, 0, 0, 0, h, 0}).toBasis(), columns({X, Y, W, -Z}), 1e-15));
    }

    SECTION("the double rotation xy 90 + zw 90 (§5.1)") {
        CHECK(approxEqual(rotor4({0.5, 0.5, 0, 0, 0, 0, 0.5, 0.5}).toBasis(),
                          columns({Y, -X, W, -Z}), 1e-15));
    }

    SECTION("180 degree cases (§5.1)") {
        CHECK(rotor4({0, 1, 0, 0, 0, 0, 0, 0}).toBasis() == columns({-X, -Y, Z, W}));
        CHECK(rotor4({0, 0, 0, 0, 0, 0, 0, 1}).toBasis() == columns({-X, -Y, -Z, -W}));
    }

    SECTION("the dense 4D case (§5.1) to 1e-5") {
        const Rotor r = rotor4({0.352175, -0.006261, 0.128234, 0.298316, -0.661919, 0.018369,
                                0.090931, -0.568995})
                            .normalized()
                            .value();
        const std::vector<double> expected = {
            -0.556749, -0.16008, 0.227868, -0.782611, 0.055697, 0.173753,  0.96164, 0.204832,
            0.005417,  -0.96511, 0.125081, 0.229974,  0.828794, -0.112903, 0.08763, -0.540995};
        CHECK(approxEqual(r.toBasis(), BasisN::fromColumnMajor(4, expected).value(), 1e-5));
    }

    SECTION("3D rows (§5.1)") {
        const VectorN x3{1, 0, 0}, y3{0, 1, 0}, z3{0, 0, 1};
        CHECK(approxEqual(rotor(3, {h, h, 0, 0}).toBasis(), columns({y3, -x3, z3}), 1e-15));
        CHECK(approxEqual(rotor(3, {h, 0, 0, h}).toBasis(), columns({x3, z3, -y3}), 1e-15));
        CHECK(approxEqual(rotor(3, {h, 0, -h, 0}).toBasis(), columns({-z3, y3, x3}), 1e-15));
        CHECK(approxEqual(rotor(3, {0.5, 0.5, -0.5, 0.5}).toBasis(), columns({y3, z3, x3}), 1e-15));
        const Rotor dense =
            rotor(3, {0.554331, -0.322637, -0.480927, 0.597772}).normalized().value();
        CHECK(approxEqual(
            dense.toBasis(),
            columns({VectorN{0.32923, 0.217274, -0.918912}, VectorN{0.932665, 0.077148, 0.352398},
                     VectorN{0.147459, -0.973057, -0.177244}}),
            1e-5));
    }

    SECTION("2D rows (§5.1)") {
        const Rotor thirty = rotor(2, {0.965926, 0.258819}).normalized().value();
        CHECK(approxEqual(thirty.toBasis(),
                          columns({VectorN{0.866025, 0.5}, VectorN{-0.5, 0.866025}}), 1e-5));
        CHECK(rotor(2, {0, 1}).toBasis() == columns({VectorN{-1, 0}, VectorN{0, -1}}));
    }

    SECTION("a 7-component rotor is the 8-component one with xyzw = 0") {
        CHECK(rotor4({h, 0, 0, 0, 0, 0, h}).toBasis() ==
              rotor4({h, 0, 0, 0, 0, 0, h, 0}).toBasis());
    }
}

TEST_CASE("rotors compare exactly or up to overall sign", "[math][rotor]") {
    const Rotor r = rotor4({0.5, 0.5, 0, 0, 0, 0, 0.5, 0.5});

    SECTION("approxEqual compares components, so R and -R differ") {
        CHECK(approxEqual(r, r));
        CHECK_FALSE(approxEqual(r, -r));
        CHECK_FALSE(approxEqual(rotor(3, {1, 0, 0, 0}), rotor4({1, 0, 0, 0, 0, 0, 0, 0})));
    }

    SECTION("sameRotation accepts the negated rotor, which gives the same basis") {
        CHECK(sameRotation(r, -r));
        CHECK((-r).toBasis() == r.toBasis());
        CHECK_FALSE(sameRotation(r, r.reverse()));
    }
}
