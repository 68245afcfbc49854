#pragma once

#include <string_view>
#include <vector>

namespace hyperrig::core::eval {

// Implementations of the slicing kernels. All of them produce bit-identical output (same
// operations in the same order, no fused multiply-adds); they differ only in speed.
enum class SlicePath {
    Portable, // plain C++, any CPU
    Avx512,   // x86-64 with AVX-512 F/BW/VL/DQ, chosen at run time
};

// Paths this CPU can run, Portable first.
std::vector<SlicePath> availableSlicePaths();
bool slicePathAvailable(SlicePath path);
// The fastest available path.
SlicePath fastestSlicePath();
std::string_view slicePathName(SlicePath path);

} // namespace hyperrig::core::eval
