// The shared thread pool's cost per parallelFor, the price every parallel loop of a frame pays
// (a 4D frame calls it a few dozen times: skinning, slicing, welding, smoothing), for a job of two
// tiny blocks:
//   pool/parallel_for_small   back to back: the hand-off to a worker that is watching for work,
//   pool/parallel_for_spaced  after 2 ms on the calling thread alone, longer than a worker
//                             watches (ThreadPool.cpp, kWorkerSpin): the worker is asleep.
//                             `handoff_us` is the parallelFor alone.
#include "core/base/ThreadPool.h"

#include <benchmark/benchmark.h>

#include <array>
#include <chrono>

namespace {

using namespace hyperrig;

void parallelForSmall(benchmark::State& state) {
    core::base::ThreadPool& pool = core::base::ThreadPool::shared();
    std::array<std::size_t, 64> touched{};
    for (auto _ : state) {
        pool.parallelFor(2, 1, [&](std::size_t begin, std::size_t) { touched[begin * 16] += 1; });
        benchmark::DoNotOptimize(touched.data());
    }
    state.SetItemsProcessed(state.iterations());
}

void parallelForSpaced(benchmark::State& state) {
    using Clock = std::chrono::steady_clock;
    core::base::ThreadPool& pool = core::base::ThreadPool::shared();
    std::array<std::size_t, 64> touched{};
    double handoffSeconds = 0.0;
    for (auto _ : state) {
        // Serial work between two parallel loops, long enough for an idle worker to sleep.
        const auto busyUntil = Clock::now() + std::chrono::milliseconds(2);
        while (Clock::now() < busyUntil)
            benchmark::DoNotOptimize(touched.data());
        const auto start = Clock::now();
        pool.parallelFor(2, 1, [&](std::size_t begin, std::size_t) { touched[begin * 16] += 1; });
        handoffSeconds += std::chrono::duration<double>(Clock::now() - start).count();
        benchmark::DoNotOptimize(touched.data());
    }
    state.counters["handoff_us"] =
        benchmark::Counter(handoffSeconds * 1e6, benchmark::Counter::kAvgIterations);
    state.SetItemsProcessed(state.iterations());
}

} // namespace

BENCHMARK(parallelForSmall)->Name("pool/parallel_for_small")->Unit(benchmark::kMicrosecond);
BENCHMARK(parallelForSpaced)->Name("pool/parallel_for_spaced")->Unit(benchmark::kMicrosecond);
