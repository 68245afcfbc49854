#include "render/scene/BoneLines.h"
#include "render/scene/BoneSolids.h"
#include "render/view/SceneFraming.h"
#include "render/view/Viewport.h"
#include "tests/render/ViewportTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <numbers>

using namespace hyperrig::render;
using hyperrig::core::model::NodeId;
using Pixel = gl::RgbaImage::Pixel;

namespace {

// The signed volume enclosed by triangles [first, last) of `surface` (divergence theorem: the
// sum of a · (b × c) / 6): positive exactly when the triangles wind counter-clockwise seen from
// outside.
double enclosedVolume(const scene::SurfaceInput& surface, std::size_t first, std::size_t last) {
    double volume = 0.0;
    for (std::size_t t = first; t < last; ++t) {
        const glm::dvec3 a(surface.positions[3 * t]);
        const glm::dvec3 b(surface.positions[3 * t + 1]);
        const glm::dvec3 c(surface.positions[3 * t + 2]);
        volume += glm::dot(a, glm::cross(b, c)) / 6.0;
    }
    return volume;
}

bool contains(const scene::SurfaceInput& surface, const glm::vec3& point) {
    return std::any_of(surface.positions.begin(), surface.positions.end(),
                       [&](const glm::vec3& p) { return glm::length(p - point) < 1e-5F; });
}

scene::BoneLine bone(const glm::vec3& head, const glm::vec3& tail, NodeId node) {
    scene::BoneLine line;
    line.head = head;
    line.tail = tail;
    line.node = node;
    return line;
}

constexpr std::size_t kOctahedronTriangles = 8;

} // namespace

