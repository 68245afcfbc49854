#include "core/io/g4mf/G4mfFile.h"
#include "tests/cli/CliTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

using hyperrig::test::cliExecutable;
using hyperrig::test::readDocumentBack;
using hyperrig::test::runProcess;
using hyperrig::test::samplePath;
using hyperrig::test::TemporaryFolder;

TEST_CASE("info summarises a rig for people and pipelines", "[cli][info]") {
    SECTION("--json gives the counts of the creature") {
        const auto result =
            runProcess(cliExecutable(), {"info", samplePath("creature-4d.g4tf"), "--json"});
        REQUIRE(result.exitCode == 0);
        const auto json = nlohmann::json::parse(result.out);
        CHECK(json["dimension"] == 4);
        CHECK(json["skeletons"] == 1);
        CHECK(json["bones"].get<int>() >= 12);
        CHECK(json["meshes"] == 2);
        CHECK(json["skins"] == 2);
        CHECK(json["simplexes"].get<int>() >= 20000);
        const auto& skeleton = json["skeletonDetails"][0];
        CHECK(skeleton["bindPoses"] == nlohmann::json::array({"TPose", "APose"}));
        CHECK(skeleton["skinnedMeshes"].size() == 2);
    }
    SECTION("the text form names the file and the skeleton") {
        const auto result = runProcess(cliExecutable(), {"info", samplePath("arm-3d.g4tf")});
        REQUIRE(result.exitCode == 0);
        CHECK_THAT(result.out, Catch::Contains("3D G4MF"));
        CHECK_THAT(result.out, Catch::Contains("skeleton ArmRig"));
    }
    SECTION("an unreadable file is exit status 2 with the reason") {
        const auto result = runProcess(cliExecutable(), {"info", "/nonexistent/x.g4tf"});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("/nonexistent/x.g4tf"));
    }
}

TEST_CASE("convert rewrites files losslessly between containers and revisions", "[cli][convert]") {
    TemporaryFolder folder;
    const auto binary = (folder / "creature.g4b").string();
    const auto text = (folder / "creature.g4tf").string();

    REQUIRE(
        runProcess(cliExecutable(), {"convert", samplePath("creature-4d.g4tf"), binary, "--zstd"})
            .exitCode == 0);
    REQUIRE(
        runProcess(cliExecutable(), {"convert", binary, text, "--schema", "current"}).exitCode ==
        0);
    const auto before =
        runProcess(cliExecutable(), {"info", samplePath("creature-4d.g4tf"), "--json"});
    const auto after = runProcess(cliExecutable(), {"info", text, "--json"});
    auto beforeJson = nlohmann::json::parse(before.out);
    auto afterJson = nlohmann::json::parse(after.out);
    CHECK(afterJson["schema"] == "current");
    beforeJson.erase("schema");
    afterJson.erase("schema");
    CHECK(beforeJson == afterJson);

    SECTION("usage errors: a bad schema, --zstd for text, an unknown extension") {
        const auto out = (folder / "x.g4tf").string();
        CHECK(runProcess(cliExecutable(), {"convert", text, out, "--schema", "newest"}).exitCode ==
              2);
        const auto zstd = runProcess(cliExecutable(), {"convert", text, out, "--zstd"});
        CHECK(zstd.exitCode == 2);
        CHECK_THAT(zstd.err, Catch::Contains("--zstd applies to .g4b"));
        CHECK(
            runProcess(cliExecutable(), {"convert", text, (folder / "x.obj").string()}).exitCode ==
            2);
        CHECK_FALSE(std::filesystem::exists(out));
    }
    SECTION("a failed conversion leaves no output file") {
        const auto out = (folder / "never.g4tf").string();
        const auto result = runProcess(cliExecutable(), {"convert", "/nonexistent/in.g4tf", out});
        CHECK(result.exitCode == 2);
        CHECK_FALSE(std::filesystem::exists(out));
    }
}

