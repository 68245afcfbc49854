#include "core/math/BasisN.h"
#include "tests/core/math/MathTestSupport.h"
#include "tests/support/ThrowingContracts.h"

#include <rapidcheck/catch.h>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace hyperrig::core::math;
using hyperrig::test::ContractViolation;

namespace {

// 3D example: X -> (1, 2, 3), Y -> (4, 5, 6), Z -> (7, 8, 10), column-major as in G4MF.
BasisN example3() {
    const std::array<double, 9> values = {1, 2, 3, 4, 5, 6, 7, 8, 10};
    return BasisN::fromColumnMajor(3, values).value();
}

} // namespace

TEST_CASE("BasisN stores G4MF column-major bases", "[math][basis]") {
    SECTION("identity has ones on the diagonal") {
        const BasisN identity = BasisN::identity(5);
        for (int r = 0; r < 5; ++r) {
            for (int c = 0; c < 5; ++c)
                CHECK(identity.at(r, c) == (r == c ? 1.0 : 0.0));
        }
    }

    SECTION("column i of the array is the image of local axis i") {
        const BasisN b = example3();
        CHECK(b.column(0) == VectorN{1, 2, 3});
        CHECK(b.column(2) == VectorN{7, 8, 10});
        CHECK(b.at(1, 0) == 2.0);
        CHECK(b.at(0, 1) == 4.0);
        CHECK(b * VectorN::axis(3, 1) == VectorN{4, 5, 6});
        const auto stored = b.columnMajor();
        CHECK(std::vector<double>(stored.begin(), stored.end()) ==
              std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 10});
    }

    SECTION("fromColumnMajor needs exactly N*N numbers") {
        const std::vector<double> fifteen(15, 0.0);
        auto wrong = BasisN::fromColumnMajor(4, fifteen);
        REQUIRE_FALSE(wrong.ok());
        CHECK(wrong.error().message() == "a 4D basis needs 16 numbers (4x4, column-major), got 15");
    }

    SECTION("fromColumnMajor rejects unsupported dimensions") {
        const std::vector<double> values(81, 0.0);
        auto wrong = BasisN::fromColumnMajor(9, values);
        REQUIRE_FALSE(wrong.ok());
        CHECK(wrong.error().message() ==
              "dimension 9 is not supported: HyperRig handles 2 to 8 dimensions");
    }

    SECTION("fromDiagonal scales each axis") {
        const BasisN b = BasisN::fromDiagonal(VectorN{2, 3, 4, 5});
        CHECK(b * VectorN{1, 1, 1, 1} == VectorN{2, 3, 4, 5});
        CHECK(b.determinant() == 120.0);
    }

    SECTION("setColumn and fromColumns place vectors as columns") {
        BasisN b = BasisN::identity(3);
        b.setColumn(1, VectorN{7, 8, 9});
        CHECK(b.at(2, 1) == 9.0);
        const std::array<VectorN, 3> columns = {VectorN{1, 2, 3}, VectorN{4, 5, 6},
                                                VectorN{7, 8, 10}};
        CHECK(BasisN::fromColumns(columns) == example3());
        CHECK_THROWS_AS(b.setColumn(0, VectorN{1, 2}), ContractViolation);
        CHECK_THROWS_AS(b.at(3, 0), ContractViolation);
    }

    SECTION("transposed swaps rows and columns") {
        const BasisN t = example3().transposed();
        CHECK(t.column(0) == VectorN{1, 4, 7});
        CHECK(t.transposed() == example3());
    }

    SECTION("the product a * b applies b first") {
        // a: swap X and Y; b: scale X by 2.
        BasisN a = BasisN::identity(2);
        a.setColumn(0, VectorN{0, 1});
        a.setColumn(1, VectorN{1, 0});
        const BasisN b = BasisN::fromDiagonal(VectorN{2, 1});
        const VectorN x = VectorN{1, 0};
        CHECK((a * b) * x == a * (b * x));
        CHECK((a * b) * x == VectorN{0, 2});
        CHECK((b * a) * x == VectorN{0, 1});
        CHECK_THROWS_AS(a * BasisN::identity(3), ContractViolation);
    }
}

