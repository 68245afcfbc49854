#include "core/base/ThreadPool.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/RigEvaluation.h"
#include "tests/core/io/usd/UsdTestSupport.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>

using namespace hyperrig::core;
using hyperrig::test::usdImportFile;
using hyperrig::test::usdNode;

namespace {

// UsdSkel's math written out independently of the importer (usdskel.md §1, §4, §5): row vectors,
// row-major 4×4 matrices, p' = p · M, child-to-world = local · parent.
using UsdRowMatrix = std::array<double, 16>;

struct UsdSkinningFixture {
    static UsdRowMatrix multiply(const UsdRowMatrix& a, const UsdRowMatrix& b) {
        UsdRowMatrix c{};
        for (int r = 0; r < 4; ++r)
            for (int col = 0; col < 4; ++col)
                for (int k = 0; k < 4; ++k)
                    c[std::size_t(r * 4 + col)] +=
                        a[std::size_t(r * 4 + k)] * b[std::size_t(k * 4 + col)];
        return c;
    }

    // Gauss-Jordan with partial pivoting.
    static UsdRowMatrix inverse(UsdRowMatrix a) {
        UsdRowMatrix b{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        for (std::size_t col = 0; col < 4; ++col) {
            std::size_t pivot = col;
            for (std::size_t r = col + 1; r < 4; ++r)
                if (std::abs(a[r * 4 + col]) > std::abs(a[pivot * 4 + col]))
                    pivot = r;
            for (std::size_t k = 0; k < 4; ++k) {
                std::swap(a[col * 4 + k], a[pivot * 4 + k]);
                std::swap(b[col * 4 + k], b[pivot * 4 + k]);
            }
            const double d = a[col * 4 + col];
            for (std::size_t k = 0; k < 4; ++k) {
                a[col * 4 + k] /= d;
                b[col * 4 + k] /= d;
            }
            for (std::size_t r = 0; r < 4; ++r)
                if (r != col) {
                    const double f = a[r * 4 + col];
                    for (std::size_t k = 0; k < 4; ++k) {
                        a[r * 4 + k] -= f * a[col * 4 + k];
                        b[r * 4 + k] -= f * b[col * 4 + k];
                    }
                }
        }
        return b;
    }

    // L = S · R · T with unit scale: rows 0..2 from Gf's quaternion formula (w, x, y, z), not
    // normalised, as OpenUSD does; row 3 the translation.
    static UsdRowMatrix local(std::array<double, 3> t, std::array<double, 4> q) {
        const auto [w, x, y, z] = q;
        return {1 - 2 * (y * y + z * z),
                2 * (x * y + z * w),
                2 * (x * z - y * w),
                0,
                2 * (x * y - z * w),
                1 - 2 * (x * x + z * z),
                2 * (y * z + x * w),
                0,
                2 * (x * z + y * w),
                2 * (y * z - x * w),
                1 - 2 * (x * x + y * y),
                0,
                t[0],
                t[1],
                t[2],
                1};
    }

    static UsdRowMatrix translation(double x, double y, double z) {
        return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1};
    }

    static std::array<double, 3> apply(const std::array<double, 3>& p, const UsdRowMatrix& m) {
        std::array<double, 3> out{};
        for (std::size_t c = 0; c < 3; ++c)
            out[c] = p[0] * m[c] + p[1] * m[4 + c] + p[2] * m[8 + c] + m[12 + c];
        return out;
    }

    // The same local transform as HyperRig's column-vector affine map: basis column c = row c.
    static math::AffineN affine(const UsdRowMatrix& m) {
        auto basis = math::BasisN::fromColumnMajor(
            3, std::vector<double>{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]});
        REQUIRE(basis);
        return math::AffineN(*basis, math::VectorN{m[12], m[13], m[14]});
    }

    // World positions of the vertices of the mesh shown by node `meshNode` under `pose`.
    static std::vector<std::array<double, 3>>
    skinned(const model::Document& document, const std::string& meshNode, const eval::Pose& pose) {
        auto rig = eval::CompiledRig::compile(document);
        REQUIRE(rig);
        base::ThreadPool pool(1);
        eval::EvaluatedRig evaluated;
        REQUIRE(eval::evaluateRig(document, *rig, pose, pool, evaluated));
        const model::NodeId id = usdNode(document, meshNode).id;
        for (const auto& instance : evaluated.instances) {
            if (instance.node != id)
                continue;
            const float* p = instance.positions(rig->mesh(instance.mesh));
            std::vector<std::array<double, 3>> out;
            for (std::size_t v = 0; v < document.mesh(instance.mesh).vertexCount(); ++v) {
                const auto world = instance.world.applyPoint(
                    {double(p[3 * v]), double(p[3 * v + 1]), double(p[3 * v + 2])});
                out.push_back({world[0], world[1], world[2]});
            }
            return out;
        }
        FAIL("no instance for " << meshNode);
        return {};
    }
};

void usdCheckClose(const std::array<double, 3>& actual, const std::array<double, 3>& expected,
                   double tolerance) {
    INFO("(" << actual[0] << ", " << actual[1] << ", " << actual[2] << ") vs (" << expected[0]
             << ", " << expected[1] << ", " << expected[2] << ")");
    for (std::size_t c = 0; c < 3; ++c)
        CHECK(std::abs(actual[c] - expected[c]) <= tolerance);
}

} // namespace

