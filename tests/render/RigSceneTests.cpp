#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/GroupWeights.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/RigSlice.h"
#include "core/io/g4mf/G4mfReader.h"
#include "render/scene/RigScene.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <iterator>

using namespace hyperrig;
using render::scene::SceneData;

namespace {

struct Evaluated {
    core::io::ReadDocument read;
    core::eval::CompiledRig rig;
    core::eval::EvaluatedRig evaluated;
};

Evaluated evaluateSample(const char* name) {
    auto read =
        core::io::readG4mf(std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets/samples" / name);
    REQUIRE(read.ok());
    auto rig = core::eval::CompiledRig::compile(read->document);
    REQUIRE(rig.ok());
    Evaluated result{std::move(*read), std::move(*rig), {}};
    REQUIRE(core::eval::evaluateRig(result.read.document, result.rig, core::eval::Pose{},
                                    core::base::ThreadPool::shared(), result.evaluated)
                .ok());
    return result;
}

SceneData sliceScene(const Evaluated& sample, const core::eval::View4D& view,
                     const render::scene::MeshAttributes& attributes = {}) {
    core::eval::Slicer slicer;
    core::eval::RigSlice slice;
    core::eval::sliceRig(sample.read.document, sample.rig, sample.evaluated, view, slicer, slice,
                         attributes);
    return render::scene::sceneFromSlice(slice, view);
}

std::size_t boneCount(const core::eval::CompiledRig& rig) {
    std::size_t count = 0;
    for (const auto& skeleton : rig.skeletons())
        count += skeleton.bones.size();
    return count;
}

void checkSurfaces(const SceneData& scene) {
    for (const auto& surface : scene.surfaces) {
        REQUIRE(surface.positions.size() == 3 * surface.normals.size());
        for (std::size_t t = 0; t < surface.normals.size(); ++t) {
            const glm::vec3& a = surface.positions[3 * t];
            const glm::vec3& b = surface.positions[3 * t + 1];
            const glm::vec3& c = surface.positions[3 * t + 2];
            const glm::vec3 area = glm::cross(b - a, c - a);
            REQUIRE(area != glm::vec3(0.0F)); // zero-area triangles are dropped
            REQUIRE(glm::length(surface.normals[t]) == Approx(1.0F).margin(1e-4));
            // Counter-clockwise around the normal (docs/decisions/0009); slivers too thin to
            // judge in float are let through.
            if (glm::length(area) > 1e-8F)
                REQUIRE(glm::dot(area, surface.normals[t]) > 0.0F);
        }
    }
}

} // namespace

TEST_CASE("a 4D rig's scene is its slice, its bones and where W points", "[scene][rig]") {
    const Evaluated creature = evaluateSample("creature-4d.g4tf");

    SECTION("every sliced instance is a surface of its own colour") {
        const SceneData scene = sliceScene(creature, {});
        CHECK(scene.is4D);
        REQUIRE(scene.surfaces.size() == 2); // Body and Clothing
        CHECK_FALSE(scene.surfaces[0].positions.empty());
        CHECK_FALSE(scene.surfaces[1].positions.empty());
        CHECK(scene.surfaces[0].baseColor != scene.surfaces[1].baseColor);
        CHECK_FALSE(scene.surfaces[0].heatmap);
        CHECK(scene.surfaces[0].attributes.empty());
        checkSurfaces(scene);
        CHECK(scene.bones.size() == boneCount(creature.rig));
        CHECK(scene.wAxis == glm::vec3(0.0F)); // unrotated: W points out of the slice
        CHECK(scene.boneFadeDistance > 0.1F);
        CHECK(scene.boneFadeDistance < 1.0F);
    }
    SECTION("surfaces carry their mesh node and bones their bone node, for picking") {
        const SceneData scene = sliceScene(creature, {});
        const auto& document = creature.read.document;
        REQUIRE(scene.surfaces.size() == 2);
        CHECK(scene.surfaces[0].node == document.findNode("Body"));
        CHECK(scene.surfaces[1].node == document.findNode("Clothing"));
        for (const auto& bone : scene.bones) {
            REQUIRE(bone.node);
            CHECK(document.node(bone.node).bone() != nullptr);
        }
        CHECK(std::any_of(scene.bones.begin(), scene.bones.end(), [&](const auto& bone) {
            return bone.node == document.findNode("Spine");
        }));
    }
    SECTION("bones report their distances and crossings") {
        // At w = 0.3 only AnaUpperArm (w 0.17 .. 0.45, along W from (0, 1.39, 0)) pierces the
        // hyperplane; the torso, at w = 0, lies 0.3 away on the negative side.
        core::eval::View4D view;
        view.offset = 0.3;
        const SceneData scene = sliceScene(creature, view);
        std::vector<render::scene::BoneLine> crossing;
        std::copy_if(scene.bones.begin(), scene.bones.end(), std::back_inserter(crossing),
                     [](const auto& bone) { return bone.crosses; });
        REQUIRE(crossing.size() == 1);
        CHECK(crossing[0].headDistance == Approx(-0.13F));
        CHECK(crossing[0].tailDistance == Approx(0.15F));
        CHECK(glm::length(crossing[0].crossing - glm::vec3(0.0F, 1.39F, 0.0F)) < 1e-4F);
        const auto spine = std::find_if(scene.bones.begin(), scene.bones.end(), [](const auto& b) {
            return std::abs(b.head.x) < 1e-6F && std::abs(b.head.y - 1.04F) < 1e-4F;
        });
        REQUIRE(spine != scene.bones.end());
        CHECK(spine->headDistance == Approx(-0.3F));
        CHECK_FALSE(spine->crosses);
    }
    SECTION("a rotated view turns W into visible space") {
        core::eval::View4D view;
        view.xwDegrees = 90.0;
        const SceneData scene = sliceScene(creature, view);
        CHECK(std::abs(scene.wAxis.x) == Approx(1.0F));
        CHECK(scene.wAxis.y == Approx(0.0F).margin(1e-6));
        view.xwDegrees = 30.0;
        CHECK(glm::length(sliceScene(creature, view).wAxis) == Approx(0.5F));
    }
    SECTION("a group's weights become a heat-map on the meshes that have it") {
        render::scene::MeshAttributes attributes;
        for (const auto& instance : creature.rig.instances()) {
            auto weights =
                core::eval::groupWeightPerVertex(creature.read.document, instance.mesh, "Spine");
            REQUIRE(weights.ok());
            attributes.emplace(instance.mesh, std::move(*weights));
        }
        const SceneData scene = sliceScene(creature, {}, attributes);
        for (const auto& surface : scene.surfaces) {
            CHECK(surface.heatmap);
            REQUIRE(surface.attributes.size() == surface.positions.size());
        }
        // The sample's Spine share peaks at 0.59 (it blends with Hips and Chest); the clothing
        // is weighted to its own ClothingSpine group and shows no Spine weight at all.
        const auto& body = scene.surfaces[0].attributes;
        CHECK(*std::max_element(body.begin(), body.end()) > 0.5F);
        CHECK(*std::min_element(body.begin(), body.end()) == 0.0F);
        const auto& clothing = scene.surfaces[1].attributes;
        CHECK(*std::max_element(clothing.begin(), clothing.end()) == 0.0F);
        CHECK(scene.surfaces[0].opacity == 1.0F);
        CHECK(scene.surfaces[1].opacity == 1.0F);
    }
    SECTION("meshes without the heat-map become ghosts around it") {
        const auto body = creature.rig.instances().front().mesh;
        auto weights = core::eval::groupWeightPerVertex(creature.read.document, body, "Spine");
        REQUIRE(weights.ok());
        const SceneData scene = sliceScene(creature, {}, {{body, *weights}});
        CHECK(scene.surfaces[0].heatmap);
        CHECK(scene.surfaces[0].opacity == 1.0F);
        CHECK_FALSE(scene.surfaces[1].heatmap);
        CHECK(scene.surfaces[1].opacity == render::scene::kContextOpacity);
        // Without any heat-map nothing is ghosted.
        CHECK(sliceScene(creature, {}).surfaces[1].opacity == 1.0F);
    }
}

TEST_CASE("a 3D rig's scene is its posed meshes and bones in world space", "[scene][rig]") {
    const Evaluated arm = evaluateSample("arm-3d.g4tf");
    const SceneData plain =
        render::scene::sceneFromRig3D(arm.read.document, arm.rig, arm.evaluated);
    CHECK_FALSE(plain.is4D);
    REQUIRE(plain.surfaces.size() == 1);
    CHECK(plain.surfaces[0].positions.size() >= 3 * 10);
    CHECK_FALSE(plain.surfaces[0].heatmap);
    checkSurfaces(plain);
    REQUIRE(plain.bones.size() == 3);
    CHECK(plain.surfaces[0].node == arm.rig.instances().front().node);
    for (const auto& bone : plain.bones) {
        CHECK(arm.read.document.node(bone.node).bone() != nullptr);
        CHECK_FALSE(bone.crosses);
        CHECK(bone.headDistance == 0.0F);
        CHECK(bone.head != bone.tail); // the arm's bones have lengths
        // The bone's X and Z (its roll, for the octahedron) are its world basis columns; its Y
        // runs from head to tail.
        const core::math::BasisN& basis = arm.evaluated.world.at(bone.node).basis();
        for (int row = 0; row < 3; ++row) {
            CHECK(bone.xAxis[row] == Approx(basis.at(row, 0)).margin(1e-6));
            CHECK(bone.zAxis[row] == Approx(basis.at(row, 2)).margin(1e-6));
        }
        CHECK(glm::dot(bone.xAxis, bone.tail - bone.head) == Approx(0.0).margin(1e-5));
    }
    // Bones chain: each bone's head is where its parent's tail is, in this sample.
    CHECK(glm::length(plain.bones[1].head - plain.bones[0].tail) < 1e-4F);

    render::scene::MeshAttributes attributes;
    const auto mesh = arm.rig.instances().front().mesh;
    auto hand = core::eval::groupWeightPerVertex(arm.read.document, mesh, "Hand");
    REQUIRE(hand.ok());
    attributes.emplace(mesh, *hand);
    const SceneData heat =
        render::scene::sceneFromRig3D(arm.read.document, arm.rig, arm.evaluated, attributes);
    REQUIRE(heat.surfaces[0].heatmap);
    CHECK(heat.surfaces[0].opacity == 1.0F);
    REQUIRE(heat.surfaces[0].attributes.size() == heat.surfaces[0].positions.size());
    // The hand's weight is 1 at the far end of the arm and 0 at the shoulder.
    const auto& values = heat.surfaces[0].attributes;
    CHECK(*std::max_element(values.begin(), values.end()) > 0.9F);
    CHECK(*std::min_element(values.begin(), values.end()) == 0.0F);
}
