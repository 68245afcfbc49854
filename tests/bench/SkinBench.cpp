// Linear blend skinning on 1,000,000 vertices with 4 influences over 100 joints
// (performance-notes.md §3.1 and §4.1): the kernel HyperRig runs (fastest available, single
// thread, and on the pool with every hardware thread), against the naive AoS loop of the notes
// (per vertex {u32 id, f32 w}[4] plus a count, transform per influence). Each row reports
// "bytes_per_item", the DRAM traffic per vertex by the STREAM convention, so scripts/bench can
// state it as a fraction of the triad roofline measured in the same run.
#include "core/eval/CompiledSkin.h"
#include "core/eval/ThreadPool.h"
#include "core/eval/skinning/SkinningKernels.h"

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

using namespace hyperrig::core;

namespace {

constexpr std::size_t kVertices = 1'000'000;
constexpr std::size_t kInCacheVertices = 16'384; // performance-notes §6: report in-cache apart
constexpr std::uint32_t kJoints = 100;
constexpr std::size_t kInfluences = 4;

struct Workload {
    int dimension = 4;
    eval::CompiledSkin skin;
    eval::JointPalette palette;
    std::vector<float> positions;
    std::vector<float> normals;
    std::vector<float> outPositions;
    std::vector<float> outNormals;

    std::size_t vertexCount;

    Workload(int n, std::size_t vertices)
        : dimension(n), palette(n, kJoints + 1), vertexCount(vertices) {
        std::mt19937 random(7);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        std::uniform_int_distribution<std::uint32_t> joint(0, kJoints - 1);
        model::Skin source;
        source.offsets.push_back(0);
        for (std::size_t v = 0; v < vertices; ++v) {
            std::array<double, kInfluences> weights{};
            for (double& w : weights)
                w = 0.1 + (unit(random) + 1.0);
            std::sort(weights.rbegin(), weights.rend());
            for (double w : weights) {
                source.groups.push_back(joint(random));
                source.weights.push_back(w);
            }
            source.offsets.push_back(static_cast<std::uint32_t>(source.groups.size()));
        }
        skin = *eval::compileSkin(source, vertices);
        for (std::uint32_t j = 0; j < kJoints; ++j) {
            math::BasisN basis = math::BasisN::identity(n);
            math::VectorN position = math::VectorN::zero(n);
            for (int r = 0; r < n; ++r) {
                position[r] = unit(random);
                for (int c = 0; c < n; ++c)
                    basis.at(r, c) += 0.3 * unit(random);
            }
            palette.setRow(j, math::AffineN(basis, position));
        }
        const std::size_t values = vertices * static_cast<std::size_t>(n);
        positions.resize(values);
        normals.resize(values);
        for (std::size_t i = 0; i < values; ++i) {
            positions[i] = static_cast<float>(unit(random));
            normals[i] = static_cast<float>(unit(random));
        }
        outPositions.resize(values);
        outNormals.resize(values);
    }

    eval::SkinningJob job(bool withNormals) {
        eval::SkinningJob result;
        result.skin = &skin;
        result.palette = &palette;
        result.positions = positions.data();
        result.outPositions = outPositions.data();
        if (withNormals) {
            result.normals = normals.data();
            result.outNormals = outNormals.data();
        }
        return result;
    }
};

Workload& workload(int n) {
    static Workload three(3, kVertices);
    static Workload four(4, kVertices);
    return n == 3 ? three : four;
}

Workload& inCacheWorkload(int n) {
    static Workload three(3, kInCacheVertices);
    static Workload four(4, kInCacheVertices);
    return n == 3 ? three : four;
}

// STREAM-convention bytes per vertex of HyperRig's layout: positions in and out (D floats each),
// normals in and out when skinned, 4 uint16 ids and 4 float weights.
double bytesPerVertex(int n, bool withNormals) {
    const double vector = 4.0 * n;
    return 2.0 * vector * (withNormals ? 2.0 : 1.0) + 4.0 * 2.0 + 4.0 * 4.0;
}

void finish(benchmark::State& state, int n, bool withNormals) {
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(kVertices));
    state.counters["bytes_per_item"] = bytesPerVertex(n, withNormals);
}

void kernel(benchmark::State& state, int n, bool withNormals) {
    Workload& w = workload(n);
    const eval::SkinningJob job = w.job(withNormals);
    const eval::SkinningKernel chosen = eval::fastestKernel(n);
    for (auto _ : state) {
        eval::skinVertices(job, chosen, 0, kVertices);
        benchmark::DoNotOptimize(w.outPositions.data());
        benchmark::ClobberMemory();
    }
    state.SetLabel(std::string(eval::kernelName(chosen)));
    finish(state, n, withNormals);
}

// The same kernel on 16,384 vertices (~1 MB, cache-resident): its compute rate, which the 1M rows
// approach when they are not memory-bound.
void inCache(benchmark::State& state, int n) {
    Workload& w = inCacheWorkload(n);
    const eval::SkinningJob job = w.job(false);
    const eval::SkinningKernel chosen = eval::fastestKernel(n);
    for (auto _ : state) {
        eval::skinVertices(job, chosen, 0, w.vertexCount);
        benchmark::DoNotOptimize(w.outPositions.data());
        benchmark::ClobberMemory();
    }
    state.SetLabel(std::string(eval::kernelName(chosen)) + ", in cache");
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(w.vertexCount));
}

