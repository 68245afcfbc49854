#include "tests/cli/CliTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

using hyperrig::test::cliExecutable;
using hyperrig::test::runProcess;
using hyperrig::test::TemporaryFolder;

namespace {

std::string cliUsdData(const char* name) {
    return (std::filesystem::path(HYPERRIG_SOURCE_DIR) / ".." / "shared" / "data" / "usd" / name)
        .string();
}

} // namespace

TEST_CASE("convert .usda -> .g4tf, info and validate on .usda", "[cli][usd]") {
    TemporaryFolder folder;
    const auto input = cliUsdData("skinnedArm.usda");
    const auto output = (folder / "arm.g4tf").string();
    const auto converted = runProcess(cliExecutable(), {"convert", input, output});
    INFO(converted.err);
    REQUIRE(converted.exitCode == 0);
    // Warnings name the file, line and column.
    CHECK_THAT(converted.err, Catch::Contains("skinnedArm.usda:6:5: metersPerUnit"));
    const auto document = hyperrig::test::readDocumentBack(output);
    CHECK(document.dimension() == 3);
    const auto valid = runProcess(cliExecutable(), {"validate", output});
    CHECK(valid.exitCode == 0);

    const auto info = runProcess(cliExecutable(), {"info", input, "--json"});
    REQUIRE(info.exitCode == 0);
    const auto json = nlohmann::json::parse(info.out);
    CHECK(json["container"] == "usda");
    CHECK(json["bones"] == 3);
    CHECK(json["influences"] == 12);
    CHECK(json["skeletonDetails"][0]["skinnedMeshes"][0] == "Arm");
    const auto text = runProcess(cliExecutable(), {"info", input});
    CHECK_THAT(text.out, Catch::Contains("UsdSkel (text .usda)"));

    const auto report =
        runProcess(cliExecutable(), {"validate", cliUsdData("jointInfluences.usda"), "--json"});
    CHECK(report.exitCode == 0); // warnings only
    const auto diagnostics = nlohmann::json::parse(report.out);
    bool typo = false;
    for (const auto& diagnostic : diagnostics["diagnostics"])
        typo =
            typo || (diagnostic["rule"] == "usd.type.unknown" && diagnostic["pointer"] == "74:13");
    CHECK(typo);
}

TEST_CASE("bad .usda input: line and column, exit 2; USD output refused", "[cli][usd]") {
    TemporaryFolder folder;
    const auto broken = folder / "broken.usda";
    std::ofstream(broken) << "#usda 1.0\ndef Xform \"A\" {\n    token t = \"open\n}\n";
    const auto convert =
        runProcess(cliExecutable(), {"convert", broken.string(), (folder / "o.g4b").string()});
    CHECK(convert.exitCode == 2);
    CHECK_THAT(convert.err, Catch::Contains("broken.usda:3:15: unterminated string"));
    CHECK(!std::filesystem::exists(folder / "o.g4b"));
    const auto validate = runProcess(cliExecutable(), {"validate", broken.string()});
    CHECK(validate.exitCode == 1);
    CHECK_THAT(validate.out, Catch::Contains("[usd.import] 3:15: unterminated string"));
    const auto binary = folder / "crate.usdc";
    std::ofstream(binary) << "PXR-USDC binary";
    const auto crate = runProcess(cliExecutable(), {"info", binary.string()});
    CHECK(crate.exitCode == 2);
    CHECK_THAT(crate.err, Catch::Contains(".usdc"));
    const auto crateOut =
        runProcess(cliExecutable(), {"convert", hyperrig::test::samplePath("arm-3d.g4tf"),
                                     (folder / "x.usdc").string()});
    CHECK(crateOut.exitCode == 2);
    CHECK_THAT(crateOut.err, Catch::Contains("text .usda only"));
    CHECK(!std::filesystem::exists(folder / "x.usdc"));
}

