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

TEST_CASE("validate follows the exit-status contract", "[cli][validate]") {
    TemporaryFolder folder;
    const auto write = [&](const char* name, const std::string& text) {
        const auto path = folder / name;
        std::ofstream(path) << text;
        return path.string();
    };

    SECTION("every bundled sample is valid: exit 0, no diagnostics") {
        for (const char* name : {"creature-4d.g4tf", "arm-3d.g4tf", "tiny-4d-arm.g4tf"}) {
            const auto path = std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets/samples" / name;
            const auto result = runProcess(cliExecutable(), {"validate", path.string(), "--json"});
            INFO(name << ": " << result.out);
            CHECK(result.exitCode == 0);
            const auto report = nlohmann::json::parse(result.out);
            CHECK(report["valid"] == true);
            CHECK(report["errors"] == 0);
        }
    }
    SECTION("errors: exit 1, each with severity, rule, pointer and message") {
        const auto path = write("twoParents.g4tf", R"({"asset": {"dimension": 4}, "nodes": [
            {"children": [1, 2]}, {"name": "A", "children": [2]}, {"name": "B"}]})");
        const auto result = runProcess(cliExecutable(), {"validate", path, "--json"});
        CHECK(result.exitCode == 1);
        const auto report = nlohmann::json::parse(result.out);
        CHECK(report["valid"] == false);
        REQUIRE(report["errors"].get<int>() >= 1);
        bool found = false;
        for (const auto& diagnostic : report["diagnostics"]) {
            CHECK(diagnostic.contains("severity"));
            CHECK(diagnostic.contains("message"));
            if (diagnostic["rule"] == "node.children.multiple-parents") {
                found = true;
                CHECK(diagnostic["pointer"].get<std::string>().rfind("/nodes/", 0) == 0);
            }
        }
        CHECK(found);
        const auto text = runProcess(cliExecutable(), {"validate", path});
        CHECK(text.exitCode == 1);
        CHECK_THAT(text.out, Catch::Contains("invalid"));
    }
    SECTION("malformed JSON: exit 2 with line and column") {
        const auto path =
            write("broken.g4tf", "{\n \"asset\": {\"dimension\": 4},\n \"nodes\": [}");
        const auto result = runProcess(cliExecutable(), {"validate", path});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("line 3, column"));
        const auto json = runProcess(cliExecutable(), {"validate", path, "--json"});
        CHECK(json.exitCode == 2);
        CHECK(nlohmann::json::parse(json.out)["diagnostics"][0]["rule"] == "file.unreadable");
    }
    SECTION("bad usage: exit 2") {
        CHECK(runProcess(cliExecutable(), {"validate"}).exitCode == 2);
        CHECK(runProcess(cliExecutable(), {"validate", "a", "b"}).exitCode == 2);
    }
}
