#include "core/base/ThreadPool.h"
#include "core/eval/BlendShapeEval.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/g4mf/G4mfReader.h"
#include "tests/core/eval/EvalTestSupport.h"

#include <catch2/catch.hpp>
#include <utility>

using namespace hyperrig::core;

namespace {

// The contributions' view must not be taken from a temporary (a range-for over
// resolveBlendShape(...).list() read a dead stack object under C++20; ASan found it in CI).
template <class T>
concept ListableFromTemporary = requires {
    std::declval<T&&>().list();
};
static_assert(!ListableFromTemporary<eval::BlendContributions>);
static_assert(requires(const eval::BlendContributions& named) { named.list(); });

model::BlendTarget blendTestTarget(std::vector<double> indices, std::vector<double> offsets,
                                   int width = 3) {
    model::BlendTarget target;
    target.indices.emplace();
    target.indices->componentType = model::ComponentType::Uint32;
    target.indices->values = std::move(indices);
    target.offsets.vectorSize = width;
    target.offsets.values = std::move(offsets);
    return target;
}

// One vertex at the origin moved by `primary` at weight 1, with in-betweens (weight, y offset).
model::BlendShapes blendTestShape(double primaryY,
                                  std::vector<std::pair<double, double>> inbetweens) {
    model::BlendShape shape;
    shape.targets.position = blendTestTarget({0}, {0, primaryY, 0});
    for (auto [weight, y] : inbetweens) {
        model::BlendInbetween inbetween;
        inbetween.weight = weight;
        inbetween.targets.position = blendTestTarget({0}, {0, y, 0});
        shape.inbetweens.push_back(std::move(inbetween));
    }
    model::BlendShapes blend;
    blend.shapes.push_back(std::move(shape));
    return blend;
}

// The y a vertex at the origin reaches at `amount`.
double blendTestY(const model::BlendShapes& blend, double amount) {
    std::vector<float> positions(3, 0.0F);
    eval::applyBlendPositions(blend, std::vector<double>{amount}, 3, positions);
    return positions[1];
}

} // namespace

// Expected values by hand from usdskel.md §10 (UsdSkel's blendShapeQuery rules and its worked
// example), not from the code under test.
TEST_CASE("blend shapes resolve amounts with UsdSkel's in-between rule", "[blend][eval]") {
    SECTION("without in-betweens a shape is linear and unbounded") {
        const auto blend = blendTestShape(1.0, {});
        CHECK(blendTestY(blend, 0.5) == Approx(0.5));
        CHECK(blendTestY(blend, 2.0) == Approx(2.0));
        CHECK(blendTestY(blend, -1.0) == Approx(-1.0));
    }
    SECTION("the worked example: primary 1, in-between 0.5 at 0.8") {
        const auto blend = blendTestShape(1.0, {{0.5, 0.8}});
        CHECK(blendTestY(blend, 0.25) == Approx(0.4));  // (null, 0.5), α = 0.5
        CHECK(blendTestY(blend, 0.5) == Approx(0.8));   // the in-between exactly
        CHECK(blendTestY(blend, 0.75) == Approx(0.9));  // (0.5, 1), α = 0.5
        CHECK(blendTestY(blend, 1.5) == Approx(1.2));   // above 1: -1·0.8 + 2·1
        CHECK(blendTestY(blend, -0.5) == Approx(-0.8)); // below 0: (null, 0.5), α = -1
        CHECK(blendTestY(blend, 0.0) == 0.0);
    }
    SECTION("above the last in-between the outermost segment continues") {
        // In-betweens at 0.5 (0.8) and 1.5 (1.1): w = 2 follows the line through (1, 1) and
        // (1.5, 1.1), i.e. 1 + 0.2 = 1.2, not 2 × primary.
        const auto blend = blendTestShape(1.0, {{1.5, 1.1}, {0.5, 0.8}});
        CHECK(blendTestY(blend, 2.0) == Approx(1.2));
        CHECK(blendTestY(blend, 1.25) == Approx(1.05));
    }
    SECTION("a negative in-between extrapolates towards -1") {
        // In-between at -0.499 with -0.3: w = -1 pairs (-0.499, null), α = (-1 + 0.499) / 0.499;
        // the in-between gets 1 - α ≈ 2.004 (usdskel.md §10).
        const auto blend = blendTestShape(1.0, {{-0.499, -0.3}});
        const double alpha = (-1.0 + 0.499) / 0.499;
        CHECK(blendTestY(blend, -1.0) == Approx((1.0 - alpha) * -0.3));
        CHECK(blendTestY(blend, -0.25) == Approx(0.25 / 0.499 * -0.3));
    }
    SECTION("in-betweens at 0, 1 or a repeated weight are ignored") {
        const auto blend = blendTestShape(1.0, {{1.0, 5.0}, {0.0, 5.0}});
        CHECK(blendTestY(blend, 0.5) == Approx(0.5));
    }
}

TEST_CASE("normal targets apply to their surface and the normals are re-normalised",
          "[blend][eval]") {
    model::BlendShape shape;
    model::BlendSurfaceTargets surface;
    surface.surface = 1;
    surface.normal = blendTestTarget({1}, {0, 0, 1});
    shape.targets.surfaces.push_back(surface);
    model::BlendShapes blend;
    blend.shapes.push_back(shape);
    blend.amounts = std::vector<double>{1.0};
    std::vector<float> normals{1, 0, 0, 1, 0, 0};
    SECTION("surface 1: value 1 becomes (1, 0, 1) / √2, value 0 stays") {
        eval::applyBlendNormals(blend, std::nullopt, 1, 3, normals);
        CHECK(normals[0] == 1.0F);
        CHECK(normals[3] == Approx(std::sqrt(0.5)));
        CHECK(normals[4] == 0.0F);
        CHECK(normals[5] == Approx(std::sqrt(0.5)));
    }
    SECTION("another surface is not moved") {
        eval::applyBlendNormals(blend, std::nullopt, 0, 3, normals);
        CHECK(normals == std::vector<float>{1, 0, 0, 1, 0, 0});
    }
}

