#include "core/base/ThreadPool.h"
#include "core/eval/CompiledSkin.h"
#include "core/eval/SkinTransforms.h"
#include "core/eval/skinning/SkinningKernels.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

using namespace hyperrig::core;

namespace {

// A random affine map with a well-conditioned basis (identity plus noise).
math::AffineN randomTransform(int n, std::mt19937& random) {
    std::uniform_real_distribution<double> noise(-0.6, 0.6);
    math::BasisN basis = math::BasisN::identity(n);
    math::VectorN position = math::VectorN::zero(n);
    for (int r = 0; r < n; ++r) {
        position[r] = 3.0 * noise(random);
        for (int c = 0; c < n; ++c)
            basis.at(r, c) += noise(random);
    }
    return {basis, position};
}

// A mesh of `vertices` random points whose vertices have 0..maxInfluences influences with
// descending weights over `groups` groups.
model::Mesh randomMesh(int n, std::size_t vertices, std::size_t maxInfluences, std::uint32_t groups,
                       std::mt19937& random) {
    std::uniform_real_distribution<double> coordinate(-2.0, 2.0);
    std::uniform_int_distribution<std::size_t> count(0, maxInfluences);
    std::uniform_int_distribution<std::uint32_t> group(0, groups - 1);
    std::uniform_real_distribution<double> weight(0.05, 1.0);
    model::Mesh mesh;
    mesh.vertices.vectorSize = n;
    model::Skin skin;
    skin.offsets.push_back(0);
    for (std::size_t v = 0; v < vertices; ++v) {
        for (int axis = 0; axis < n; ++axis)
            mesh.vertices.values.push_back(coordinate(random));
        std::vector<double> weights(count(random));
        for (double& w : weights)
            w = weight(random);
        std::sort(weights.rbegin(), weights.rend());
        for (double w : weights) {
            skin.groups.push_back(group(random));
            skin.weights.push_back(w);
        }
        skin.offsets.push_back(static_cast<std::uint32_t>(skin.groups.size()));
    }
    mesh.skin = skin;
    return mesh;
}

std::vector<float> toFloat(const std::vector<double>& values) {
    return {values.begin(), values.end()};
}

void requireClose(const std::vector<float>& actual, const std::vector<double>& expected,
                  double tolerance) {
    REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        INFO("value " << i);
        REQUIRE(std::abs(double{actual[i]} - expected[i]) <=
                tolerance * (1.0 + std::abs(expected[i])));
    }
}

constexpr std::array kAllSkinningKernels = {eval::SkinningKernel::Generic,
                                            eval::SkinningKernel::Fixed, eval::SkinningKernel::Avx2,
                                            eval::SkinningKernel::Avx512};

struct KernelCase {
    int dimension;
    std::size_t maxInfluences;
    std::uint32_t groups;
};

} // namespace

