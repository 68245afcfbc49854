#include "core/eval/KernelChoice.h"

#include <array>
#include <cstdio>
#include <cstdlib>

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

KernelIsaChoice chooseKernelIsa(const char* value, bool (*supported)(KernelIsa)) {
    const KernelIsa fastest = fastestKernelIsaOf(supported);
    const std::string_view text = value == nullptr ? std::string_view{} : std::string_view{value};
    if (text.empty() || text == "auto")
        return {fastest, {}};
    for (const KernelIsa isa : kKernelIsasFastestFirst) {
        if (text != kernelIsaName(isa))
            continue;
        if (supported(isa))
            return {isa, {}};
        return {fastest, "HYPERRIG_KERNEL=" + std::string(text) + ": this CPU cannot run the " +
                             std::string(text) + " kernels; using " +
                             std::string(kernelIsaName(fastest)) + " instead"};
    }
    return {fastest, "HYPERRIG_KERNEL=" + std::string(text) +
                         ": unknown kernel (expected portable, avx2, avx512 or auto); using " +
                         std::string(kernelIsaName(fastest))};
}

KernelIsa defaultKernelIsa() {
    // A function-local static: read and reported once, thread-safe.
    static const KernelIsa chosen = [] {
        const KernelIsaChoice choice =
            chooseKernelIsa(std::getenv("HYPERRIG_KERNEL"), &kernelIsaSupported);
        if (!choice.warning.empty()) {
            std::fprintf(stderr, "HyperRig: %s\n", choice.warning.c_str());
            std::fflush(stderr);
        }
        return choice.isa;
    }();
    return chosen;
}

} // namespace hyperrig::core::eval
