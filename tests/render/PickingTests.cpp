#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/io/g4mf/G4mfReader.h"
#include "render/gl/OffscreenFramebuffer.h"
#include "render/headless/EglContext.h"
#include "render/scene/DocumentScene.h"
#include "render/view/Picking.h"
#include "render/view/SceneFraming.h"
#include "render/view/Viewport.h"
#include "tests/render/ViewportTestSupport.h"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <limits>

using namespace hyperrig;
using core::model::NodeId;

namespace {

constexpr int kPickingWidth = 640;
constexpr int kPickingHeight = 360;

// Where a point of the drawn space lands in window pixels (origin top-left, y down), computed
// from the camera's matrices alone: clip -> NDC -> pixels, the y axis turned over.
glm::vec2 windowPosition(const render::view::OrbitCamera& camera, const glm::vec3& point) {
    const float aspect = static_cast<float>(kPickingWidth) / static_cast<float>(kPickingHeight);
    const glm::vec4 clip =
        camera.projectionMatrix(aspect) * camera.viewMatrix() * glm::vec4(point, 1.0F);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {(ndc.x * 0.5F + 0.5F) * kPickingWidth, (0.5F - ndc.y * 0.5F) * kPickingHeight};
}

float distanceToSegment(const glm::vec2& p, const glm::vec2& a, const glm::vec2& b) {
    const glm::vec2 ab = b - a;
    const float length2 = glm::dot(ab, ab);
    const float t = length2 > 0.0F ? std::clamp(glm::dot(p - a, ab) / length2, 0.0F, 1.0F) : 0.0F;
    return glm::length(p - (a + t * ab));
}

// The pixel distance from `p` to the nearest drawn bone other than `except`.
float distanceToOtherBones(const render::view::OrbitCamera& camera,
                           const render::scene::SceneData& scene, const glm::vec2& p,
                           NodeId except = {}) {
    float nearest = std::numeric_limits<float>::max();
    for (const auto& bone : scene.bones)
        if (bone.node != except)
            nearest = std::min(nearest, distanceToSegment(p, windowPosition(camera, bone.head),
                                                          windowPosition(camera, bone.tail)));
    return nearest;
}

struct Creature {
    core::io::ReadDocument read;
    render::scene::SceneData scene;
};

Creature creatureScene() {
    auto read = core::io::readG4mf(std::filesystem::path(HYPERRIG_SOURCE_DIR) /
                                   "assets/samples/creature-4d.g4tf");
    REQUIRE(read.ok());
    auto rig = core::eval::CompiledRig::compile(read->document);
    REQUIRE(rig.ok());
    auto scene = render::scene::sceneFromDocument(read->document, *rig, core::eval::Pose{});
    REQUIRE(scene.ok());
    return {std::move(*read), std::move(*scene)};
}

// The creature's scene framed as hyperrig-cli render frames it (the default 3/4 view around the
// whole scene), drawn once.
class PickFixture : public hyperrig::test::OffscreenViewport {
public:
    explicit PickFixture(render::scene::SceneData scene)
        : OffscreenViewport(kPickingWidth, kPickingHeight) {
        viewport.setScene(std::move(scene));
        viewport.frameScene(static_cast<float>(kPickingWidth) / static_cast<float>(kPickingHeight));
        draw();
    }

    std::optional<NodeId> pick(const glm::vec2& window) {
        const auto picked =
            viewport.pick(static_cast<int>(std::floor(window.x)),
                          static_cast<int>(std::floor(window.y)), kPickingWidth, kPickingHeight);
        REQUIRE(glGetError() == GL_NO_ERROR);
        return picked;
    }
};

// The Spine bone's projected midpoint moved `pixels` across the projected bone: on the torso,
// off every bone line.
glm::vec2 besideSpine(const Creature& creature, const render::view::OrbitCamera& camera,
                      float pixels) {
    const NodeId spine = creature.read.document.findNode("Spine");
    REQUIRE(spine);
    const auto bone = std::find_if(creature.scene.bones.begin(), creature.scene.bones.end(),
                                   [&](const auto& b) { return b.node == spine; });
    REQUIRE(bone != creature.scene.bones.end());
    const glm::vec2 head = windowPosition(camera, bone->head);
    const glm::vec2 tail = windowPosition(camera, bone->tail);
    const glm::vec2 along = glm::normalize(tail - head);
    return 0.5F * (head + tail) + pixels * glm::vec2(-along.y, along.x);
}

} // namespace