TEST_CASE("3D bones are octahedra from head to tail with a sphere on each end", "[scene][bones]") {
    const scene::BoneSolidStyle style;
    scene::BoneSolids solids;
    const float length = 2.0F;
    const glm::vec3 head{1.0F, 0.5F, -0.25F};
    scene::BoneLine line = bone(head, head + glm::vec3{0, length, 0}, NodeId{7});

    SECTION("the waist is a tenth of the way along, its corners on the bone's X ± Z") {
        buildBoneSolids(std::span(&line, 1), {}, 0.1F, style, solids);
        REQUIRE(solids.surfaces.size() == 1);
        const scene::SurfaceInput& surface = solids.surfaces[0];
        CHECK(surface.node == NodeId{7});
        CHECK(surface.baseColor == style.color);
        CHECK(surface.normals.size() * 3 == surface.positions.size());
        const glm::vec3 waist = head + glm::vec3{0, 0.1F * length, 0};
        const float h = 0.1F * length;
        for (const glm::vec3& corner :
             {glm::vec3{h, 0, h}, glm::vec3{h, 0, -h}, glm::vec3{-h, 0, -h}, glm::vec3{-h, 0, h}})
            CHECK(contains(surface, waist + corner));
        // Two square pyramids on a square of side 2h: (1/3) · (2h)² · length, positive (outward).
        CHECK(enclosedVolume(surface, 0, kOctahedronTriangles) ==
              Approx(4.0 * static_cast<double>(h * h * length) / 3.0).epsilon(1e-4));
        // Each joint sphere (polyhedral, inscribed): a little under 4/3 π r³, outward.
        const std::size_t sphereTriangles =
            (surface.positions.size() / 3 - kOctahedronTriangles) / 2;
        const double radius = style.jointFraction * length;
        const double sphere = 4.0 / 3.0 * std::numbers::pi * radius * radius * radius;
        for (std::size_t s = 0; s < 2; ++s) {
            const std::size_t first = kOctahedronTriangles + s * sphereTriangles;
            const double volume = enclosedVolume(surface, first, first + sphereTriangles);
            CHECK(volume < sphere);
            CHECK(volume > 0.9 * sphere);
        }
        // Twelve edges, drawn as lines in the edge colour.
        CHECK(solids.edges.size() == 24);
        CHECK(solids.edges.front().color == style.edgeColor);
    }
    SECTION("the corners turn with the bone's roll") {
        const float roll = glm::radians(30.0F);
        line.xAxis = {std::cos(roll), 0.0F, -std::sin(roll)};
        line.zAxis = {std::sin(roll), 0.0F, std::cos(roll)};
        buildBoneSolids(std::span(&line, 1), {}, 0.1F, style, solids);
        const glm::vec3 waist = head + glm::vec3{0, 0.1F * length, 0};
        const float h = 0.1F * length;
        CHECK(contains(solids.surfaces[0], waist + h * (line.xAxis + line.zAxis)));
        CHECK(contains(solids.surfaces[0], waist + h * (line.xAxis - line.zAxis)));
        CHECK_FALSE(contains(solids.surfaces[0], waist + glm::vec3{h, 0, h}));
    }
    SECTION("a mirrored bone (left-handed axes) still winds outward") {
        line.zAxis = {0.0F, 0.0F, -1.0F};
        line.tail = head + glm::vec3{0.3F, 1.0F, -0.7F};
        buildBoneSolids(std::span(&line, 1), {}, 0.1F, style, solids);
        CHECK(enclosedVolume(solids.surfaces[0], 0, kOctahedronTriangles) > 0.0);
    }
    SECTION("a bone without length is one sphere of the given radius") {
        line.tail = line.head;
        buildBoneSolids(std::span(&line, 1), {}, 0.25F, style, solids);
        REQUIRE(solids.surfaces.size() == 1);
        for (const glm::vec3& p : solids.surfaces[0].positions)
            CHECK(glm::length(p - head) == Approx(0.25F).epsilon(1e-5));
        CHECK(enclosedVolume(solids.surfaces[0], 0, solids.surfaces[0].positions.size() / 3) > 0.0);
        CHECK(solids.edges.empty());
    }
    SECTION("selected bones take the selection colours") {
        std::vector<scene::BoneLine> bones{line, bone({0, 0, 0}, {0, 1, 0}, NodeId{9})};
        const std::vector<NodeId> selected{NodeId{9}};
        buildBoneSolids(bones, selected, 0.1F, style, solids);
        REQUIRE(solids.surfaces.size() == 2);
        CHECK(solids.surfaces[0].baseColor == style.color);
        CHECK(solids.surfaces[1].baseColor == style.selectedColor);
        CHECK(solids.edges.front().color == style.edgeColor);
        CHECK(solids.edges.back().color == style.selectedEdgeColor);
    }
}

TEST_CASE("selected 4D bone lines are drawn apart, in the selection colour", "[scene][bones]") {
    const scene::BoneStyle style;
    std::vector<scene::BoneLine> bones{bone({0, 0, 0}, {0, 1, 0}, NodeId{3}),
                                       bone({1, 0, 0}, {1, 1, 0}, NodeId{4})};
    bones[1].headDistance = bones[1].tailDistance = 5.0F; // far from the hyperplane: faded
    scene::BoneGeometry geometry;
    const std::vector<NodeId> selected{NodeId{4}};
    buildBoneGeometry(bones, true, 0.5F, style, geometry, selected);
    REQUIRE(geometry.lines.size() == 2);
    REQUIRE(geometry.selectedLines.size() == 2);
    CHECK(geometry.lines[0].position == glm::vec3(0, 0, 0));
    CHECK(geometry.selectedLines[0].position == glm::vec3(1, 0, 0));
    // Not faded: the user asked to see it.
    CHECK(geometry.selectedLines[0].color == style.selectedColor);
    CHECK(geometry.selectedJoints.size() == 1);
    CHECK(geometry.joints.size() == 1);
}

