#include "core/io/g4mf/G4mfFile.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/io/gltf/GltfExport.h"
#include "core/io/gltf/GltfImport.h"
#include "core/model/NewDocument.h"
#include "tests/core/io/gltf/GltfTestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <random>

using namespace hyperrig::core;
using hyperrig::test::gltfFixturePath;
using hyperrig::test::gltfReferenceModel;
using hyperrig::test::gltfReferenceSkinning;
using hyperrig::test::gltfReferenceValues;
using hyperrig::test::gltfThroughG4mf;

namespace {

int gltfSkinnedNode(const tinygltf::Model& model) {
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
        if (model.nodes[i].skin >= 0)
            return int(i);
    FAIL("no skinned node");
    return -1;
}

struct GltfExported {
    std::vector<std::byte> bytes;
    tinygltf::Model model;
    nlohmann::json json;
};

GltfExported gltfExport(const model::Document& document, io::gltf::WeightFormat weights,
                        bool binary) {
    io::GltfExportOptions options;
    options.weights = weights;
    options.binary = binary;
    auto encoded = io::encodeGltf(document, options);
    REQUIRE(encoded);
    GltfExported exported{encoded->file, gltfReferenceModel(encoded->file, binary), {}};
    if (!binary)
        exported.json = nlohmann::json::parse(reinterpret_cast<const char*>(encoded->file.data()),
                                              reinterpret_cast<const char*>(encoded->file.data()) +
                                                  encoded->file.size());
    return exported;
}

// The exported file deforms as the original under the same random turns of joint k (skin
// order), by glTF's formula on both files; and its IBMs are the original's.
void checkGltfDeformsAsOriginal(const std::string& name, const GltfExported& exported,
                                double tolerance) {
    const auto original = gltfReferenceModel(gltfFixturePath(name));
    const int originalNode = gltfSkinnedNode(original);
    const int exportedNode = gltfSkinnedNode(exported.model);
    const auto& originalSkin =
        original.skins[std::size_t(original.nodes[std::size_t(originalNode)].skin)];
    const auto& exportedSkin =
        exported.model.skins[std::size_t(exported.model.nodes[std::size_t(exportedNode)].skin)];
    REQUIRE(exportedSkin.joints.size() >= originalSkin.joints.size());
    const auto originalIbm = gltfReferenceValues(original, originalSkin.inverseBindMatrices);
    const auto exportedIbm = gltfReferenceValues(exported.model, exportedSkin.inverseBindMatrices);
    for (std::size_t i = 0; i < originalIbm.size(); ++i)
        CHECK(exportedIbm[i] == Approx(originalIbm[i]).margin(1e-5));
    std::mt19937 random(77);
    std::uniform_real_distribution<double> angle(-1.0, 1.0);
    for (int trial = 0; trial < 6; ++trial) {
        std::map<int, glm::dquat> originalTurns, exportedTurns;
        for (std::size_t k = 0; k < originalSkin.joints.size(); ++k) {
            const glm::dquat turn =
                glm::angleAxis(trial == 0 ? 0.0 : angle(random),
                               glm::normalize(glm::dvec3(0.3, 1.0, -0.2 + 0.1 * double(k))));
            originalTurns[originalSkin.joints[k]] = turn;
            exportedTurns[exportedSkin.joints[k]] = turn;
        }
        const auto expected = gltfReferenceSkinning(original, originalNode, originalTurns);
        const auto actual = gltfReferenceSkinning(exported.model, exportedNode, exportedTurns);
        REQUIRE(actual.size() == expected.size());
        for (std::size_t v = 0; v < actual.size(); ++v) {
            INFO(name << " trial " << trial << " vertex " << v);
            CHECK(glm::length(actual[v] - expected[v]) <=
                  tolerance * std::max(1.0, glm::length(expected[v])));
        }
    }
}

// Influences of both documents' first skinned meshes agree (joint slots and weights).
void checkGltfSameInfluences(const model::Document& a, const model::Document& b, double tolerance) {
    const auto& skinA = *a.mesh(a.meshes.order().front()).skin;
    const auto& skinB = *b.mesh(b.meshes.order().front()).skin;
    REQUIRE(skinA.offsets.size() == skinB.offsets.size());
    for (std::size_t v = 0; v + 1 < skinA.offsets.size(); ++v) {
        std::map<std::uint32_t, double> wa, wb;
        double sumA = 0.0;
        for (auto i = skinA.offsets[v]; i < skinA.offsets[v + 1]; ++i)
            sumA += skinA.weights[i];
        for (auto i = skinA.offsets[v]; i < skinA.offsets[v + 1]; ++i)
            wa[skinA.groups[i]] = skinA.weights[i] / sumA;
        for (auto i = skinB.offsets[v]; i < skinB.offsets[v + 1]; ++i)
            wb[skinB.groups[i]] = skinB.weights[i];
        for (const auto& [group, weight] : wa) {
            INFO("vertex " << v << " group " << group);
            CHECK(wb[group] == Approx(weight).margin(tolerance));
        }
    }
}

} // namespace