TEST_CASE("BasisN determinant and inverse", "[math][basis]") {
    SECTION("determinant of known matrices") {
        CHECK(BasisN::identity(8).determinant() == 1.0);
        CHECK(example3().determinant() == Approx(-3.0).margin(1e-12));
        // An odd permutation (swap X and W) has determinant −1.
        BasisN swap = BasisN::identity(4);
        swap.setColumn(0, VectorN{0, 0, 0, 1});
        swap.setColumn(3, VectorN{1, 0, 0, 0});
        CHECK(swap.determinant() == -1.0);
        const std::array<double, 4> twoByTwo = {3, 1, 2, 4}; // [[3, 2], [1, 4]]
        CHECK(BasisN::fromColumnMajor(2, twoByTwo)->determinant() == Approx(10.0));
    }

    SECTION("determinant of a singular matrix is zero") {
        const std::array<double, 9> values = {1, 2, 3, 2, 4, 6, 0, 1, 0};
        CHECK(BasisN::fromColumnMajor(3, values)->determinant() == Approx(0.0).margin(1e-12));
    }

    SECTION("inverse undoes the basis") {
        auto inverse = example3().inverse();
        REQUIRE(inverse.ok());
        CHECK(approxEqual(*inverse * example3(), BasisN::identity(3), 1e-12));
        CHECK(approxEqual(example3() * *inverse, BasisN::identity(3), 1e-12));
    }

    SECTION("a singular basis has no inverse and says so") {
        const std::array<double, 9> values = {1, 2, 3, 2, 4, 6, 0, 1, 0};
        auto inverse = BasisN::fromColumnMajor(3, values)->inverse();
        REQUIRE_FALSE(inverse.ok());
        CHECK_THAT(inverse.error().message(),
                   Catch::Matchers::StartsWith(
                       "basis is singular (its columns are linearly dependent, determinant") &&
                       Catch::Matchers::EndsWith("so it has no inverse"));
        auto zero = BasisN::fromDiagonal(VectorN::zero(4)).inverse();
        REQUIRE_FALSE(zero.ok());
        CHECK(zero.error().message() == "basis is singular (its columns are linearly dependent, "
                                        "determinant 0), so it has no inverse");
    }

    SECTION("a tiny but regular basis still inverts") {
        auto inverse = BasisN::fromDiagonal(VectorN{1e-6, 1e-6, 1e-6, 1e-6}).inverse();
        REQUIRE(inverse.ok());
        CHECK(inverse->at(2, 2) == Approx(1e6));
    }

    SECTION("columnsOrthogonal ignores lengths and detects shear") {
        CHECK(BasisN::fromDiagonal(VectorN{1, 5, 0.1}).columnsOrthogonal());
        BasisN shear = BasisN::identity(3);
        shear.setColumn(1, VectorN{0.1, 1, 0});
        CHECK_FALSE(shear.columnsOrthogonal());
        CHECK(shear.columnsOrthogonal(0.2));
    }
}

TEST_CASE("BasisN algebra holds for random matrices in 2D to 8D", "[math][basis][property]") {
    using namespace hyperrig::test;

    rc::prop("basis times inverse is the identity", [] {
        const int d = *rc::gen::inRange(kMinDimension, kMaxDimension + 1);
        const BasisN b = genWellConditionedBasis(d);
        auto inverse = b.inverse();
        RC_ASSERT(inverse.ok());
        RC_ASSERT(approxEqual(b * *inverse, BasisN::identity(d), 1e-9));
        RC_ASSERT(approxEqual(*inverse * b, BasisN::identity(d), 1e-9));
    });

    rc::prop("determinant of a product is the product of determinants", [] {
        const int d = *rc::gen::inRange(kMinDimension, kMaxDimension + 1);
        const BasisN a = genAnyBasis(d);
        const BasisN b = genAnyBasis(d);
        const double expected = a.determinant() * b.determinant();
        RC_ASSERT(std::abs((a * b).determinant() - expected) <= 1e-9 * (1.0 + std::abs(expected)));
    });

    rc::prop("transposing keeps the determinant", [] {
        const int d = *rc::gen::inRange(kMinDimension, kMaxDimension + 1);
        const BasisN a = genAnyBasis(d);
        RC_ASSERT(std::abs(a.transposed().determinant() - a.determinant()) <=
                  1e-12 * (1.0 + std::abs(a.determinant())));
    });

    rc::prop("rotation matrices are orthonormal with determinant +1", [] {
        const int d = *rc::gen::inRange(kMinDimension, kMaxDimension + 1);
        const BasisN q = genRotationMatrix(d);
        RC_ASSERT(approxEqual(q.transposed() * q, BasisN::identity(d), 1e-12));
        RC_ASSERT(std::abs(q.determinant() - 1.0) <= 1e-12);
        RC_ASSERT(q.columnsOrthogonal(1e-12));
    });
}
