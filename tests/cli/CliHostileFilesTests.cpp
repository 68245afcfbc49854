#include "tests/cli/CliTestSupport.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TextFiles.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using hyperrig::test::cliExecutable;
using hyperrig::test::readTextFile;
using hyperrig::test::runProcess;
using hyperrig::test::TemporaryFolder;
using hyperrig::test::writeTextFile;

namespace {

const std::filesystem::path kCorpus =
    std::filesystem::path(HYPERRIG_SOURCE_DIR) / "tests/fuzz/corpus";

// Our own outcome: a documented exit status and no sign of an escaped exception.
void requireOwnOutcome(const hyperrig::test::ProcessResult& result) {
    INFO(result.err);
    CHECK(result.exitCode >= 0);
    CHECK(result.exitCode <= 2);
    CHECK_THAT(result.err, !Catch::Contains("terminate called"));
    CHECK_THAT(result.err, !Catch::Contains("internal error"));
}

// The inputs of corpus folder `target` the CLI test runs, sorted: every input named crash-*
// (what once broke the CLI itself) and every third other one. Every input of every folder goes
// through the reader, validator and writer in process under the sanitizers ([corpus]); this
// test is about main's error paths, which a third of each folder's error kinds reach as well as
// all of them (one process each under ASan is the CI run's slowest test). With
// HYPERRIG_CLI_CORPUS=all in the environment, every input runs.
std::vector<std::filesystem::path> cliCorpusInputs(const char* target) {
    std::vector<std::filesystem::path> all;
    for (const auto& entry : std::filesystem::directory_iterator(kCorpus / target))
        if (entry.is_regular_file())
            all.push_back(entry.path());
    std::sort(all.begin(), all.end());
    const char* every = std::getenv("HYPERRIG_CLI_CORPUS");
    if (every && std::string(every) == "all")
        return all;
    std::vector<std::filesystem::path> chosen;
    std::size_t others = 0;
    for (const auto& path : all)
        if (path.filename().string().rfind("crash-", 0) == 0 || others++ % 3 == 0)
            chosen.push_back(path);
    return chosen;
}

} // namespace

TEST_CASE("the CLI corpus test runs every crash input and a third of the others",
          "[cli][hostile][corpus]") {
    const auto chosen = cliCorpusInputs("g4tf");
    std::size_t crashes = 0;
    std::size_t total = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kCorpus / "g4tf")) {
        ++total;
        crashes += entry.path().filename().string().rfind("crash-", 0) == 0 ? 1U : 0U;
    }
    REQUIRE(crashes > 0);
    for (const auto& entry : std::filesystem::directory_iterator(kCorpus / "g4tf"))
        if (entry.path().filename().string().rfind("crash-", 0) == 0)
            CHECK(std::find(chosen.begin(), chosen.end(), entry.path()) != chosen.end());
    CHECK(chosen.size() >= crashes + (total - crashes) / 3);
    CHECK(chosen.size() <= crashes + (total - crashes + 2) / 3);
}

TEST_CASE("convert keeps a preserved accessor that is not an object (issue 21's crash)",
          "[cli][convert][hostile]") {
    TemporaryFolder folder;
    const auto input = kCorpus / "g4tf/crash-convert-preserved-accessor-number.g4tf";
    for (const char* output : {"out.g4b", "out.g4tf"}) {
        DYNAMIC_SECTION(output) {
            const auto result = runProcess(cliExecutable(),
                                           {"convert", input.string(), (folder / output).string()});
            requireOwnOutcome(result);
            REQUIRE(result.exitCode == 0);
            auto file = hyperrig::core::io::loadG4mfFile(folder / output);
            REQUIRE(file.ok());
            CHECK(file->json["accessors"][2] == 7);
        }
    }
    SECTION("validate still reports the accessor") {
        const auto result = runProcess(cliExecutable(), {"validate", input.string()});
        CHECK(result.exitCode == 1);
        CHECK_THAT(result.out, Catch::Contains("/accessors/2"));
    }
}

TEST_CASE("wrong JSON types in preserved places end in our own message", "[cli][hostile]") {
    TemporaryFolder folder;
    for (const char* name :
         {"preserved-accessor-string.g4tf", "preserved-accessor-null.g4tf",
          "preserved-accessor-array.g4tf", "preserved-accessor-buffer-view-string.g4tf",
          "preserved-buffer-view-number.g4tf", "preserved-buffer-view-buffer-string.g4tf",
          "top-level-accessors-object.g4tf", "top-level-buffers-number.g4tf",
          "extra-buffer-string.g4tf", "extensions-not-objects.g4tf", "lights-entry-number.g4tf",
          "bind-poses-entries-numbers.g4tf"}) {
        DYNAMIC_SECTION(name) {
            const auto input = (kCorpus / "g4tf" / name).string();
            for (const char* output : {"out.g4b", "out.g4tf"}) {
                const auto result =
                    runProcess(cliExecutable(), {"convert", input, (folder / output).string()});
                requireOwnOutcome(result);
                // Refused: the message names the place.
                if (result.exitCode != 0)
                    CHECK_THAT(result.err, Catch::Contains(": /"));
            }
            requireOwnOutcome(runProcess(cliExecutable(), {"validate", input, "--json"}));
            requireOwnOutcome(runProcess(cliExecutable(), {"info", input}));
        }
    }
}