TEST_CASE("convert writes .usda: 3D documents as UsdSkel, 4D ones refused or cut", "[cli][usd]") {
    TemporaryFolder folder;
    const auto arm = folder / "arm.g4tf";
    REQUIRE(runProcess(cliExecutable(), {"convert", cliUsdData("skinnedArm.usda"), arm.string()})
                .exitCode == 0);
    const auto written = folder / "arm.usda";
    const auto convert = runProcess(cliExecutable(), {"convert", arm.string(), written.string()});
    INFO(convert.err);
    REQUIRE(convert.exitCode == 0);
    std::ifstream stream(written);
    const std::string text((std::istreambuf_iterator<char>(stream)), {});
    CHECK(text.rfind("#usda 1.0\n", 0) == 0);
    CHECK_THAT(text, Catch::Contains("def SkelAnimation \"Anim\""));
    // And back again, with its animation.
    const auto again = folder / "again.g4tf";
    REQUIRE(runProcess(cliExecutable(), {"convert", written.string(), again.string()}).exitCode ==
            0);
    const auto info = runProcess(cliExecutable(), {"info", written.string(), "--json"});
    REQUIRE(info.exitCode == 0);
    CHECK(nlohmann::json::parse(info.out)["influences"] == 12);

    // 4D: refused with the way out, nothing written; with --cross-section a static mesh.
    const auto creature = hyperrig::test::samplePath("creature-4d.g4tf");
    const auto refused =
        runProcess(cliExecutable(), {"convert", creature, (folder / "creature.usda").string()});
    CHECK(refused.exitCode == 1);
    CHECK_THAT(refused.err, Catch::Contains(".usda holds 3D scenes; this document is 4D") &&
                                Catch::Contains("--cross-section"));
    CHECK(!std::filesystem::exists(folder / "creature.usda"));
    const auto cut =
        runProcess(cliExecutable(), {"convert", creature, (folder / "cut.usda").string(),
                                     "--cross-section", "--w", "0"});
    INFO(cut.err);
    REQUIRE(cut.exitCode == 0);
    const auto imported =
        runProcess(cliExecutable(), {"info", (folder / "cut.usda").string(), "--json"});
    REQUIRE(imported.exitCode == 0);
    CHECK(nlohmann::json::parse(imported.out)["meshes"].get<int>() > 0);
}

TEST_CASE("pose and slice play a kept SkelAnimation: --animation NAME --time T",
          "[cli][usd][animation]") {
    TemporaryFolder folder;
    const auto arm = folder / "arm.g4tf";
    REQUIRE(runProcess(cliExecutable(), {"convert", cliUsdData("skinnedArm.usda"), arm.string()})
                .exitCode == 0);
    // pose --bake: the Elbow's pose at frame 10 becomes its rest transform: a quarter turn about
    // +X (skinnedArm's (0.7071, 0.7071, 0, 0), normalised), 2 along Z from the Shoulder.
    const auto baked = folder / "baked.g4tf";
    const auto pose = runProcess(cliExecutable(), {"pose", arm.string(), "--animation", "Anim",
                                                   "--time", "10", "--bake", "-o", baked.string()});
    INFO(pose.err);
    REQUIRE(pose.exitCode == 0);
    const auto document = hyperrig::test::readDocumentBack(baked);
    auto elbow = document.node(document.findNode("Elbow")).transform.toAffine(3);
    REQUIRE(elbow);
    CHECK(elbow->basis().at(1, 1) == Approx(0.0).margin(1e-9));
    CHECK(elbow->basis().at(2, 1) == Approx(1.0));
    CHECK(elbow->basis().at(1, 2) == Approx(-1.0));
    CHECK(elbow->position()[2] == Approx(2.0));

    // slice of a 3D document: the posed mesh itself, one object per mesh node. Point 0
    // (0.5, -0.5, 4), bound to Hand, goes to (0.5, -2, 1.5) with the elbow bent 90°.
    const auto obj = folder / "arm.obj";
    const auto slice = runProcess(cliExecutable(), {"slice", arm.string(), "--animation", "Anim",
                                                    "--time", "10", "-o", obj.string()});
    INFO(slice.err);
    REQUIRE(slice.exitCode == 0);
    std::ifstream lines(obj);
    bool bent = false;
    bool named = false;
    for (std::string line; std::getline(lines, line);) {
        named = named || line == "o Arm";
        double x = 0, y = 0, z = 0;
        if (std::sscanf(line.c_str(), "v %lf %lf %lf", &x, &y, &z) == 3)
            bent = bent ||
                   (std::abs(x - 0.5) < 1e-5 && std::abs(y + 2) < 1e-5 && std::abs(z - 1.5) < 1e-5);
    }
    CHECK(named);
    CHECK(bent);

    // Unknown names list the animations; the options go together and exclude --pose.
    const auto unknown =
        runProcess(cliExecutable(), {"slice", arm.string(), "--animation", "Walk", "--time", "1",
                                     "-o", (folder / "x.obj").string()});
    CHECK(unknown.exitCode == 1);
    CHECK_THAT(unknown.err, Catch::Contains("(animations: Anim)"));
    CHECK(!std::filesystem::exists(folder / "x.obj"));
    const auto noTime = runProcess(cliExecutable(), {"pose", arm.string(), "--animation", "Anim",
                                                     "--bake", "-o", baked.string()});
    CHECK(noTime.exitCode == 2);
    CHECK_THAT(noTime.err, Catch::Contains("needs --time T"));
    const auto both =
        runProcess(cliExecutable(), {"slice", arm.string(), "--animation", "Anim", "--time", "1",
                                     "--pose-name", "rest", "-o", (folder / "x.obj").string()});
    CHECK(both.exitCode == 2);
    const auto badTime =
        runProcess(cliExecutable(), {"slice", arm.string(), "--animation", "Anim", "--time", "soon",
                                     "-o", (folder / "x.obj").string()});
    CHECK(badTime.exitCode == 2);
    CHECK_THAT(badTime.err, Catch::Contains("--time needs a time code"));
}

