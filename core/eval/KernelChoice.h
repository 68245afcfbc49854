#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hyperrig::core::eval {

// The instruction sets HyperRig's hot kernels (skinning, slicing) come in, slowest first. One
// x86-64 binary holds all of them; the SIMD ones are compiled with target attributes and chosen
// at run time (docs/decisions/0011, 0044).
enum class KernelIsa {
    Portable, // plain C++, any CPU
    Avx2,     // x86-64 with AVX2 and FMA
    Avx512,   // x86-64 with AVX-512 F/VL/DQ/BW
};

std::string_view kernelIsaName(KernelIsa isa);
// Whether this CPU (checked at run time) can run `isa`'s kernels.
bool kernelIsaSupported(KernelIsa isa);
// The widest set this CPU supports.
KernelIsa fastestKernelIsa();

// Whether this CPU executes 512-bit vector operations as two 256-bit halves: AMD family 19h
// (Zen 4; Zen 3, the same family, has no AVX-512). There the AVX2 skinning kernels measured
// faster than the AVX-512 ones (docs/decisions/0072).
bool splitsWideVectors();
// The rule on CPUID's values: the vendor string's registers of leaf 0 (EBX, EDX, ECX) and EAX of
// leaf 1 (family and model).
bool splitsWideVectors(unsigned vendorEbx, unsigned vendorEdx, unsigned vendorEcx,
                       unsigned signatureEax);

// What HYPERRIG_KERNEL asks for (docs/decisions/0045). `value` is the variable's text (nullptr
// when unset). Unset, empty or "auto": the fastest supported ISA. "portable", "avx2" or
// "avx512": that ISA when `supported(isa)`, else the fastest supported one with a `warning`
// saying so. Any other value: the fastest supported one with a `warning` naming the choices.
struct KernelIsaChoice {
    KernelIsa isa = KernelIsa::Portable;
    std::string warning; // empty when the request was honoured
    bool forced = false; // the variable named a set this CPU runs, and it was taken
};
KernelIsaChoice chooseKernelIsa(const char* value, bool (*supported)(KernelIsa));

// The ISA every default kernel choice uses: HYPERRIG_KERNEL read once per process through
// chooseKernelIsa (its warning goes to stderr once), else the fastest supported.
KernelIsa defaultKernelIsa();

// The set skinning uses from `choice`: AVX2 instead of AVX-512 on a CPU that `splitsWide`,
// unless HYPERRIG_KERNEL forced AVX-512 (decision 0072). Slicing keeps the choice as it is (its
// AVX-512 path was not slower there).
KernelIsa skinningKernelIsa(const KernelIsaChoice& choice, bool splitsWide);
// skinningKernelIsa of this process's choice and CPU.
KernelIsa defaultSkinningKernelIsa();

} // namespace hyperrig::core::eval
