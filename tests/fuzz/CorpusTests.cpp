#include "tests/fuzz/FuzzExercise.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

using namespace hyperrig::fuzz;

namespace {

std::vector<std::uint8_t> bytesOfFile(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    REQUIRE(stream);
    return {std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
}

std::vector<std::filesystem::path> corpusInputs(std::string_view target) {
    std::vector<std::filesystem::path> inputs;
    for (const auto& entry : std::filesystem::directory_iterator(corpusFolder(target)))
        if (entry.is_regular_file() && entry.path().filename() != "README.md")
            inputs.push_back(entry.path());
    std::sort(inputs.begin(), inputs.end());
    return inputs;
}

} // namespace

// The test main installs a contract handler that throws, so a contract violation fails here with
// its message, as an escaped exception does; a libFuzzer build would abort on either.
TEST_CASE("every regression corpus input is read, validated and written without escaping",
          "[fuzz][corpus]") {
    for (const Target& target : targets()) {
        const auto inputs = corpusInputs(target.name);
        INFO("tests/fuzz/corpus/" << target.name);
        CHECK(!inputs.empty()); // each target is seeded
        for (const auto& input : inputs) {
            DYNAMIC_SECTION(target.name << "/" << input.filename().string()) {
                const auto bytes = bytesOfFile(input);
                int status = -1;
                CHECK_NOTHROW(status = target.exercise(bytes.data(), bytes.size()));
                CHECK(status == 0);
            }
        }
    }
}

TEST_CASE("the exercise functions take empty and truncated inputs", "[fuzz]") {
    for (const Target& target : targets()) {
        DYNAMIC_SECTION(target.name) {
            CHECK(target.exercise(nullptr, 0) == 0);
            const auto inputs = corpusInputs(target.name);
            REQUIRE(!inputs.empty());
            const auto bytes = bytesOfFile(inputs.front());
            for (std::size_t length : {std::size_t{1}, bytes.size() / 2, bytes.size() - 1})
                CHECK_NOTHROW(target.exercise(bytes.data(), std::min(length, bytes.size())));
        }
    }
}
