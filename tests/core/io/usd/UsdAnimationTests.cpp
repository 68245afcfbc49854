#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "core/eval/animation/SkelAnimationSample.h"
#include "tests/core/io/usd/UsdTestSupport.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::core;
using hyperrig::test::usdImportFile;
using hyperrig::test::usdNode;

namespace {

// World positions of the vertices shown by node `meshNode` under `pose`.
std::vector<std::array<double, 3>> usdAnimatedPoints(const model::Document& document,
                                                     const eval::CompiledRig& rig,
                                                     const std::string& meshNode,
                                                     const eval::Pose& pose) {
    base::ThreadPool pool(1);
    eval::EvaluatedRig evaluated;
    REQUIRE(eval::evaluateRig(document, rig, pose, pool, evaluated));
    const model::NodeId id = usdNode(document, meshNode).id;
    std::vector<std::array<double, 3>> out;
    for (const auto& instance : evaluated.instances) {
        if (instance.node != id)
            continue;
        const float* p = instance.positions(rig.mesh(instance.mesh));
        for (std::size_t v = 0; v < document.mesh(instance.mesh).vertexCount(); ++v) {
            const auto world = instance.world.applyPoint(
                {double(p[3 * v]), double(p[3 * v + 1]), double(p[3 * v + 2])});
            out.push_back({world[0], world[1], world[2]});
        }
    }
    REQUIRE_FALSE(out.empty());
    return out;
}

void usdAnimationCheckPoint(const std::array<double, 3>& actual,
                            const std::array<double, 3>& expected, double tolerance) {
    INFO("(" << actual[0] << ", " << actual[1] << ", " << actual[2] << ") vs (" << expected[0]
             << ", " << expected[1] << ", " << expected[2] << ")");
    for (std::size_t c = 0; c < 3; ++c)
        CHECK(std::abs(actual[c] - expected[c]) <= tolerance);
}

} // namespace

TEST_CASE("skinnedArm's SkelAnimation holds before and after its samples and slerps between",
          "[usd][animation]") {
    const auto imported = usdImportFile("skinnedArm.usda");
    const auto& document = imported.document;
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig);
    // Elbow: translation (0, 0, 2), rotation (1, 0, 0, 0) at frame 1 and (0.7071, 0.7071, 0, 0)
    // (a quarter turn about +X, normalised) at frame 10; Shoulder and Hand are not animated and
    // keep their restTransforms. Point 0 (0.5, −0.5, 4) is bound to Hand alone; in Elbow's space
    // it is (0.5, −0.5, 2), so with Elbow turned by θ about +X it goes to
    // (0.5, −0.5 cos θ − 2 sin θ, −0.5 sin θ + 2 cos θ + 2).
    auto expected = [](double degrees) {
        const double t = degrees * 3.14159265358979323846 / 180.0;
        return std::array<double, 3>{0.5, -0.5 * std::cos(t) - 2 * std::sin(t),
                                     -0.5 * std::sin(t) + 2 * std::cos(t) + 2};
    };
    const model::NodeId elbow = usdNode(document, "Elbow").id;
    struct Case {
        double time;
        double degrees;
    };
    // Before the first sample and at it: held; half way (frame 5.5): slerp gives 45°; at and
    // after the last: 90°.
    for (const Case c : {Case{-3, 0}, Case{1, 0}, Case{5.5, 45}, Case{10, 90}, Case{40, 90}}) {
        INFO("time " << c.time);
        auto sample = eval::sampleAnimation("Anim", c.time, document, *rig);
        REQUIRE(sample);
        // Sparse: only Elbow is in the pose.
        CHECK(sample->pose.local.size() == 1);
        REQUIRE(sample->pose.local.count(elbow) == 1);
        const auto& local = sample->pose.local.at(elbow);
        const double t = c.degrees * 3.14159265358979323846 / 180.0;
        // Column-vector rotation about +X: Y -> (0, cos, sin), Z -> (0, −sin, cos).
        CHECK(local.basis().at(1, 1) == Approx(std::cos(t)).margin(1e-9));
        CHECK(local.basis().at(2, 1) == Approx(std::sin(t)).margin(1e-9));
        CHECK(local.basis().at(1, 2) == Approx(-std::sin(t)).margin(1e-9));
        CHECK(local.position()[2] == Approx(2.0));
        const auto points = usdAnimatedPoints(document, *rig, "Arm", sample->pose);
        usdAnimationCheckPoint(points[0], expected(c.degrees), 1e-5);
    }
    // By path too; an unknown name lists the names.
    CHECK(eval::sampleAnimation("/Model/Skel/Anim", 10, document, *rig));
    auto unknown = eval::sampleAnimation("Walk", 1, document, *rig);
    REQUIRE_FALSE(unknown);
    CHECK_THAT(unknown.error().message(),
               Catch::Contains("no skeleton has an animation named 'Walk'") &&
                   Catch::Contains("(animations: Anim)"));

    // The time range players scrub over: rotations' samples at frames 1 and 10 (translations and
    // scales hold defaults); an unknown name spans nothing.
    CHECK(eval::animationTimeRange("Anim", document) == eval::AnimationTimeRange{1.0, 10.0});
    CHECK(eval::animationTimeRange("/Model/Skel/Anim", document) ==
          eval::AnimationTimeRange{1.0, 10.0});
    CHECK(eval::animationTimeRange("Walk", document) == eval::AnimationTimeRange{});
}

