// UsdSkel BlendShapes -> model blend shapes, evaluated, and back in UsdSkel's form. Expected
// values come from usdskel.md §10 (in-between rule) and §13 (the export template and its table
// of skinned points), derived by hand in the comments.
#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/usd/UsdBlendShapes.h"
#include "core/io/usd/UsdExport.h"
#include "tests/core/io/gltf/GltfTestSupport.h"
#include "tests/core/io/usd/UsdDocumentAgreement.h"
#include "tests/core/io/usd/UsdTestSupport.h"

#include <algorithm>
#include <cmath>
#include <numbers>

using namespace hyperrig::core;
using hyperrig::test::usdExportLineNumbers;

namespace {

// usdskel.md §13's character, without its animation: Hips (0, 1), Spine (0, 1.3), Head (0, 1.7);
// a quad with vertices 2 and 3 bound 0.75 Spine / 0.25 Head; "Smile" moves them by (0, 0.05, 0)
// and its in-between at 0.5 by (0, 0.035, 0).
const char* const kUsdSmileCharacter = R"(#usda 1.0
def SkelRoot "Character"
{
    def Skeleton "Skel" (
        prepend apiSchemas = ["SkelBindingAPI"]
    )
    {
        uniform token[] joints = ["Hips", "Hips/Spine", "Hips/Spine/Head"]
        uniform token[] jointNames = ["Hips", "Spine", "Head"]
        uniform matrix4d[] bindTransforms = [
            ( (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 1, 0, 1) ),
            ( (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 1.3, 0, 1) ),
            ( (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 1.7, 0, 1) )
        ]
        uniform matrix4d[] restTransforms = [
            ( (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 1, 0, 1) ),
            ( (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0.3, 0, 1) ),
            ( (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0.4, 0, 1) )
        ]
    }

    def Mesh "Body" (
        prepend apiSchemas = ["SkelBindingAPI"]
    )
    {
        int[] faceVertexCounts = [4]
        int[] faceVertexIndices = [0, 1, 2, 3]
        point3f[] points = [(-0.2, 1, 0), (0.2, 1, 0), (0.2, 1.7, 0), (-0.2, 1.7, 0)]
        rel skel:skeleton = </Character/Skel>
        int[] primvars:skel:jointIndices = [0, 1, 0, 1, 2, 1, 2, 1] (
            elementSize = 2
            interpolation = "vertex"
        )
        float[] primvars:skel:jointWeights = [1, 0, 1, 0, 0.75, 0.25, 0.75, 0.25] (
            elementSize = 2
            interpolation = "vertex"
        )
        uniform token[] skel:blendShapes = ["Smile"]
        rel skel:blendShapeTargets = [</Character/Body/Smile>]

        def BlendShape "Smile"
        {
            uniform vector3f[] offsets = [(0, 0.05, 0), (0, 0.05, 0)]
            uniform vector3f[] normalOffsets = [(0, 0, 1), (0, 0, 1)]
            uniform int[] pointIndices = [2, 3]
            uniform vector3f[] inbetweens:half = [(0, 0.035, 0), (0, 0.035, 0)] (
                weight = 0.5
            )
        }
    }
}
)";

struct UsdSmile {
    io::UsdImport imported = hyperrig::test::usdImportText(kUsdSmileCharacter);
    model::NodeId body = imported.document.findNode("Body");

    // Vertex `v` of Body at blend weight `w` under `pose`.
    std::array<float, 3> point(double w, const eval::Pose& pose, std::size_t v) {
        auto& instance = std::get<model::MeshInstance>(imported.document.node(body).component);
        instance.blendAmounts = std::vector<double>{w};
        auto rig = eval::CompiledRig::compile(imported.document);
        REQUIRE(rig.ok());
        base::ThreadPool pool(1);
        eval::EvaluatedRig evaluated;
        REQUIRE(eval::evaluateRig(imported.document, *rig, pose, pool, evaluated).ok());
        REQUIRE(evaluated.instances.size() == 1);
        const float* p = evaluated.instances[0].positions(rig->mesh(evaluated.instances[0].mesh));
        return {p[3 * v], p[3 * v + 1], p[3 * v + 2]};
    }
};

} // namespace

