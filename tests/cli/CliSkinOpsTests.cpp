#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "tests/cli/CliTestSupport.h"
#include "tests/core/ops/OpsTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

using hyperrig::test::cliExecutable;
using hyperrig::test::readDocumentBack;
using hyperrig::test::runProcess;
using hyperrig::test::samplePath;
using hyperrig::test::TemporaryFolder;
using namespace hyperrig::core;

TEST_CASE("merge combines the sample's body and clothing into a valid file", "[cli][merge]") {
    const std::string mode = GENERATE("by-name", "append");
    TemporaryFolder folder;
    const auto out = folder / "merged.g4tf";
    const auto result =
        runProcess(cliExecutable(), {"merge", samplePath("creature-4d.g4tf"), "--meshes",
                                     "Body,Clothing", "--mode", mode, "-o", out.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const model::Document before = readDocumentBack(samplePath("creature-4d.g4tf"));
    const model::Document merged = readDocumentBack(out);
    CHECK(merged.meshes.size() == 1);
    CHECK_FALSE(merged.findNode("Clothing"));
    std::size_t vertices = 0;
    for (model::MeshId mesh : before.meshes.order())
        vertices += before.mesh(mesh).vertexCount();
    CHECK(merged.mesh(merged.meshes.order()[0]).vertexCount() == vertices);
    const auto validated = runProcess(cliExecutable(), {"validate", out.string()});
    INFO(validated.out);
    CHECK(validated.exitCode == 0);
}

TEST_CASE("merge --dry-run --json prints the mapping table and writes nothing", "[cli][merge]") {
    TemporaryFolder folder;
    const auto out = folder / "never.g4tf";
    const auto result = runProcess(
        cliExecutable(), {"merge", samplePath("creature-4d.g4tf"), "--meshes", "Body,Clothing",
                          "--mode", "append", "--dry-run", "--json", "-o", out.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const auto table = nlohmann::json::parse(result.out);
    REQUIRE(table.is_array());
    bool sawClothing = false;
    for (const auto& row : table) {
        CHECK(row.contains("oldIndex"));
        if (row["mesh"] == "Clothing" && row["oldIndex"] == 26) {
            sawClothing = true;
            CHECK(row["oldName"] == "ClothingLeftUpperArm");
            CHECK(row["bone"] == "LeftUpperArm");
        }
    }
    CHECK(sawClothing);
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("merge and parent refuse bad requests with exit 1 or 2", "[cli][merge][parent]") {
    TemporaryFolder folder;
    const auto out = folder / "never.g4tf";
    const auto unknown =
        runProcess(cliExecutable(), {"merge", samplePath("creature-4d.g4tf"), "--meshes",
                                     "Body,Nobody", "--mode", "append", "-o", out.string()});
    CHECK(unknown.exitCode == 1);
    CHECK_THAT(unknown.err, Catch::Contains("there is no node named 'Nobody'"));
    const auto badMode =
        runProcess(cliExecutable(), {"merge", samplePath("creature-4d.g4tf"), "--meshes",
                                     "Body,Clothing", "--mode", "zip", "-o", out.string()});
    CHECK(badMode.exitCode == 2);
    const auto notSkeleton =
        runProcess(cliExecutable(), {"parent", samplePath("creature-4d.g4tf"), "--mesh", "Clothing",
                                     "--skeleton", "Body", "-o", out.string()});
    CHECK(notSkeleton.exitCode == 1);
    CHECK_THAT(notSkeleton.err, Catch::Contains("node 'Body' is not a skeleton"));
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("parent renumbers a mesh's groups onto another skeleton", "[cli][parent]") {
    TemporaryFolder folder;
    // Body under BodyRig (bones Hips, Spine, LeftArm); Item under ItemRig with groups named
    // Arm_L (mapped to LeftArm) and Spine (matched by name).
    const model::Document document = hyperrig::test::buildRigDocument(
        {{"BodyRig", {"Hips", "Spine", "LeftArm"}, {"Hips", "Spine"}},
         {"ItemRig", {"ItemRoot", "ItemTip"}, {"ItemRoot", "ItemTip"}}},
        {{"Body", "BodyRig", {}, hyperrig::test::influencesFor({0, 1}), {}},
         {"Item", "ItemRig", {"Arm_L", "Spine"}, hyperrig::test::influencesFor({0, 1}), {}}});
    const auto in = folder / "rigs.g4tf";
    REQUIRE(io::writeG4mf(document, in, {}).ok());
    const auto map = folder / "map.json";
    std::ofstream(map) << R"({"Arm_L": "LeftArm"})";
    const auto out = folder / "parented.g4tf";
    const auto result =
        runProcess(cliExecutable(), {"parent", in.string(), "--mesh", "Item", "--skeleton",
                                     "BodyRig", "--map", map.string(), "-o", out.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const model::Document parented = readDocumentBack(out);
    const model::NodeId item = parented.findNode("Item");
    CHECK(parented.node(item).parent == parented.findNode("BodyRig"));
    const auto& joints = parented.node(parented.findNode("BodyRig")).skeleton()->joints;
    REQUIRE(joints.size() == 3); // LeftArm appended
    CHECK(joints[2] == model::JointSlot(parented.findNode("LeftArm")));
    const model::Skin& skin = *parented.mesh(parented.node(item).meshInstance()->mesh).skin;
    CHECK(skin.groupNames == std::vector<std::string>{"Hips", "Spine", "LeftArm"});
    CHECK(skin.groups.front() == 2);

    std::ofstream(map) << "{\"Arm_L\": 3}";
    const auto badMap =
        runProcess(cliExecutable(), {"parent", in.string(), "--mesh", "Item", "--skeleton",
                                     "BodyRig", "--map", map.string(), "-o", out.string()});
    CHECK(badMap.exitCode == 2);
    CHECK_THAT(badMap.err, Catch::Contains("map.json: /Arm_L: must be a bone name or null"));
}

TEST_CASE("edit scripts reach the influence tools", "[cli][edit][influence]") {
    TemporaryFolder folder;
    const auto script = folder / "limit.json";
    std::ofstream(script) << R"([{"op": "limitInfluences", "mesh": "BodyMesh", "maxInfluences": 2},
                                 {"op": "normalizeWeights", "mesh": "BodyMesh"}])";
    const auto out = folder / "limited.g4tf";
    const auto result =
        runProcess(cliExecutable(), {"edit", samplePath("creature-4d.g4tf"), "--script",
                                     script.string(), "-o", out.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const model::Document limited = readDocumentBack(out);
    const model::Mesh& body = limited.mesh(limited.meshes.order()[0]);
    REQUIRE(body.name == "BodyMesh");
    for (std::size_t v = 0; v < body.skin->vertexCount(); ++v)
        REQUIRE(body.skin->offsets[v + 1] - body.skin->offsets[v] <= 2);
}
