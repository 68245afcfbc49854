// Linear blend skinning on 1,000,000 vertices with 4 influences over 100 joints
// (performance-notes.md §3.1 and §4.1), one row per kernel instruction set (portable, avx2,
// avx512; a set this CPU lacks is reported as skipped), single thread, against the naive AoS loop
// of the notes (per vertex {u32 id, f32 w}[4] plus a count, transform per influence), and on the
// pool with every hardware thread. Each row reports "bytes_per_item", the DRAM traffic per vertex
// by the STREAM convention, so scripts/bench can state it as a fraction of the triad roofline
// measured in the same run.
//
// The 3D rows are named "ozz-workload": their data is LbsWorkload.h's, which a driver for
// ozz-animation's SkinningJob can include to skin the same vertices (docs/performance.md). Select
// one kernel's rows with e.g. --benchmark_filter=/avx2.
#include "core/base/ThreadPool.h"
#include "core/eval/CompiledSkin.h"
#include "core/eval/KernelChoice.h"
#include "core/eval/skinning/SkinningKernels.h"
#include "tests/bench/LbsWorkload.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

using namespace hyperrig::core;

namespace {

constexpr std::size_t kVertices = 1'000'000;
constexpr std::size_t kInCacheVertices = 16'384; // performance-notes §6: report in-cache apart
constexpr std::uint32_t kJoints = hyperrig::bench::kLbsJoints;
constexpr std::size_t kInfluences = hyperrig::bench::kLbsInfluences;

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
        const hyperrig::bench::LbsWorkloadData data = hyperrig::bench::makeLbsWorkload(n, vertices);
        model::Skin source;
        source.offsets.push_back(0);
        for (std::size_t v = 0; v < vertices; ++v) {
            for (std::size_t k = 0; k < kInfluences; ++k) {
                source.groups.push_back(data.joints[v * kInfluences + k]);
                source.weights.push_back(data.weights[v * kInfluences + k]);
            }
            source.offsets.push_back(static_cast<std::uint32_t>(source.groups.size()));
        }
        skin = *eval::compileSkin(source, vertices);
        const auto size = static_cast<std::size_t>(n);
        for (std::uint32_t j = 0; j < kJoints; ++j) {
            math::BasisN basis = math::BasisN::identity(n);
            math::VectorN position = math::VectorN::zero(n);
            for (std::size_t r = 0; r < size; ++r) {
                position[static_cast<int>(r)] = data.translations[j * size + r];
                for (std::size_t c = 0; c < size; ++c)
                    basis.at(static_cast<int>(r), static_cast<int>(c)) =
                        data.bases[(j * size + r) * size + c];
            }
            palette.setRow(j, math::AffineN(basis, position));
        }
        positions = data.positions;
        normals = data.normals;
        outPositions.resize(positions.size());
        outNormals.resize(positions.size());
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

// The kernel of instruction set `isa` for dimension n into `chosen`; false (the row skipped) when
// this CPU cannot run that set.
bool skinBenchKernel(benchmark::State& state, eval::KernelIsa isa, int n,
                     eval::SkinningKernel& chosen) {
    if (!eval::kernelIsaSupported(isa)) {
        state.SkipWithError("this CPU cannot run these kernels");
        return false;
    }
    chosen = eval::kernelFor(isa, n);
    return true;
}

void kernel(benchmark::State& state, eval::KernelIsa isa, int n, bool withNormals) {
    eval::SkinningKernel chosen{};
    if (!skinBenchKernel(state, isa, n, chosen))
        return;
    Workload& w = workload(n);
    const eval::SkinningJob job = w.job(withNormals);
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
void inCache(benchmark::State& state, eval::KernelIsa isa, int n) {
    eval::SkinningKernel chosen{};
    if (!skinBenchKernel(state, isa, n, chosen))
        return;
    Workload& w = inCacheWorkload(n);
    const eval::SkinningJob job = w.job(false);
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
    base::ThreadPool& pool = base::ThreadPool::shared();
    for (auto _ : state) {
        eval::skinMesh(job, pool);
        benchmark::DoNotOptimize(w.outPositions.data());
        benchmark::ClobberMemory();
    }
    state.SetLabel(std::to_string(pool.threadCount()) + " threads, " +
                   std::string(eval::kernelName(eval::defaultKernel(n))));
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

// One row per instruction set and case; the pool rows use the default kernel (the fastest, or
// HYPERRIG_KERNEL's choice).
void registerSkinBenchKernelRows() {
    for (const eval::KernelIsa isa :
         {eval::KernelIsa::Portable, eval::KernelIsa::Avx2, eval::KernelIsa::Avx512}) {
        const std::string name(eval::kernelIsaName(isa));
        benchmark::RegisterBenchmark(("lbs/4d/positions/" + name).c_str(), kernel, isa, 4, false)
            ->MinTime(1.0);
        benchmark::RegisterBenchmark(("lbs/4d/normals/" + name).c_str(), kernel, isa, 4, true)
            ->MinTime(1.0);
        benchmark::RegisterBenchmark(("lbs/4d/positions/" + name + "-16k").c_str(), inCache, isa, 4)
            ->MinTime(1.0);
        benchmark::RegisterBenchmark(("lbs/3d/positions/ozz-workload/" + name).c_str(), kernel, isa,
                                     3, false)
            ->MinTime(1.0);
        benchmark::RegisterBenchmark(("lbs/3d/normals/ozz-workload/" + name).c_str(), kernel, isa,
                                     3, true)
            ->MinTime(1.0);
        benchmark::RegisterBenchmark(("lbs/3d/positions/ozz-workload/" + name + "-16k").c_str(),
                                     inCache, isa, 3)
            ->MinTime(1.0);
    }
}

const bool kSkinBenchRowsRegistered = (registerSkinBenchKernelRows(), true);

} // namespace

BENCHMARK_CAPTURE(naive4, 4d_positions, false)->Name("lbs/4d/positions/naive")->MinTime(1.0);
BENCHMARK_CAPTURE(pooled, 4d_positions, 4, false)->Name("lbs/4d/positions/pool")->MinTime(1.0);
BENCHMARK_CAPTURE(naive4, 4d_normals, true)->Name("lbs/4d/normals/naive")->MinTime(1.0);
BENCHMARK_CAPTURE(naive3, 3d_positions, false)->Name("lbs/3d/positions/naive")->MinTime(1.0);
BENCHMARK_CAPTURE(pooled, 3d_positions, 3, false)->Name("lbs/3d/positions/pool")->MinTime(1.0);
BENCHMARK_CAPTURE(naive3, 3d_normals, true)->Name("lbs/3d/normals/naive")->MinTime(1.0);