TEST_CASE("frame selected fits the selected items only", "[scene][camera]") {
    scene::SceneData scene;
    scene::SurfaceInput surface;
    surface.positions = {{-5, 0, 0}, {5, 0, 0}, {0, 5, 0}};
    surface.normals = {{0, 0, 1}};
    surface.node = NodeId{2};
    scene.surfaces.push_back(surface);
    scene.bones.push_back(bone({1, 1, 0}, {1, 2, 0}, NodeId{5}));
    view::OrbitCamera all;
    view::frameScene(scene, 1.0F, all);

    view::OrbitCamera selected;
    const std::vector<NodeId> nodes{NodeId{5}};
    REQUIRE(view::frameNodes(scene, nodes, 1.0F, selected));
    CHECK(selected.target == glm::vec3(1.0F, 1.5F, 0.0F));
    CHECK(selected.distance < all.distance / 4.0F);

    view::OrbitCamera mesh;
    const std::vector<NodeId> meshNode{NodeId{2}};
    REQUIRE(view::frameNodes(scene, meshNode, 1.0F, mesh));
    CHECK(mesh.target == glm::vec3(0.0F, 2.5F, 0.0F));

    view::OrbitCamera untouched = selected;
    const std::vector<NodeId> absent{NodeId{99}};
    CHECK_FALSE(view::frameNodes(scene, absent, 1.0F, untouched));
    CHECK(untouched.distance == selected.distance);

    SECTION("the viewport falls back to the whole scene, and reset restores the angles") {
        view::Viewport viewport;
        viewport.setScene(scene);
        viewport.setSelection({NodeId{99}});
        viewport.frameSelection(1.0F);
        CHECK(viewport.camera().distance == Approx(all.distance));
        viewport.setSelection({NodeId{5}});
        viewport.frameSelection(1.0F);
        CHECK(viewport.camera().distance == Approx(selected.distance));
        viewport.camera().orbit(40.0F, -30.0F);
        viewport.resetCamera(1.0F);
        CHECK(viewport.camera().yawDegrees == view::OrbitCamera{}.yawDegrees);
        CHECK(viewport.camera().pitchDegrees == view::OrbitCamera{}.pitchDegrees);
        CHECK(viewport.camera().distance == Approx(all.distance));
    }
}

namespace {

constexpr int kSolidsWidth = 200;
constexpr int kSolidsHeight = 150;

// On +Z, looking along −Z at the origin from 4 units; bones and shapes shown, no grid.
class SolidsFixture : public hyperrig::test::OffscreenViewport {
public:
    SolidsFixture() : OffscreenViewport(kSolidsWidth, kSolidsHeight) {
        lookFromFront(4.0F);
        viewport.setDisplay({true, false});
    }
};

// A blue square of half-size 1.5 at z = −0.5, facing the camera.
scene::SurfaceInput backdrop() {
    scene::SurfaceInput surface;
    surface.positions = {{-1.5F, -1.5F, -0.5F}, {1.5F, -1.5F, -0.5F}, {1.5F, 1.5F, -0.5F},
                         {-1.5F, -1.5F, -0.5F}, {1.5F, 1.5F, -0.5F},  {-1.5F, 1.5F, -0.5F}};
    surface.normals = {{0, 0, 1}, {0, 0, 1}};
    surface.baseColor = {0.15F, 0.25F, 0.85F};
    surface.node = NodeId{1};
    return surface;
}

} // namespace

