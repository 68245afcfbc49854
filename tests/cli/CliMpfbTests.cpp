#include "tests/cli/CliTestSupport.h"
#include "tests/support/PngProbe.h"
#include "tests/support/ProcessRunner.h"
#include "tests/support/TextFiles.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using hyperrig::test::cliExecutable;
using hyperrig::test::runProcess;
using hyperrig::test::TemporaryFolder;

namespace {

std::string mpfb(const std::string& relative) {
    return (std::filesystem::path(HYPERRIG_SOURCE_DIR) / ".." / "shared" / "data" / "mpfb" /
            relative)
        .string();
}

const std::vector<std::string> kBaseMesh = {"--base-mesh", mpfb("3dobjs/base.obj"),
                                            "--vertex-groups",
                                            mpfb("mesh_metadata/basemesh_vertex_groups.json")};

std::vector<std::string> convertArguments(const std::string& in, const std::string& out,
                                          std::vector<std::string> extra = {}) {
    std::vector<std::string> arguments = {"convert", in, out};
    arguments.insert(arguments.end(), kBaseMesh.begin(), kBaseMesh.end());
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return arguments;
}

} // namespace

TEST_CASE("convert imports an MPFB rig onto the base mesh and exports it back unchanged",
          "[cli][convert][mpfb]") {
    TemporaryFolder folder;
    const std::string g4tf = (folder / "game_engine.g4tf").string();
    const std::string json = (folder / "rig.game_engine.json").string();
    const auto imported = runProcess(
        cliExecutable(), convertArguments(mpfb("rigs/standard/rig.game_engine.json"), g4tf));
    INFO(imported.err);
    REQUIRE(imported.exitCode == 0);
    CHECK_THAT(imported.out, Catch::Contains("53 bones"));

    const auto document = hyperrig::test::readDocumentBack(g4tf);
    CHECK(document.dimension() == 3);
    CHECK(document.findNode("upperarm_l"));
    const auto validated = runProcess(cliExecutable(), {"validate", g4tf});
    CHECK(validated.exitCode == 0);

    // The base mesh is not needed to export.
    const auto exported = runProcess(cliExecutable(), {"convert", g4tf, json});
    INFO(exported.err);
    REQUIRE(exported.exitCode == 0);
    CHECK(hyperrig::test::readTextFile(json) ==
          hyperrig::test::readTextFile(mpfb("rigs/standard/rig.game_engine.json")));
}

TEST_CASE("convert reports renamed MPFB bones and writes the original names back",
          "[cli][convert][mpfb]") {
    TemporaryFolder folder;
    const std::string g4tf = (folder / "mixamo.g4tf").string();
    const std::string json = (folder / "rig.mixamo.json").string();
    const auto imported =
        runProcess(cliExecutable(), convertArguments(mpfb("rigs/standard/rig.mixamo.json"), g4tf));
    REQUIRE(imported.exitCode == 0);
    CHECK_THAT(imported.out, Catch::Contains("renamed 52 bones"));
    CHECK_THAT(imported.out, Catch::Contains("mixamorig:Hips -> mixamorig_Hips"));
    REQUIRE(runProcess(cliExecutable(), {"convert", g4tf, json}).exitCode == 0);
    CHECK(hyperrig::test::readTextFile(json) ==
          hyperrig::test::readTextFile(mpfb("rigs/standard/rig.mixamo.json")));
}

TEST_CASE("convert with --weights skins the base mesh to the MPFB skeleton",
          "[cli][convert][mpfb]") {
    TemporaryFolder folder;
    const std::string g4tf = (folder / "human.g4tf").string();
    const auto imported =
        runProcess(cliExecutable(),
                   convertArguments(mpfb("rigs/standard/rig.game_engine.json"), g4tf,
                                    {"--weights", mpfb("rigs/standard/weights.game_engine.json")}));
    INFO(imported.err);
    REQUIRE(imported.exitCode == 0);
    const auto info =
        nlohmann::json::parse(runProcess(cliExecutable(), {"info", g4tf, "--json"}).out);
    CHECK(info["meshes"] == 1);
    CHECK(info["skins"] == 1);
    CHECK(info["bones"] == 53);
    CHECK(runProcess(cliExecutable(), {"validate", g4tf}).exitCode == 0);
}

TEST_CASE("render shows an imported MPFB human standing with its skeleton", "[cli][mpfb][gl]") {
    TemporaryFolder folder;
    const std::string g4tf = (folder / "human.g4tf").string();
    const std::string png = (folder / "human.png").string();
    REQUIRE(
        runProcess(cliExecutable(),
                   convertArguments(mpfb("rigs/standard/rig.game_engine.json"), g4tf,
                                    {"--weights", mpfb("rigs/standard/weights.game_engine.json")}))
            .exitCode == 0);
    const auto rendered =
        runProcess(cliExecutable(), {"render", g4tf, "-o", png, "--size", "200x300"});
    INFO(rendered.err);
    REQUIRE(rendered.exitCode == 0);
    const auto image = hyperrig::test::readPng(png);
    REQUIRE(image);
    // The default framing fits the scene: a standing human (1.7 m tall, 0.9 m across the arms)
    // fills most of the height of a portrait image and leaves most of its width empty. Rows whose
    // centre third holds the body's light skin colour tell how tall it is drawn.
    int firstRow = -1;
    int lastRow = -1;
    for (int y = 0; y < image->height; ++y)
        for (int x = image->width / 3; x < 2 * image->width / 3; ++x) {
            const std::uint32_t pixel = image->pixel(x, y);
            const int r = static_cast<int>(pixel >> 24);
            const int g = static_cast<int>((pixel >> 16) & 0xFF);
            const int b = static_cast<int>((pixel >> 8) & 0xFF);
            if (r > 120 && r > b + 15 && g > 100) { // skin: bright, warmer than it is blue
                if (firstRow < 0)
                    firstRow = y;
                lastRow = y;
            }
        }
    REQUIRE(firstRow >= 0);
    CHECK(lastRow - firstRow > image->height / 2);
}