TEST_CASE("a UsdSkel BlendShape becomes a blend shape with its in-between", "[blend][usd]") {
    UsdSmile smile;
    REQUIRE(smile.body);
    const auto& document = smile.imported.document;
    const auto* instance = document.node(smile.body).meshInstance();
    REQUIRE(instance);
    const auto& mesh = document.mesh(instance->mesh);
    REQUIRE(mesh.blend);
    REQUIRE(mesh.blend->shapes.size() == 1);
    const auto& shape = mesh.blend->shapes[0];
    CHECK(shape.name == "Smile");
    REQUIRE(shape.targets.position);
    CHECK(shape.targets.position->indices->values == std::vector<double>{2, 3});
    CHECK(shape.targets.position->offsets.values[1] == Approx(0.05));
    REQUIRE(shape.inbetweens.size() == 1);
    CHECK(shape.inbetweens[0].name == "half");
    CHECK(shape.inbetweens[0].weight == 0.5);
    // normalOffsets stay with the shape, as written, with a warning.
    CHECK(shape.extra["extras"]["usd"]["properties"].contains("normalOffsets"));
    CHECK(
        hyperrig::test::usdHasWarning(smile.imported.warnings, "usd.blend-shapes.normal-offsets"));
    CHECK_FALSE(mesh.extra["extras"]["usd"].contains("blendShapes"));
}

TEST_CASE("UsdSkel in-betweens interpolate below 0, between and above 1", "[blend][usd][eval]") {
    UsdSmile smile;
    const eval::Pose rest;
    // Sub-shapes: null (0), half (0.5: 0.035), Smile (1: 0.05). Vertex 2 rests at y = 1.7.
    struct Case {
        double w;
        double dy;
    };
    for (const Case c : {Case{-0.5, -0.035},                      // (null, half), α = -1
                         Case{0.25, 0.5 * 0.035},                 // (null, half), α = 0.5
                         Case{0.5, 0.035},                        // the in-between itself
                         Case{0.75, 0.5 * 0.035 + 0.5 * 0.05},    // (half, 1), α = 0.5
                         Case{1.0, 0.05},                         // the shape itself
                         Case{1.5, -1.0 * 0.035 + 2.0 * 0.05}}) { // (half, 1), α = 2
        INFO("w = " << c.w);
        const auto p = smile.point(c.w, rest, 2);
        CHECK(p[0] == Approx(0.2));
        CHECK(p[1] == Approx(1.7 + c.dy).margin(1e-6));
        CHECK(smile.point(c.w, rest, 1)[1] == Approx(1.0)); // not in pointIndices
    }
}

TEST_CASE("the in-between applies before skinning (usdskel.md §13, frame 12)",
          "[blend][usd][eval]") {
    UsdSmile smile;
    // Frame 12: Spine turned 22.5° about +Z, blend weight 0.5. Vertex 2 = (0.2, 1.735) after
    // the in-between; both its joints turn it about Spine's bind position (0, 1.3):
    // (0.2, 0.435) -> (0.2c - 0.435s, 0.2s + 0.435c) + (0, 1.3) = (0.018309, 1.778424).
    const double c = std::cos(std::numbers::pi / 8.0);
    const double s = std::sin(std::numbers::pi / 8.0);
    eval::Pose pose;
    pose.local.emplace(smile.imported.document.findNode("Spine"),
                       math::AffineN{*math::BasisN::fromColumnMajor(
                                         3, std::vector<double>{c, s, 0, -s, c, 0, 0, 0, 1}),
                                     math::VectorN{0.0, 0.3, 0.0}});
    const auto p2 = smile.point(0.5, pose, 2);
    CHECK(p2[0] == Approx(0.018309).margin(2e-6));
    CHECK(p2[1] == Approx(1.778424).margin(2e-6));
    const auto p3 = smile.point(0.5, pose, 3);
    CHECK(p3[0] == Approx(-0.351243).margin(2e-6));
    CHECK(p3[1] == Approx(1.625351).margin(2e-6));
}

