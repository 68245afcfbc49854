#include "app/hyperrig-cli/CliOptions.h"

#include <catch2/catch.hpp>

using hyperrig::cli::OptionSpec;
using hyperrig::cli::ParsedOptions;

TEST_CASE("subcommand options parse flags, values and positionals", "[cli][options]") {
    const OptionSpec spec{{"json", "zstd"}, {"schema", "w"}, 1, 2};

    SECTION("flags, both value spellings and positionals in any order") {
        auto parsed = ParsedOptions::parse(
            {"--json", "in.g4tf", "--schema=current", "--w", "-0.5", "out.g4b"}, spec);
        REQUIRE(parsed.ok());
        CHECK(parsed->flag("json"));
        CHECK_FALSE(parsed->flag("zstd"));
        CHECK(parsed->value("schema") == "current");
        CHECK(parsed->value("w") == "-0.5");
        CHECK_FALSE(parsed->value("missing").has_value());
        CHECK(parsed->positionals() == std::vector<std::string>{"in.g4tf", "out.g4b"});
    }
    SECTION("a single-letter spelling stands for its long option") {
        const OptionSpec withShort{{}, {"output"}, 1, 1, {{'o', "output"}}};
        auto parsed = ParsedOptions::parse({"in.g4tf", "-o", "out.g4tf"}, withShort);
        REQUIRE(parsed.ok());
        CHECK(parsed->value("output") == "out.g4tf");
        CHECK_FALSE(ParsedOptions::parse({"in.g4tf", "-x", "out.g4tf"}, withShort).ok());
    }
    SECTION("-- ends the options, so a file may start with a dash") {
        auto parsed = ParsedOptions::parse({"--", "--odd-name.g4tf"}, spec);
        REQUIRE(parsed.ok());
        CHECK(parsed->positionals() == std::vector<std::string>{"--odd-name.g4tf"});
    }
    SECTION("usage errors say exactly what is wrong") {
        auto check = [&](std::vector<std::string> arguments, const std::string& expected) {
            auto parsed = ParsedOptions::parse(arguments, spec);
            REQUIRE_FALSE(parsed.ok());
            CHECK_THAT(parsed.error().message(), Catch::Contains(expected));
        };
        check({"in", "--bogus"}, "unknown option '--bogus'");
        check({"in", "-x"}, "unknown option '-x'");
        check({"in", "--schema"}, "--schema needs a value");
        check({"in", "--schema", "a", "--schema", "b"}, "given twice");
        check({"in", "--json=yes"}, "--json takes no value");
        check({}, "expected 1 file argument, got 0");
        check({"a", "b", "c"}, "unexpected argument 'c'");
    }
}
