// Throughput of the math that pose evaluation runs per bone per frame: rotor -> basis,
// composing affine transforms down a chain, and the basis -> rotor extraction the writer runs per
// edited transform. Reported per item so the numbers compare across dimensions.
#include "core/math/AffineN.h"
#include "core/math/BasisDecomposition.h"
#include "core/math/Rotor.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

using namespace hyperrig::core::math;

namespace {

std::vector<Rotor> sampleRotors(int dimension, std::size_t count) {
    std::vector<Rotor> rotors;
    rotors.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const double angle = 0.001 * static_cast<double>(i);
        Rotor rotor = *Rotor::fromPlaneAngle(dimension, 0, 1, angle);
        if (dimension == 4)
            rotor = rotor * *Rotor::fromPlaneAngle(4, 2, 3, 0.7 * angle);
        rotors.push_back(*rotor.normalized());
    }
    return rotors;
}

void rotorToBasis(benchmark::State& state) {
    const int dimension = static_cast<int>(state.range(0));
    const auto rotors = sampleRotors(dimension, 1024);
    for (auto _ : state)
        for (const Rotor& rotor : rotors)
            benchmark::DoNotOptimize(rotor.toBasis());
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(rotors.size()));
}
BENCHMARK(rotorToBasis)->Arg(3)->Arg(4);

void composeChain(benchmark::State& state) {
    const int dimension = static_cast<int>(state.range(0));
    const auto rotors = sampleRotors(dimension, 64);
    std::vector<AffineN> locals;
    for (const Rotor& rotor : rotors)
        locals.emplace_back(rotor.toBasis(), VectorN::axis(dimension, 1) * 0.25);
    for (auto _ : state) {
        AffineN global = AffineN::identity(dimension);
        for (const AffineN& local : locals)
            global = AffineN::compose(global, local);
        benchmark::DoNotOptimize(global);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(locals.size()));
}
BENCHMARK(composeChain)->Arg(3)->Arg(4);

void basisToRotor(benchmark::State& state) {
    const int dimension = static_cast<int>(state.range(0));
    std::vector<BasisN> bases;
    for (const Rotor& rotor : sampleRotors(dimension, 256))
        bases.push_back(rotor.toBasis());
    for (auto _ : state)
        for (const BasisN& basis : bases)
            benchmark::DoNotOptimize(decomposeBasis(basis));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(bases.size()));
}
BENCHMARK(basisToRotor)->Arg(3)->Arg(4);

} // namespace

BENCHMARK_MAIN();
