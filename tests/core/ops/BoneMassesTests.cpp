#include "core/edit/commands/NodeCommands.h"
#include "core/ops/BoneMasses.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::nodeNamed;
using Json = model::OrderedJson;

namespace {

constexpr double kPi = std::numbers::pi;

double volumeOf(const char* json, int dimension) {
    auto volume = ops::shapeVolume(Json::parse(json), dimension);
    INFO(json);
    REQUIRE(volume.ok());
    return *volume;
}

} // namespace

// Expected volumes from the textbook formulas: the unit 3-ball 4π/3, the unit 4-ball π²/2, the
// unit 2-ball (disc) π.
TEST_CASE("shape volumes in D dimensions: balls, boxes, capsules, cylinders", "[ops][mass]") {
    CHECK(volumeOf(R"({"curves": [{"radii": [1, 1, 1]}]})", 3) == Approx(4.0 * kPi / 3.0));
    CHECK(volumeOf(R"({"type": "general", "curves": [{"radii": [2, 2, 2, 2]}]})", 4) ==
          Approx(kPi * kPi / 2.0 * 16.0));
    CHECK(volumeOf(R"({"size": [1, 2, 3]})", 3) == Approx(6.0));
    // A 3D cylinder of radius 1 and height 2: π r² h.
    CHECK(volumeOf(R"({"size": [0, 2, 0], "curves": [{"radii": [1, 0, 1]}]})", 3) ==
          Approx(2.0 * kPi));
    // A 4D capsule, straight part h = 1, r = 0.5: a 3-ball cross-section swept along h, plus the
    // 4-ball of the two caps.
    CHECK(volumeOf(R"({"size": [0, 1, 0, 0], "curves": [{"radii": [0.5, 0.5, 0.5, 0.5]}]})", 4) ==
          Approx(1.0 * 4.0 * kPi / 3.0 * 0.125 + kPi * kPi / 2.0 * 0.0625));
    // A rounded 2D box (stadium with corners): 2 x 1 box + perimeter strips + a disc of r = 0.1.
    CHECK(volumeOf(R"({"size": [2, 1], "curves": [{"radii": [0.1, 0.1], "exponent": 2}]})", 2) ==
          Approx(2.0 + 0.1 * 2.0 * (2.0 + 1.0) + kPi * 0.01));
}

TEST_CASE("shapes whose volume is not computed are refused with the reason", "[ops][mass]") {
    const auto reason = [](const char* json) {
        auto volume = ops::shapeVolume(Json::parse(json), 3);
        REQUIRE_FALSE(volume.ok());
        return volume.error().message();
    };
    CHECK_THAT(reason(R"({"type": "convex"})"), Catch::Contains("general"));
    CHECK_THAT(reason(R"({"curves": [{"radii": [1, 1, 1]}, {"radii": [1, 0, 0]}]})"),
               Catch::Contains("several curves"));
    CHECK_THAT(reason(R"({"curves": [{"radii": [1, 1, 1], "exponent": 4}]})"),
               Catch::Contains("exponent 2"));
    CHECK_THAT(reason(R"({"curves": [{"radii": [1, 2, 1]}]})"), Catch::Contains("differ"));
    CHECK_THAT(reason(R"({"size": [1, 2]})"), Catch::Contains("not 3 numbers"));
}