TEST_CASE("convert refuses bad MPFB input with the reason and writes nothing",
          "[cli][convert][mpfb][hostile]") {
    TemporaryFolder folder;
    const std::string out = (folder / "out.g4tf").string();
    SECTION("no base mesh") {
        const auto result = runProcess(
            cliExecutable(), {"convert", mpfb("rigs/standard/rig.game_engine.json"), out});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("give --base-mesh base.obj and --vertex-groups"));
    }
    SECTION("a vertex index past the mesh") {
        auto rig = nlohmann::ordered_json::parse(
            hyperrig::test::readTextFile(mpfb("rigs/standard/rig.game_engine.json")));
        rig["breast_l"] = rig["Root"];
        rig["breast_l"]["head"] = {
            {"strategy", "VERTEX"}, {"vertex_index", 2147483648u}, {"default_position", {0, 0, 0}}};
        const std::string input = (folder / "rig.bad.json").string();
        std::ofstream(input) << rig.dump();
        const auto result = runProcess(cliExecutable(), convertArguments(input, out));
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err,
                   Catch::Contains("rig.bad.json: /breast_l/head/vertex_index: vertex "
                                   "2147483648 is past the base mesh's 19158 vertices"));
    }
    SECTION("a broken base mesh names its line") {
        const std::string obj = (folder / "base.obj").string();
        std::ofstream(obj) << "v 0 0 0\nf 1 2 3\n";
        const auto result =
            runProcess(cliExecutable(),
                       {"convert", mpfb("rigs/standard/rig.game_engine.json"), out, "--base-mesh",
                        obj, "--vertex-groups", mpfb("mesh_metadata/basemesh_vertex_groups.json")});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("base.obj:2: face corner '2'"));
    }
    SECTION("MPFB options on a G4MF-only conversion") {
        const auto result =
            runProcess(cliExecutable(), {"convert", hyperrig::test::samplePath("arm-3d.g4tf"), out,
                                         "--weights", "w.json"});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("--weights goes with an MPFB rig input"));
    }
    CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("lift embeds an imported MPFB human into 4D and a 4D rig comes back down",
          "[cli][lift][mpfb]") {
    TemporaryFolder folder;
    const std::string human3 = (folder / "human3.g4tf").string();
    const std::string human4 = (folder / "human4.g4tf").string();
    REQUIRE(
        runProcess(cliExecutable(),
                   convertArguments(mpfb("rigs/standard/rig.game_engine.json"), human3,
                                    {"--weights", mpfb("rigs/standard/weights.game_engine.json")}))
            .exitCode == 0);
    SECTION("a triangle mesh needs --thickness") {
        const auto refused = runProcess(cliExecutable(), {"lift", human3, "-o", human4});
        CHECK(refused.exitCode == 1);
        CHECK_THAT(refused.err, Catch::Contains("give a thickness"));
        CHECK_FALSE(std::filesystem::exists(human4));
    }
    SECTION("with a thickness the human is a valid 4D rig with a skinned slab") {
        const auto lifted =
            runProcess(cliExecutable(), {"lift", human3, "-o", human4, "--thickness", "0.002"});
        INFO(lifted.err);
        REQUIRE(lifted.exitCode == 0);
        const auto info =
            nlohmann::json::parse(runProcess(cliExecutable(), {"info", human4, "--json"}).out);
        CHECK(info["dimension"] == 4);
        CHECK(info["bones"] == 53);
        CHECK(info["skins"] == 1);
        CHECK(runProcess(cliExecutable(), {"validate", human4}).exitCode == 0);
    }
    SECTION("a skeleton goes up and back down unchanged") {
        const std::string rig3 = (folder / "rig3.g4tf").string();
        const std::string rig4 = (folder / "rig4.g4tf").string();
        const std::string back = (folder / "back.g4tf").string();
        const std::string json = (folder / "rig.json").string();
        REQUIRE(runProcess(cliExecutable(),
                           convertArguments(mpfb("rigs/standard/rig.openpose.json"), rig3))
                    .exitCode == 0);
        REQUIRE(runProcess(cliExecutable(), {"lift", rig3, "-o", rig4}).exitCode == 0);
        REQUIRE(runProcess(cliExecutable(), {"lift", rig4, "--down", "-o", back}).exitCode == 0);
        REQUIRE(runProcess(cliExecutable(), {"convert", back, json}).exitCode == 0);
        CHECK(hyperrig::test::readTextFile(json) ==
              hyperrig::test::readTextFile(mpfb("rigs/standard/rig.openpose.json")));
    }
}
