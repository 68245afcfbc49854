#include "core/math/GlmBridge.h"
#include "tests/core/math/MathTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core::math;

TEST_CASE("GLM conversions keep the column-major layout and check dimensions", "[math][glm]") {
    SECTION("vectors round-trip in double and float") {
        CHECK(fromGlm(toGlmDvec2(VectorN{1, 2}).value()) == VectorN{1, 2});
        CHECK(fromGlm(toGlmDvec3(VectorN{1, 2, 3}).value()) == VectorN{1, 2, 3});
        CHECK(toGlmDvec4(VectorN{1, 2, 3, 4}).value() == glm::dvec4(1, 2, 3, 4));
        CHECK(toGlmVec3(VectorN{0.5, 2, 3}).value() == glm::vec3(0.5f, 2.0f, 3.0f));
        CHECK(toGlmVec2(VectorN{0.5, 2}).value() == glm::vec2(0.5f, 2.0f));
        CHECK(fromGlm(glm::vec4(1.0f, 2.0f, 3.0f, 0.25f)) == VectorN{1, 2, 3, 0.25});
        CHECK(fromGlm(glm::vec2(1.0f, 2.0f)) == VectorN{1, 2});
        CHECK(fromGlm(glm::vec3(1.0f, 2.0f, 3.0f)) == VectorN{1, 2, 3});
        CHECK(toGlmVec4(VectorN{1, 2, 3, 4}).value() == glm::vec4(1, 2, 3, 4));
        CHECK(fromGlm(glm::dvec4(1, 2, 3, 4)) == VectorN{1, 2, 3, 4});
    }

    SECTION("a vector of the wrong dimension names both dimensions") {
        auto wrong = toGlmDvec3(VectorN{1, 2, 3, 4});
        REQUIRE_FALSE(wrong.ok());
        CHECK(wrong.error().message() == "expected a 3D vector for glm::dvec3, got a 4D vector");
        auto wrongFloat = toGlmVec4(VectorN{1, 2});
        REQUIRE_FALSE(wrongFloat.ok());
        CHECK(wrongFloat.error().message() ==
              "expected a 4D vector for glm::vec4, got a 2D vector");
    }

    SECTION("glm mat[column][row] is basis.at(row, column)") {
        const std::vector<double> values = {1, 2, 3, 4, 5, 6, 7, 8, 10};
        const BasisN b = BasisN::fromColumnMajor(3, values).value();
        const glm::dmat3 m = toGlmDmat3(b).value();
        CHECK(m[0] == glm::dvec3(1, 2, 3));
        CHECK(m[2][1] == 8.0);
        CHECK(fromGlm(m) == b);
        const glm::dvec3 v(0.5, -1, 2);
        CHECK(fromGlm(m * v) == b * fromGlm(v));
    }

    SECTION("2D and 4D bases round-trip") {
        const BasisN b2 = BasisN::fromColumnMajor(2, std::vector<double>{1, 2, 3, 4}).value();
        CHECK(fromGlm(toGlmDmat2(b2).value()) == b2);
        CHECK(toGlmDmat2(b2).value()[1] == glm::dvec2(3, 4));
        BasisN b4 = BasisN::identity(4);
        b4.setColumn(3, VectorN{1, 2, 3, 4});
        CHECK(toGlmDmat4(b4).value()[3] == glm::dvec4(1, 2, 3, 4));
        CHECK(fromGlm(toGlmDmat4(b4).value()) == b4);
    }

    SECTION("a basis of the wrong dimension is refused") {
        auto wrong = toGlmDmat4(BasisN::identity(3));
        REQUIRE_FALSE(wrong.ok());
        CHECK(wrong.error().message() == "expected a 4D basis for glm::dmat4, got a 3D basis");
        auto wrong2 = toGlmDmat2(BasisN::identity(8));
        REQUIRE_FALSE(wrong2.ok());
        CHECK(wrong2.error().message() == "expected a 2D basis for glm::dmat2, got a 8D basis");
    }

    SECTION("a 3D transform becomes a homogeneous dmat4 that maps points the same way") {
        BasisN b = BasisN::fromDiagonal(VectorN{2, 3, 4});
        b.at(0, 1) = 1.0;
        const AffineN transform(b, VectorN{10, 20, 30});
        const glm::dmat4 m = toGlmHomogeneous3D(transform).value();
        CHECK(m[3] == glm::dvec4(10, 20, 30, 1));
        const glm::dvec4 mapped = m * glm::dvec4(1, 2, 3, 1);
        CHECK(fromGlm(glm::dvec3(mapped)) == transform.applyPoint(VectorN{1, 2, 3}));
        auto back = affineFromGlmHomogeneous(m);
        REQUIRE(back.ok());
        CHECK(*back == transform);
    }

    SECTION("a 2D transform becomes a homogeneous dmat3") {
        const AffineN transform(BasisN::fromDiagonal(VectorN{2, 3}), VectorN{5, 6});
        const glm::dmat3 m = toGlmHomogeneous2D(transform).value();
        CHECK(m[2] == glm::dvec3(5, 6, 1));
        CHECK(m[0] == glm::dvec3(2, 0, 0));
        const glm::dvec3 mapped = m * glm::dvec3(1, 1, 1);
        CHECK(fromGlm(glm::dvec2(mapped)) == transform.applyPoint(VectorN{1, 1}));
        CHECK(affineFromGlmHomogeneous(m).value() == transform);
    }

    SECTION("homogeneous conversions check the dimension and the last row") {
        auto wrong = toGlmHomogeneous3D(AffineN::identity(4));
        REQUIRE_FALSE(wrong.ok());
        CHECK(wrong.error().message() ==
              "expected a 3D transform for a homogeneous glm::dmat4, got a 4D transform");
        auto wrong2D = toGlmHomogeneous2D(AffineN::identity(3));
        REQUIRE_FALSE(wrong2D.ok());
        CHECK(wrong2D.error().message() ==
              "expected a 2D transform for a homogeneous glm::dmat3, got a 3D transform");
        glm::dmat4 projective(1.0);
        projective[2][3] = -1.0;
        auto notAffine = affineFromGlmHomogeneous(projective);
        REQUIRE_FALSE(notAffine.ok());
        CHECK(notAffine.error().message() == "homogeneous matrix is not affine: its last row is "
                                             "(0, 0, -1, 1), expected (0, ..., 0, 1)");
    }
}
