#include "tests/core/io/usd/UsdTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::usdHasWarning;
using hyperrig::test::usdImportText;

namespace {

struct UsdHostileFixture {
    static std::string failure(const std::string& text, const io::UsdLimits& limits = {}) {
        auto imported = io::importUsda(text, "hostile.usda", limits);
        REQUIRE(!imported);
        return imported.error().message();
    }
};

} // namespace

TEST_CASE_METHOD(UsdHostileFixture, "cyclic internal references fail at the reference",
                 "[usd][hostile]") {
    CHECK_THAT(failure("#usda 1.0\ndef Xform \"A\" (\n    references = </B>\n)\n{\n}\ndef Xform "
                       "\"B\" (\n    references = </A>\n)\n{\n}\n"),
               Catch::StartsWith("hostile.usda:3:18: prim /A references </B>") &&
                   Catch::Contains("cycle"));
    // A prim that references its own ancestor.
    CHECK_THAT(failure("#usda 1.0\ndef Xform \"A\"\n{\n    def Xform \"B\" (\n        references = "
                       "</A>\n    )\n    {\n    }\n}\n"),
               Catch::Contains("cycle"));
}

TEST_CASE_METHOD(UsdHostileFixture, "a reference fan-out stops at the prim limit",
                 "[usd][hostile]") {
    // Each level holds eight references to the level below: 8^9 prims if expanded.
    std::string text = "#usda 1.0\ndef Xform \"L0\" {}\n";
    for (int level = 1; level < 10; ++level) {
        text += "def Xform \"L" + std::to_string(level) + "\" {\n";
        for (int k = 0; k < 8; ++k)
            text += "    def Xform \"c" + std::to_string(k) + "\" (references = </L" +
                    std::to_string(level - 1) + ">) {}\n";
        text += "}\n";
    }
    io::UsdLimits limits;
    limits.maxPrims = 5000;
    CHECK_THAT(failure(text, limits), Catch::Contains("more than 5000 prims"));
}

TEST_CASE_METHOD(UsdHostileFixture, "broken skeleton and mesh data fail or warn with the place",
                 "[usd][hostile]") {
    CHECK_THAT(failure("#usda 1.0\ndef SkelRoot \"R\" {\n    def Skeleton \"S\" {\n        uniform "
                       "token[] joints = [\"A/B\", \"C\", \"A\"]\n    }\n}\n"),
               Catch::StartsWith("hostile.usda:4:9: Skeleton /R/S: joint \"A/B\" (index 0) is "
                                 "listed before its parent \"A\" (index 2)"));
    CHECK_THAT(failure("#usda 1.0\ndef SkelRoot \"R\" {\n    def Skeleton \"S\" {\n        uniform "
                       "token[] joints = [\"A\"]\n        uniform matrix4d[] bindTransforms = "
                       "[((1,0,0,1),(0,1,0,0),(0,0,1,0),(0,0,0,1))]\n    }\n}\n"),
               Catch::StartsWith("hostile.usda:5:9: bindTransforms[0] of Skeleton /R/S") &&
                   Catch::Contains("projective"));
    CHECK_THAT(failure("#usda 1.0\ndef SkelRoot \"R\" {\n    def Skeleton \"S\" {\n        uniform "
                       "token[] joints = [\"A\"]\n        uniform matrix4d[] bindTransforms = "
                       "[((nan,0,0,0),(0,1,0,0),(0,0,1,0),(0,0,0,1))]\n    }\n}\n"),
               Catch::Contains("not finite"));
    CHECK_THAT(failure("#usda 1.0\ndef Mesh \"M\" {\n    point3f[] points = [(0,0,0), (1,0,0), "
                       "(0,1,0)]\n    int[] faceVertexCounts = [3]\n    int[] faceVertexIndices = "
                       "[0, 1, 99]\n}\n"),
               Catch::StartsWith("hostile.usda:5:5: faceVertexIndices[2] of Mesh /M is 99"));
    CHECK_THAT(failure("#usda 1.0\ndef Mesh \"M\" {\n    point3f[] points = [(0,0,0), (1,0,0), "
                       "(0,1,0)]\n    int[] faceVertexCounts = [3, 1000000000000]\n    int[] "
                       "faceVertexIndices = [0, 1, 2]\n}\n"),
               Catch::Contains("more face corners"));
}

TEST_CASE_METHOD(UsdHostileFixture, "hostile influence primvars leave the mesh unskinned",
                 "[usd][hostile]") {
    const std::string head = R"(#usda 1.0
def SkelRoot "R" (
    prepend apiSchemas = ["SkelBindingAPI"]
)
{
    rel skel:skeleton = </R/S>
    def Skeleton "S" {
        uniform token[] joints = ["A"]
        uniform matrix4d[] bindTransforms = [((1,0,0,0),(0,1,0,0),(0,0,1,0),(0,0,0,1))]
    }
    def Mesh "M" (prepend apiSchemas = ["SkelBindingAPI"]) {
        point3f[] points = [(0,0,0),(1,0,0),(0,1,0)]
        int[] faceVertexCounts = [3]
        int[] faceVertexIndices = [0,1,2]
)";
    for (const std::string primvars : {
             // elementSize far past any array: refused before anything is sized by it.
             "int[] primvars:skel:jointIndices = [0, 0] (elementSize = 1e30 interpolation = "
             "\"vertex\")\nfloat[] primvars:skel:jointWeights = [1, 1] (elementSize = 1e30 "
             "interpolation = \"vertex\")\n",
             "int[] primvars:skel:jointIndices = [0, 7, -3] (interpolation = \"vertex\")\n"
             "float[] primvars:skel:jointWeights = [1, 1, 1] (interpolation = \"vertex\")\n",
             "int[] primvars:skel:jointIndices = [0, 0, 0] (interpolation = \"vertex\")\n"
             "float[] primvars:skel:jointWeights = [1, inf, nan] (interpolation = \"vertex\")\n",
             "int[] primvars:skel:jointIndices = [0, 0, 0] (interpolation = \"uniform\")\n"
             "float[] primvars:skel:jointWeights = [1, 1, 1] (interpolation = \"uniform\")\n",
             "int[] primvars:skel:jointIndices = [0, 0, 0]\n"
             "float[] primvars:skel:jointWeights = [1, 1, 1]\n", // unauthored: constant, size 1
         }) {
        INFO(primvars);
        const auto imported = usdImportText(head + primvars + "    }\n}\n");
        const auto& mesh = imported.document.mesh(
            imported.document.node(imported.document.findNode("M")).meshInstance()->mesh);
        CHECK(!mesh.skin);
        CHECK(usdHasWarning(imported.warnings, "usd.binding.invalid-influences", "15:1"));
    }
}