TEST_CASE("blend shapes apply before skinning, and not at all at zero amounts",
          "[blend][eval][pose]") {
    auto tiny = hyperrig::test::makeTinyRig(3);
    // v0 = 2Y follows Lower; the shape moves it by +X.
    model::BlendShape shape;
    shape.name = "Push";
    shape.targets.position = blendTestTarget({0}, {1, 0, 0});
    tiny.document.mesh(tiny.mesh).blend.emplace().shapes.push_back(shape);
    auto rig = eval::CompiledRig::compile(tiny.document);
    REQUIRE(rig.ok());
    const eval::CompiledMesh& mesh = rig->mesh(tiny.mesh);
    base::ThreadPool pool(1);
    eval::EvaluatedRig evaluated;
    eval::Pose turned;
    turned.local.emplace(tiny.upper, math::AffineN{*math::BasisN::fromColumnMajor(
                                                       3, hyperrig::test::quarterTurnXY(3)),
                                                   math::VectorN::zero(3)});
    auto& instance = std::get<model::MeshInstance>(tiny.document.node(tiny.skinNode).component);

    SECTION("all amounts zero: the rest positions are used as they are") {
        REQUIRE(eval::evaluateRig(tiny.document, *rig, eval::Pose{}, pool, evaluated).ok());
        CHECK_FALSE(evaluated.instances[0].deformed);
        CHECK(evaluated.instances[0].positions(mesh) == mesh.restPositions.data());
    }
    SECTION("at rest the blended positions show") {
        instance.blendAmounts = std::vector<double>{1.0};
        REQUIRE(eval::evaluateRig(tiny.document, *rig, eval::Pose{}, pool, evaluated).ok());
        REQUIRE(evaluated.instances[0].deformed);
        const float* p = evaluated.instances[0].positions(mesh);
        CHECK(p[0] == Approx(1.0));
        CHECK(p[1] == Approx(2.0));
        CHECK(mesh.restPositions[0] == 0.0F); // the compiled rest stays untouched
    }
    SECTION("posed: blend first, then skin") {
        // R maps X to Y and Y to -X: R(X + 2Y) = -2X + Y. Blending after skinning would give
        // R(2Y) + X = -X instead.
        instance.blendAmounts = std::vector<double>{1.0};
        REQUIRE(eval::evaluateRig(tiny.document, *rig, turned, pool, evaluated).ok());
        const float* p = evaluated.instances[0].positions(mesh);
        CHECK(p[0] == Approx(-2.0));
        CHECK(p[1] == Approx(1.0));
    }
    SECTION("the instance's amounts override the mesh's") {
        tiny.document.mesh(tiny.mesh).blend->amounts = std::vector<double>{1.0};
        instance.blendAmounts = std::vector<double>{0.0};
        REQUIRE(eval::evaluateRig(tiny.document, *rig, eval::Pose{}, pool, evaluated).ok());
        CHECK_FALSE(evaluated.instances[0].deformed);
        instance.blendAmounts.reset();
        REQUIRE(eval::evaluateRig(tiny.document, *rig, eval::Pose{}, pool, evaluated).ok());
        CHECK(evaluated.instances[0].deformed);
    }
}

TEST_CASE("the blend fixture evaluates its in-between at the stored amounts", "[blend][eval]") {
    auto read = io::readG4mf(std::filesystem::path(HYPERRIG_SOURCE_DIR) /
                             "tests/fixtures/g4mf/blend-shapes.g4tf");
    REQUIRE(read.ok());
    auto rig = eval::CompiledRig::compile(read->document);
    REQUIRE(rig.ok());
    base::ThreadPool pool(1);
    eval::EvaluatedRig evaluated;
    REQUIRE(eval::evaluateRig(read->document, *rig, eval::Pose{}, pool, evaluated).ok());
    REQUIRE(evaluated.instances.size() == 1);
    const auto& mesh = rig->mesh(evaluated.instances[0].mesh);
    const float* p = evaluated.instances[0].positions(mesh);
    // Smile at 0.25 with its in-between at 0.5 (0.035): (null, 0.5), α = 0.5 -> +0.0175 on
    // vertices 2 and 3; Wide at 0.
    CHECK(p[1] == Approx(1.0));
    CHECK(p[7] == Approx(1.7175));
    CHECK(p[10] == Approx(1.7175));
    CHECK(p[9] == Approx(-0.2));
}

TEST_CASE("blend targets naming values that do not exist are skipped", "[blend][eval]") {
    model::BlendShapes blend;
    model::BlendShape shape;
    shape.targets.position = blendTestTarget({5, 0, 1e30}, {1, 1, 1, 2, 2, 2, 3, 3, 3});
    blend.shapes.push_back(shape);
    std::vector<float> positions{0, 0, 0};
    eval::applyBlendPositions(blend, std::vector<double>{1.0}, 3, positions);
    CHECK(positions == std::vector<float>{2, 2, 2});
    // Fewer offsets than indices: only the pairs apply.
    blend.shapes[0].targets.position->offsets.values.resize(3);
    positions = {0, 0, 0};
    eval::applyBlendPositions(blend, std::vector<double>{1.0}, 3, positions);
    CHECK(positions == std::vector<float>{0, 0, 0});
}