TEST_CASE("render draws a kept SkelAnimation at a time", "[cli][usd][animation][gl]") {
    TemporaryFolder folder;
    const auto arm = folder / "arm.g4tf";
    REQUIRE(runProcess(cliExecutable(), {"convert", cliUsdData("skinnedArm.usda"), arm.string()})
                .exitCode == 0);
    const auto png = folder / "arm.png";
    const auto render =
        runProcess(cliExecutable(), {"render", arm.string(), "-o", png.string(), "--size", "64x64",
                                     "--animation", "Anim", "--time", "10"});
    INFO(render.err);
    REQUIRE(render.exitCode == 0);
    CHECK(std::filesystem::file_size(png) > 0);
    const auto unknown =
        runProcess(cliExecutable(), {"render", arm.string(), "-o", (folder / "x.png").string(),
                                     "--animation", "Walk", "--time", "1"});
    CHECK(unknown.exitCode == 1);
    CHECK(!std::filesystem::exists(folder / "x.png"));
}

namespace {

// tests/fixtures/usd/blend-weight-quad.usda: a quad moved by (2, 0, 0); the animation's weight
// for shape "Lift", which moves point 2 (1, 1, 0) by (1, 1, 0), is 0 at time 0 and 1 at time 10;
// its token "Ghost" names no shape.
std::filesystem::path cliBlendWeightQuad() {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / "tests" / "fixtures" / "usd" /
           "blend-weight-quad.usda";
}

// Whether the OBJ file has the vertex (x, y, z).
bool cliObjHasVertex(const std::filesystem::path& obj, double x, double y, double z) {
    std::ifstream lines(obj);
    for (std::string line; std::getline(lines, line);) {
        double vx = 0, vy = 0, vz = 0;
        if (std::sscanf(line.c_str(), "v %lf %lf %lf", &vx, &vy, &vz) == 3 &&
            std::abs(vx - x) < 1e-5 && std::abs(vy - y) < 1e-5 && std::abs(vz - z) < 1e-5)
            return true;
    }
    return false;
}

} // namespace