TEST_CASE("blend shapes go back to UsdSkel's form for the writer", "[blend][usd]") {
    UsdSmile smile;
    const auto& document = smile.imported.document;
    const auto& mesh = document.mesh(document.node(smile.body).meshInstance()->mesh);
    auto shapes = io::usd::usdBlendShapesForExport(mesh, math::BasisN::identity(3));
    REQUIRE(shapes);
    REQUIRE(shapes->size() == 1);
    const auto& smileOut = (*shapes)[0];
    CHECK(smileOut.name == "Smile");
    CHECK(smileOut.pointIndices == std::vector<long long>{2, 3});
    CHECK(smileOut.offsets == std::vector<double>{0, 0.05, 0, 0, 0.05, 0});
    REQUIRE(smileOut.inbetweens.size() == 1);
    CHECK(smileOut.inbetweens[0].name == "half");
    CHECK(smileOut.inbetweens[0].weight == 0.5);
    CHECK(smileOut.inbetweens[0].offsets == std::vector<double>{0, 0.035, 0, 0, 0.035, 0});
    CHECK(smileOut.keptProperties.contains("normalOffsets"));

    SECTION("an in-between that moves other points widens the shared pointIndices after the "
            "shape's own") {
        auto edited = mesh;
        auto& half = *edited.blend->shapes[0].inbetweens[0].targets.position;
        half.indices->values = {1};
        half.offsets.values = {0, 0.01, 0};
        auto widened = io::usd::usdBlendShapesForExport(edited, math::BasisN::identity(3));
        REQUIRE(widened);
        const auto& out = (*widened)[0];
        CHECK(out.pointIndices == std::vector<long long>{2, 3, 1});
        CHECK(out.offsets == std::vector<double>{0, 0.05, 0, 0, 0.05, 0, 0, 0, 0});
        CHECK(out.inbetweens[0].offsets == std::vector<double>{0, 0, 0, 0, 0, 0, 0, 0.01, 0});
    }
}

TEST_CASE("OpenUSD's blendshapesWithNormals imports four shapes with their in-betweens",
          "[blend][usd]") {
    const auto imported = hyperrig::test::usdImportFile("blendshapesWithNormals.usda");
    std::size_t shapes = 0;
    for (const model::MeshId id : imported.document.meshes.order())
        if (const auto& blend = imported.document.mesh(id).blend) {
            shapes += blend->shapes.size();
            for (const auto& shape : blend->shapes) {
                INFO(shape.name.value_or(""));
                // The file authors no offsets: the shapes move points only through their
                // in-betweens (and normals, kept).
                CHECK_FALSE(shape.targets.position);
                REQUIRE(shape.inbetweens.size() == 1);
                CHECK(shape.inbetweens[0].weight == 0.5);
                const auto& half = shape.inbetweens[0].targets.position;
                REQUIRE(half);
                CHECK(half->indices->values.size() == 20);
                CHECK(half->offsets.elementCount() == 20);
            }
        }
    CHECK(shapes == 4);
}

TEST_CASE("the .usda writer writes blend shapes back in the prim's space",
          "[blend][usd][usd-export]") {
    // The Smile character with Body bound a quarter turn about +z (geomBindTransform's rows are
    // the images of x and y: x -> y, y -> -x). The import moves points and offsets into skeleton
    // space: Smile's (0, 0.05, 0) becomes (-0.05, 0, 0) there; the writer, which writes the points
    // in the prim's own space again, has to turn the offsets back.
    std::string text = kUsdSmileCharacter;
    const std::string anchor = "        uniform token[] skel:blendShapes";
    text.insert(text.find(anchor), "        matrix4d primvars:skel:geomBindTransform = ( (0, 1, 0, "
                                   "0), (-1, 0, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1) )\n");
    const auto imported = hyperrig::test::usdImportText(text);
    const auto& body = imported.document.mesh(
        imported.document.node(imported.document.findNode("Body")).meshInstance()->mesh);
    REQUIRE(body.blend);
    const auto& smile = *body.blend->shapes.at(0).targets.position;
    CHECK(smile.offsets.values[0] == Approx(-0.05));
    CHECK(smile.offsets.values[1] == Approx(0.0).margin(1e-12));

    auto encoded = io::encodeUsda(imported.document);
    REQUIRE(encoded);
    INFO(encoded->text);
    for (const auto& warning : encoded->warnings)
        CHECK(warning.find("blend") == std::string::npos);
    const auto offsets = usdExportLineNumbers(encoded->text, "uniform vector3f[] offsets");
    REQUIRE(offsets.size() == 6);
    for (std::size_t i = 0; i < 6; ++i)
        CHECK(offsets[i] == Approx(i % 3 == 1 ? 0.05 : 0.0).margin(1e-7));
    CHECK(usdExportLineNumbers(encoded->text, "uniform int[] pointIndices") ==
          std::vector<double>{2, 3});
    const auto half = usdExportLineNumbers(encoded->text, "uniform vector3f[] inbetweens:half");
    REQUIRE(half.size() == 6);
    CHECK(half[1] == Approx(0.035));
    CHECK(usdExportLineNumbers(encoded->text, "weight =") == std::vector<double>{0.5});
    // Kept as read: one normal offset per written entry.
    CHECK(usdExportLineNumbers(encoded->text, "uniform vector3f[] normalOffsets") ==
          std::vector<double>{0, 0, 1, 0, 0, 1});
    CHECK(encoded->text.find("uniform token[] skel:blendShapes = [\"Smile\"]") !=
          std::string::npos);
    CHECK(encoded->text.find("rel skel:blendShapeTargets = [</Character/Body/Smile>]") !=
          std::string::npos);

    const auto again = hyperrig::test::usdImportText(encoded->text);
    const auto difference =
        hyperrig::test::usdFirstDisagreement(imported.document, again.document, 1e-6);
    INFO(difference.value_or(""));
    CHECK_FALSE(difference);
}

