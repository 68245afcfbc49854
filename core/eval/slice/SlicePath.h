#pragma once

#include <string_view>
#include <vector>

namespace hyperrig::core::eval {

// Implementations of the slicing kernels. All of them produce bit-identical output (same
// operations in the same order, no fused multiply-adds); they differ only in speed.
enum class SlicePath {
    Portable, // plain C++, any CPU
    Avx2,     // x86-64 with AVX2, chosen at run time
    Avx512,   // x86-64 with AVX-512 F/BW/VL/DQ, chosen at run time
};

// Paths this CPU can run, slowest (Portable) first.
std::vector<SlicePath> availableSlicePaths();
bool slicePathAvailable(SlicePath path);
// The fastest available path.
SlicePath fastestSlicePath();
// The path Slicer() uses: HYPERRIG_KERNEL's choice when set (docs/decisions/0045), else the
// fastest.
SlicePath defaultSlicePath();
std::string_view slicePathName(SlicePath path);

} // namespace hyperrig::core::eval
