#include "render/scene/AxesGizmo.h"
#include "render/scene/BoneLines.h"
#include "render/scene/GroundGrid.h"
#include "render/scene/HeatRamp.h"
#include "render/scene/SceneData.h"
#include "render/view/SceneFraming.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <limits>
#include <utility>

using namespace hyperrig::render::scene;

namespace {

bool near(const glm::vec3& a, const glm::vec3& b, float tolerance = 1e-5F) {
    return glm::length(a - b) <= tolerance;
}

} // namespace

TEST_CASE("the heat ramp runs blue, green, yellow, red", "[scene][heatmap]") {
    const glm::vec3 zero = heatColor(0.0F);
    const glm::vec3 third = heatColor(1.0F / 3.0F);
    const glm::vec3 twoThirds = heatColor(2.0F / 3.0F);
    const glm::vec3 one = heatColor(1.0F);
    SECTION("the stops have the colours painters expect") {
        CHECK(zero.z > 0.8F);
        CHECK(zero.x < 0.3F);
        CHECK(third.y > 0.7F);
        CHECK(third.x < 0.3F);
        CHECK(twoThirds.x > 0.9F);
        CHECK(twoThirds.y > 0.8F);
        CHECK(one.x > 0.9F);
        CHECK(one.y < 0.2F);
        CHECK(one.z < 0.2F);
    }
    SECTION("values between stops blend linearly") {
        CHECK(near(heatColor(1.0F / 6.0F), (zero + third) / 2.0F));
        CHECK(near(heatColor(5.0F / 6.0F), (twoThirds + one) / 2.0F));
    }
    SECTION("values outside 0..1 clamp, NaN reads as unweighted") {
        CHECK(heatColor(-2.0F) == zero);
        CHECK(heatColor(7.0F) == one);
        CHECK(heatColor(std::nanf("")) == zero);
    }
    SECTION("the GLSL function is generated from the same stops") {
        const std::string glsl = heatRampGlsl();
        CHECK_THAT(glsl, Catch::StartsWith("vec3 heatRamp(float value) {"));
        char red[64];
        std::snprintf(red, sizeof red, "%.9g", static_cast<double>(one.x));
        CHECK_THAT(glsl, Catch::Contains(red));
        CHECK_THAT(glsl, Catch::Contains("0.333333343")); // the stop at 1/3, a float literal
    }
}

TEST_CASE("bones fade with their distance to the hyperplane", "[scene][bones]") {
    const BoneStyle style;
    SECTION("alpha follows max(minAlpha, 1 - |d| / fade)") {
        CHECK(boneAlpha(0.0F, 0.5F, 0.15F) == 1.0F);
        CHECK(boneAlpha(0.25F, 0.5F, 0.15F) == Approx(0.5F));
        CHECK(boneAlpha(-0.25F, 0.5F, 0.15F) == Approx(0.5F));
        CHECK(boneAlpha(3.0F, 0.5F, 0.15F) == Approx(0.15F));
        CHECK(boneAlpha(3.0F, 0.0F, 0.15F) == 1.0F);
    }
    BoneLine inPlane{{0, 0, 0}, {0, 1, 0}, 0.0F, 0.0F, false, {}, {}};
    BoneLine leaving{{0, 1, 0}, {1, 1, 0}, 0.1F, 0.4F, false, {}, {}};
    BoneLine crossing{{0, 1, 0}, {0, 2, 0}, -0.2F, 0.2F, true, {0, 1.5F, 0}, {}};
    BoneLine point{{5, 5, 5}, {5, 5, 5}, 0.0F, 0.0F, false, {}, {}};
    const std::vector<BoneLine> bones{inPlane, leaving, crossing, point};
    BoneGeometry geometry;

    SECTION("4D: each end fades on its own, crossing bones stand out with a dot") {
        buildBoneGeometry(bones, true, 0.5F, style, geometry);
        REQUIRE(geometry.lines.size() == 6); // the zero-length bone has no line
        CHECK(geometry.lines[0].color.w == 1.0F);
        CHECK(geometry.lines[2].color.w == Approx(0.8F));
        CHECK(geometry.lines[3].color.w == Approx(0.2F));
        CHECK(glm::vec3(geometry.lines[3].color) == glm::vec3(style.color));
        CHECK(geometry.lines[4].color == style.crossingColor);
        CHECK(geometry.lines[5].color == style.crossingColor);
        REQUIRE(geometry.crossings.size() == 1);
        CHECK(geometry.crossings[0].position == glm::vec3(0, 1.5F, 0));
        CHECK(geometry.crossings[0].color == style.crossingColor);
        REQUIRE(geometry.joints.size() == 4);
        CHECK(geometry.joints[3].position == glm::vec3(5, 5, 5));
    }
    SECTION("3D: every bone opaque in the bone colour, nothing crosses") {
        buildBoneGeometry(bones, false, 0.5F, style, geometry);
        REQUIRE(geometry.lines.size() == 6);
        for (const LineVertex& vertex : geometry.lines)
            CHECK(vertex.color == style.color);
        CHECK(geometry.crossings.empty());
    }
    SECTION("outlines follow the bones and fade with them") {
        buildBoneGeometry(bones, true, 0.5F, style, geometry);
        std::vector<LineVertex> outline;
        outlineOf(geometry.lines, style.outlineColor, outline);
        REQUIRE(outline.size() == geometry.lines.size());
        CHECK(outline[3].position == geometry.lines[3].position);
        CHECK(glm::vec3(outline[3].color) == glm::vec3(style.outlineColor));
        CHECK(outline[3].color.w == Approx(style.outlineColor.w * 0.2F));
    }
    SECTION("building again replaces the previous geometry") {
        buildBoneGeometry(bones, true, 0.5F, style, geometry);
        buildBoneGeometry(std::vector<BoneLine>{inPlane}, true, 0.5F, style, geometry);
        CHECK(geometry.lines.size() == 2);
        CHECK(geometry.joints.size() == 1);
        CHECK(geometry.crossings.empty());
    }
}

