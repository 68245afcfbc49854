#include "core/io/usd/UsdStage.h"
#include "core/io/usd/UsdaParser.h"
#include "tests/core/io/usd/UsdTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::usdHasWarning;

namespace {

struct UsdaParserFixture {
    Diagnostics warnings;

    io::usd::Layer parse(const std::string& text) {
        auto layer = io::usd::parseUsdaLayer(text, "snippet.usda", {}, warnings);
        INFO((layer ? std::string() : layer.error().message()));
        REQUIRE(layer);
        return std::move(*layer);
    }

    std::string failure(const std::string& text, const io::UsdLimits& limits = {}) {
        auto layer = io::usd::parseUsdaLayer(text, "snippet.usda", limits, warnings);
        REQUIRE(!layer);
        return layer.error().message();
    }
};

} // namespace

TEST_CASE_METHOD(UsdaParserFixture, "the .usda grammar subset parses into prims", "[usd]") {
    const auto layer = parse(R"(#usda 1.0
( "a comment" doc = """two
lines""" ; metersPerUnit = .01 upAxis = 'Y' )
def Xform "A" ( kind = "component" /* block comment */
    prepend apiSchemas = ["SkelBindingAPI", ] )
{
    // line comment
    uniform token[] names = ["x", 'y',]
    float3[] p = [(1, -2.5e1, .5), (-.25, inf, -inf)]
    matrix4d m = ((1,0,0,0),(0,1,0,0),(0,0,1,0),(7,8,9,1))
    float w.timeSamples = { 1: 0.5, 2.5: None, }
    float w = 3
    prepend rel skel:skeleton = </A/S>
    custom int c = 1 ( interpolation = "vertex"; elementSize = 2 )
    def "Typeless" {}
    over Mesh "M" {}
})");
    REQUIRE(layer.prims.size() == 1);
    const auto& a = layer.prims[0];
    CHECK(a.typeName == "Xform");
    CHECK(a.path == "/A");
    CHECK(a.place.line == 4);
    CHECK(a.place.column == 1);
    CHECK(io::usd::hasAppliedSchema(a, "SkelBindingAPI"));
    CHECK(io::usd::findMetadata(layer.metadata, "metersPerUnit")->value.number == 0.01);
    CHECK(io::usd::findMetadata(layer.metadata, "doc")->value.text == "two\nlines");
    CHECK(io::usd::findMetadata(layer.metadata, "comment")->value.text == "a comment");
    const auto* points = a.property("p");
    REQUIRE(points);
    CHECK(points->array);
    CHECK(points->value->packed);
    CHECK(points->value->width == 3);
    CHECK(points->value->numbers[1] == -25.0);
    CHECK(points->value->numbers[2] == 0.5);
    CHECK(std::isinf(points->value->numbers[4]));
    const auto* w = a.property("w");
    REQUIRE(w);
    CHECK(w->value->number == 3.0); // x = … and x.timeSamples coexist
    REQUIRE(w->timeSamples.size() == 2);
    CHECK(w->timeSamples[1].first == 2.5);
    CHECK(w->timeSamples[1].second.isNone());
    const auto* rel = a.property("skel:skeleton");
    REQUIRE(rel);
    CHECK(rel->relationship);
    CHECK(rel->listOp == "prepend");
    CHECK(rel->value->text == "/A/S");
    const auto* c = a.property("c");
    CHECK(io::usd::findMetadata(c->metadata, "elementSize")->value.number == 2.0);
    CHECK(c->place.line == 14);
    REQUIRE(a.children.size() == 2);
    CHECK(a.children[0].typeName.empty());
    CHECK(a.children[1].specifier == io::usd::Prim::Specifier::Over);
    CHECK(a.children[1].path == "/A/M");
    CHECK(warnings.empty());
}

TEST_CASE_METHOD(UsdaParserFixture, "a property authored twice keeps the last opinion", "[usd]") {
    const auto layer = parse("#usda 1.0\ndef Mesh \"M\" {\n    int[] a = [1]\n    int[] a = [2, "
                             "3]\n    float b = 1\n    double b = 2\n}\n");
    const auto& m = layer.prims[0];
    REQUIRE(m.properties.size() == 2);
    CHECK(m.property("a")->value->numbers == std::vector<double>{2.0, 3.0});
    CHECK(m.property("b")->typeName == "double");
    CHECK(usdHasWarning(warnings, "usd.property.retyped", "6:5"));
}

TEST_CASE_METHOD(UsdaParserFixture, "unknown types are skipped with a warning naming the place",
                 "[usd]") {
    const auto layer = parse("#usda 1.0\ndef Xform \"A\" {\n    flaot[] typo = [1, 2]\n    "
                             "float ok = 1\n}\n");
    CHECK(layer.prims[0].properties.size() == 1);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].rule == "usd.type.unknown");
    CHECK(warnings[0].pointer == "3:5");
    CHECK_THAT(warnings[0].message, Catch::Contains("flaot[]"));
}