TEST_CASE("a skeleton's mass summary and distribution by shape volume", "[ops][mass]") {
    EditFixture f("creature-4d.g4tf");
    const model::NodeId rig = nodeNamed(f.document, "CreatureRig");
    const model::NodeId spine = nodeNamed(f.document, "Spine");
    const model::NodeId chest = nodeNamed(f.document, "Chest");
    const model::NodeId neck = nodeNamed(f.document, "Neck"); // mass 0 in the sample: shape-only
    const model::NodeId leftHand = nodeNamed(f.document, "LeftHand");   // no mass, no shape
    const model::NodeId rightHand = nodeNamed(f.document, "RightHand"); // no mass, no shape

    const ops::MassSummary before = ops::summarizeMasses(f.document, rig);
    CHECK(before.bones == 24);
    CHECK(before.withoutMass == std::vector<model::NodeId>{leftHand, rightHand});
    CHECK(before.shapeOnly == 1);
    CHECK_FALSE(before.bodyMass.has_value());
    double sum = 0.0;
    for (model::NodeId node : f.document.subtree(rig))
        if (f.document.node(node).isBone())
            sum += f.document.node(node).bone()->mass.value_or(0.0);
    CHECK(before.definedTotal == Approx(sum));

    const auto volumeOfBone = [&](model::NodeId bone) {
        const auto& shape = f.document.shapes.at(f.document.node(bone).bone()->shape);
        return *ops::shapeVolume(shape.value, 4);
    };

    SECTION("bones without mass share what the total leaves, by volume") {
        REQUIRE(f.execute(edit::setBoneMass(spine, std::nullopt)).ok());
        REQUIRE(f.execute(edit::setBoneMass(chest, std::nullopt)).ok());
        const double defined = ops::summarizeMasses(f.document, rig).definedTotal;
        CHECK(ops::summarizeMasses(f.document, rig).withoutMass ==
              std::vector<model::NodeId>{spine, chest, leftHand, rightHand});
        auto distribution =
            ops::distributeMass(f.document, rig, defined + 10.0, ops::MassTargets::WithoutMass);
        REQUIRE(distribution.ok());
        CHECK(distribution->withoutVolume == std::vector<model::NodeId>{leftHand, rightHand});
        auto command = ops::distributeMassCommand(f.document, rig, defined + 10.0,
                                                  ops::MassTargets::WithoutMass);
        REQUIRE(command.ok());
        REQUIRE(f.execute(std::move(*command)).ok());
        // The shape-only Neck's volume counts for Chest, its parent.
        const double spineVolume = volumeOfBone(spine);
        const double chestVolume = volumeOfBone(chest) + volumeOfBone(neck);
        CHECK(*f.document.node(spine).bone()->mass ==
              Approx(10.0 * spineVolume / (spineVolume + chestVolume)));
        CHECK(*f.document.node(chest).bone()->mass ==
              Approx(10.0 * chestVolume / (spineVolume + chestVolume)));
        CHECK_FALSE(f.document.node(leftHand).bone()->mass.has_value());
        CHECK(f.history.undoName() == "Distribute Mass");
        f.requireUndoRedo();
    }
    SECTION("all bones share the whole total; a shape-only bone lends its volume to its parent") {
        auto distribution = ops::distributeMass(f.document, rig, 100.0, ops::MassTargets::AllBones);
        REQUIRE(distribution.ok());
        double total = 0.0;
        for (const auto& [bone, mass] : distribution->masses) {
            CHECK(bone != neck);
            total += mass;
        }
        CHECK(total == Approx(100.0));
        const auto massOf = [&](model::NodeId bone) {
            for (const auto& [id, mass] : distribution->masses)
                if (id == bone)
                    return mass;
            FAIL("no mass for the bone");
            return 0.0;
        };
        // Neck's shape volume counts for Chest, its parent.
        CHECK(massOf(chest) / massOf(spine) ==
              Approx((volumeOfBone(chest) + volumeOfBone(neck)) / volumeOfBone(spine)));
    }
    SECTION("refusals change nothing") {
        CHECK_FALSE(ops::distributeMass(f.document, rig, -1.0, ops::MassTargets::AllBones).ok());
        auto none = ops::distributeMass(f.document, rig, 1000.0, ops::MassTargets::WithoutMass);
        REQUIRE_FALSE(none.ok());
        CHECK_THAT(none.error().message(), Catch::Contains("give them shapes first"));
        REQUIRE(f.execute(edit::setBoneMass(spine, std::nullopt)).ok());
        auto tooSmall = ops::distributeMass(f.document, rig, 1.0, ops::MassTargets::WithoutMass);
        REQUIRE_FALSE(tooSmall.ok());
        CHECK_THAT(tooSmall.error().message(), Catch::Contains("already weigh more"));
    }
}
