#include "render/view/BoxSelection.h"
#include "render/view/OrbitCamera.h"

#include <catch2/catch.hpp>
#include <vector>

using hyperrig::core::model::NodeId;
using hyperrig::render::scene::BoneLine;
using hyperrig::render::scene::SceneData;
using hyperrig::render::scene::SurfaceInput;
using hyperrig::render::view::nodesInRectangle;
using hyperrig::render::view::WindowRectangle;

namespace {

// The camera every expectation below is worked out for: the eye at (0, 0, 5) looking along −Z
// at the origin, +X to the right and +Y up on screen, a 90° vertical field of view in a square
// 200 x 200 viewport. tan 45° = 1, so a point (x, y, z) in front of the eye lands at
//   window x = 100 + 100 · x / (5 − z),   window y = 100 − 100 · y / (5 − z)
// (rows grow downwards); in the plane z = 0 that is (100 + 20x, 100 − 20y).
glm::mat4 boxTestViewProjection() {
    hyperrig::render::view::OrbitCamera camera;
    camera.target = glm::vec3(0.0F);
    camera.distance = 5.0F;
    camera.yawDegrees = 0.0F;
    camera.pitchDegrees = 0.0F;
    camera.verticalFovDegrees = 90.0F;
    return camera.projectionMatrix(1.0F) * camera.viewMatrix();
}

const glm::vec2 kBoxTestViewport{200.0F, 200.0F};

BoneLine boxTestBone(glm::vec3 head, glm::vec3 tail, std::uint32_t node) {
    BoneLine bone;
    bone.head = head;
    bone.tail = tail;
    bone.node = NodeId{node};
    return bone;
}

SurfaceInput boxTestTriangle(glm::vec3 a, glm::vec3 b, glm::vec3 c, std::uint32_t node) {
    SurfaceInput surface;
    surface.positions = {a, b, c};
    surface.normals = {glm::vec3(0.0F, 0.0F, 1.0F)};
    surface.node = NodeId{node};
    return surface;
}

// Node values of the scene below.
constexpr std::uint32_t kUpright = 1; // (100, 100) to (100, 80)
constexpr std::uint32_t kLying = 2;   // (60, 160) to (140, 160)
constexpr std::uint32_t kBehind = 3;  // wholly behind the eye
constexpr std::uint32_t kThrough = 4; // from (140, 60) through the near plane
constexpr std::uint32_t kMesh = 10;   // corners (40, 40), (80, 40), (40, 80)
constexpr std::uint32_t kMeshBehind = 11;

SceneData boxTestScene() {
    SceneData scene;
    scene.bones = {
        boxTestBone({0, 0, 0}, {0, 1, 0}, kUpright),
        boxTestBone({-2, -3, 0}, {2, -3, 0}, kLying),
        boxTestBone({0, 0, 10}, {1, 1, 20}, kBehind),
        // Its tail (2, 2, 10) is behind the eye; projected naively (w = 5 − 10 < 0) it would
        // land mirrored at (60, 140). The part in front runs from (140, 60) up and right along
        // y = 200 − x, out of the viewport.
        boxTestBone({2, 2, 0}, {2, 2, 10}, kThrough),
    };
    scene.surfaces = {
        boxTestTriangle({-3, 3, 0}, {-1, 3, 0}, {-3, 1, 0}, kMesh),
        // Naively projected, the corner (1, 1, 10) would land at (80, 120).
        boxTestTriangle({1, 1, 10}, {1, 2, 10}, {2, 1, 10}, kMeshBehind),
        // A ghost: no node, never boxed.
        boxTestTriangle({-3, 3, 0}, {-1, 3, 0}, {-3, 1, 0}, 0),
    };
    return scene;
}

std::vector<NodeId> boxed(const WindowRectangle& rectangle, bool bonesShown = true) {
    return nodesInRectangle(boxTestScene(), boxTestViewProjection(), kBoxTestViewport, rectangle,
                            {bonesShown});
}

std::vector<NodeId> nodeIds(std::initializer_list<std::uint32_t> values) {
    std::vector<NodeId> ids;
    for (const std::uint32_t value : values)
        ids.push_back(NodeId{value});
    return ids;
}

} // namespace

TEST_CASE("a box selects the bones whose projected segment touches it", "[view][boxselect]") {
    SECTION("an end inside") {
        CHECK(boxed({90, 70, 110, 85}) == nodeIds({kUpright}));
        CHECK(boxed({130, 155, 150, 165}) == nodeIds({kLying}));
    }
    SECTION("the segment crossing the box with both ends outside") {
        CHECK(boxed({95, 150, 105, 170}) == nodeIds({kLying}));
        CHECK(boxed({95, 85, 105, 95}) == nodeIds({kUpright}));
    }
    SECTION("beside the segment: nothing") {
        CHECK(boxed({105, 70, 130, 110}).empty());
        CHECK(boxed({95, 162, 105, 170}).empty());
    }
    SECTION("only the part in front of the eye counts, never its mirror image") {
        CHECK(boxed({130, 50, 150, 70}) == nodeIds({kThrough}));
        CHECK(boxed({55, 135, 65, 145}).empty());
    }
    SECTION("hidden bones are never boxed") {
        CHECK(boxed({90, 70, 110, 85}, false).empty());
        CHECK(boxed({0, 0, 200, 200}, false) == nodeIds({kMesh}));
    }
}

TEST_CASE("a box selects the mesh nodes with a projected corner inside it", "[view][boxselect]") {
    SECTION("a corner inside") {
        CHECK(boxed({35, 35, 45, 45}) == nodeIds({kMesh}));
        CHECK(boxed({75, 75, 85, 85}).empty()); // beyond the hypotenuse, no corner
    }
    SECTION("inside the triangle but around no corner: not boxed") {
        CHECK(boxed({48, 45, 58, 55}).empty());
    }
    SECTION("corners behind the eye are not seen") {
        CHECK(boxed({70, 110, 90, 130}).empty());
    }
}

TEST_CASE("a box covering the view selects everything drawn, bones first", "[view][boxselect]") {
    CHECK(boxed({0, 0, 200, 200}) == nodeIds({kUpright, kLying, kThrough, kMesh}));
    CHECK(boxed({-50, -50, 300, 300}) == nodeIds({kUpright, kLying, kThrough, kMesh}));
    // The bone leaving the view passes (240, −40): outside the viewport nothing is seen.
    CHECK(boxed({210, -100, 250, -10}).empty());
}
