#include "core/base/Result.h"
#include "tests/support/ThrowingContracts.h"

#include <catch2/catch.hpp>
#include <string>

using hyperrig::core::Error;
using hyperrig::core::Result;

TEST_CASE("results carry a value or an error with context", "[base]") {
    SECTION("a value is readable and the result is ok") {
        Result<int> result(42);
        REQUIRE(result.ok());
        CHECK(*result == 42);
    }
    SECTION("context is prepended outermost first as the error travels up") {
        Result<int> result(Error("rotor has 5 components"));
        result = std::move(result).withContext("/nodes/3/rotor");
        result = std::move(result).withContext("reading creature.g4tf");
        REQUIRE_FALSE(result.ok());
        CHECK(result.error().message() ==
              "reading creature.g4tf: /nodes/3/rotor: rotor has 5 components");
    }
    SECTION("an error's code survives the context added on the way up") {
        Result<int> result(Error("/buffers/1/uri: outside", "buffer.uri.outside-folder"));
        result = std::move(result).withContext("reading rig.g4tf");
        CHECK(result.error().code() == "buffer.uri.outside-folder");
        CHECK(result.error().message() == "reading rig.g4tf: /buffers/1/uri: outside");
        CHECK(Error("plain").code().empty());
        CHECK(Error("plain").withContext("ctx").code().empty());
    }
    SECTION("context on a success changes nothing") {
        Result<std::string> result(std::string("kept"));
        result = std::move(result).withContext("ignored");
        CHECK(*result == "kept");
    }
    SECTION("void results report success and failure") {
        Result<void> success;
        Result<void> failure(Error("disk full"));
        CHECK(success.ok());
        CHECK(std::move(failure).withContext("saving").error().message() == "saving: disk full");
    }
    SECTION("reading the value of a failure is a contract violation, not undefined behaviour") {
        Result<int> failure(Error("no value"));
        CHECK_THROWS_AS(failure.value(), hyperrig::test::ContractViolation);
        Result<int> success(1);
        CHECK_THROWS_AS(success.error(), hyperrig::test::ContractViolation);
    }
}
