#include "tests/cli/CliTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

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
    const auto out =
        runProcess(cliExecutable(), {"convert", hyperrig::test::samplePath("tiny-4d-mesh.g4tf"),
                                     (folder / "x.usda").string()});
    CHECK(out.exitCode == 2);
    CHECK_THAT(out.err, Catch::Contains("writing USD is not supported yet"));
}
