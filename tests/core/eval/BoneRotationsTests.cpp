#include "core/eval/BoneRotations.h"
#include "core/eval/Pose.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;

namespace {

math::VectorN vector(std::initializer_list<double> values) {
    math::VectorN v = math::VectorN::zero(static_cast<int>(values.size()));
    int i = 0;
    for (double value : values)
        v[i++] = value;
    return v;
}

void checkClose(const math::VectorN& actual, const math::VectorN& expected) {
    REQUIRE(actual.dimension() == expected.dimension());
    for (int i = 0; i < actual.dimension(); ++i)
        CHECK(actual[i] == Approx(expected[i]).margin(1e-12));
}

} // namespace

TEST_CASE("pose sliders turn bones plane by plane", "[eval][pose]") {
    SECTION("the planes of each dimension, in lexicographic order") {
        auto names = [](int dimension) {
            std::vector<std::string> out;
            for (const auto& plane : eval::rotationPlanes(dimension))
                out.push_back(eval::planeName(plane));
            return out;
        };
        CHECK(names(2) == std::vector<std::string>{"XY"});
        CHECK(names(3) == std::vector<std::string>{"XY", "XZ", "YZ"});
        CHECK(names(4) == std::vector<std::string>{"XY", "XZ", "XW", "YZ", "YW", "ZW"});
    }
    SECTION("a plane angle turns its first axis toward its second") {
        eval::PlaneAngles degrees{};
        degrees[0] = 90.0; // XY
        auto rotation = eval::planeRotation(3, degrees);
        REQUIRE(rotation.ok());
        checkClose((*rotation * vector({1, 0, 0})), vector({0, 1, 0}));
        checkClose((*rotation * vector({0, 1, 0})), vector({-1, 0, 0}));
        checkClose((*rotation * vector({0, 0, 1})), vector({0, 0, 1}));
    }
    SECTION("the last plane acts first: R = R_XY · R_YZ") {
        eval::PlaneAngles degrees{};
        degrees[0] = 90.0; // XY
        degrees[2] = 90.0; // YZ
        auto rotation = eval::planeRotation(3, degrees);
        REQUIRE(rotation.ok());
        // Y -> Z under R_YZ, which R_XY leaves alone; X is left by R_YZ and goes to Y.
        checkClose((*rotation * vector({0, 1, 0})), vector({0, 0, 1}));
        checkClose((*rotation * vector({1, 0, 0})), vector({0, 1, 0}));
    }
    SECTION("4D: XW turns X into W") {
        eval::PlaneAngles degrees{};
        degrees[2] = 90.0; // XW
        auto rotation = eval::planeRotation(4, degrees);
        REQUIRE(rotation.ok());
        checkClose((*rotation * vector({1, 0, 0, 0})), vector({0, 0, 0, 1}));
    }
    SECTION("above 4D is refused with the reason") {
        auto refused = eval::planeRotation(5, {});
        REQUIRE_FALSE(refused.ok());
        CHECK_THAT(refused.error().message(), Catch::Contains("5D"));
    }
}

TEST_CASE("a pose from bone rotations turns each bone about its head in its own axes",
          "[eval][pose]") {
    model::Document document = hyperrig::test::loadSample("arm-3d.g4tf");
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig.ok());
    const model::NodeId upper = document.findNode("UpperArm");
    const model::NodeId lower = document.findNode("LowerArm");
    REQUIRE(upper);
    REQUIRE(lower);
    const eval::CompiledSkeleton& skeleton = rig->skeletons().front();
    const auto upperIndex = static_cast<std::size_t>(skeleton.indexOf(upper));
    const auto lowerIndex = static_cast<std::size_t>(skeleton.indexOf(lower));

    eval::PlaneAngles bend{};
    bend[0] = 90.0; // XY: the bone's +Y (toward the child) turns toward −X
    auto pose = eval::poseFromBoneRotations(document, *rig, {{upper, bend}, {lower, {}}});
    REQUIRE(pose.ok());
    CHECK(pose->local.size() == 1); // all-zero angles leave a bone at rest
    REQUIRE(pose->local.count(upper) == 1);
    const std::vector<math::AffineN> rest = eval::evaluateSkeleton(skeleton, eval::Pose{});
    const std::vector<math::AffineN> posed = eval::evaluateSkeleton(skeleton, *pose);
    // The head stays. The child sits at p = (0, 0.3, 0) in the upper arm's space (the sample's
    // lower arm position); XY 90° takes p to (−0.3, 0, 0) in the upper arm's own axes, which the
    // upper arm's rest rotation B (the sample turns it) then carries into skeleton space.
    checkClose(posed[upperIndex].position(), rest[upperIndex].position());
    checkClose(skeleton.restLocal[lowerIndex].position(), vector({0, 0.3, 0}));
    const math::BasisN& restBasis = rest[upperIndex].basis();
    checkClose(posed[lowerIndex].position(),
               rest[upperIndex].position() + restBasis * vector({-0.3, 0, 0}));

    auto refused =
        eval::poseFromBoneRotations(document, *rig, {{document.findNode("ArmSkin"), bend}});
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().message(), Catch::Contains("ArmSkin"));
}
