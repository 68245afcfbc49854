#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/gltf/GltfImport.h"
#include "tests/core/io/gltf/GltfTestSupport.h"

#include <catch2/catch.hpp>
#include <random>

using namespace hyperrig::core;
using hyperrig::test::gltfFixturePath;

namespace {

math::AffineN gltfSkinningAffine(const glm::dmat4& m) {
    auto basis = math::BasisN::fromColumnMajor(3, std::vector<double>{m[0][0], m[0][1], m[0][2],
                                                                      m[1][0], m[1][1], m[1][2],
                                                                      m[2][0], m[2][1], m[2][2]});
    return math::AffineN(*basis, math::VectorN{m[3][0], m[3][1], m[3][2]});
}

// World positions of every skinned vertex of the imported document under `pose`.
std::vector<glm::dvec3> gltfSkinningOurs(const model::Document& document, const eval::Pose& pose) {
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig);
    base::ThreadPool pool(1);
    eval::EvaluatedRig evaluated;
    REQUIRE(eval::evaluateRig(document, *rig, pose, pool, evaluated));
    std::vector<glm::dvec3> positions;
    for (const auto& instance : evaluated.instances) {
        const auto& compiled = rig->mesh(instance.mesh);
        const float* p = instance.positions(compiled);
        const std::size_t count = document.mesh(instance.mesh).vertexCount();
        for (std::size_t v = 0; v < count; ++v) {
            const auto world = instance.world.applyPoint(
                {double(p[3 * v]), double(p[3 * v + 1]), double(p[3 * v + 2])});
            positions.emplace_back(world[0], world[1], world[2]);
        }
    }
    return positions;
}

// `meshNodes`: the glTF nodes of the skinned meshes, in the order the document shows them.
void checkSkinningMatches(const std::string& name, const std::vector<int>& meshNodes) {
    INFO(name);
    auto imported = io::readGltf(gltfFixturePath(name));
    REQUIRE(imported);
    const auto& document = imported->document;
    const auto reference = hyperrig::test::gltfReferenceModel(gltfFixturePath(name));
    // Document order: the root, then one node per glTF node in file order.
    const auto& order = document.nodes.order();
    std::mt19937 random(1234);
    std::uniform_real_distribution<double> angle(-1.2, 1.2);
    std::uniform_real_distribution<double> axis(-1.0, 1.0);
    for (int trial = 0; trial < 12; ++trial) {
        std::map<int, glm::dquat> turns;
        eval::Pose pose;
        for (std::size_t i = 0; i < reference.nodes.size(); ++i) {
            const model::NodeId id = order[i + 1];
            if (!document.node(id).isBone())
                continue;
            const glm::dvec3 direction = glm::normalize(
                glm::dvec3(axis(random), axis(random), axis(random)) + glm::dvec3(1e-3));
            const glm::dquat turn = glm::angleAxis(trial == 0 ? 0.0 : angle(random), direction);
            turns[int(i)] = turn;
            const glm::dmat4 local =
                hyperrig::test::gltfReferenceLocal(reference.nodes[i]) * glm::mat4_cast(turn);
            pose.local.insert_or_assign(id, gltfSkinningAffine(local));
        }
        std::vector<glm::dvec3> expected;
        for (int meshNode : meshNodes) {
            const auto skinned = hyperrig::test::gltfReferenceSkinning(reference, meshNode, turns);
            expected.insert(expected.end(), skinned.begin(), skinned.end());
        }
        const auto ours = gltfSkinningOurs(document, pose);
        REQUIRE(ours.size() == expected.size());
        for (std::size_t v = 0; v < ours.size(); ++v) {
            INFO("trial " << trial << ", vertex " << v);
            CHECK(glm::length(ours[v] - expected[v]) <=
                  1e-4 * std::max(1.0, glm::length(expected[v])));
        }
    }
}

} // namespace

TEST_CASE("glTF import deforms as glTF's own skinning formula under random poses", "[gltf]") {
    // Trial 0 is the file's node pose; the others turn every bone by up to 1.2 rad. The
    // reference is p' = sum w_i G(joint_i) IBM_i p evaluated from the file with tinygltf and GLM.
    checkSkinningMatches("khronos/SimpleSkin.gltf", {0});
    checkSkinningMatches("khronos/RiggedSimple.gltf", {1});
    checkSkinningMatches("chain-8-influences.gltf", {9});
    checkSkinningMatches("u8-unorm16-sparse.gltf", {3});
    checkSkinningMatches("bindpose-current.gltf", {3});
    // Two skins sharing one skeleton (0029): in a different joint order, and bound with the
    // mesh 0.3 m aside and turned (the hat's mesh transform).
    checkSkinningMatches("shared-joints.gltf", {3, 4});
    checkSkinningMatches("shared-joints-moved.gltf", {3, 4});
}