TEST_CASE("convert keeps accessors that several meshes share shared", "[cli][convert]") {
    // Two meshes that use the same five accessors (vertices, simplexes, skin triples).
    const std::string in =
        (std::filesystem::path(HYPERRIG_SOURCE_DIR) / "tests/fixtures/g4mf/shared-accessors.g4tf")
            .string();
    TemporaryFolder folder;
    for (const char* name : {"out.g4tf", "out.g4b"}) {
        for (const char* schema : {"classic", "current"}) {
            INFO(name << " " << schema);
            const auto out = folder / name;
            REQUIRE(runProcess(cliExecutable(), {"convert", in, out.string(), "--schema", schema})
                        .exitCode == 0);
            auto file = hyperrig::core::io::loadG4mfFile(out);
            REQUIRE(file.ok());
            const auto& json = file->json;
            CHECK(json["accessors"].size() == 5);
            for (const auto& mesh : json["meshes"]) {
                CHECK(mesh["vertices"] == 0);
                CHECK(mesh["surfaces"][0]["simplexes"] == 1);
                CHECK(mesh["skin"]["vertices"] == 2);
                CHECK(mesh["skin"]["groups"] == 3);
                CHECK(mesh["skin"]["weights"] == 4);
            }
        }
    }
}

TEST_CASE("info, convert and edit report unreadable inputs and failed writes alike", "[cli]") {
    TemporaryFolder folder;
    const auto ops = folder / "ops.json";
    std::ofstream(ops) << "[]";
    const std::string out = (folder / "out.g4tf").string();

    SECTION("an unreadable input: exit 2 and the reader's message") {
        const std::string in = "/nonexistent/in.g4tf";
        const auto info = runProcess(cliExecutable(), {"info", in});
        const auto convert = runProcess(cliExecutable(), {"convert", in, out});
        const auto edit =
            runProcess(cliExecutable(), {"edit", in, "--script", ops.string(), "-o", out});
        for (const auto* result : {&info, &convert, &edit}) {
            CHECK(result->exitCode == 2);
            CHECK(result->err == info.err);
        }
        CHECK_THAT(info.err, Catch::StartsWith("hyperrig-cli: ") && Catch::Contains(in));
    }
    SECTION("an output that cannot be written: exit 1 and the writer's message") {
        const std::string in = samplePath("tiny-4d-arm.g4tf");
        const std::string missing = (folder / "missing").string();
        const std::string unwritable = missing + "/out.g4tf";
        const auto convert = runProcess(cliExecutable(), {"convert", in, unwritable});
        const auto edit =
            runProcess(cliExecutable(), {"edit", in, "--script", ops.string(), "-o", unwritable});
        CHECK(convert.exitCode == 1);
        CHECK(edit.exitCode == 1);
        CHECK(edit.err == convert.err);
        CHECK_THAT(convert.err, Catch::StartsWith("hyperrig-cli: ") && Catch::Contains(missing));
        CHECK_FALSE(std::filesystem::exists(unwritable));
    }
}

TEST_CASE("info counts blend shapes and names each skeleton's animations", "[cli][info]") {
    // morph-targets.gltf has two morph targets, Bulge and Shift
    // (tests/fixtures/gltf/make_gltf_fixtures.py); OpenUSD's skinnedArm.usda has one
    // SkelAnimation, /Model/Skel/Anim, bound to its Skeleton.
    const auto fixture =
        std::string(HYPERRIG_SOURCE_DIR) + "/tests/fixtures/gltf/morph-targets.gltf";
    const auto morph = runProcess(cliExecutable(), {"info", fixture, "--json"});
    REQUIRE(morph.exitCode == 0);
    CHECK(nlohmann::json::parse(morph.out)["blendShapes"] == 2);
    const auto text = runProcess(cliExecutable(), {"info", fixture});
    CHECK_THAT(text.out, Catch::Contains("blend shapes 2"));

    const auto arm = std::string(HYPERRIG_SOURCE_DIR) + "/../shared/data/usd/skinnedArm.usda";
    const auto armJson = runProcess(cliExecutable(), {"info", arm, "--json"});
    REQUIRE(armJson.exitCode == 0);
    const auto json = nlohmann::json::parse(armJson.out);
    CHECK(json["blendShapes"] == 0);
    REQUIRE(json["skeletonDetails"].size() == 1);
    CHECK(json["skeletonDetails"][0]["animations"] == nlohmann::json::array({"Anim"}));
    CHECK_THAT(runProcess(cliExecutable(), {"info", arm}).out, Catch::Contains("animations: Anim"));
}
