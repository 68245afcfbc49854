#include "core/base/LastResort.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <stdexcept>
#include <string>

using hyperrig::core::runWithLastResortHandler;

namespace {

// Runs `body` through the handler with its messages going to a temporary file.
std::pair<int, std::string> runCapturing(const std::function<int()>& body) {
    std::FILE* err = std::tmpfile();
    REQUIRE(err);
    const int status = runWithLastResortHandler("hyperrig-test", body, err);
    std::rewind(err);
    std::string text;
    for (int c = std::fgetc(err); c != EOF; c = std::fgetc(err))
        text += static_cast<char>(c);
    std::fclose(err);
    return {status, text};
}

} // namespace

TEST_CASE("the last-resort handler turns an escaped exception into an internal error", "[base]") {
    SECTION("a body that returns keeps its exit status and prints nothing") {
        const auto [status, text] = runCapturing([] { return 1; });
        CHECK(status == 1);
        CHECK(text.empty());
    }
    SECTION("a standard exception is reported with its message and exit status 2") {
        const auto [status, text] =
            runCapturing([]() -> int { throw std::runtime_error("cannot use key()"); });
        CHECK(status == 2);
        CHECK(text == "hyperrig-test: internal error: cannot use key() (please report this)\n");
    }
    SECTION("anything else thrown is reported too") {
        const auto [status, text] = runCapturing([]() -> int { throw 42; });
        CHECK(status == 2);
        CHECK(text == "hyperrig-test: internal error: unknown exception (please report this)\n");
    }
}