TEST_CASE("slice and render show an animation's blend-shape weights",
          "[cli][usd][animation][blend]") {
    TemporaryFolder folder;
    const auto usda = cliBlendWeightQuad();
    const auto quad = folder / "quad.g4tf";
    REQUIRE(runProcess(cliExecutable(), {"convert", usda.string(), quad.string()}).exitCode == 0);
    // Time 5: Lift at 0.5, so point 2 is (1, 1, 0) + 0.5 · (1, 1, 0), moved by (2, 0, 0).
    const auto obj = folder / "quad.obj";
    const auto slice = runProcess(cliExecutable(), {"slice", quad.string(), "--animation", "Anim",
                                                    "--time", "5", "-o", obj.string()});
    INFO(slice.err);
    REQUIRE(slice.exitCode == 0);
    CHECK(cliObjHasVertex(obj, 3.5, 1.5, 0));
    CHECK_THAT(slice.err, Catch::Contains("warning") && Catch::Contains("'Ghost'"));
    // Before the first sample the weight 0 holds: point 2 only translated.
    const auto early = folder / "early.obj";
    REQUIRE(runProcess(cliExecutable(), {"slice", quad.string(), "--animation", "Anim", "--time",
                                         "-3", "-o", early.string()})
                .exitCode == 0);
    CHECK(cliObjHasVertex(early, 3, 1, 0));
    CHECK_FALSE(cliObjHasVertex(early, 3.5, 1.5, 0));
    // pose --bake says the weights are not baked.
    const auto baked = folder / "baked.g4tf";
    const auto pose = runProcess(cliExecutable(), {"pose", quad.string(), "--animation", "Anim",
                                                   "--time", "5", "--bake", "-o", baked.string()});
    CHECK(pose.exitCode == 0);
    CHECK_THAT(pose.err, Catch::Contains("blend-shape weights at that time are not baked"));
}

TEST_CASE("blendShapeWeights of the wrong length fail slice with the reason",
          "[cli][usd][animation][blend]") {
    TemporaryFolder folder;
    std::ifstream fixture(cliBlendWeightQuad());
    std::string text{std::istreambuf_iterator<char>(fixture), std::istreambuf_iterator<char>()};
    const std::string samples = "10: [1, 0.75],";
    text.replace(text.find(samples), samples.size(), "10: [1],");
    const auto usda = folder / "quad.usda";
    std::ofstream(usda) << text;
    const auto quad = folder / "quad.g4tf";
    REQUIRE(runProcess(cliExecutable(), {"convert", usda.string(), quad.string()}).exitCode == 0);
    const auto obj = folder / "quad.obj";
    const auto slice = runProcess(cliExecutable(), {"slice", quad.string(), "--animation", "Anim",
                                                    "--time", "10", "-o", obj.string()});
    CHECK(slice.exitCode == 1);
    CHECK_THAT(slice.err, Catch::Contains("blendShapeWeights has 1 values"));
    CHECK_FALSE(std::filesystem::exists(obj));
}

TEST_CASE("render draws an animation's blend-shape weights", "[cli][usd][animation][blend][gl]") {
    TemporaryFolder folder;
    const auto usda = cliBlendWeightQuad();
    const auto quad = folder / "quad.g4tf";
    REQUIRE(runProcess(cliExecutable(), {"convert", usda.string(), quad.string()}).exitCode == 0);
    // Lift at weight 0 (time 0, and held at -1) and at weight 1 (time 10): point 2 moves by
    // (1, 1, 0) in the quad's plane, so the pictures differ; the held one is the same picture.
    auto renderAt = [&](const char* time) {
        const auto png = folder / (std::string("quad-") + time + ".png");
        const auto render =
            runProcess(cliExecutable(), {"render", quad.string(), "-o", png.string(), "--size",
                                         "64x64", "--animation", "Anim", "--time", time});
        INFO(render.err);
        REQUIRE(render.exitCode == 0);
        std::ifstream in(png, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const auto atStart = renderAt("0");
    const auto atStartAgain = renderAt("-1"); // held: the same picture
    const auto atEnd = renderAt("10");
    CHECK(atStart == atStartAgain);
    CHECK(atStart != atEnd);
}