TEST_CASE("the ground grid covers the framed bounds on y = 0", "[scene][grid]") {
    SECTION("a figure 1.8 tall gets a grid wider than it is tall, on round numbers") {
        const GridLayout layout = groundGridLayout({-0.7F, 0.0F, -0.2F}, {0.7F, 1.8F, 0.3F});
        CHECK(layout.spacing == Approx(0.2F));
        CHECK(layout.centreX == 0.0F);
        CHECK(layout.centreZ == 0.0F);
        CHECK(layout.halfExtent() >= 0.6F * 1.8F);
        CHECK(layout.halfLines <= 20);
    }
    SECTION("off-centre bounds keep their footprint inside the grid") {
        const glm::vec3 low{103.0F, -1.0F, -47.0F};
        const glm::vec3 high{131.0F, 1.0F, -12.0F};
        const GridLayout layout = groundGridLayout(low, high);
        const float spacing = layout.spacing;
        CHECK(std::fmod(std::abs(layout.centreX), spacing) == Approx(0.0F).margin(1e-3));
        CHECK(layout.centreX - layout.halfExtent() <= low.x);
        CHECK(layout.centreX + layout.halfExtent() >= high.x);
        CHECK(layout.centreZ - layout.halfExtent() <= low.z);
        CHECK(layout.centreZ + layout.halfExtent() >= high.z);
    }
    SECTION("empty, tiny, huge or broken bounds still give a usable grid") {
        const float infinity = std::numeric_limits<float>::infinity();
        for (const auto& [low, high] : std::vector<std::pair<glm::vec3, glm::vec3>>{
                 {glm::vec3(0.0F), glm::vec3(0.0F)},
                 {glm::vec3(0.0F), glm::vec3(1e-30F)},
                 {glm::vec3(-3e38F), glm::vec3(3e38F)},
                 {glm::vec3(0.0F), glm::vec3(infinity)},
                 {glm::vec3(std::nanf("")), glm::vec3(1.0F)}}) {
            const GridLayout layout = groundGridLayout(low, high);
            CHECK(std::isfinite(layout.spacing));
            CHECK(layout.spacing > 0.0F);
            CHECK(std::isfinite(layout.centreX));
            CHECK(layout.halfLines >= 1);
            CHECK(layout.halfLines <= 200);
        }
    }
    SECTION("lines lie on y = 0; the origin lines take the axis colours") {
        const GridStyle style;
        GridLayout layout;
        layout.spacing = 1.0F;
        layout.halfLines = 3;
        std::vector<LineVertex> lines;
        groundGridLines(layout, style, lines);
        CHECK(lines.size() == 4 * 7);
        int xAxis = 0;
        int zAxis = 0;
        int major = 0;
        for (std::size_t i = 0; i < lines.size(); i += 2) {
            CHECK(lines[i].position.y == 0.0F);
            CHECK(lines[i + 1].position.y == 0.0F);
            const glm::vec3 direction = lines[i + 1].position - lines[i].position;
            CHECK(glm::length(direction) == Approx(6.0F));
            if (lines[i].color == style.xAxis) {
                ++xAxis;
                CHECK(direction.x != 0.0F); // the X axis runs along X, at z = 0
                CHECK(lines[i].position.z == 0.0F);
            }
            if (lines[i].color == style.zAxis) {
                ++zAxis;
                CHECK(direction.z != 0.0F);
                CHECK(lines[i].position.x == 0.0F);
            }
            major += lines[i].color == style.majorLine;
        }
        CHECK(xAxis == 1);
        CHECK(zAxis == 1);
        CHECK(major == 0); // +-5 is outside a grid of three lines each side
    }
}