TEST_CASE_METHOD(UsdSkinningFixture,
                 "lbs.usda skins as UsdSkel's formula and OpenUSD's baked baseline say", "[usd]") {
    const auto imported = usdImportFile("lbs.usda");
    const auto& document = imported.document;
    // From the file: bindTransforms, geomBindTransform of /Root/Mesh, and the animation.
    const std::array<UsdRowMatrix, 3> bind = {
        translation(0, 0, 0), translation(1, 0, 0),
        UsdRowMatrix{0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 1}};
    const UsdRowMatrix geomBind{0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    // Points 6 (0.5, 1, 0.5) and 10 (0.5, 1, -0.5) of /Root/Mesh: jointIndices [1, 2, 0] with
    // weights [1, 0, 0]: joint 1 alone.
    const std::array<std::array<double, 3>, 2> points = {{{0.5, 1, 0.5}, {0.5, 1, -0.5}}};
    const std::array<std::size_t, 2> vertices = {6, 10};
    const std::array<model::NodeId, 3> bones = {usdNode(document, "joint1").id,
                                                usdNode(document, "joint2").id,
                                                usdNode(document, "joint3").id};

    SECTION("at rest: the restTransforms pose, where K = inverse(bind) · J is the identity") {
        const std::array<UsdRowMatrix, 3> rest = {
            translation(0, 0, 0), translation(1, 0, 0),
            UsdRowMatrix{0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1}};
        const auto j1 = multiply(rest[1], rest[0]);
        const auto k1 = multiply(inverse(bind[1]), j1);
        const auto ours = skinned(document, "Mesh", eval::Pose{});
        for (std::size_t i = 0; i < 2; ++i)
            usdCheckClose(ours[vertices[i]], apply(apply(points[i], geomBind), k1), 1e-6);
    }
    SECTION("at time samples 1, 10, 20, 30 of the SkelAnimation") {
        struct Frame {
            std::array<double, 4> joint2;
            std::array<double, 3> point6, point10; // usdskel.md §5 (OpenUSD's baseline)
        };
        for (const Frame& frame : {
                 Frame{{1, 0, 0, 0}, {0.5, 1, 0.5}, {0.5, 1, -0.5}},
                 Frame{{0.98479694, 0, 0, 0.1737094},
                       {0.5, 0.76858157, 0.811962},
                       {0.5, 1.1107185, -0.12768805}},
                 Frame{{0.93680716, -0.26430017, 0.10526084, 0.20361213},
                       {-0.111948, 0.72115314, 0.98356795},
                       {0.34038383, 1.1582847, 0.20619288}},
                 Frame{{0.9087012, -0.34889027, 0.08619322, 0.21238756},
                       {-0.232732, 0.67607963, 0.9943602},
                       {0.3647293, 1.1222173, 0.328026}},
             }) {
            const std::array<UsdRowMatrix, 3> locals = {local({0, -1, 0}, {0.5, 0.5, 0.5, 0.5}),
                                                        local({1, 0, 0}, frame.joint2),
                                                        local({1, 0, 0}, {0.5, -0.5, -0.5, -0.5})};
            // J = L · J_parent (skeleton space), K = inverse(bind) · J, p' = (p · G) · K.
            const auto j0 = locals[0];
            const auto j1 = multiply(locals[1], j0);
            const auto k1 = multiply(inverse(bind[1]), j1);
            const auto usd6 = apply(apply(points[0], geomBind), k1);
            const auto usd10 = apply(apply(points[1], geomBind), k1);
            // Our formula reproduces the baseline (float32 text: 1e-6)...
            usdCheckClose(usd6, frame.point6, 2e-6);
            usdCheckClose(usd10, frame.point10, 2e-6);
            // ... and HyperRig, posed with the same local transforms, agrees with both.
            eval::Pose pose;
            for (std::size_t k = 0; k < 3; ++k)
                pose.local.insert_or_assign(bones[k], affine(locals[k]));
            const auto ours = skinned(document, "Mesh", pose);
            usdCheckClose(ours[vertices[0]], usd6, 1e-5);
            usdCheckClose(ours[vertices[1]], usd10, 1e-5);
        }
    }
}

TEST_CASE_METHOD(UsdSkinningFixture,
                 "skinnedArm.usda at frame 10: OpenUSD's unnormalised quaternion versus ours",
                 "[usd]") {
    const auto imported = usdImportFile("skinnedArm.usda");
    const auto& document = imported.document;
    // Sparse animation: only Shoulder/Elbow is animated, the others take restTransforms.
    const auto shoulder = translation(0, 0, 0);
    const auto elbowUsd = local({0, 0, 2}, {0.7071, 0.7071, 0, 0});
    const auto hand = translation(0, 0, 2);
    const auto handJoint = multiply(hand, multiply(elbowUsd, shoulder));
    const auto k = multiply(inverse(translation(0, 0, 4)), handJoint);
    // usdskel.md §14: OpenUSD uses the quaternion as written.
    usdCheckClose(apply({0.5, -0.5, 4}, k), {0.5, -1.999971, 1.500048}, 2e-6);
    // HyperRig normalises quaternions (docs/interop-usd.md): the ideal quarter turn.
    const double h = std::sqrt(0.5);
    eval::Pose pose;
    pose.local.insert_or_assign(usdNode(document, "Elbow").id,
                                affine(local({0, 0, 2}, {h, h, 0, 0})));
    const auto ours = skinned(document, "Arm", pose);
    usdCheckClose(ours[0], {0.5, -2, 1.5}, 1e-6);
}