TEST_CASE("glTF -> G4MF -> glTF keeps joints, weights, IBMs, bind poses and deformation",
          "[gltf][roundtrip]") {
    using io::gltf::WeightFormat;
    for (const char* name :
         {"khronos/SimpleSkin.gltf", "khronos/RiggedSimple.gltf", "chain-8-influences.gltf",
          "u8-unorm16-sparse.gltf", "bindpose-current.gltf"}) {
        INFO(name);
        const auto first = io::readGltf(gltfFixturePath(name));
        REQUIRE(first);
        const auto document = gltfThroughG4mf(name);
        for (const auto& [format, tolerance] :
             {std::pair{WeightFormat::Float, 1e-6}, std::pair{WeightFormat::Unorm16, 1.0 / 65535},
              std::pair{WeightFormat::Unorm8, 1.0 / 255}}) {
            const auto exported = gltfExport(document, format, format == WeightFormat::Unorm8);
            checkGltfDeformsAsOriginal(name, exported, format == WeightFormat::Float ? 1e-4 : 2e-2);
            auto again = io::importGltf(*io::parseGltfBytes(exported.bytes, "exported", ""), {});
            REQUIRE(again);
            checkGltfSameInfluences(first->document, again->document, tolerance);
            // Bind poses come back (as the file's poses; the node pose as the node pose).
            auto posesOf = [](const model::Document& d) {
                std::vector<model::BindPose> poses;
                for (auto id : d.nodes.order())
                    if (const auto* s = d.node(id).skeleton())
                        poses = s->bindPoses;
                return poses;
            };
            const auto before = posesOf(first->document);
            const auto after = posesOf(again->document);
            REQUIRE(after.size() == before.size());
            for (std::size_t p = 0; p < before.size(); ++p) {
                CHECK(after[p].type == before[p].type);
                for (std::size_t j = 0; j < before[p].joints.size(); ++j)
                    for (std::size_t c = 0; c < 3; ++c)
                        CHECK(after[p].joints[j].position[c] ==
                              Approx(before[p].joints[j].position[c]).margin(1e-5));
            }
        }
    }
}

TEST_CASE("glTF export writes the glTF rules the validator checks", "[gltf]") {
    using io::gltf::WeightFormat;
    const auto document = gltfThroughG4mf("chain-8-influences.gltf");
    for (const auto format : {WeightFormat::Float, WeightFormat::Unorm16, WeightFormat::Unorm8}) {
        const auto exported = gltfExport(document, format, false);
        const auto& json = exported.json;
        const auto& primitive = json["meshes"][0]["primitives"][0];
        SECTION("8 influences go into two sets, sorted, summing to one") {
            REQUIRE(primitive["attributes"].contains("JOINTS_1"));
            CHECK_FALSE(primitive["attributes"].contains("JOINTS_2"));
            const auto& model = exported.model;
            const auto w0 =
                gltfReferenceValues(model, primitive["attributes"]["WEIGHTS_0"].get<int>());
            const auto w1 =
                gltfReferenceValues(model, primitive["attributes"]["WEIGHTS_1"].get<int>());
            const double unit = format == WeightFormat::Unorm16 ? 65535.0 : 255.0;
            for (std::size_t v = 0; v < w0.size() / 4; ++v) {
                std::vector<double> w(w0.begin() + long(4 * v), w0.begin() + long(4 * v + 4));
                w.insert(w.end(), w1.begin() + long(4 * v), w1.begin() + long(4 * v + 4));
                float sum = 0.0f;
                for (std::size_t i = 0; i < w.size(); ++i) {
                    sum += float(w[i]);
                    if (i > 0)
                        CHECK(w[i] <= w[i - 1]);
                }
                if (format == WeightFormat::Float) {
                    CHECK(std::abs(double(sum) - 1.0) <= 2e-7 * 8);
                } else {
                    double units = 0.0;
                    for (double x : w)
                        units += std::round(x * unit);
                    CHECK(units == unit); // exact integer sum
                }
            }
            CHECK(json["accessors"][primitive["attributes"]["JOINTS_0"].get<std::size_t>()]
                      ["componentType"] == 5121);
        }
        SECTION("the skinned node is a scene root without transform; IBM views have no stride") {
            const int node = gltfSkinnedNode(exported.model);
            const auto& nodeJson = json["nodes"][std::size_t(node)];
            CHECK_FALSE(nodeJson.contains("translation"));
            CHECK_FALSE(nodeJson.contains("matrix"));
            bool root = false;
            for (const auto& index : json["scenes"][0]["nodes"])
                root = root || index == node;
            CHECK(root);
            const auto& ibm =
                json["accessors"][json["skins"][0]["inverseBindMatrices"].get<std::size_t>()];
            CHECK_FALSE(
                json["bufferViews"][ibm["bufferView"].get<std::size_t>()].contains("byteStride"));
            CHECK(json["skins"][0]["joints"].size() == 8);
            CHECK((!nodeJson.contains("extras") || !nodeJson["extras"].contains("hyperrig")));
            // The plain node between joints is still a node, with a bone length in extras.
            bool twist = false;
            for (const auto& n : json["nodes"])
                twist = twist || (n.value("name", "") == "Twist" &&
                                  n["extras"]["hyperrig"]["boneLength"].is_number());
            CHECK(twist);
        }
    }
}

