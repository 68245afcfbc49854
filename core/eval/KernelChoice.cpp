#include "core/eval/KernelChoice.h"

#include <array>
#include <cstdio>
#include <cstdlib>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

namespace hyperrig::core::eval {
namespace {

constexpr std::array<KernelIsa, 3> kKernelIsasFastestFirst = {KernelIsa::Avx512, KernelIsa::Avx2,
                                                              KernelIsa::Portable};

KernelIsa fastestKernelIsaOf(bool (*supported)(KernelIsa)) {
    for (const KernelIsa isa : kKernelIsasFastestFirst)
        if (supported(isa))
            return isa;
    return KernelIsa::Portable;
}

} // namespace

std::string_view kernelIsaName(KernelIsa isa) {
    switch (isa) {
    case KernelIsa::Portable:
        return "portable";
    case KernelIsa::Avx2:
        return "avx2";
    case KernelIsa::Avx512:
        return "avx512";
    }
    return "unknown";
}

bool kernelIsaSupported(KernelIsa isa) {
    switch (isa) {
    case KernelIsa::Portable:
        return true;
    case KernelIsa::Avx2:
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
        return false;
#endif
    case KernelIsa::Avx512:
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("fma");
#else
        return false;
#endif
    }
    return false;
}

KernelIsa fastestKernelIsa() {
    return fastestKernelIsaOf(&kernelIsaSupported);
}

bool splitsWideVectors(unsigned vendorEbx, unsigned vendorEdx, unsigned vendorEcx,
                       unsigned signatureEax) {
    // "AuthenticAMD" as EBX, EDX, ECX hold it.
    const bool amd =
        vendorEbx == 0x68747541U && vendorEdx == 0x69746e65U && vendorEcx == 0x444d4163U;
    // The display family: the base family, plus the extended family when the base is 0xF.
    unsigned family = (signatureEax >> 8U) & 0xFU;
    if (family == 0xFU)
        family += (signatureEax >> 20U) & 0xFFU;
    return amd && family == 0x19U;
}

bool splitsWideVectors() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    unsigned eax = 0;
    unsigned ebx = 0;
    unsigned ecx = 0;
    unsigned edx = 0;
    if (__get_cpuid(0, &eax, &ebx, &ecx, &edx) == 0)
        return false;
    const unsigned vendorEbx = ebx;
    const unsigned vendorEdx = edx;
    const unsigned vendorEcx = ecx;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0)
        return false;
    return splitsWideVectors(vendorEbx, vendorEdx, vendorEcx, eax);
#else
    return false;
#endif
}

KernelIsaChoice chooseKernelIsa(const char* value, bool (*supported)(KernelIsa)) {
    const KernelIsa fastest = fastestKernelIsaOf(supported);
    const std::string_view text = value == nullptr ? std::string_view{} : std::string_view{value};
    if (text.empty() || text == "auto")
        return {fastest, {}};
    for (const KernelIsa isa : kKernelIsasFastestFirst) {
        if (text != kernelIsaName(isa))
            continue;
        if (supported(isa))
            return {isa, {}, true};
        return {fastest, "HYPERRIG_KERNEL=" + std::string(text) + ": this CPU cannot run the " +
                             std::string(text) + " kernels; using " +
                             std::string(kernelIsaName(fastest)) + " instead"};
    }
    return {fastest, "HYPERRIG_KERNEL=" + std::string(text) +
                         ": unknown kernel (expected portable, avx2, avx512 or auto); using " +
                         std::string(kernelIsaName(fastest))};
}

namespace {

const KernelIsaChoice& processKernelChoice() {
    // A function-local static: read and reported once, thread-safe.
    static const KernelIsaChoice choice = [] {
        KernelIsaChoice read = chooseKernelIsa(std::getenv("HYPERRIG_KERNEL"), &kernelIsaSupported);
        if (!read.warning.empty()) {
            std::fprintf(stderr, "HyperRig: %s\n", read.warning.c_str());
            std::fflush(stderr);
        }
        return read;
    }();
    return choice;
}

} // namespace

KernelIsa defaultKernelIsa() {
    return processKernelChoice().isa;
}

KernelIsa skinningKernelIsa(const KernelIsaChoice& choice, bool splitsWide) {
    if (choice.isa == KernelIsa::Avx512 && splitsWide && !choice.forced)
        return KernelIsa::Avx2; // every AVX-512 CPU runs AVX2
    return choice.isa;
}

KernelIsa defaultSkinningKernelIsa() {
    // A guest may hide AVX2 while showing AVX-512: then there is nothing to prefer.
    static const KernelIsa chosen = skinningKernelIsa(
        processKernelChoice(), splitsWideVectors() && kernelIsaSupported(KernelIsa::Avx2));
    return chosen;
}

} // namespace hyperrig::core::eval