// The last-resort handler of main must never be what answers a corpus input. One process per
// input, through `convert` (read, then encode and write: where issue 21's crash was): the reader,
// the validator and the writer already meet every corpus input in process under the sanitizers
// (tests/fuzz, [corpus]), so this test is about main's error paths, and a `validate` run per
// input as well doubled the slowest test of the CI run without reaching other code of main; for
// the same reason it runs the crash inputs and a third of the others (cliCorpusInputs).
TEST_CASE("no regression corpus input reaches the CLI's last-resort handler",
          "[cli][hostile][corpus]") {
    TemporaryFolder folder;
    for (const char* target : {"g4tf", "g4b"})
        for (const auto& path : cliCorpusInputs(target)) {
            const std::string input = path.string();
            INFO(input);
            requireOwnOutcome(
                runProcess(cliExecutable(), {"convert", input, (folder / "out.g4b").string()}));
        }
    // glTF: one convert each (import, then a G4MF write), to keep this test cheap.
    for (const auto& path : cliCorpusInputs("gltf")) {
        INFO(path.string());
        requireOwnOutcome(runProcess(cliExecutable(),
                                     {"convert", path.string(), (folder / "gltf.g4b").string()}));
    }
    // .usda: one convert each (parse, compose, import, then a .usda write; the fuzz target
    // covers the G4MF write).
    for (const auto& path : cliCorpusInputs("usda")) {
        if (path.extension() != ".usda")
            continue; // the licence files of the OpenUSD copies
        INFO(path.string());
        requireOwnOutcome(runProcess(
            cliExecutable(), {"convert", path.string(), (folder / "written.usda").string()}));
    }
    const std::string sample = hyperrig::test::samplePath("tiny-4d-mesh.g4tf");
    for (const auto& path : cliCorpusInputs("script")) {
        INFO(path.string());
        requireOwnOutcome(runProcess(cliExecutable(), {"edit", sample, "--script", path.string(),
                                                       "-o", (folder / "edited.g4tf").string()}));
    }
    for (const auto& path : cliCorpusInputs("pose")) {
        INFO(path.string());
        requireOwnOutcome(
            runProcess(cliExecutable(), {"pose", sample, "--pose", path.string(), "--bake", "-o",
                                         (folder / "posed.g4tf").string()}));
    }
    // MPFB rigs go onto the real base mesh; OBJ inputs stand in for the base mesh.
    const auto mpfbData = std::filesystem::path(HYPERRIG_SOURCE_DIR) / "../shared/data/mpfb";
    const std::string groups = (mpfbData / "mesh_metadata/basemesh_vertex_groups.json").string();
    for (const auto& path : cliCorpusInputs("mpfb")) {
        INFO(path.string());
        requireOwnOutcome(
            runProcess(cliExecutable(),
                       {"convert", path.string(), (folder / "rig.g4tf").string(), "--base-mesh",
                        (mpfbData / "3dobjs/base.obj").string(), "--vertex-groups", groups}));
    }
    // Per-vertex files, each both ways: as the weights of a shipped rig and as its vertex groups.
    const std::string rig = (mpfbData / "rigs/standard/rig.game_engine.json").string();
    const std::string baseMesh = (mpfbData / "3dobjs/base.obj").string();
    for (const auto& path : cliCorpusInputs("mpfb-vertex")) {
        INFO(path.string());
        requireOwnOutcome(runProcess(
            cliExecutable(), {"convert", rig, (folder / "rig.g4tf").string(), "--base-mesh",
                              baseMesh, "--vertex-groups", groups, "--weights", path.string()}));
        requireOwnOutcome(runProcess(cliExecutable(),
                                     {"convert", rig, (folder / "rig.g4tf").string(), "--base-mesh",
                                      baseMesh, "--vertex-groups", path.string()}));
    }
    for (const auto& path : cliCorpusInputs("obj")) {
        INFO(path.string());
        requireOwnOutcome(runProcess(
            cliExecutable(), {"convert", (mpfbData / "rigs/standard/rig.cmu_mb.json").string(),
                              (folder / "rig.g4tf").string(), "--base-mesh", path.string(),
                              "--vertex-groups", groups}));
    }
}

