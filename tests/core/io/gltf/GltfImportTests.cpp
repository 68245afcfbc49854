#include "core/io/gltf/GltfImport.h"
#include "core/model/DocumentSummary.h"
#include "tests/core/io/gltf/GltfTestSupport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

using hyperrig::core::io::GltfImport;
using hyperrig::core::io::readGltf;
using hyperrig::core::model::Document;
using hyperrig::core::model::NodeId;
using hyperrig::test::gltfFixturePath;

namespace {

GltfImport importGltfFixture(const std::string& name) {
    auto imported = readGltf(gltfFixturePath(name));
    INFO(name);
    REQUIRE(imported);
    return std::move(*imported);
}

NodeId gltfOnlySkeleton(const Document& document) {
    NodeId found;
    for (NodeId id : document.nodes.order())
        if (document.node(id).isSkeleton()) {
            REQUIRE_FALSE(found);
            found = id;
        }
    REQUIRE(found);
    return found;
}

// Influences in the glTF file itself, counted with tinygltf: non-zero weights of all sets.
std::size_t gltfReferenceInfluences(const std::string& name) {
    const auto reference = hyperrig::test::gltfReferenceModel(gltfFixturePath(name));
    std::size_t count = 0;
    for (const auto& mesh : reference.meshes)
        for (const auto& primitive : mesh.primitives)
            for (int set = 0; primitive.attributes.count("WEIGHTS_" + std::to_string(set)); ++set)
                for (double w : hyperrig::test::gltfReferenceValues(
                         reference, primitive.attributes.at("WEIGHTS_" + std::to_string(set))))
                    count += w > 0 ? 1 : 0;
    return count;
}

} // namespace

TEST_CASE("glTF import of the Khronos samples gives the expected counts", "[gltf]") {
    SECTION("SimpleSkin: 2 joints, 10 vertices, 8 triangles, 16 non-zero weights") {
        const auto imported = importGltfFixture("khronos/SimpleSkin.gltf");
        const auto summary = hyperrig::core::model::summarize(imported.document);
        CHECK(summary.dimension == 3);
        CHECK(summary.nodes == 5); // root, 3 glTF nodes, a new skeleton node
        CHECK(summary.skeletons == 1);
        CHECK(summary.bones == 2);
        CHECK(summary.vertices == 10);
        CHECK(summary.simplexes == 8);
        CHECK(summary.influences == 16);
        CHECK(summary.influences == gltfReferenceInfluences("khronos/SimpleSkin.gltf"));
        const auto& skeleton =
            *imported.document.node(gltfOnlySkeleton(imported.document)).skeleton();
        CHECK(skeleton.joints.size() == 2);
        CHECK(skeleton.bindPoses.empty()); // node pose = IBM pose
    }
    SECTION("RiggedSimple: the non-joint parent of the root joint becomes the skeleton") {
        const auto imported = importGltfFixture("khronos/RiggedSimple.gltf");
        const auto summary = hyperrig::core::model::summarize(imported.document);
        CHECK(summary.nodes == 6); // root + 5 glTF nodes
        CHECK(summary.bones == 2);
        CHECK(summary.vertices == 96);
        CHECK(summary.simplexes == 188);
        CHECK(summary.influences == 128);
        CHECK(summary.influences == gltfReferenceInfluences("khronos/RiggedSimple.gltf"));
        const auto& document = imported.document;
        const NodeId skeleton = gltfOnlySkeleton(document);
        CHECK(document.node(skeleton).name == std::nullopt); // glTF node 4, unnamed
        CHECK(document.node(skeleton).skeleton()->bindPoses.empty());
        // The skinned mesh node sits directly under the skeleton, untransformed.
        std::size_t meshes = 0;
        for (NodeId child : document.node(skeleton).children)
            if (document.node(child).meshInstance()) {
                ++meshes;
                CHECK(document.node(child).transform.isIdentityByConstruction());
            }
        CHECK(meshes == 1);
    }
}

