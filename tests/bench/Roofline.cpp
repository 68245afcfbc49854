// The STREAM-style triad a = b + s·c on float arrays of 256 MiB each, measured in the same run as
// the kernels so every row of scripts/bench's table states its rate as a fraction of this run's
// memory roofline (performance-notes.md §2.1 and §6: bandwidth varies by up to 1.5x between runs on
// the shared host, so only ratios within one run are compared). Bytes count reads + writes without
// write-allocate traffic, the STREAM convention the notes use.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <vector>

namespace {

void streamTriad(benchmark::State& state) {
    constexpr std::size_t kCount = std::size_t{256} * 1024 * 1024 / sizeof(float);
    std::vector<float> a(kCount, 0.0F);
    std::vector<float> b(kCount, 1.0F);
    std::vector<float> c(kCount, 2.0F);
    const float scalar = 3.0F;
    for (auto _ : state) {
        float* out = a.data();
        const float* left = b.data();
        const float* right = c.data();
        for (std::size_t i = 0; i < kCount; ++i) {
            out[i] = left[i] + scalar * right[i];
        }
        benchmark::DoNotOptimize(a.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(kCount * 3 * sizeof(float)));
}

} // namespace

BENCHMARK(streamTriad)->Name("roofline/triad")->Unit(benchmark::kMillisecond)->MinTime(1.0);

BENCHMARK_MAIN();