TEST_CASE("files that read outside their folder need --allow-outside-references",
          "[cli][hostile]") {
    TemporaryFolder folder;
    REQUIRE(writeTextFile(folder / "secret.txt", "root:x:0:0:SECRET"));
    // The leak: an extra buffer, view and accessor that nothing HyperRig interprets uses.
    auto json = nlohmann::ordered_json::parse(
        readTextFile(hyperrig::test::samplePath("tiny-4d-mesh.g4tf")));
    json["buffers"].push_back({{"byteLength", 17}, {"uri", "../secret.txt"}});
    json["bufferViews"].push_back({{"buffer", 1}, {"byteLength", 17}});
    json["accessors"].push_back({{"bufferView", 5}, {"componentType", "uint8"}});
    const auto input = folder / "downloads/rig.g4tf";
    REQUIRE(writeTextFile(input, json.dump()));
    const std::string output = (folder / "shared.g4tf").string();

    SECTION("validate reports the reference under its own rule") {
        const auto result = runProcess(cliExecutable(), {"validate", input.string()});
        CHECK(result.exitCode == 1);
        CHECK_THAT(result.out,
                   Catch::Contains("error [buffer.uri.outside-folder] /buffers/1/uri: buffer 1 "
                                   "uri '../secret.txt' reads "));
        const auto report = nlohmann::json::parse(
            runProcess(cliExecutable(), {"validate", input.string(), "--json"}).out);
        CHECK(report["valid"] == false);
        const auto& list = report["diagnostics"];
        CHECK(std::any_of(list.begin(), list.end(), [](const nlohmann::json& d) {
            return d["rule"] == "buffer.uri.outside-folder" && d["pointer"] == "/buffers/1/uri" &&
                   d["severity"] == "error";
        }));
    }
    SECTION("every reading command refuses by default and says how to allow it") {
        const std::vector<std::vector<std::string>> commands{
            {"convert", input.string(), output},
            {"info", input.string()},
            {"edit", input.string(), "--script", (kCorpus / "script/valid-edits.json").string(),
             "-o", output},
            {"pose", input.string(), "--pose", (kCorpus / "pose/valid-rotor.json").string(),
             "--bake", "-o", output},
            {"slice", input.string(), "-o", (folder / "slice.obj").string()},
            {"merge", input.string(), "--meshes", "TinySkin,TinySkin", "--mode", "append", "-o",
             output},
            {"parent", input.string(), "--mesh", "TinySkin", "--skeleton", "ArmRig", "-o", output}};
        for (const auto& command : commands) {
            INFO(command[0]);
            const auto refused = runProcess(cliExecutable(), command);
            requireOwnOutcome(refused);
            CHECK(refused.exitCode == 2);
            CHECK_THAT(refused.err, Catch::Contains("/buffers/1/uri: uri '../secret.txt' reads"));
            CHECK_THAT(refused.err, Catch::Contains("--allow-outside-references"));
            CHECK_FALSE(std::filesystem::exists(output));

            auto allowedCommand = command;
            allowedCommand.push_back("--allow-outside-references");
            const auto allowed = runProcess(cliExecutable(), allowedCommand);
            requireOwnOutcome(allowed);
            CHECK_THAT(allowed.err, !Catch::Contains("outside the folder"));
            if (command[0] != "merge" && command[0] != "parent") // these may refuse the rig itself
                CHECK(allowed.exitCode == 0);
            std::filesystem::remove(output);
        }
    }
    SECTION("allowed, convert carries the outside bytes, as the user agreed") {
        const auto allowed = runProcess(
            cliExecutable(), {"convert", input.string(), output, "--allow-outside-references"});
        REQUIRE(allowed.exitCode == 0);
        auto read = hyperrig::core::io::loadG4mfFile(output);
        REQUIRE(read.ok());
        const auto& bytes = read->buffers[0].bytes;
        const std::string data(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        CHECK_THAT(data, Catch::Contains("root:x:0:0:SECRET"));
    }
    SECTION("validate --allow-outside-references reads it and warns") {
        const auto result =
            runProcess(cliExecutable(), {"validate", input.string(), "--allow-outside-references"});
        CHECK_THAT(result.out, Catch::Contains("warning [buffer.uri.outside-folder-allowed]"));
        CHECK_THAT(result.out, !Catch::Contains("[buffer.uri.outside-folder]"));
    }
    SECTION("--help documents the option") {
        const auto help = runProcess(cliExecutable(), {"--help"});
        CHECK_THAT(help.out, Catch::Contains("--allow-outside-references"));
    }
}