TEST_CASE("the .usda writer drops kept normal offsets that no longer fit an edited shape",
          "[blend][usd][usd-export]") {
    auto imported = hyperrig::test::usdImportText(kUsdSmileCharacter);
    auto& document = imported.document;
    auto& body = document.mesh(document.node(document.findNode("Body")).meshInstance()->mesh);
    // Smile now moves vertex 1 too: three entries, two kept normal offsets.
    auto& smile = *body.blend->shapes.at(0).targets.position;
    smile.indices->values.push_back(1);
    smile.offsets.values.insert(smile.offsets.values.end(), {0.0, 0.02, 0.0});
    auto encoded = io::encodeUsda(document);
    REQUIRE(encoded);
    CHECK(encoded->text.find("normalOffsets") == std::string::npos);
    CHECK(usdExportLineNumbers(encoded->text, "uniform int[] pointIndices") ==
          std::vector<double>{2, 3, 1});
    CHECK(std::any_of(
        encoded->warnings.begin(), encoded->warnings.end(), [](const std::string& warning) {
            return warning.find("normalOffsets of blend shape 'Smile'") != std::string::npos;
        }));
}

TEST_CASE("glTF morph targets go to .usda as BlendShapes and come back", "[blend][usd][gltf]") {
    // morph-targets.gltf (tests/fixtures/gltf/make_gltf_fixtures.py): 10 vertices; "Bulge" moves
    // vertex v of primitive 0 (v < 6) and of primitive 1 (v - 6) by 0.1 · (1 + v) along z;
    // "Shift" moves primitive 0 and vertices 1 and 3 of primitive 1 by 0.05 along x.
    const auto document = hyperrig::test::gltfThroughG4mf("morph-targets.gltf");
    auto encoded = io::encodeUsda(document);
    REQUIRE(encoded);
    const auto again = hyperrig::test::usdImportText(encoded->text);
    const model::Mesh* body = nullptr;
    for (const model::MeshId id : again.document.meshes.order())
        if (again.document.mesh(id).blend)
            body = &again.document.mesh(id);
    REQUIRE(body);
    REQUIRE(body->vertexCount() == 10);
    REQUIRE(body->blend->shapes.size() == 2);
    CHECK(body->blend->shapes[0].name == "Bulge");
    CHECK(body->blend->shapes[1].name == "Shift");
    std::vector<double> bulge(30, 0.0), shift(30, 0.0);
    for (int v = 0; v < 10; ++v) {
        bulge[static_cast<std::size_t>(3 * v + 2)] = 0.1 * (1 + (v < 6 ? v : v - 6));
        shift[static_cast<std::size_t>(3 * v)] = v < 6 || v == 7 || v == 9 ? 0.05 : 0.0;
    }
    for (std::size_t s = 0; s < 2; ++s) {
        const auto& target = *body->blend->shapes[s].targets.position;
        std::vector<double> dense(30, 0.0);
        for (std::size_t i = 0; i < target.entryCount(); ++i)
            for (std::size_t c = 0; c < 3; ++c)
                dense[static_cast<std::size_t>(target.indices ? target.indices->values[i]
                                                              : double(i)) *
                          3 +
                      c] += target.offsets.values[i * 3 + c];
        const auto& expected = s == 0 ? bulge : shift;
        for (std::size_t i = 0; i < 30; ++i) {
            INFO("shape " << s << " value " << i);
            CHECK(dense[i] == Approx(expected[i]).margin(1e-6));
        }
    }
}
