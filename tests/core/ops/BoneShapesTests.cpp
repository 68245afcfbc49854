#include "core/ops/BoneShapes.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using Json = model::OrderedJson;

// Expected shapes written out by hand from physics/shape.md (a box of full extents `size`
// Minkowski-summed with the curve): the bone runs from y = -L/2 to +L/2 around the shape origin.
TEST_CASE("bone shapes are general shapes sized from the bone", "[ops][shapes]") {
    using Kind = ops::BoneShapeKind;
    SECTION("a capsule from head to tail: the straight part is L - 2r, the caps add r each") {
        const Json capsule = ops::boneShapeValue(Kind::Capsule, 4, 1.0, 0.25);
        CHECK(capsule == Json::parse(R"({"type": "general", "size": [0, 0.5, 0, 0],
                                         "curves": [{"radii": [0.25, 0.25, 0.25, 0.25]}]})"));
    }
    SECTION("a capsule shorter than its caps becomes the sphere of the bone") {
        const Json capsule = ops::boneShapeValue(Kind::Capsule, 3, 0.2, 0.25);
        CHECK(capsule == Json::parse(R"({"type": "general", "size": [0, 0, 0],
                                         "curves": [{"radii": [0.1, 0.1, 0.1]}]})"));
    }
    SECTION("a cylinder is round across and flat at head and tail") {
        const Json cylinder = ops::boneShapeValue(Kind::Cylinder, 4, 2.0, 0.5);
        CHECK(cylinder == Json::parse(R"({"type": "general", "size": [0, 2, 0, 0],
                                          "curves": [{"radii": [0.5, 0, 0.5, 0.5]}]})"));
    }
    SECTION("a box is 2r wide on every axis but Y, where it is L") {
        const Json box = ops::boneShapeValue(Kind::Box, 5, 1.0, 0.1);
        CHECK(box == Json::parse(R"({"type": "general", "size": [0.2, 1, 0.2, 0.2, 0.2]})"));
    }
    SECTION("a sphere has the bone's length as its diameter") {
        const Json sphere = ops::boneShapeValue(Kind::Sphere, 2, 0.5, 0.1);
        CHECK(sphere == Json::parse(R"({"type": "general", "curves": [{"radii": [0.25, 0.25]}]})"));
    }
    CHECK(ops::defaultShapeRadius(0.5) == 0.1);
}

TEST_CASE("a new bone shape is created, named and assigned in one undo step", "[ops][shapes]") {
    EditFixture f("creature-4d.g4tf");
    const model::NodeId tail = hyperrig::test::nodeNamed(f.document, "Tail");
    const std::size_t shapesBefore = f.document.shapes.size();
    const double length = *f.document.node(tail).bone()->length;

    auto command = ops::addBoneShapeCommand(f.document, tail, ops::BoneShapeKind::Capsule);
    REQUIRE(command.ok());
    CHECK((*command)->displayName() == "New Capsule Shape");
    REQUIRE(f.execute(std::move(*command)).ok());
    CHECK(f.document.shapes.size() == shapesBefore + 1);
    const model::ShapeId shape = f.document.node(tail).bone()->shape;
    REQUIRE(shape);
    const model::Shape& created = f.document.shapes.at(shape);
    CHECK(created.name == "TailCapsule2"); // the sample has a TailCapsule
    CHECK(created.value ==
          ops::boneShapeValue(ops::BoneShapeKind::Capsule, 4, length, length / 5.0));
    CHECK(f.history.undoCount() == 1);
    f.requireUndoRedo();
    CHECK(f.document.node(tail).bone()->shape == shape); // redo gives the same id back

    SECTION("a second one gets a name of its own") {
        auto again = ops::addBoneShapeCommand(f.document, tail, ops::BoneShapeKind::Capsule);
        REQUIRE(again.ok());
        REQUIRE(f.execute(std::move(*again)).ok());
        CHECK(f.document.shapes.at(f.document.node(tail).bone()->shape).name == "TailCapsule3");
    }
}

TEST_CASE("a bone shape is refused without a length or a bone", "[ops][shapes]") {
    EditFixture f("creature-4d.g4tf");
    const model::NodeId hips = hyperrig::test::nodeNamed(f.document, "Hips");
    f.document.node(hips).bone()->shape = {};
    f.document.node(hips).bone()->length.reset();
    auto refused = ops::addBoneShapeCommand(f.document, hips, ops::BoneShapeKind::Box);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().message(), Catch::Contains("has no length"));
    auto notBone = ops::addBoneShapeCommand(f.document, f.document.root(), ops::BoneShapeKind::Box);
    REQUIRE_FALSE(notBone.ok());
    CHECK_THAT(notBone.error().message(), Catch::Contains("is not one"));
}
