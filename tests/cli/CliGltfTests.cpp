#include "tests/cli/CliTestSupport.h"
#include "tests/core/io/gltf/GltfTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

using hyperrig::test::cliExecutable;
using hyperrig::test::gltfFixturePath;
using hyperrig::test::runProcess;
using hyperrig::test::TemporaryFolder;

namespace {

std::vector<std::byte> cliGltfBytes(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    std::vector<char> chars((std::istreambuf_iterator<char>(stream)),
                            std::istreambuf_iterator<char>());
    std::vector<std::byte> bytes(chars.size());
    std::memcpy(bytes.data(), chars.data(), chars.size());
    return bytes;
}

int cliGltfSkinnedNode(const tinygltf::Model& model) {
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
        if (model.nodes[i].skin >= 0)
            return int(i);
    return -1;
}

} // namespace

TEST_CASE("convert glTF -> G4MF -> GLB deforms exactly as the original", "[cli][gltf]") {
    TemporaryFolder folder;
    const auto input = gltfFixturePath("khronos/RiggedSimple.gltf");
    const auto g4tf = (folder / "out.g4tf").string();
    const auto glb = (folder / "back.glb").string();
    const auto first = runProcess(cliExecutable(), {"convert", input.string(), g4tf});
    INFO(first.err);
    REQUIRE(first.exitCode == 0);
    CHECK(hyperrig::test::readDocumentBack(g4tf).dimension() == 3);
    const auto second = runProcess(cliExecutable(), {"convert", g4tf, glb});
    INFO(second.err);
    REQUIRE(second.exitCode == 0);
    const auto original = hyperrig::test::gltfReferenceModel(input);
    const auto back = hyperrig::test::gltfReferenceModel(cliGltfBytes(glb), true);
    const int originalNode = cliGltfSkinnedNode(original);
    const int backNode = cliGltfSkinnedNode(back);
    REQUIRE(backNode >= 0);
    const auto& originalJoints = original.skins[0].joints;
    const auto& backJoints = back.skins[std::size_t(back.nodes[std::size_t(backNode)].skin)].joints;
    REQUIRE(backJoints.size() == originalJoints.size());
    for (double angle : {0.0, 0.7, -1.3}) {
        std::map<int, glm::dquat> a, b;
        for (std::size_t k = 0; k < originalJoints.size(); ++k) {
            const auto turn = glm::angleAxis(angle * double(k + 1), glm::dvec3(1.0, 0.0, 0.0));
            a[originalJoints[k]] = turn;
            b[backJoints[k]] = turn;
        }
        const auto expected = hyperrig::test::gltfReferenceSkinning(original, originalNode, a);
        const auto actual = hyperrig::test::gltfReferenceSkinning(back, backNode, b);
        REQUIRE(actual.size() == expected.size());
        for (std::size_t v = 0; v < actual.size(); ++v)
            CHECK(glm::length(actual[v] - expected[v]) < 1e-4);
    }
    SECTION("info and validate read .gltf and .glb") {
        const auto info = runProcess(cliExecutable(), {"info", glb, "--json"});
        REQUIRE(info.exitCode == 0);
        const auto json = nlohmann::json::parse(info.out);
        CHECK(json["container"] == "glb");
        CHECK(json["bones"] == 2);
        CHECK(json["vertices"] == 96);
        const auto valid = runProcess(cliExecutable(), {"validate", input.string()});
        CHECK(valid.exitCode == 0);
        CHECK_THAT(valid.out, Catch::Contains("valid, 0 errors"));
    }
    SECTION("--weights picks the storage; a bad value is a usage error") {
        const auto out = (folder / "u8.gltf").string();
        CHECK(runProcess(cliExecutable(), {"convert", g4tf, out, "--weights", "unorm8"}).exitCode ==
              0);
        const auto json = nlohmann::json::parse(std::ifstream(out));
        const auto& primitive = json["meshes"][0]["primitives"][0];
        CHECK(json["accessors"][primitive["attributes"]["WEIGHTS_0"].get<std::size_t>()]
                  ["componentType"] == 5121);
        const auto bad = runProcess(cliExecutable(), {"convert", g4tf, out, "--weights", "half"});
        CHECK(bad.exitCode == 2);
        CHECK_THAT(bad.err, Catch::Contains("float, unorm16 or unorm8"));
    }
}

TEST_CASE("validate reports glTF import errors with a JSON pointer", "[cli][gltf]") {
    TemporaryFolder folder;
    auto json = nlohmann::json::parse(std::ifstream(gltfFixturePath("bindpose-legacy.gltf")));
    json["nodes"][0]["children"] = {42};
    const auto path = folder / "broken.gltf";
    std::ofstream(path) << json.dump();
    const auto result = runProcess(cliExecutable(), {"validate", path.string(), "--json"});
    CHECK(result.exitCode == 1);
    const auto report = nlohmann::json::parse(result.out);
    CHECK(report["valid"] == false);
    CHECK(report["diagnostics"][0]["pointer"] == "/nodes/0/children/0");
    CHECK(report["diagnostics"][0]["rule"] == "gltf.import");
}

TEST_CASE("a 4D document is not exported to glTF, and nothing is written", "[cli][gltf]") {
    TemporaryFolder folder;
    const auto out = (folder / "x.glb").string();
    const auto result = runProcess(
        cliExecutable(), {"convert", hyperrig::test::samplePath("tiny-4d-mesh.g4tf"), out});
    CHECK(result.exitCode == 1);
    CHECK_THAT(result.err, Catch::Contains("this document is 4D"));
    CHECK_FALSE(std::filesystem::exists(out));
}