TEST_CASE_METHOD(UsdaParserFixture, "malformed text fails with file, line and column", "[usd]") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"def Xform \"A\" {}\n", "snippet.usda:1:1: not a .usda file"},
        {"PXR-USDC\x01\x02", "snippet.usda:1:1: a binary USD crate file (.usdc)"},
        {"#usda 1.0\ndef Xform \"A\" {\n    token x = \"open\n}\n",
         "snippet.usda:3:15: unterminated string"},
        {"#usda 1.0\n( doc = \"\"\"never\nclosed\n", "snippet.usda:2:9: unterminated string"},
        {"#usda 1.0\n/* open\n", "snippet.usda:2:1: unterminated /* comment"},
        {"#usda 1.0\ndef Xform \"A\" {\n    rel r = </A\n}\n",
         "snippet.usda:3:13: unterminated path"},
        {"#usda 1.0\ndef Xform \"A\" {\n    asset a = @x.usda\n}\n",
         "snippet.usda:3:15: unterminated asset path"},
        {"#usda 1.0\ndef Xform \"A\" {\n    float3 x = (1, 2\n}\n",
         "snippet.usda:4:1: expected ',' or ')'"},
        {"#usda 1.0\ndef Xform \"A\" {\n", "snippet.usda:2:15: the body of prim \"A\""},
        {"#usda 1.0\ndef Xform \"A\" {}\ndef Scope \"A\" {}\n",
         "snippet.usda:3:1: a second prim named \"A\""},
        {"#usda 1.0\ndef Xform \"A\" (\n    kind = \"x\"\n{\n}\n",
         "snippet.usda:4:1: expected a metadata name"},
        {"#usda 1.0\ndef Xform \"A\" {\n    float x = 12abc\n}\n",
         "snippet.usda:3:15: malformed number"},
        {"#usda 1.0\nfloat x = 1\n", "snippet.usda:2:1: expected 'def', 'over' or 'class'"},
        {"#usda 1.0\ndef Xform A {}\n", "snippet.usda:2:11: expected the prim's name"},
        {"#usda 1.0\ndef Xform \"A\" {\n    float x = \n}\n", "snippet.usda:4:1: expected a value"},
        {"#usda 1.0\ndef Xform \"A\" {\n    float x.spline = 1\n}\n",
         "snippet.usda:3:13: 'x.spline' is not supported"},
        // Found by the usda fuzz target in a metadata name; é (C3 A9) and 😀 (F0 9F 98 80) pass.
        {"#usda 1.0\ndef Xform \"\xC3\xA9\" (\n    i\xB9nstanceable = true\n)\n{\n}\n",
         "snippet.usda:3:6: byte 0xB9 is not UTF-8 here; .usda text is UTF-8"},
        {"#usda 1.0\ndef Xform \"A\" {\n    string s = \"\xF0\x9F\x98\x80\xED\xA0\x80\"\n}\n",
         "snippet.usda:3:21: byte 0xED is not UTF-8 here"},
        {"#usda 1.0\ndef Xform \"\xC0\xAF\" {}\n", "snippet.usda:2:12: byte 0xC0 is not UTF-8"},
        {"#usda 1.0\n# cut short \xE2\x82", "snippet.usda:2:13: byte 0xE2 is not UTF-8"},
    };
    for (const auto& [text, expected] : cases) {
        INFO(text);
        CHECK_THAT(failure(text), Catch::StartsWith(expected));
    }
}

TEST_CASE_METHOD(UsdaParserFixture, "deep nesting and huge arrays hit the limits, not the stack",
                 "[usd][hostile]") {
    std::string prims = "#usda 1.0\n";
    for (int i = 0; i < 200; ++i)
        prims += "def Xform \"a" + std::to_string(i) + "\" {\n";
    prims += std::string(200, '}');
    CHECK_THAT(failure(prims), Catch::Contains("nesting deeper than 64 levels"));
    // A value nested 100,000 deep: refused at level 64 without recursing further.
    const std::string tuples =
        "#usda 1.0\ndef Xform \"A\" {\n    float x = " + std::string(100000, '(') + "1" +
        std::string(100000, ')') + "\n}\n";
    CHECK_THAT(failure(tuples), Catch::Contains("snippet.usda:3:") &&
                                    Catch::Contains("nesting deeper than 64 levels"));
    std::string array = "#usda 1.0\ndef Mesh \"M\" {\n    int[] big = [";
    for (int i = 0; i < 5000; ++i)
        array += "1, ";
    array += "1]\n}\n";
    io::UsdLimits limits;
    limits.maxValues = 1000;
    CHECK_THAT(failure(array, limits), Catch::Contains("more than 1000 values"));
}

TEST_CASE_METHOD(UsdaParserFixture, "variant sets are read past with a warning", "[usd]") {
    const auto layer = parse("#usda 1.0\ndef Xform \"A\" {\n    variantSet \"look\" = {\n        "
                             "\"red\" { float x = 1 }\n        \"blue\" (doc = \"b\") { def Xform "
                             "\"I\" {} }\n    }\n    float y = 2\n}\n");
    CHECK(layer.prims[0].children.empty());
    CHECK(layer.prims[0].property("y"));
    CHECK(usdHasWarning(warnings, "usd.variants", "3:5"));
}
