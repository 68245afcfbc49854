#include "core/base/Version.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>

using hyperrig::test::runProcess;

namespace {
const std::filesystem::path kCli = HYPERRIG_CLI_EXECUTABLE;
}

TEST_CASE("hyperrig-cli reports its version and usage", "[cli]") {
    SECTION("--version prints the project version and exits 0") {
        const auto result = runProcess(kCli, {"--version"});
        CHECK(result.exitCode == 0);
        CHECK(result.out == std::string("hyperrig-cli ") + hyperrig::core::kVersion + "\n");
        CHECK(result.err.empty());
    }
    SECTION("--help shows the usage lines and the exit statuses on stdout") {
        const auto result = runProcess(kCli, {"--help"});
        CHECK(result.exitCode == 0);
        CHECK_THAT(result.out, Catch::Contains("hyperrig-cli --version"));
        CHECK_THAT(result.out, Catch::Contains("Exit status: 0 success"));
    }
}

TEST_CASE("hyperrig-cli rejects bad usage with exit status 2 and a hint", "[cli]") {
    SECTION("no command at all") {
        const auto result = runProcess(kCli, {});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("no command given"));
        CHECK_THAT(result.err, Catch::Contains("--help"));
        CHECK(result.out.empty());
    }
    SECTION("an unknown command is named") {
        const auto result = runProcess(kCli, {"frobnicate", "x.g4tf"});
        CHECK(result.exitCode == 2);
        CHECK_THAT(result.err, Catch::Contains("unknown command 'frobnicate'"));
    }
    SECTION("--version with extra arguments") {
        const auto result = runProcess(kCli, {"--version", "extra"});
        CHECK(result.exitCode == 2);
    }
}