TEST_CASE("lbs.usda played back by its SkelAnimation skins as OpenUSD's baked baseline",
          "[usd][animation]") {
    const auto imported = usdImportFile("lbs.usda");
    const auto& document = imported.document;
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig);
    // usdskel.md §5: points 6 and 10 of /Root/Mesh at frames 10, 20, 30 (OpenUSD's baseline;
    // float32 text, and HyperRig normalises the near-unit quaternions).
    struct Frame {
        double time;
        std::array<double, 3> point6, point10;
    };
    for (const Frame& frame :
         {Frame{10, {0.5, 0.76858157, 0.811962}, {0.5, 1.1107185, -0.12768805}},
          Frame{20, {-0.111948, 0.72115314, 0.98356795}, {0.34038383, 1.1582847, 0.20619288}},
          Frame{30, {-0.232732, 0.67607963, 0.9943602}, {0.3647293, 1.1222173, 0.328026}}}) {
        INFO("frame " << frame.time);
        auto sample = eval::sampleAnimation("Animation", frame.time, document, *rig);
        REQUIRE(sample);
        const auto points = usdAnimatedPoints(document, *rig, "Mesh", sample->pose);
        usdAnimationCheckPoint(points[6], frame.point6, 2e-5);
        usdAnimationCheckPoint(points[10], frame.point10, 2e-5);
    }
    // Between frames 20 and 21 joint2's rotation is the slerp of the two samples (usdskel.md
    // §4), worked out here from GfSlerp: cos θ = q20 · q21, weights sin((1 − a)θ)/sin θ and
    // sin(aθ)/sin θ (the two are within 1e-5 of parallel only when θ is tiny).
    const std::array<double, 4> q20{0.93680716, -0.26430017, 0.10526084, 0.20361213};
    const std::array<double, 4> q21{0.9323757, -0.27953127, 0.10192881, 0.20530044};
    auto normalised = [](std::array<double, 4> q) {
        const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        for (double& c : q)
            c /= n;
        return q;
    };
    const auto a = normalised(q20);
    const auto b = normalised(q21);
    const double cosine = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    const double theta = std::acos(cosine);
    const double alpha = 0.25;
    std::array<double, 4> q{};
    for (std::size_t c = 0; c < 4; ++c)
        q[c] = std::sin((1 - alpha) * theta) / std::sin(theta) * a[c] +
               std::sin(alpha * theta) / std::sin(theta) * b[c];
    q = normalised(q);
    const auto [w, x, y, z] = q;
    auto sample = eval::sampleAnimation("Animation", 20.25, document, *rig);
    REQUIRE(sample);
    const auto& local = sample->pose.local.at(usdNode(document, "joint2").id);
    // Column c of the basis is row c of Gf's row-vector matrix (usdskel.md §1).
    CHECK(local.basis().at(0, 0) == Approx(1 - 2 * (y * y + z * z)).margin(1e-9));
    CHECK(local.basis().at(1, 0) == Approx(2 * (x * y + z * w)).margin(1e-9));
    CHECK(local.basis().at(2, 0) == Approx(2 * (x * z - y * w)).margin(1e-9));
    CHECK(local.basis().at(0, 1) == Approx(2 * (x * y - z * w)).margin(1e-9));
    CHECK(local.basis().at(2, 2) == Approx(1 - 2 * (x * x + y * y)).margin(1e-9));
}

TEST_CASE("an animation missing a component is refused with the reason", "[usd][animation]") {
    const auto imported = hyperrig::test::usdImportText(R"(#usda 1.0
def SkelRoot "Root"
{
    def Skeleton "Skel" (
        prepend apiSchemas = ["SkelBindingAPI"]
    )
    {
        uniform token[] joints = ["A"]
        uniform matrix4d[] bindTransforms = [((1,0,0,0),(0,1,0,0),(0,0,1,0),(0,0,0,1))]
        rel skel:animationSource = <Anim>
        def SkelAnimation "Anim"
        {
            uniform token[] joints = ["A"]
            float3[] translations = [(0, 1, 0)]
            half3[] scales = [(1, 1, 1)]
        }
    }
}
)");
    auto rig = eval::CompiledRig::compile(imported.document);
    REQUIRE(rig);
    auto sample = eval::sampleAnimation("Anim", 0, imported.document, *rig);
    REQUIRE_FALSE(sample);
    CHECK_THAT(sample.error().message(), Catch::Contains("rotations is not authored"));
}