TEST_CASE("the axes gizmo turns with the camera and shows W", "[scene][gizmo]") {
    const GizmoStyle style;
    std::vector<GizmoAxis> axes;
    auto find = [&](const glm::vec4& color) -> const GizmoAxis* {
        for (const GizmoAxis& axis : axes)
            if (axis.tip.color == color)
                return &axis;
        return nullptr;
    };
    SECTION("seen from the front, X points right, Y up and Z at the viewer") {
        buildAxesGizmo(glm::mat3(1.0F), false, {}, style, axes);
        REQUIRE(axes.size() == 3);
        REQUIRE(find(style.x));
        REQUIRE(find(style.y));
        REQUIRE(find(style.z));
        CHECK(find(style.x)->tip.position.x > 0.5F);
        CHECK(find(style.y)->tip.position.y > 0.5F);
        CHECK_FALSE(find(style.z)->hasLine);     // straight at the viewer: a dot
        CHECK(axes.back().tip.color == style.z); // nearest, drawn last
        CHECK(find(style.w) == nullptr);         // 3D rigs have no W
    }
    SECTION("a camera turned about Y turns the axes the other way on screen") {
        const glm::mat3 turned(glm::rotate(glm::mat4(1.0F), glm::radians(90.0F), {0, 1, 0}));
        buildAxesGizmo(turned, false, {}, style, axes);
        CHECK(find(style.z)->tip.position.x > 0.5F);
        CHECK_FALSE(find(style.x)->hasLine);
        CHECK(axes.front().tip.color == style.x); // pointing away: drawn first
    }
    SECTION("4D: W shows its xyz projection, a hub when it points out of the slice") {
        buildAxesGizmo(glm::mat3(1.0F), true, {0.0F, 0.0F, 0.0F}, style, axes);
        REQUIRE(find(style.w));
        CHECK_FALSE(find(style.w)->hasLine);
        CHECK(find(style.w)->hub);
        CHECK(find(style.w)->tip.position == glm::vec3(0.0F));
        CHECK(axes.front().tip.color == style.w); // under everything
        CHECK_FALSE(find(style.z)->hub);
        buildAxesGizmo(glm::mat3(1.0F), true, {0.5F, 0.0F, 0.0F}, style, axes);
        REQUIRE(find(style.w));
        CHECK(find(style.w)->hasLine);
        CHECK_FALSE(find(style.w)->hub);
        CHECK(find(style.w)->tip.position.x ==
              Approx(find(style.x)->tip.position.x / 2.0F)); // half of W is in view
    }
    SECTION("the gizmo sits in the bottom-left corner, sized to the viewport") {
        const GizmoRect rect = gizmoRect(1280, 720, style);
        CHECK(rect.x == style.margin);
        CHECK(rect.y == style.margin);
        CHECK(rect.size == 115); // 16% of 720
        CHECK(gizmoRect(100, 100, style).size == 48);
        CHECK(gizmoRect(8000, 8000, style).size == style.maxSize);
        const GizmoRect tiny = gizmoRect(20, 16, style);
        CHECK(tiny.size <= 16);
        CHECK(tiny.y + tiny.size <= 16);
    }
}

TEST_CASE("framing a scene fits every surface corner and bone end", "[scene][camera]") {
    SceneData scene;
    SurfaceInput surface;
    surface.positions = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}};
    surface.normals = {{0, 0, 1}};
    scene.surfaces.push_back(surface);
    scene.bones.push_back({{-1, 0.5F, 0}, {0, 0.5F, 3}, 0, 0, false, {}, {}});
    hyperrig::render::view::OrbitCamera camera;
    hyperrig::render::view::frameScene(scene, 1.5F, camera);
    CHECK(camera.target == glm::vec3(0.0F, 1.0F, 1.5F));
    const glm::mat4 viewProjection = camera.projectionMatrix(1.5F) * camera.viewMatrix();
    float largest = 0.0F;
    for (const glm::vec3& point : {glm::vec3(0, 0, 0), glm::vec3(1, 0, 0), glm::vec3(0, 2, 0),
                                   glm::vec3(-1, 0.5F, 0), glm::vec3(0, 0.5F, 3)}) {
        const glm::vec4 clip = viewProjection * glm::vec4(point, 1.0F);
        largest = std::max({largest, std::abs(clip.x / clip.w), std::abs(clip.y / clip.w)});
    }
    CHECK(largest == Approx(0.84F).margin(0.01));
}

TEST_CASE("scene bounds enclose surfaces and bones", "[scene]") {
    SceneData scene;
    CHECK_FALSE(sceneBounds(scene).has_value());
    SurfaceInput surface;
    surface.positions = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}};
    surface.normals = {{0, 0, 1}};
    scene.surfaces.push_back(surface);
    scene.bones.push_back({{-1, 0.5F, 0}, {0, 0.5F, 3}, 0, 0, false, {}, {}});
    const auto bounds = sceneBounds(scene);
    REQUIRE(bounds.has_value());
    CHECK(bounds->min == glm::vec3(-1, 0, 0));
    CHECK(bounds->max == glm::vec3(1, 2, 3));
}
