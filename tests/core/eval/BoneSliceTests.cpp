#include "core/eval/slice/BoneSlice.h"
#include "core/eval/slice/Slicer.h"
#include "tests/core/eval/SliceTestSupport.h"
#include "tests/support/ThrowingContracts.h"

#include <catch2/catch.hpp>
#include <numbers>
#include <vector>

using namespace hyperrig::core::eval;
using namespace hyperrig::test;

namespace {

BoneSegmentSlice sliceOne(const BoneSegment& bone, const ViewHyperplane& plane) {
    BoneSegmentSlice result;
    sliceBoneSegments(std::span(&bone, 1), plane, std::span(&result, 1));
    return result;
}

} // namespace

TEST_CASE("bone segments are placed in view space against the hyperplane", "[eval][slice]") {
    const ViewHyperplane plane(identityView(), 0.5);

    SECTION("a crossing bone reports both ends and where it crosses") {
        // w from −0.5 to 1.5 (distances −1 and 1): crosses half-way, lerped from the tail.
        const BoneSegmentSlice s = sliceOne({{{0, 0, 0, -0.5F}}, {{2, 4, -2, 1.5F}}}, plane);
        CHECK(s.head.x == 0.0F);
        CHECK(s.head.distance == -1.0F);
        CHECK(s.tail.y == 4.0F);
        CHECK(s.tail.distance == 1.0F);
        CHECK(s.crosses);
        CHECK(s.crossing == std::array<float, 3>{1, 2, -1});
    }

    SECTION("a bone on one side does not cross") {
        const BoneSegmentSlice s = sliceOne({{{0, 0, 0, 1}}, {{1, 0, 0, 2}}}, plane);
        CHECK_FALSE(s.crosses);
        CHECK(s.head.distance == 0.5F);
        CHECK(s.tail.distance == 1.5F);
        CHECK(s.crossing == std::array<float, 3>{0, 0, 0});
    }

    SECTION("an end exactly on the hyperplane counts as positive, like a mesh vertex") {
        CHECK_FALSE(sliceOne({{{0, 0, 0, 0.5F}}, {{1, 0, 0, 2}}}, plane).crosses);
        const BoneSegmentSlice s = sliceOne({{{3, 2, 1, 0.5F}}, {{1, 0, 0, -2}}}, plane);
        CHECK(s.crosses);
        CHECK(s.crossing == std::array<float, 3>{3, 2, 1});
    }

    SECTION("the view transform rotates the bone") {
        // 90° in the xw plane: view w = world x, view x = −world w.
        const ViewHyperplane turned(planeRotation(0, 3, std::numbers::pi / 2), 0.0);
        const BoneSegmentSlice s = sliceOne({{{-1, 0, 0, 2}}, {{3, 0, 0, 2}}}, turned);
        CHECK(s.head.distance == Approx(-1.0));
        CHECK(s.tail.distance == Approx(3.0));
        REQUIRE(s.crosses);
        CHECK(s.crossing[0] == Approx(-2.0));
        CHECK(s.crossing[1] == 0.0F);
    }

    SECTION("sizes must match") {
        const std::vector<BoneSegment> bones(2);
        std::vector<BoneSegmentSlice> out(1);
        CHECK_THROWS_AS(sliceBoneSegments(bones, plane, out), ContractViolation);
    }
}

TEST_CASE("a bone along a mesh edge crosses where the mesh slice does", "[eval][slice]") {
    // Same float transform, same sign rule, same lerp direction: bit-identical crossing points.
    const std::vector<float> positions{0.1F, 0.2F, 0.3F, -0.7F, 1.3F,  -0.4F, 0.2F, 0.9F,
                                       0.3F, 1.1F, 0.5F, 0.8F,  -0.2F, 0.4F,  1.2F, 1.1F};
    const std::vector<std::uint32_t> tet{0, 1, 2, 3};
    const ViewHyperplane plane(planeRotation(1, 3, 0.4), 0.05);
    Slicer slicer;
    SliceOutput output;
    slicer.slice(TetSurface{positions, tet}, plane, output);
    REQUIRE(output.triangleCount() == 1); // only corner 0 is negative

    for (std::size_t v = 1; v < 4; ++v) {
        const BoneSegment bone{
            {{positions[0], positions[1], positions[2], positions[3]}},
            {{positions[4 * v], positions[4 * v + 1], positions[4 * v + 2], positions[4 * v + 3]}}};
        const BoneSegmentSlice s = sliceOne(bone, plane);
        REQUIRE(s.crosses);
        bool found = false;
        for (const SliceVertex& corner : output.vertices()) {
            found = found || (corner.x == s.crossing[0] && corner.y == s.crossing[1] &&
                              corner.z == s.crossing[2]);
        }
        CHECK(found);
    }
}