TEST_CASE("blendShapeWeights drive the bound mesh's blend shapes before skinning",
          "[usd][animation][blend]") {
    auto imported =
        hyperrig::test::usdImportText(hyperrig::test::usdFixtureText("blend-weight-quad.usda"));
    auto& document = imported.document;
    const model::NodeId quad = usdNode(document, "Quad").id;
    // The document's own amounts (Stay at 1) are replaced while the animation shows: UsdSkel
    // gives a shape the animation does not name the weight 0 (decision 0059).
    std::get<model::MeshInstance>(document.node(quad).component).blendAmounts =
        std::vector<double>{0.0, 1.0};
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig);
    struct Case {
        double time;
        double lift; // Lift's weight: linear between 0 (time 0) and 1 (time 10), held outside
    };
    for (const Case c : {Case{-5, 0}, Case{0, 0}, Case{5, 0.5}, Case{10, 1}, Case{20, 1}}) {
        INFO("time " << c.time);
        auto sample = eval::sampleAnimation("Anim", c.time, document, *rig);
        REQUIRE(sample);
        REQUIRE(sample->pose.blendAmounts.count(quad) == 1);
        const auto& amounts = sample->pose.blendAmounts.at(quad);
        REQUIRE(amounts.size() == 2);
        CHECK(amounts[0] == Approx(c.lift).margin(1e-12));
        CHECK(amounts[1] == 0.0);
        // "Ghost" names no shape of the quad: ignored, with a warning naming it.
        REQUIRE(sample->warnings.size() == 1);
        CHECK_THAT(sample->warnings[0], Catch::Contains("'Ghost'"));
        // Point 2 (1, 1, 0) + lift · (1, 1, 0), then A's translation (2, 0, 0); point 3
        // (0, 1, 0) without Stay's offset, translated.
        const auto points = usdAnimatedPoints(document, *rig, "Quad", sample->pose);
        usdAnimationCheckPoint(points[2], {3 + c.lift, 1 + c.lift, 0}, 1e-6);
        usdAnimationCheckPoint(points[3], {2, 1, 0}, 1e-6);
    }
    // The same pose without the animation's amounts shows the document's (Stay at 1).
    auto sample = eval::sampleAnimation("Anim", 5, document, *rig);
    REQUIRE(sample);
    sample->pose.blendAmounts.clear();
    usdAnimationCheckPoint(usdAnimatedPoints(document, *rig, "Quad", sample->pose)[3], {2, 1, -4},
                           1e-6);
    // Sampling and evaluating never change the document.
    CHECK(document.node(quad).meshInstance()->blendAmounts == std::vector<double>{0.0, 1.0});
}

TEST_CASE("blendShapeWeights of another length than blendShapes are refused with the reason",
          "[usd][animation][blend]") {
    std::string text = hyperrig::test::usdFixtureText("blend-weight-quad.usda");
    const std::string samples = "10: [1, 0.75],";
    text.replace(text.find(samples), samples.size(), "10: [1],");
    const auto imported = hyperrig::test::usdImportText(text);
    auto rig = eval::CompiledRig::compile(imported.document);
    REQUIRE(rig);
    // Before the short sample the first one holds and fits; from it on the length is wrong.
    CHECK(eval::sampleAnimation("Anim", 0, imported.document, *rig));
    auto sample = eval::sampleAnimation("Anim", 10, imported.document, *rig);
    REQUIRE_FALSE(sample);
    CHECK_THAT(sample.error().message(), Catch::Contains("SkelAnimation /Root/Skel/Anim") &&
                                             Catch::Contains("blendShapeWeights has 1 values") &&
                                             Catch::Contains("for 2 blendShapes tokens"));
}

TEST_CASE("blendshapesWithNormals' weights-only animation drives its unskinned bound mesh",
          "[usd][animation][blend]") {
    const auto imported = usdImportFile("blendshapesWithNormals.usda");
    const auto& document = imported.document;
    auto rig = eval::CompiledRig::compile(document);
    REQUIRE(rig);
    const model::NodeId mesh = usdNode(document, "Mesh").id;
    // The file's weights (twirl_a..twirl_d): time 3 [0.5, 0, 0, 0], 5 [1, 0, 0, 0], 7 [0, 0.5, 0,
    // 0], 17 [0, 0, 0, 1]. At 4 twirl_a is half way from 0.5 to 1; at 6 twirl_a 0.5 and twirl_b
    // 0.25; after 17 the last sample holds.
    struct Case {
        double time;
        std::vector<double> weights;
    };
    for (const Case& c : {Case{4, {0.75, 0, 0, 0}}, Case{6, {0.5, 0.25, 0, 0}},
                          Case{30, {0, 0, 0, 1}}, Case{-1, {0, 0, 0, 0}}}) {
        INFO("time " << c.time);
        auto sample = eval::sampleAnimation("Anim", c.time, document, *rig);
        REQUIRE(sample);
        CHECK(sample->pose.isRest()); // the Skeleton has no joints
        CHECK(sample->warnings.empty());
        REQUIRE(sample->pose.blendAmounts.count(mesh) == 1);
        const auto& amounts = sample->pose.blendAmounts.at(mesh);
        REQUIRE(amounts.size() == c.weights.size());
        for (std::size_t s = 0; s < amounts.size(); ++s)
            CHECK(amounts[s] == Approx(c.weights[s]).margin(1e-12));
    }
}