void pooled(benchmark::State& state, int n, bool withNormals) {
    Workload& w = workload(n);
    const eval::SkinningJob job = w.job(withNormals);
    eval::ThreadPool& pool = eval::ThreadPool::shared();
    for (auto _ : state) {
        eval::skinMesh(job, pool);
        benchmark::DoNotOptimize(w.outPositions.data());
        benchmark::ClobberMemory();
    }
    state.SetLabel(std::to_string(pool.threadCount()) + " threads");
    finish(state, n, withNormals);
}

// The naive reference of performance-notes.md §4.1: array-of-structures influences with a count,
// each influence transforms the vertex and the results are summed.
struct NaiveVertex {
    std::array<std::uint32_t, kInfluences> ids;
    std::array<float, kInfluences> weights;
    std::uint32_t count;
};

template <std::size_t N>
void naive(benchmark::State& state, bool withNormals) {
    Workload& w = workload(static_cast<int>(N));
    std::vector<NaiveVertex> influences(kVertices);
    const std::size_t width = w.skin.width;
    for (std::size_t v = 0; v < kVertices; ++v) {
        influences[v].count = kInfluences;
        for (std::size_t k = 0; k < kInfluences; ++k) {
            influences[v].ids[k] = w.skin.groups16[v * width + k];
            influences[v].weights[k] = w.skin.weights[v * width + k];
        }
    }
    const std::size_t stride = w.palette.stride();
    const std::size_t column = N == 3 ? 4 : N;
    const float* palette = w.palette.data();
    for (auto _ : state) {
        for (std::size_t v = 0; v < kVertices; ++v) {
            const float* p = w.positions.data() + v * N;
            const float* nIn = w.normals.data() + v * N;
            std::array<float, N> out{};
            std::array<float, N> outNormal{};
            for (std::uint32_t k = 0; k < influences[v].count; ++k) {
                const float* row = palette + influences[v].ids[k] * stride;
                const float weight = influences[v].weights[k];
                for (std::size_t r = 0; r < N; ++r) {
                    float moved = row[N * column + r];
                    float turned = 0.0F;
                    for (std::size_t c = 0; c < N; ++c) {
                        moved += row[c * column + r] * p[c];
                        turned += row[c * column + r] * nIn[c];
                    }
                    out[r] += weight * moved;
                    outNormal[r] += weight * turned;
                }
            }
            std::copy(out.begin(), out.end(), w.outPositions.begin() + static_cast<long>(v * N));
            if (withNormals)
                std::copy(outNormal.begin(), outNormal.end(),
                          w.outNormals.begin() + static_cast<long>(v * N));
        }
        benchmark::DoNotOptimize(w.outPositions.data());
        benchmark::ClobberMemory();
    }
    finish(state, static_cast<int>(N), withNormals);
}

void naive4(benchmark::State& state, bool withNormals) {
    naive<4>(state, withNormals);
}
void naive3(benchmark::State& state, bool withNormals) {
    naive<3>(state, withNormals);
}

} // namespace

BENCHMARK_CAPTURE(kernel, 4d_positions, 4, false)->Name("lbs/4d/positions/kernel")->MinTime(1.0);
BENCHMARK_CAPTURE(naive4, 4d_positions, false)->Name("lbs/4d/positions/naive")->MinTime(1.0);
BENCHMARK_CAPTURE(pooled, 4d_positions, 4, false)->Name("lbs/4d/positions/pool")->MinTime(1.0);
BENCHMARK_CAPTURE(inCache, 4d, 4)->Name("lbs/4d/positions/kernel-16k")->MinTime(1.0);
BENCHMARK_CAPTURE(inCache, 3d, 3)->Name("lbs/3d/positions/kernel-16k")->MinTime(1.0);
BENCHMARK_CAPTURE(kernel, 4d_normals, 4, true)->Name("lbs/4d/normals/kernel")->MinTime(1.0);
BENCHMARK_CAPTURE(naive4, 4d_normals, true)->Name("lbs/4d/normals/naive")->MinTime(1.0);
BENCHMARK_CAPTURE(kernel, 3d_positions, 3, false)->Name("lbs/3d/positions/kernel")->MinTime(1.0);
BENCHMARK_CAPTURE(naive3, 3d_positions, false)->Name("lbs/3d/positions/naive")->MinTime(1.0);
BENCHMARK_CAPTURE(pooled, 3d_positions, 3, false)->Name("lbs/3d/positions/pool")->MinTime(1.0);
BENCHMARK_CAPTURE(kernel, 3d_normals, 3, true)->Name("lbs/3d/normals/kernel")->MinTime(1.0);
BENCHMARK_CAPTURE(naive3, 3d_normals, true)->Name("lbs/3d/normals/naive")->MinTime(1.0);
