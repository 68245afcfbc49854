// UsdSkel BlendShapes -> model blend shapes, evaluated, and back in UsdSkel's form. Expected
// values come from usdskel.md §10 (in-between rule) and §13 (the export template and its table
// of skinned points), derived by hand in the comments.
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/ThreadPool.h"
#include "core/io/usd/UsdBlendShapes.h"
#include "tests/core/io/usd/UsdTestSupport.h"

#include <cmath>
#include <numbers>

using namespace hyperrig::core;

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
        eval::ThreadPool pool(1);
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

    SECTION("an in-between that moves other points widens the shared pointIndices") {
        auto edited = mesh;
        auto& half = *edited.blend->shapes[0].inbetweens[0].targets.position;
        half.indices->values = {1};
        half.offsets.values = {0, 0.01, 0};
        auto widened = io::usd::usdBlendShapesForExport(edited, math::BasisN::identity(3));
        REQUIRE(widened);
        const auto& out = (*widened)[0];
        CHECK(out.pointIndices == std::vector<long long>{1, 2, 3});
        CHECK(out.offsets == std::vector<double>{0, 0, 0, 0, 0.05, 0, 0, 0.05, 0});
        CHECK(out.inbetweens[0].offsets == std::vector<double>{0, 0.01, 0, 0, 0, 0, 0, 0, 0});
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
