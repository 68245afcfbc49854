#include "core/eval/KernelChoice.h"

#include <catch2/catch.hpp>

using hyperrig::core::eval::chooseKernelIsa;
using hyperrig::core::eval::KernelIsa;
using hyperrig::core::eval::KernelIsaChoice;
using hyperrig::core::eval::skinningKernelIsa;
using hyperrig::core::eval::splitsWideVectors;

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

TEST_CASE("Skinning prefers AVX2 on a CPU that splits 512-bit operations, unless forced",
          "[eval][kernel-choice]") {
    // AMD Zen 4 runs each 512-bit operation as two 256-bit halves; the AVX2 skinning kernels
    // measured faster there (decision 0072). Slicing keeps the choice.
    constexpr bool kSplitsWide = true;
    for (const char* value : {static_cast<const char*>(nullptr), "", "auto", "AVX2"}) {
        CAPTURE(value == nullptr ? "(unset)" : value);
        const KernelIsaChoice choice = chooseKernelIsa(value, &kernelChoiceCpuWithAvx512);
        CHECK_FALSE(choice.forced);
        CHECK(choice.isa == KernelIsa::Avx512);
        CHECK(skinningKernelIsa(choice, kSplitsWide) == KernelIsa::Avx2);
        CHECK(skinningKernelIsa(choice, false) == KernelIsa::Avx512);
    }
    const KernelIsaChoice forced = chooseKernelIsa("avx512", &kernelChoiceCpuWithAvx512);
    CHECK(forced.forced);
    CHECK(skinningKernelIsa(forced, kSplitsWide) == KernelIsa::Avx512);
    const KernelIsaChoice portable = chooseKernelIsa("portable", &kernelChoiceCpuWithAvx512);
    CHECK(skinningKernelIsa(portable, kSplitsWide) == KernelIsa::Portable);
    // Without AVX-512 nothing changes.
    const KernelIsaChoice avx2 = chooseKernelIsa(nullptr, &kernelChoiceCpuWithAvx2);
    CHECK(skinningKernelIsa(avx2, kSplitsWide) == KernelIsa::Avx2);
    // A request the CPU cannot run is not forced: the fallback is the automatic choice.
    const KernelIsaChoice unsupported = chooseKernelIsa("avx512", &kernelChoiceCpuWithAvx2);
    CHECK_FALSE(unsupported.forced);
}

TEST_CASE("Which CPUs split 512-bit operations, from CPUID's vendor and signature",
          "[eval][kernel-choice]") {
    // Vendor registers (EBX, EDX, ECX of leaf 0) and leaf 1's EAX as the CPUs report them.
    constexpr unsigned kAmd[3] = {0x68747541U, 0x69746e65U, 0x444d4163U};   // "AuthenticAMD"
    constexpr unsigned kIntel[3] = {0x756e6547U, 0x49656e69U, 0x6c65746eU}; // "GenuineIntel"
    const auto splits = [](const unsigned(&vendor)[3], unsigned eax) {
        return splitsWideVectors(vendor[0], vendor[1], vendor[2], eax);
    };
    CHECK(splits(kAmd, 0x00A10F11U));         // EPYC 9004 "Genoa": family 19h model 11h, Zen 4
    CHECK(splits(kAmd, 0x00A60F12U));         // Ryzen 7000: family 19h model 61h, Zen 4
    CHECK_FALSE(splits(kAmd, 0x00B00F21U));   // EPYC 9005 "Turin": family 1Ah, Zen 5
    CHECK_FALSE(splits(kAmd, 0x00830F10U));   // EPYC 7002 "Rome": family 17h, Zen 2
    CHECK_FALSE(splits(kIntel, 0x000806F8U)); // Xeon "Sapphire Rapids": family 6
    // Intel's family 6 with an extended family field that would read 19h for AMD.
    CHECK_FALSE(splits(kIntel, 0x00A00F00U));
}
