#include "core/eval/KernelChoice.h"

#include <catch2/catch.hpp>

using hyperrig::core::eval::chooseKernelIsa;
using hyperrig::core::eval::KernelIsa;
using hyperrig::core::eval::KernelIsaChoice;

namespace {

// Stand-ins for CPUs: the choice depends only on what the CPU supports.
bool kernelChoiceCpuWithAvx2(KernelIsa isa) {
    return isa != KernelIsa::Avx512;
}

bool kernelChoiceCpuWithAvx512(KernelIsa) {
    return true;
}

} // namespace

TEST_CASE("HYPERRIG_KERNEL: unset, empty or auto picks the fastest", "[eval][kernel-choice]") {
    for (const char* value : {static_cast<const char*>(nullptr), "", "auto"}) {
        CAPTURE(value == nullptr ? "(unset)" : value);
        const KernelIsaChoice choice = chooseKernelIsa(value, &kernelChoiceCpuWithAvx2);
        CHECK(choice.isa == KernelIsa::Avx2);
        CHECK(choice.warning.empty());
        CHECK(chooseKernelIsa(value, &kernelChoiceCpuWithAvx512).isa == KernelIsa::Avx512);
    }
}

TEST_CASE("HYPERRIG_KERNEL forces a supported kernel set", "[eval][kernel-choice]") {
    CHECK(chooseKernelIsa("portable", &kernelChoiceCpuWithAvx512).isa == KernelIsa::Portable);
    CHECK(chooseKernelIsa("avx2", &kernelChoiceCpuWithAvx512).isa == KernelIsa::Avx2);
    CHECK(chooseKernelIsa("avx512", &kernelChoiceCpuWithAvx512).isa == KernelIsa::Avx512);
    CHECK(chooseKernelIsa("portable", &kernelChoiceCpuWithAvx2).warning.empty());
}

TEST_CASE("HYPERRIG_KERNEL: an unsupported or unknown value falls back with a warning",
          "[eval][kernel-choice]") {
    const KernelIsaChoice unsupported = chooseKernelIsa("avx512", &kernelChoiceCpuWithAvx2);
    CHECK(unsupported.isa == KernelIsa::Avx2);
    CHECK(unsupported.warning ==
          "HYPERRIG_KERNEL=avx512: this CPU cannot run the avx512 kernels; using avx2 instead");
    const KernelIsaChoice unknown = chooseKernelIsa("AVX2", &kernelChoiceCpuWithAvx512);
    CHECK(unknown.isa == KernelIsa::Avx512);
    CHECK(unknown.warning == "HYPERRIG_KERNEL=AVX2: unknown kernel (expected portable, avx2, "
                             "avx512 or auto); using avx512");
}
