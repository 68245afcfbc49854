#include "core/math/Rotor.h"
#include "core/model/NodeTransform.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::core;
using model::NodeTransform;

TEST_CASE("authored transforms become affine maps", "[model][transform]") {
    SECTION("no properties is the identity") {
        auto affine = model::identityTransform().toAffine(4);
        REQUIRE(affine.ok());
        CHECK(math::approxEqual(*affine, math::AffineN::identity(4)));
    }
    SECTION("rotor and non-uniform scale: B = R · diag(scale)") {
        NodeTransform transform;
        transform.form = NodeTransform::Form::RotorScale;
        const double h = std::sqrt(0.5);
        transform.rotor = {h, h, 0, 0, 0, 0, 0}; // xy +90°: X -> +Y
        transform.scale = {2, 3, 4, 5};
        transform.position = {1, 2, 3, 4};
        auto affine = transform.toAffine(4);
        REQUIRE(affine.ok());
        // Local X (scaled by 2) lands on parent +Y; local Y (scaled by 3) on parent -X.
        CHECK(math::approxEqual(affine->applyVector(math::VectorN{1, 0, 0, 0}),
                                math::VectorN{0, 2, 0, 0}));
        CHECK(math::approxEqual(affine->applyVector(math::VectorN{0, 1, 0, 0}),
                                math::VectorN{-3, 0, 0, 0}));
        CHECK(math::approxEqual(affine->applyPoint(math::VectorN{0, 0, 0, 1}),
                                math::VectorN{1, 2, 3, 9}));
    }
    SECTION("an unnormalised rotor from a file is normalised for math, kept as authored") {
        NodeTransform transform;
        transform.form = NodeTransform::Form::RotorScale;
        transform.rotor = {2, 0, 0, 0};
        auto affine = transform.toAffine(3);
        REQUIRE(affine.ok());
        CHECK(math::approxEqual(affine->basis(), math::BasisN::identity(3)));
        CHECK(transform.rotor == std::vector<double>{2, 0, 0, 0});
    }
    SECTION("a basis is used as written, column-major") {
        NodeTransform transform;
        transform.form = NodeTransform::Form::Basis;
        transform.basis = {0, 1, -1, 0}; // X -> +Y, Y -> -X
        auto affine = transform.toAffine(2);
        REQUIRE(affine.ok());
        CHECK(math::approxEqual(affine->applyVector(math::VectorN{1, 0}), math::VectorN{0, 1}));
    }
    SECTION("wrong sizes and bad scales are errors naming the property") {
        NodeTransform transform;
        transform.position = {1, 2, 3};
        CHECK_THAT(transform.toAffine(4).error().message(), Catch::Contains("position has 3"));
        transform.position.clear();
        transform.form = NodeTransform::Form::RotorScale;
        transform.scale = {1, -1, 1, 1};
        CHECK_THAT(transform.toAffine(4).error().message(), Catch::Contains("scale[1]"));
        transform.scale = {1, 1};
        CHECK_THAT(transform.toAffine(4).error().message(), Catch::Contains("1 or 4"));
        transform.scale.clear();
        transform.rotor = {1, 0, 0, 0, 0};
        CHECK_THAT(transform.toAffine(4).error().message(), Catch::Contains("rotor"));
    }
}