TEST_CASE("3D bones are drawn as solids in front of the meshes, picked by their solids, and "
          "the selection is highlighted",
          "[gl][viewport][bones]") {
    SolidsFixture fixture;
    scene::SceneData scene;
    scene.surfaces.push_back(backdrop());
    // A bone 2 long up the Y axis at z = 0, in front of the backdrop; its waist (y = −0.8)
    // reaches 0.2 to each side of the axis.
    scene.bones.push_back(bone({0, -1, 0}, {0, 1, 0}, NodeId{2}));
    fixture.viewport.setScene(scene);
    const gl::RgbaImage plain = fixture.draw();

    const glm::vec3 onWaist{0.14F, -0.8F, 0.0F}; // inside the waist, well off the bone's axis
    const Pixel waistPixel = fixture.at(plain, onWaist);
    // Grey (the bone colour, lit), not the blue backdrop.
    CHECK(std::abs(waistPixel.r - waistPixel.b) < 40);
    CHECK(waistPixel.r > 80);
    const Pixel backdropPixel = fixture.at(plain, {0.9F, 0.5F, 0.0F});
    CHECK(backdropPixel.b > 2 * backdropPixel.r);
    // The tail's joint sphere (radius 0.1) shows above the tip.
    const Pixel tailSphere = fixture.at(plain, {0.0F, 1.07F, 0.0F});
    CHECK(std::abs(tailSphere.r - tailSphere.b) < 40);

    SECTION("the solid is picked beyond the width of the bone line") {
        const glm::ivec2 p = fixture.window(onWaist);
        const glm::ivec2 axis = fixture.window({0.0F, -0.8F, 0.0F});
        REQUIRE(p.x - axis.x > 6); // farther than a line pick reaches
        CHECK(fixture.viewport.pick(p.x, p.y, kSolidsWidth, kSolidsHeight) == NodeId{2});
        const glm::ivec2 off = fixture.window({0.9F, 0.5F, 0.0F});
        CHECK(fixture.viewport.pick(off.x, off.y, kSolidsWidth, kSolidsHeight) == NodeId{1});
    }
    SECTION("a new theme recolours the bones") {
        view::ViewportTheme theme = fixture.viewport.theme();
        theme.boneSolids.color = {0.9F, 0.1F, 0.1F};
        fixture.viewport.setTheme(theme);
        const Pixel red = fixture.at(fixture.draw(), onWaist);
        CHECK(red.r > red.g + 80);
    }
    SECTION("bones hide behind no mesh") {
        scene.bones[0] = bone({0, -1, -1.0F}, {0, 1, -1.0F}, NodeId{2}); // behind the backdrop
        fixture.viewport.setScene(scene);
        const Pixel hidden = fixture.at(fixture.draw(), {0.1F, -0.8F, -1.0F});
        CHECK(std::abs(hidden.r - hidden.b) < 40);
    }
    SECTION("a selected bone and a selected mesh are drawn in the selection colour") {
        fixture.viewport.setSelection({NodeId{2}});
        const gl::RgbaImage boneSelected = fixture.draw();
        const Pixel selectedWaist = fixture.at(boneSelected, onWaist);
        CHECK(selectedWaist.b > selectedWaist.r + 60);
        CHECK(fixture.at(boneSelected, {0.9F, 0.5F, 0.0F}) == backdropPixel);

        fixture.viewport.setSelection({NodeId{1}});
        const gl::RgbaImage meshSelected = fixture.draw();
        CHECK(fixture.at(meshSelected, onWaist) == waistPixel);
        // Mixed toward the selection colour (0.36, 0.68, 1.0): much greener.
        CHECK(fixture.at(meshSelected, {0.9F, 0.5F, 0.0F}).g > backdropPixel.g + 20);

        fixture.viewport.setSelection({});
        CHECK(fixture.draw().pixels == plain.pixels);
    }
}

TEST_CASE("a selected 4D bone is drawn in the selection colour, however far along W",
          "[gl][viewport][bones]") {
    SolidsFixture fixture;
    scene::SceneData scene;
    scene.is4D = true;
    scene.boneFadeDistance = 0.5F;
    scene.bones.push_back(bone({0, -1, 0}, {0, 1, 0}, NodeId{2}));
    scene.bones[0].headDistance = scene.bones[0].tailDistance = 3.0F;
    fixture.viewport.setScene(scene);
    const Pixel faded = fixture.at(fixture.draw(), {0.0F, 0.3F, 0.0F});
    fixture.viewport.setSelection({NodeId{2}});
    const Pixel selected = fixture.at(fixture.draw(), {0.0F, 0.3F, 0.0F});
    const glm::vec4 colour = fixture.viewport.theme().bones.selectedColor;
    CHECK(std::abs(selected.b - static_cast<int>(std::lround(colour.z * 255))) <= 12);
    CHECK(std::abs(selected.g - static_cast<int>(std::lround(colour.y * 255))) <= 12);
    CHECK(selected.b > faded.b + 80);
}