TEST_CASE("picking keeps the id nearest to the pointer and flips rows", "[picking]") {
    using render::view::nearestNonZero;
    SECTION("all zero is nothing") {
        const std::array<std::uint32_t, 9> ids{};
        CHECK(nearestNonZero(ids, 3, 3, 1, 1) == 0);
    }
    SECTION("the centre wins over its neighbours") {
        const std::array<std::uint32_t, 9> ids{1, 1, 1, 1, 7, 1, 1, 1, 1};
        CHECK(nearestNonZero(ids, 3, 3, 1, 1) == 7);
    }
    SECTION("off the centre, the nearest non-zero id") {
        // 5 wide, 2 rows; centre (0, 0): 4 is two pixels away, 9 one diagonal step (distance² 2).
        const std::array<std::uint32_t, 10> ids{0, 0, 4, 0, 0, 0, 9, 0, 0, 3};
        CHECK(nearestNonZero(ids, 5, 2, 0, 0) == 9);
        CHECK(nearestNonZero(ids, 5, 2, 4, 1) == 3);
    }
    SECTION("window row 0 is the top, GL row 0 the bottom") {
        CHECK(render::view::glRowOfWindowRow(0, 720) == 719);
        CHECK(render::view::glRowOfWindowRow(719, 720) == 0);
    }
}

TEST_CASE("picking the 4D creature finds bones, meshes and the background", "[gl][picking]") {
    Creature creature = creatureScene();
    const core::model::Document& document = creature.read.document;
    const NodeId body = document.findNode("Body");
    const NodeId clothing = document.findNode("Clothing");
    REQUIRE(body);
    REQUIRE(clothing);
    for (const auto& bone : creature.scene.bones)
        REQUIRE(bone.node);

    SECTION("a bone's midpoint picks that bone") {
        PickFixture fixture(creature.scene);
        const render::view::OrbitCamera& camera = fixture.viewport.camera();
        int checked = 0;
        for (const auto& bone : creature.scene.bones) {
            const glm::vec2 middle = windowPosition(camera, 0.5F * (bone.head + bone.tail));
            // Where bones overlap on screen the one drawn last wins: check the others.
            if (distanceToOtherBones(camera, creature.scene, middle, bone.node) < 12.0F)
                continue;
            INFO(document.node(bone.node).displayName() << " at " << middle.x << ", " << middle.y);
            CHECK(fixture.pick(middle) == bone.node);
            // A pixel or two off the line still hits it.
            CHECK(fixture.pick(middle + glm::vec2(2.0F, 2.0F)) == bone.node);
            ++checked;
        }
        CHECK(checked >= 8);

        // Hidden bones are not hit: the click goes to the mesh drawn there.
        const auto spine =
            std::find_if(creature.scene.bones.begin(), creature.scene.bones.end(),
                         [&](const auto& b) { return b.node == document.findNode("Spine"); });
        REQUIRE(spine != creature.scene.bones.end());
        const glm::vec2 middle = windowPosition(camera, 0.5F * (spine->head + spine->tail));
        CHECK(fixture.pick(middle) == spine->node);
        fixture.viewport.setDisplay({false, true});
        const auto underneath = fixture.pick(middle);
        REQUIRE(underneath.has_value());
        CHECK(*underneath != spine->node);
        CHECK_FALSE(document.node(*underneath).isBone());
    }
    SECTION("the middle of the torso picks the vest over it, or the body without the vest") {
        {
            PickFixture fixture(creature.scene);
            const glm::vec2 torso = besideSpine(creature, fixture.viewport.camera(), 14.0F);
            REQUIRE(distanceToOtherBones(fixture.viewport.camera(), creature.scene, torso) > 10.0F);
            CHECK(fixture.pick(torso) == clothing);
        }
        render::scene::SceneData withoutVest = creature.scene;
        std::erase_if(withoutVest.surfaces, [&](const auto& s) { return s.node == clothing; });
        REQUIRE(withoutVest.surfaces.size() + 1 == creature.scene.surfaces.size());
        PickFixture fixture(withoutVest);
        const glm::vec2 torso = besideSpine(creature, fixture.viewport.camera(), 14.0F);
        CHECK(fixture.pick(torso) == body);
    }
    SECTION("the background picks nothing, and picking leaves the host's target bound") {
        PickFixture fixture(creature.scene);
        glBindFramebuffer(GL_FRAMEBUFFER, fixture.targetName());
        glViewport(0, 0, 17, 19);
        CHECK_FALSE(fixture.pick({5.0F, 5.0F}).has_value());
        CHECK_FALSE(fixture.pick({kPickingWidth - 6.0F, 40.0F}).has_value());
        CHECK_FALSE(fixture.viewport.pick(-1, 10, kPickingWidth, kPickingHeight).has_value());
        GLint bound = 0;
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
        CHECK(static_cast<GLuint>(bound) == fixture.targetName());
        std::array<GLint, 4> viewport{};
        glGetIntegerv(GL_VIEWPORT, viewport.data());
        CHECK(viewport == std::array<GLint, 4>{0, 0, 17, 19});
    }
}