TEST_CASE("every skinning kernel matches the double-precision reference", "[eval][skinning]") {
    const auto which = GENERATE(KernelCase{4, 4, 30}, KernelCase{4, 7, 30}, KernelCase{3, 4, 30},
                                KernelCase{3, 9, 12}, KernelCase{2, 3, 5}, KernelCase{5, 6, 8},
                                KernelCase{4, 4, 70'000});
    const unsigned seed = 1234U + static_cast<unsigned>(which.dimension * 31) +
                          static_cast<unsigned>(which.maxInfluences);
    INFO("dimension " << which.dimension << ", up to " << which.maxInfluences << " influences, "
                      << which.groups << " groups, seed " << seed);
    std::mt19937 random(seed);
    const int n = which.dimension;
    const model::Mesh mesh = randomMesh(n, 3000, which.maxInfluences, which.groups, random);
    auto skin = eval::compileSkin(*mesh.skin, mesh.vertexCount());
    REQUIRE(skin.ok());
    CHECK(skin->usesWideIds() == (which.groups > 65'535));

    // Rows for every group the skin uses, plus the identity row; most groups move.
    std::vector<math::AffineN> rows;
    for (std::uint32_t g = 0; g < skin->identityRow; ++g)
        rows.push_back(randomTransform(n, random));
    rows.push_back(math::AffineN::identity(n));
    eval::JointPalette palette(n, rows.size());
    for (std::size_t row = 0; row < rows.size(); ++row)
        palette.setRow(row, rows[row]);

    const std::vector<double> expected = eval::skinExactly(mesh, rows);
    // Normals: the blended basis applied to a direction, in double.
    std::vector<double> normals(mesh.vertices.values.size());
    std::vector<double> expectedNormals(normals.size(), 0.0);
    for (std::size_t i = 0; i < normals.size(); ++i)
        normals[i] = std::sin(static_cast<double>(i));
    const auto size = static_cast<std::size_t>(n);
    for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {
        const model::Skin& s = *mesh.skin;
        double sum = 0.0;
        for (std::size_t e = s.offsets[v]; e < s.offsets[v + 1]; ++e)
            sum += s.weights[e];
        const auto normal =
            *math::VectorN::fromSpan(std::span<const double>(normals.data() + v * size, size));
        math::VectorN moved = sum > 0.0 ? math::VectorN::zero(n) : normal;
        for (std::size_t e = s.offsets[v]; e < s.offsets[v + 1] && sum > 0.0; ++e)
            moved += (s.weights[e] / sum) * rows[s.groups[e]].applyVector(normal);
        for (std::size_t axis = 0; axis < size; ++axis)
            expectedNormals[v * size + axis] = moved[static_cast<int>(axis)];
    }

    const std::vector<float> positions = toFloat(mesh.vertices.values);
    const std::vector<float> floatNormals = toFloat(normals);
    int tested = 0;
    for (auto kernel : kAllSkinningKernels) {
        if (!eval::kernelSupported(kernel, n))
            continue;
        INFO("kernel " << eval::kernelName(kernel));
        ++tested;
        std::vector<float> out(positions.size(), -99.0F);
        std::vector<float> outNormals(positions.size(), -99.0F);
        eval::SkinningJob job;
        job.skin = &*skin;
        job.palette = &palette;
        job.positions = positions.data();
        job.outPositions = out.data();
        SECTION(std::string("positions, ") + std::string(eval::kernelName(kernel))) {
            eval::skinVertices(job, kernel, 0, mesh.vertexCount());
            requireClose(out, expected, 2e-5);
        }
        SECTION(std::string("positions and normals, ") + std::string(eval::kernelName(kernel))) {
            job.normals = floatNormals.data();
            job.outNormals = outNormals.data();
            eval::skinVertices(job, kernel, 0, mesh.vertexCount());
            requireClose(out, expected, 2e-5);
            requireClose(outNormals, expectedNormals, 2e-5);
        }
    }
    CHECK(tested >= (n == 3 || n == 4 ? 2 : 1));
}

TEST_CASE("skinning kernels: which this CPU runs, and how each is chosen", "[eval][skinning]") {
    for (const auto kernel : kAllSkinningKernels) {
        if (!eval::kernelSupported(kernel, 3))
            WARN("the " << eval::kernelName(kernel)
                        << " skinning kernel needs instructions this CPU lacks: not tested here");
    }
    CHECK(eval::kernelName(eval::SkinningKernel::Avx2) == "avx2");
    CHECK(eval::kernelIsa(eval::SkinningKernel::Fixed) == eval::KernelIsa::Portable);
    CHECK(eval::kernelIsa(eval::SkinningKernel::Avx2) == eval::KernelIsa::Avx2);
    // Only D = 3 and 4 have SIMD kernels; every instruction set falls back to Generic elsewhere.
    for (const int n : {2, 3, 4, 5}) {
        CHECK(eval::kernelFor(eval::KernelIsa::Portable, n) ==
              (n == 3 || n == 4 ? eval::SkinningKernel::Fixed : eval::SkinningKernel::Generic));
        CHECK(eval::kernelFor(eval::fastestKernelIsa(), n) == eval::fastestKernel(n));
    }
    if (eval::kernelIsaSupported(eval::KernelIsa::Avx2)) {
        CHECK(eval::kernelFor(eval::KernelIsa::Avx2, 4) == eval::SkinningKernel::Avx2);
        CHECK(eval::kernelFor(eval::KernelIsa::Avx2, 5) == eval::SkinningKernel::Generic);
    }
}

// The SIMD kernels write packed float3 with 4-float stores; a block of vertices must still leave
// its neighbours' outputs alone (the pool runs blocks side by side).
TEST_CASE("skinning a range of 3D vertices writes exactly that range", "[eval][skinning]") {
    std::mt19937 random(41);
    const model::Mesh mesh = randomMesh(3, 37, 4, 6, random);
    auto skin = eval::compileSkin(*mesh.skin, mesh.vertexCount());
    REQUIRE(skin.ok());
    eval::JointPalette palette(3, skin->paletteRows());
    for (std::size_t row = 0; row + 1 < skin->paletteRows(); ++row)
        palette.setRow(row, randomTransform(3, random));
    const std::vector<float> positions = toFloat(mesh.vertices.values);
    std::vector<float> normals(positions.size());
    for (std::size_t i = 0; i < normals.size(); ++i)
        normals[i] = std::cos(static_cast<float>(i));
    eval::SkinningJob job;
    job.skin = &*skin;
    job.palette = &palette;
    job.positions = positions.data();
    job.normals = normals.data();
    std::vector<float> whole(positions.size());
    std::vector<float> wholeNormals(positions.size());
    job.outPositions = whole.data();
    job.outNormals = wholeNormals.data();
    eval::skinVertices(job, eval::SkinningKernel::Generic, 0, mesh.vertexCount());
    for (const auto kernel : kAllSkinningKernels) {
        if (!eval::kernelSupported(kernel, 3))
            continue;
        INFO("kernel " << eval::kernelName(kernel));
        constexpr float kUntouched = -99.0F;
        std::vector<float> out(positions.size(), kUntouched);
        std::vector<float> outNormals(positions.size(), kUntouched);
        job.outPositions = out.data();
        job.outNormals = outNormals.data();
        // Two blocks that end before the last vertex, and one that ends with the mesh.
        eval::skinVertices(job, kernel, 1, 10);
        eval::skinVertices(job, kernel, 20, 30);
        eval::skinVertices(job, kernel, 36, 37);
        for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {
            const bool skinned = (v >= 1 && v < 10) || (v >= 20 && v < 30) || v == 36;
            for (std::size_t axis = 0; axis < 3; ++axis) {
                INFO("vertex " << v << ", axis " << axis);
                if (skinned) {
                    CHECK(out[3 * v + axis] == Approx(whole[3 * v + axis]).margin(1e-5));
                    CHECK(outNormals[3 * v + axis] ==
                          Approx(wholeNormals[3 * v + axis]).margin(1e-5));
                } else {
                    CHECK(out[3 * v + axis] == kUntouched);
                    CHECK(outNormals[3 * v + axis] == kUntouched);
                }
            }
        }
    }
}

TEST_CASE("skinning on the thread pool gives the single-thread result", "[eval][skinning]") {
    std::mt19937 random(99);
    const model::Mesh mesh = randomMesh(4, 100'000, 4, 40, random);
    auto skin = eval::compileSkin(*mesh.skin, mesh.vertexCount());
    REQUIRE(skin.ok());
    eval::JointPalette palette(4, skin->paletteRows());
    for (std::size_t row = 0; row + 1 < skin->paletteRows(); ++row)
        palette.setRow(row, randomTransform(4, random));
    const std::vector<float> positions = toFloat(mesh.vertices.values);
    std::vector<float> single(positions.size());
    std::vector<float> pooled(positions.size());
    eval::SkinningJob job;
    job.skin = &*skin;
    job.palette = &palette;
    job.positions = positions.data();
    job.outPositions = single.data();
    eval::skinVertices(job, eval::defaultKernel(4), 0, mesh.vertexCount());
    base::ThreadPool pool(3);
    job.outPositions = pooled.data();
    eval::skinMesh(job, pool);
    CHECK(pooled == single);
}