TEST_CASE("glTF import reads every joints/weights layout", "[gltf]") {
    SECTION("8 influences in two sets, u8 joints, a plain node between joints") {
        const auto imported = importGltfFixture("chain-8-influences.gltf");
        const auto& document = imported.document;
        const auto summary = hyperrig::core::model::summarize(document);
        CHECK(summary.bones == 9); // 8 joints + Twist
        CHECK(summary.influences == 12 * 8);
        CHECK(summary.influences == gltfReferenceInfluences("chain-8-influences.gltf"));
        const NodeId skeleton = gltfOnlySkeleton(document);
        CHECK(document.node(skeleton).skeleton()->joints.size() == 8);
        const NodeId twist = document.findNode("Twist");
        REQUIRE(twist);
        CHECK(document.node(twist).isBone());
        CHECK(document.skeletonOf(document.findNode("J7")) == skeleton);
        for (const auto& mesh : document.meshes.order()) {
            const auto& skin = *document.mesh(mesh).skin;
            for (std::size_t v = 0; v + 1 < skin.offsets.size(); ++v) {
                double sum = 0.0;
                for (auto i = skin.offsets[v]; i < skin.offsets[v + 1]; ++i) {
                    sum += skin.weights[i];
                    if (i > skin.offsets[v])
                        CHECK(skin.weights[i] <= skin.weights[i - 1]); // sorted
                }
                CHECK(sum == Approx(1.0).margin(1e-6));
            }
        }
        CHECK(imported.warnings.empty());
    }
    SECTION("u8 joints, unorm16 weights, sparse POSITION, a bind pose unlike the node pose") {
        const auto imported = importGltfFixture("u8-unorm16-sparse.gltf");
        const auto& document = imported.document;
        const auto& mesh = document.mesh(document.meshes.order().front());
        // Vertex 3 (row 1): weights 30000 and 35535 of 65535, sorted largest first.
        const auto& skin = *mesh.skin;
        REQUIRE(skin.offsets[4] - skin.offsets[3] == 2);
        CHECK(skin.weights[skin.offsets[3]] == Approx(35535.0 / 65535.0));
        CHECK(skin.weights[skin.offsets[3] + 1] == Approx(30000.0 / 65535.0));
        // The sparse substitutions hold the y coordinates (row r at y = 0.5 r).
        CHECK(mesh.vertices.values[3 * 9 + 1] == Approx(2.0));
        // Mid is straight in the bind pose but turned in the node pose: Custom node pose.
        const auto& skeleton = *document.node(gltfOnlySkeleton(document)).skeleton();
        REQUIRE(skeleton.bindPoses.size() == 1);
        CHECK(skeleton.bindPoses[0].type == hyperrig::core::model::PoseType::Custom);
        const auto& tip = skeleton.bindPoses[0].joints[2];
        // Node pose of Tip: Mid at (0,1,0) turned 0.4 rad about +Z, Tip 1 up along Mid's +Y.
        CHECK(tip.position[0] == Approx(-std::sin(0.4)));
        CHECK(tip.position[1] == Approx(1.0 + std::cos(0.4)));
        bool warned = false;
        for (const auto& warning : imported.warnings)
            warned = warned || warning.rule == "gltf.skin.node-pose";
        CHECK(warned);
    }
}

TEST_CASE("glTF import reads the bind pose extensions in all their shapes", "[gltf]") {
    using hyperrig::core::model::PoseType;
    auto matrixColumn = [](const nlohmann::json& matrix, int column, int row) {
        return matrix[static_cast<std::size_t>(column * 4 + row)].get<double>();
    };
    SECTION("skin-level poses, document-level KHR_avatar, a reference-pose animation") {
        const auto imported = importGltfFixture("bindpose-current.gltf");
        const auto& skeleton =
            *imported.document.node(gltfOnlySkeleton(imported.document)).skeleton();
        std::map<PoseType, const hyperrig::core::model::BindPose*> poses;
        for (const auto& pose : skeleton.bindPoses)
            poses[pose.type] = &pose;
        REQUIRE(poses.size() == 4);
        REQUIRE(poses.count(PoseType::TPose));
        REQUIRE(poses.count(PoseType::IPose));
        REQUIRE(poses.count(PoseType::APose));
        REQUIRE(poses.count(PoseType::Custom));
        // The skeleton node is the scene (world = identity): entries are the file's matrices.
        std::ifstream stream(gltfFixturePath("bindpose-current.gltf"));
        const auto json = nlohmann::json::parse(stream);
        const auto& iPose =
            json["skins"][0]["extensions"]["KHR_character_skeleton_bindpose"]["poses"][1];
        for (std::size_t k = 0; k < 3; ++k) {
            const auto& matrix = iPose["bindPoses"][k]["matrix"];
            const auto& entry = poses[PoseType::IPose]->joints[k];
            for (int c = 0; c < 3; ++c) {
                CHECK(entry.position[std::size_t(c)] == Approx(matrixColumn(matrix, 3, c)));
                for (int r = 0; r < 3; ++r)
                    CHECK(entry.basis[std::size_t(c * 3 + r)] ==
                          Approx(matrixColumn(matrix, c, r)).margin(1e-12));
            }
        }
        const auto& aPose = json["extensions"]["KHR_avatar_skeleton_bindpose"];
        CHECK(poses[PoseType::APose]->joints[2].position[2] ==
              Approx(matrixColumn(aPose["jointBindPoses"][2]["matrix"], 3, 2)));
        // Reference pose: Spine turned 90° about +Y, so Head (0.5 up the spine) stays at
        // (0, 2, 0) but its X axis points along -Z.
        const auto& head = poses[PoseType::Custom]->joints[2];
        CHECK(head.position[1] == Approx(2.0));
        CHECK(head.basis[2] == Approx(-1.0));
    }
    SECTION("the 2025-09 skin-level shape {poseType, bindPoses}") {
        const auto imported = importGltfFixture("bindpose-legacy.gltf");
        const auto& skeleton =
            *imported.document.node(gltfOnlySkeleton(imported.document)).skeleton();
        REQUIRE(skeleton.bindPoses.size() == 1);
        CHECK(skeleton.bindPoses[0].type == PoseType::APose);
        CHECK(skeleton.bindPoses[0].joints[2].position[0] == Approx(0.25));
    }
}
