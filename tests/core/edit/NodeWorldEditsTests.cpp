#include "core/edit/commands/NodeCommands.h"
#include "core/edit/commands/NodeWorldEdits.h"
#include "core/edit/commands/NodeWorldTransform.h"
#include "core/math/PlaneRotation.h"
#include "tests/core/edit/NodeTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace hyperrig;
using core::math::BasisN;
using core::math::VectorN;

namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

// The world placement of `node` after `transform` replaces its local transform.
core::math::AffineN worldAfterSetting(test::NodeEditFixture& fixture, core::model::NodeId node,
                                      core::model::NodeTransform transform) {
    REQUIRE(fixture.execute(core::edit::setTransform(node, std::move(transform))));
    auto world = core::edit::worldTransform(fixture.document(), node);
    REQUIRE(world);
    return *world;
}

core::math::AffineN parentWorldOf(test::NodeEditFixture& fixture, core::model::NodeId node) {
    auto world =
        core::edit::worldTransform(fixture.document(), fixture.document().node(node).parent);
    REQUIRE(world);
    return *world;
}

} // namespace

TEST_CASE("A plane rotation turns u towards v and leaves the other axes alone", "[edit][world]") {
    const BasisN q =
        core::math::planeRotation(VectorN::axis(4, 0), VectorN::axis(4, 3), 30.0 * kDegree);
    const double c = std::cos(30.0 * kDegree);
    const double s = std::sin(30.0 * kDegree);
    CHECK(core::math::approxEqual(q.column(0), VectorN{c, 0.0, 0.0, s}));
    CHECK(core::math::approxEqual(q.column(3), VectorN{-s, 0.0, 0.0, c}));
    CHECK(q.column(1) == VectorN::axis(4, 1));
    CHECK(q.column(2) == VectorN::axis(4, 2));
}

TEST_CASE("A plane rotation by a quarter turn maps axes onto axes exactly", "[edit][world]") {
    const BasisN q =
        core::math::planeRotation(VectorN::axis(4, 1), VectorN::axis(4, 3), std::numbers::pi / 2.0);
    CHECK(q.column(1) == VectorN{0.0, 0.0, 0.0, 1.0});
    CHECK(q.column(3) == VectorN{0.0, -1.0, 0.0, 0.0});
    const BasisN half =
        core::math::planeRotation(VectorN::axis(4, 1), VectorN::axis(4, 3), -std::numbers::pi);
    CHECK(half.column(1) == VectorN{0.0, -1.0, 0.0, 0.0});
}

TEST_CASE("Moving a node in the world under a turned parent moves it by exactly that",
          "[edit][world]") {
    test::NodeEditFixture fixture;
    const auto head = fixture.node("Head"); // under Spine, which is turned 30° in YW
    const auto before = core::edit::worldTransform(fixture.document(), head);
    REQUIRE(before);
    const VectorN delta{0.1, -0.2, 0.05, 0.3};
    auto moved = core::edit::translatedInWorld(fixture.document().node(head).transform, 4,
                                               parentWorldOf(fixture, head), delta);
    REQUIRE(moved);
    CHECK(moved->rotor == fixture.document().node(head).transform.rotor); // as authored
    const auto after = worldAfterSetting(fixture, head, *moved);
    CHECK(core::math::approxEqual(after.position(), before->position() + delta, 1e-12));
    CHECK(core::math::approxEqual(after.basis(), before->basis(), 1e-12));
}

