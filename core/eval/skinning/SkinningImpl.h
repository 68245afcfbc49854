#pragma once

// The kernel implementations behind SkinningKernels.h, one translation unit per instruction set
// so only SkinningAvx2.cpp and SkinningAvx512.cpp hold AVX code (its functions carry target
// attributes and run only after a run-time CPU check).
#include "core/eval/skinning/SkinningKernels.h"

namespace hyperrig::core::eval::detail {

void skinGeneric(const SkinningJob& job, std::size_t begin, std::size_t end);
void skinFixed(const SkinningJob& job, std::size_t begin, std::size_t end);
bool avx2Available();
void skinAvx2(const SkinningJob& job, std::size_t begin, std::size_t end);
bool avx512Available();
void skinAvx512(const SkinningJob& job, std::size_t begin, std::size_t end);

} // namespace hyperrig::core::eval::detail