TEST_CASE("glTF export keeps unknown extensions and extras, bind poses as the spec's shape",
          "[gltf]") {
    const auto document = gltfThroughG4mf("bindpose-current.gltf");
    const auto exported = gltfExport(document, io::gltf::WeightFormat::Float, false);
    const auto& json = exported.json;
    CHECK(json["extensions"]["EXT_unknown_root"]["kept"] == nlohmann::json({1, 2, 3}));
    CHECK(json["extras"]["rootNote"] == "kept");
    CHECK(json["skins"][0]["extensions"]["EXT_unknown_skin"]["answer"] == 42);
    CHECK(json["skins"][0]["extras"]["skinNote"] == "kept");
    CHECK(json["meshes"][0]["extras"]["meshNote"] == "kept");
    bool spine = false;
    for (const auto& node : json["nodes"])
        if (node.value("name", "") == "Spine")
            spine = node["extensions"]["EXT_unknown_node"]["flag"] == true &&
                    node["extras"]["nodeNote"] == "kept";
    CHECK(spine);
    const auto& poses = json["skins"][0]["extensions"]["KHR_character_skeleton_bindpose"]["poses"];
    CHECK(poses.size() == 4);
    for (const auto& pose : poses) {
        CHECK(pose["bindPoses"].size() == 3);
        CHECK(pose["bindPoses"][0]["matrix"].size() == 16);
    }
    const auto& used = json["extensionsUsed"];
    for (const char* name : {"KHR_character", "KHR_character_skeleton_bindpose", "EXT_unknown_skin",
                             "EXT_unknown_root", "EXT_unknown_node"})
        CHECK(std::find(used.begin(), used.end(), name) != used.end());
    CHECK_FALSE(json.contains("extensionsRequired"));
    CHECK(json["extensions"]["KHR_character"]["rootNode"].is_number_unsigned());
    CHECK_FALSE(json["extensions"].contains("KHR_avatar_skeleton_bindpose"));
}

TEST_CASE("glTF export refuses documents that are not 3D", "[gltf]") {
    const auto document = model::newDocument(4);
    auto encoded = io::encodeGltf(document);
    REQUIRE_FALSE(encoded);
    CHECK_THAT(encoded.error().message(), Catch::Contains("4D"));
}

TEST_CASE("the --reference-pose option writes each bind pose as a one-key reference-pose animation",
          "[gltf]") {
    const auto first = io::readGltf(gltfFixturePath("bindpose-current.gltf"));
    REQUIRE(first);
    io::GltfExportOptions options;
    options.referencePose = true;
    auto encoded = io::encodeGltf(first->document, options);
    REQUIRE(encoded);
    auto json = nlohmann::json::parse(reinterpret_cast<const char*>(encoded->file.data()),
                                      reinterpret_cast<const char*>(encoded->file.data()) +
                                          encoded->file.size());
    REQUIRE(json["animations"].size() == 4);
    for (const auto& animation : json["animations"]) {
        CHECK(animation["extensions"].contains("KHR_character_reference_pose"));
        for (const auto& sampler : animation["samplers"]) {
            CHECK(sampler["interpolation"] == "STEP");
            CHECK(json["accessors"][sampler["input"].get<std::size_t>()]["count"] == 1);
        }
    }
    const auto& used = json["extensionsUsed"];
    CHECK(std::find(used.begin(), used.end(), "KHR_character_reference_pose") != used.end());
    // Without the skin-level matrices, the animations alone give the same poses back.
    json["skins"][0].erase("extensions");
    const std::string text = json.dump();
    std::vector<std::byte> bytes(text.size());
    std::memcpy(bytes.data(), text.data(), text.size());
    auto file = io::parseGltfBytes(bytes, "reference.gltf", "");
    REQUIRE(file);
    auto again = io::importGltf(*file);
    REQUIRE(again);
    auto posesOf = [](const model::Document& d) {
        std::map<model::PoseType, model::BindPose> poses;
        for (auto id : d.nodes.order())
            if (const auto* s = d.node(id).skeleton())
                for (const auto& pose : s->bindPoses)
                    poses[pose.type] = pose;
        return poses;
    };
    const auto before = posesOf(first->document);
    const auto after = posesOf(again->document);
    REQUIRE(after.size() == before.size());
    for (const auto& [type, pose] : before)
        for (std::size_t j = 0; j < pose.joints.size(); ++j) {
            for (std::size_t c = 0; c < 3; ++c)
                CHECK(after.at(type).joints[j].position[c] ==
                      Approx(pose.joints[j].position[c]).margin(1e-5));
            for (std::size_t c = 0; c < 9; ++c)
                CHECK(after.at(type).joints[j].basis[c] ==
                      Approx(pose.joints[j].basis[c]).margin(1e-5));
        }
}