TEST_CASE("Turning a node in a world plane turns its world basis in that plane only",
          "[edit][world]") {
    test::NodeEditFixture fixture;
    const auto head = fixture.node("Head");
    const auto before = core::edit::worldTransform(fixture.document(), head);
    REQUIRE(before);
    // W: 40° in world XW, written out by hand.
    const double c = std::cos(40.0 * kDegree);
    const double s = std::sin(40.0 * kDegree);
    auto w = BasisN::fromColumnMajor(4, std::vector<double>{c, 0, 0, s, //
                                                            0, 1, 0, 0, //
                                                            0, 0, 1, 0, //
                                                            -s, 0, 0, c});
    REQUIRE(w);
    auto turned = core::edit::rotatedInWorld(fixture.document().node(head).transform, 4,
                                             parentWorldOf(fixture, head), VectorN::axis(4, 0),
                                             VectorN::axis(4, 3), 40.0 * kDegree);
    REQUIRE(turned);
    CHECK(turned->form == core::model::NodeTransform::Form::RotorScale);
    const auto after = worldAfterSetting(fixture, head, *turned);
    CHECK(core::math::approxEqual(after.basis(), (*w) * before->basis(), 1e-7));
    CHECK(core::math::approxEqual(after.position(), before->position(), 1e-12));
}

TEST_CASE("Turning an unrotated node in XW gives the rotor of that plane alone", "[edit][world]") {
    test::NodeEditFixture fixture;
    const auto prop = fixture.node("Prop"); // a position only, under the root
    auto turned = core::edit::rotatedInWorld(fixture.document().node(prop).transform, 4,
                                             parentWorldOf(fixture, prop), VectorN::axis(4, 0),
                                             VectorN::axis(4, 3), 50.0 * kDegree);
    REQUIRE(turned);
    REQUIRE(turned->form == core::model::NodeTransform::Form::RotorScale);
    REQUIRE(turned->rotor.size() >= 7);
    // [s, xy, xz, yz, xw, yw, zw(, xyzw)]: cos 25° + sin 25° e_xw.
    CHECK(turned->rotor[0] == Approx(std::cos(25.0 * kDegree)).margin(1e-12));
    CHECK(turned->rotor[4] == Approx(std::sin(25.0 * kDegree)).margin(1e-12));
    for (std::size_t other : {1U, 2U, 3U, 5U, 6U})
        CHECK(turned->rotor[other] == Approx(0.0).margin(1e-12));
    CHECK(turned->position == std::vector<double>{1, 0, 0, 0});
}

TEST_CASE("A bone drawn towards a direction points its Y there without roll", "[edit][world]") {
    const auto diagonal =
        core::edit::boneTowards(3, VectorN{0.0, 0.5, 0.0}, VectorN{2.0, 2.0, 0.0});
    auto placement = diagonal.toAffine(3);
    REQUIRE(placement);
    const double h = std::sqrt(0.5);
    CHECK(core::math::approxEqual(placement->basis().column(1), VectorN{h, h, 0.0}, 1e-12));
    CHECK(core::math::approxEqual(placement->basis().column(0), VectorN{h, -h, 0.0}, 1e-12));
    CHECK(core::math::approxEqual(placement->basis().column(2), VectorN{0.0, 0.0, 1.0}, 1e-12));
    CHECK(core::math::approxEqual(placement->position(), VectorN{0.0, 0.5, 0.0}));

    const auto down = core::edit::boneTowards(4, VectorN::zero(4), VectorN{0.0, -3.0, 0.0, 0.0});
    auto downPlacement = down.toAffine(4);
    REQUIRE(downPlacement);
    CHECK(core::math::approxEqual(downPlacement->basis().column(1), VectorN{0.0, -1.0, 0.0, 0.0},
                                  1e-12));
    const auto along = core::edit::boneTowards(4, VectorN::zero(4), VectorN{0.0, 0.2, 0.0, 0.0});
    CHECK(along.rotor.empty()); // no turn at all
}

TEST_CASE("Only the topmost of the selected nodes move by themselves", "[edit][world]") {
    test::NodeEditFixture fixture;
    const std::vector<core::model::NodeId> selected{fixture.node("Head"),  fixture.node("Hips"),
                                                    fixture.node("Prop"),  fixture.node("Scene"),
                                                    fixture.node("Spine"), fixture.node("Prop")};
    CHECK(core::edit::topmostNodes(fixture.document(), selected) ==
          std::vector<core::model::NodeId>{fixture.node("Hips"), fixture.node("Prop")});
}
