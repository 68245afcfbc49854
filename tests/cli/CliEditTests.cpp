#include "core/io/g4mf/G4mfReader.h"
#include "tests/cli/CliTestSupport.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TextFiles.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

using hyperrig::test::cliExecutable;
using hyperrig::test::readDocumentBack;
using hyperrig::test::readTextFile;
using hyperrig::test::runProcess;
using hyperrig::test::samplePath;
using hyperrig::test::TemporaryFolder;
using hyperrig::test::writeTextFile;
using namespace hyperrig::core;

namespace {

std::string script(const char* name) {
    return (std::filesystem::path(HYPERRIG_SOURCE_DIR) / "tests/fixtures/scripts" / name).string();
}

} // namespace

TEST_CASE("edit applies a script and writes the result", "[cli][edit]") {
    TemporaryFolder folder;
    const auto out = folder / "edited.g4tf";

    const auto result =
        runProcess(cliExecutable(), {"edit", samplePath("creature-4d.g4tf"), "--script",
                                     script("creature-edit.json"), "-o", out.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    CHECK(result.err.empty());
    const model::Document document = readDocumentBack(out);
    CHECK_FALSE(document.findNode("Head"));
    const model::NodeId skull = document.findNode("Skull");
    REQUIRE(skull);
    CHECK(document.node(skull).transform.rotor == std::vector<double>{1, 0, 0, 0, 0, 0, 0, 0});
    const model::Node& lowerArm = document.node(document.findNode("LeftLowerArm"));
    CHECK(lowerArm.transform.position == std::vector<double>{0, 0.28, 0, 0}); // undone
    const model::NodeId tip = document.findNode("TailTip");
    REQUIRE(tip);
    CHECK(document.node(tip).parent == document.findNode("Tail"));
    CHECK(document.node(document.findNode("Clothing")).visible == false);
    const model::Skeleton& rig = *document.node(document.findNode("CreatureRig")).skeleton();
    REQUIRE(rig.joints.size() == 29);
    CHECK(rig.joints.back() == tip);
    REQUIRE(rig.bindPoses.size() == 2);
    CHECK(rig.bindPoses[0].type == model::PoseType::TPose);
    CHECK(rig.bindPoses[1].type == model::PoseType::Custom);
    CHECK(rig.bindPoses[1].joints.size() == 29);
    for (model::MeshId mesh : document.meshes.order())
        CHECK((*document.mesh(mesh).skin->groupNames)[4] == "Skull");

    SECTION("the output keeps the input's schema revision, and .g4b works") {
        const auto current = folder / "current.g4tf";
        REQUIRE(runProcess(cliExecutable(), {"convert", samplePath("tiny-4d-mesh.g4tf"),
                                             current.string(), "--schema", "current"})
                    .exitCode == 0);
        const auto ops = folder / "ops.json";
        writeTextFile(ops, R"([{"op": "renameNode", "node": "TinySkin", "name": "Skin"}])");
        const auto binary = folder / "edited.g4b";
        REQUIRE(runProcess(cliExecutable(), {"edit", current.string(), "--script", ops.string(),
                                             "--output", binary.string()})
                    .exitCode == 0);
        const auto info = runProcess(cliExecutable(), {"info", binary.string(), "--json"});
        REQUIRE(info.exitCode == 0);
        const auto json = nlohmann::json::parse(info.out);
        CHECK(json["schema"] == "current");
        CHECK(json["container"] == "g4b");
        CHECK(readDocumentBack(binary).findNode("Skin"));
    }
    SECTION("the output keeps the input's data layout where its container can hold it") {
        // edit, lift, pose, parent and merge wrote every file with its data embedded and
        // uncompressed: a pipeline's Zstd .g4b came out uncompressed, an external .bin inlined.
        const auto ops = folder / "ops.json";
        writeTextFile(ops, R"([{"op": "renameNode", "node": "Hips", "name": "Pelvis"}])");
        const auto layoutOf = [](const std::filesystem::path& file) {
            auto read = io::readG4mf(file);
            REQUIRE(read.ok());
            CHECK(read->document.findNode("Pelvis"));
            return std::pair{read->externalBin, read->zstd};
        };
        const auto run = [](std::vector<std::string> arguments) {
            const auto done = runProcess(cliExecutable(), arguments);
            INFO(done.err);
            REQUIRE(done.exitCode == 0);
        };
        const auto zstd = folder / "zstd.g4b";
        run({"convert", samplePath("creature-4d.g4tf"), zstd.string(), "--zstd"});
        const auto external = folder / "external.g4tf";
        run({"convert", samplePath("creature-4d.g4tf"), external.string(), "--external-bin"});

        const auto editedZstd = folder / "edited-zstd.g4b";
        run({"edit", zstd.string(), "--script", ops.string(), "-o", editedZstd.string()});
        CHECK(layoutOf(editedZstd) == std::pair{false, true});

        const auto editedExternal = folder / "edited-external.g4tf";
        run({"edit", external.string(), "--script", ops.string(), "-o", editedExternal.string()});
        CHECK(layoutOf(editedExternal) == std::pair{true, false});
        CHECK(std::filesystem::exists(folder / "edited-external.bin"));
        CHECK(nlohmann::json::parse(readTextFile(editedExternal))["buffers"][0]["uri"] ==
              "edited-external.bin");

        // Another container: what it cannot hold is dropped, not refused.
        const auto binaryFromExternal = folder / "from-external.g4b";
        run({"edit", external.string(), "--script", ops.string(), "-o",
             binaryFromExternal.string()});
        CHECK(layoutOf(binaryFromExternal) == std::pair{false, false});
        const auto textFromZstd = folder / "from-zstd.g4tf";
        run({"edit", zstd.string(), "--script", ops.string(), "-o", textFromZstd.string()});
        CHECK(layoutOf(textFromZstd) == std::pair{false, false});

        // The commands that apply one edit (pose, parent, merge) write the same way.
        const auto baked = folder / "baked.g4b";
        run({"pose", editedZstd.string(), "--pose-name", "APose", "--bake", "-o", baked.string()});
        CHECK(layoutOf(baked) == std::pair{false, true});

        // lift writes a new document made from the input: the layout still follows the input.
        const auto arm = folder / "arm.g4b";
        run({"convert", samplePath("arm-3d.g4tf"), arm.string(), "--zstd"});
        const auto lifted = folder / "arm-4d.g4b";
        run({"lift", arm.string(), "--thickness", "0.01", "-o", lifted.string()});
        auto liftedRead = io::readG4mf(lifted);
        REQUIRE(liftedRead.ok());
        CHECK(liftedRead->document.dimension() == 4);
        CHECK(liftedRead->zstd);
    }
    SECTION("removeShape takes out a shape once no bone uses it") {
        const auto ops = folder / "ops.json";
        writeTextFile(ops, R"([
            {"op": "setBoneShape", "node": "Neck", "shape": null},
            {"op": "removeShape", "shape": "NeckCapsule"}
        ])");
        const auto edited = folder / "without-neck-capsule.g4tf";
        const auto removed =
            runProcess(cliExecutable(), {"edit", samplePath("creature-4d.g4tf"), "--script",
                                         ops.string(), "-o", edited.string()});
        INFO(removed.err);
        REQUIRE(removed.exitCode == 0);
        const auto json = nlohmann::json::parse(readTextFile(edited));
        REQUIRE(json["shapes"].size() == 9);
        CHECK(json["shapes"][3]["name"] == "HeadCapsule");
        CHECK(json["nodes"][6]["name"] == "Head");
        CHECK(json["nodes"][6]["bone"]["shape"] == 3);
        CHECK_FALSE(json["nodes"][5]["bone"].contains("shape"));
    }
    SECTION("an empty script rewrites the file unchanged") {
        const auto ops = folder / "empty.json";
        writeTextFile(ops, "[]");
        const auto same = folder / "same.g4tf";
        const auto converted = folder / "converted.g4tf";
        REQUIRE(runProcess(cliExecutable(), {"edit", samplePath("arm-3d.g4tf"), "--script",
                                             ops.string(), "--output", same.string()})
                    .exitCode == 0);
        REQUIRE(
            runProcess(cliExecutable(), {"convert", samplePath("arm-3d.g4tf"), converted.string()})
                .exitCode == 0);
        CHECK(readTextFile(same) == readTextFile(converted));
    }
}

TEST_CASE("edit refuses failing scripts without writing anything", "[cli][edit]") {
    TemporaryFolder folder;
    const auto out = folder / "out.g4tf";

    SECTION("failing op: exit 1, op index on stderr, no output file") {
        const auto result =
            runProcess(cliExecutable(), {"edit", samplePath("creature-4d.g4tf"), "--script",
                                         script("failing-op.json"), "-o", out.string()});
        CHECK(result.exitCode == 1);
        CHECK(result.err == "hyperrig-cli: edit: op 2 (setBoneLength): 'length' must be a "
                            "number or null\n");
        CHECK_FALSE(std::filesystem::exists(out));
    }
    SECTION("a failing op leaves an existing output file as it was") {
        writeTextFile(out, "previous contents");
        const auto result =
            runProcess(cliExecutable(), {"edit", samplePath("creature-4d.g4tf"), "--script",
                                         script("failing-op.json"), "--output", out.string()});
        CHECK(result.exitCode == 1);
        CHECK(readTextFile(out) == "previous contents");
    }
    SECTION("a refused command names the op and the rule") {
        const auto ops = folder / "ops.json";
        writeTextFile(ops, R"([
            {"op": "renameNode", "node": "Head", "name": "Skull"},
            {"op": "renameGroup", "mesh": "BodyMesh", "group": 4, "name": "Neck"}
        ])");
        const auto result =
            runProcess(cliExecutable(), {"edit", samplePath("creature-4d.g4tf"), "--script",
                                         ops.string(), "--output", out.string()});
        CHECK(result.exitCode == 1);
        CHECK(result.err == "hyperrig-cli: edit: op 1 (renameGroup): Rename Group: 'Neck' is "
                            "already group 3 of mesh 'BodyMesh'\n");
        CHECK_FALSE(std::filesystem::exists(out));
    }
    SECTION("removing a shape a bone uses names the bone") {
        const auto ops = folder / "ops.json";
        writeTextFile(ops, R"([{"op": "removeShape", "shape": "#3"}])");
        const auto result =
            runProcess(cliExecutable(), {"edit", samplePath("creature-4d.g4tf"), "--script",
                                         ops.string(), "--output", out.string()});
        CHECK(result.exitCode == 1);
        CHECK(result.err == "hyperrig-cli: edit: op 0 (removeShape): Remove Shape: bone 'Neck' "
                            "uses shape 'NeckCapsule'; clear the bone's shape first\n");
        CHECK_FALSE(std::filesystem::exists(out));
    }
    SECTION("malformed JSON: exit 2 with line and column") {
        const auto result =
            runProcess(cliExecutable(), {"edit", samplePath("creature-4d.g4tf"), "--script",
                                         script("malformed.json"), "--output", out.string()});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("malformed.json: line 3, column 27: malformed "
                                               "JSON"));
        CHECK_FALSE(std::filesystem::exists(out));
    }
    SECTION("a script that is not an array: exit 2") {
        const auto result =
            runProcess(cliExecutable(), {"edit", samplePath("creature-4d.g4tf"), "--script",
                                         script("not-an-array.json"), "--output", out.string()});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("a script is a JSON array of ops, not object"));
        CHECK_FALSE(std::filesystem::exists(out));
    }
    SECTION("usage errors and unreadable inputs: exit 2") {
        const std::string in = samplePath("creature-4d.g4tf");
        const std::string ops = script("creature-edit.json");
        const auto noScript = runProcess(cliExecutable(), {"edit", in, "--output", out.string()});
        CHECK(noScript.exitCode == 2);
        CHECK_THAT(noScript.err, Catch::Contains("--script OPS.json is required"));
        const auto noOutput = runProcess(cliExecutable(), {"edit", in, "--script", ops});
        CHECK(noOutput.exitCode == 2);
        CHECK_THAT(noOutput.err, Catch::Contains("-o OUT (or --output OUT) is required"));
        CHECK(runProcess(cliExecutable(),
                         {"edit", in, "--script", ops, "--output", (folder / "x.obj").string()})
                  .exitCode == 2);
        CHECK(runProcess(cliExecutable(), {"edit", "/nonexistent/in.g4tf", "--script", ops,
                                           "--output", out.string()})
                  .exitCode == 2);
        const auto missing =
            runProcess(cliExecutable(),
                       {"edit", in, "--script", "/nonexistent/ops.json", "--output", out.string()});
        CHECK(missing.exitCode == 2);
        CHECK_THAT(missing.err, Catch::Contains("/nonexistent/ops.json: cannot open"));
        CHECK_FALSE(std::filesystem::exists(out));
    }
}
