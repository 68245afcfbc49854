#include "tests/fuzz/JsonMutation.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

using namespace hyperrig::fuzz;
using nlohmann::json;

namespace {

std::string sampleG4tfText() {
    std::ifstream stream(std::filesystem::path(HYPERRIG_SOURCE_DIR) /
                         "assets/samples/tiny-4d-mesh.g4tf");
    REQUIRE(stream);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

} // namespace

TEST_CASE("a mutation of a G4MF document is still JSON and differs from it", "[fuzz][mutation]") {
    const std::string input = sampleG4tfText();
    const json original = json::parse(input);
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        INFO("seed " << seed);
        const auto mutated = mutateJson(input, seed);
        REQUIRE(mutated);
        INFO(nameOfJsonMutation(mutated->kind));
        REQUIRE(json::accept(mutated->text));
        CHECK(json::parse(mutated->text) != original);
    }
}

TEST_CASE("every kind of JSON mutation applies to a G4MF document", "[fuzz][mutation]") {
    const std::string input = sampleG4tfText();
    std::set<JsonMutationKind> seen;
    for (std::uint64_t seed = 0; seed < 400; ++seed)
        if (const auto mutated = mutateJson(input, seed))
            seen.insert(mutated->kind);
    CHECK(seen.size() == static_cast<std::size_t>(kJsonMutationKinds));
}

TEST_CASE("a JSON mutation depends on its seed alone", "[fuzz][mutation]") {
    const std::string input = sampleG4tfText();
    std::set<std::string> distinct;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        const auto once = mutateJson(input, seed);
        const auto again = mutateJson(input, seed);
        REQUIRE(once);
        REQUIRE(again);
        CHECK(once->text == again->text);
        distinct.insert(once->text);
    }
    CHECK(distinct.size() > 10); // and the seeds do pick different mutations
}

TEST_CASE("input that is not JSON is left to byte mutation", "[fuzz][mutation]") {
    CHECK_FALSE(mutateJson("", 1));
    CHECK_FALSE(mutateJson(std::string_view("glTF\x02\0\0\0", 8), 1));
    CHECK_FALSE(mutateJson("{\"asset\": ", 1));
    // Deeper than the walk goes (dump() recurses): refused, not a stack overflow.
    const std::string deep = std::string(5000, '[') + std::string(5000, ']');
    CHECK_FALSE(mutateJson(deep, 1));
    CHECK_FALSE(crossOverJson(deep, "{}", 1));
}

TEST_CASE("mutations of the smallest documents still differ from them", "[fuzz][mutation]") {
    for (const std::string_view input : {"0", "\"\"", "[]", "{}", "[1]", "{\"a\":null}"})
        for (std::uint64_t seed = 0; seed < 30; ++seed) {
            INFO(input << " seed " << seed);
            const auto mutated = mutateJson(input, seed);
            REQUIRE(mutated);
            CHECK(json::parse(mutated->text) != json::parse(input));
        }
}

TEST_CASE("a JSON cross-over puts a value of the second document into the first",
          "[fuzz][mutation]") {
    const std::string first = R"({"nodes":[{"name":"a"},{"name":"b"}],"scene":0})";
    const std::string second = R"({"marker":["from the second"]})";
    bool tookFromSecond = false;
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        const auto crossed = crossOverJson(first, second, seed);
        REQUIRE(crossed);
        REQUIRE(json::accept(*crossed));
        tookFromSecond = tookFromSecond || crossed->find("from the second") != std::string::npos;
    }
    CHECK(tookFromSecond);
    CHECK_FALSE(crossOverJson(first, "not json", 1));
}
