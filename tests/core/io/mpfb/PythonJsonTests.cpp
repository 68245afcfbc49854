#include "core/io/mpfb/PythonJson.h"

#include <catch2/catch.hpp>
#include <cmath>

using hyperrig::core::io::pythonFloatRepr;
using hyperrig::core::io::pythonJsonDump;
using hyperrig::core::io::roundLikeMpfb;
using hyperrig::core::model::OrderedJson;

TEST_CASE("Python float repr is reproduced digit for digit", "[mpfb]") {
    // Expected strings are what CPython 3 prints for repr(x).
    CHECK(pythonFloatRepr(0.0) == "0.0");
    CHECK(pythonFloatRepr(-0.0) == "-0.0");
    CHECK(pythonFloatRepr(1.0) == "1.0");
    CHECK(pythonFloatRepr(0.0001) == "0.0001");
    CHECK(pythonFloatRepr(0.00025) == "0.00025");
    CHECK(pythonFloatRepr(1e-05) == "1e-05");
    CHECK(pythonFloatRepr(-1e-05) == "-1e-05");
    CHECK(pythonFloatRepr(1.5e-07) == "1.5e-07");
    CHECK(pythonFloatRepr(1e16) == "1e+16");
    CHECK(pythonFloatRepr(1e22) == "1e+22");
    CHECK(pythonFloatRepr(123.5) == "123.5");
    CHECK(pythonFloatRepr(0.1) == "0.1");
    CHECK(pythonFloatRepr(-0.816) == "-0.816");
    CHECK(pythonFloatRepr(1234567890123456.0) == "1234567890123456.0");
    CHECK(pythonFloatRepr(static_cast<double>(0.1f)) == "0.10000000149011612");
    CHECK(pythonFloatRepr(5e-324) == "5e-324");
}

TEST_CASE("MPFB rounding is Python's round(x, 5) + 0", "[mpfb]") {
    // CPython: round(0.000015, 5) == 2e-05 (the double is just above the tie), ...
    CHECK(roundLikeMpfb(0.000015) == 2e-05);
    CHECK(roundLikeMpfb(0.123456789) == 0.12346);
    CHECK(roundLikeMpfb(1.000005) == 1.00001);
    CHECK(roundLikeMpfb(-0.3694826) == -0.36948);
    SECTION("exact ties go to the even digit") {
        CHECK(roundLikeMpfb(0.015625) == 0.01562); // 2^-6
        CHECK(roundLikeMpfb(0.046875) == 0.04688); // 3 * 2^-6
        CHECK(roundLikeMpfb(-0.015625) == -0.01562);
    }
    SECTION("negative zero becomes zero") {
        const double rounded = roundLikeMpfb(-0.000001);
        CHECK(rounded == 0.0);
        CHECK_FALSE(std::signbit(rounded));
    }
}

TEST_CASE("Python json.dump layout: indent 4, sorted keys, ensure_ascii", "[mpfb]") {
    const OrderedJson json = OrderedJson::parse(
        R"({"b": [1, {}], "a": "\u00e9\ud83d\ude00\"\\\n", "c": [], "d": -0.0, "e": 110})");
    CHECK(pythonJsonDump(json) == "{\n"
                                  "    \"a\": \"\\u00e9\\ud83d\\ude00\\\"\\\\\\n\",\n"
                                  "    \"b\": [\n"
                                  "        1,\n"
                                  "        {}\n"
                                  "    ],\n"
                                  "    \"c\": [],\n"
                                  "    \"d\": -0.0,\n"
                                  "    \"e\": 110\n"
                                  "}");
    SECTION("unsorted keeps insertion order") {
        CHECK(pythonJsonDump(OrderedJson::parse(R"({"z": 1, "a": 2})"), false) ==
              "{\n    \"z\": 1,\n    \"a\": 2\n}");
    }
}