TEST_CASE("glTF animations survive glTF -> G4MF -> glTF on the nodes they moved", "[gltf]") {
    SECTION("SimpleSkin at t = 1 s deforms as the format notes' test vector (gltf.md §2.2)") {
        const auto document = gltfThroughG4mf("khronos/SimpleSkin.gltf");
        const auto exported = gltfExport(document, io::gltf::WeightFormat::Float, false);
        const auto& model = exported.model;
        REQUIRE(model.animations.size() == 1);
        const auto& animation = model.animations[0];
        REQUIRE(animation.channels.size() == 1);
        const int skinnedNode = gltfSkinnedNode(model);
        const auto& joints =
            model.skins[std::size_t(model.nodes[std::size_t(skinnedNode)].skin)].joints;
        const auto& channel = animation.channels[0];
        CHECK(channel.target_node == joints[1]);
        CHECK(channel.target_path == "rotation");
        const auto& sampler = animation.samplers[std::size_t(channel.sampler)];
        const auto times = gltfReferenceValues(model, sampler.input);
        const auto rotations = gltfReferenceValues(model, sampler.output);
        const auto key = std::size_t(std::find(times.begin(), times.end(), 1.0) - times.begin());
        REQUIRE(key < times.size());
        const glm::dquat turn =
            glm::normalize(glm::dquat(rotations[4 * key + 3], rotations[4 * key],
                                      rotations[4 * key + 1], rotations[4 * key + 2]));
        const auto skinned = gltfReferenceSkinning(model, skinnedNode, {{joints[1], turn}});
        const std::vector<glm::dvec3> expected{
            {-0.5, 0, 0},    {0.5, 0, 0},     {-0.25, 0.5, 0}, {0.5, 0.75, 0}, {-0.25, 0.75, 0},
            {0.25, 1.25, 0}, {-0.5, 0.75, 0}, {-0.25, 1.5, 0}, {-1, 0.5, 0},   {-1, 1.5, 0}};
        REQUIRE(skinned.size() == expected.size());
        for (std::size_t v = 0; v < expected.size(); ++v) {
            INFO("vertex " << v);
            CHECK(glm::length(skinned[v] - expected[v]) < 2e-3); // keys have 3 decimals
        }
    }
    SECTION("RiggedSimple: every channel keeps its path, its joint and its keys") {
        const auto original = gltfReferenceModel(gltfFixturePath("khronos/RiggedSimple.gltf"));
        const auto document = gltfThroughG4mf("khronos/RiggedSimple.gltf");
        const auto exported = gltfExport(document, io::gltf::WeightFormat::Float, true);
        REQUIRE(exported.model.animations.size() == original.animations.size());
        const auto& before = original.animations[0];
        const auto& after = exported.model.animations[0];
        REQUIRE(after.channels.size() == before.channels.size());
        const auto& originalJoints = original.skins[0].joints;
        const auto& exportedJoints = exported.model.skins[0].joints;
        for (std::size_t c = 0; c < before.channels.size(); ++c) {
            const auto k = std::find(originalJoints.begin(), originalJoints.end(),
                                     before.channels[c].target_node) -
                           originalJoints.begin();
            CHECK(after.channels[c].target_node == exportedJoints[std::size_t(k)]);
            CHECK(after.channels[c].target_path == before.channels[c].target_path);
            for (const bool input : {true, false}) {
                const auto& s0 = before.samplers[std::size_t(before.channels[c].sampler)];
                const auto& s1 = after.samplers[std::size_t(after.channels[c].sampler)];
                const auto a = gltfReferenceValues(original, input ? s0.input : s0.output);
                const auto b = gltfReferenceValues(exported.model, input ? s1.input : s1.output);
                REQUIRE(a.size() == b.size());
                for (std::size_t i = 0; i < a.size(); ++i)
                    CHECK(b[i] == Approx(a[i]).margin(1e-7));
            }
        }
    }
}
