#include "core/eval/skinning/SkinningImpl.h"

// GCC 12's AVX-512 headers build masked extracts and permutes from _mm*_undefined_*() values and
// then warn about them at every inlining site (a known false positive); the warning is
// silenced for this file only.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <cstdint>

// Explicit AVX-512 skinning for D = 3 and D = 4 (performance-notes.md §4.1, "blend-matrix"):
// a palette row's 4x4 basis (4D) or its three padded columns plus position (3D) is exactly one
// 512-bit register, so blending four influences is four FMAs. Transforming once per vertex:
//   spread  p = (x,x,x,x, y,y,y,y, z,z,z,z, w,w,w,w)     one permute
//   product m ⊙ spread = (c0·x | c1·y | c2·z | c3·w)    one multiply, four 128-bit lanes
//   result  = sum of the four lanes                      two adds after 256/128-bit splits
// In 3D the fourth lane group is the position column and w is set to 1 (normals: 0), so the
// translation comes out of the same sum. In 4D the position is blended separately in 128 bits.
// These functions carry target attributes: call them only when avx512Available().

namespace hyperrig::core::eval::detail {
namespace {

#define HYPERRIG_AVX512 __attribute__((target("avx512f,avx512vl,avx512dq,fma")))

HYPERRIG_AVX512 inline __m128 sumLanes(__m512 product) {
    const __m256 halves =
        _mm256_add_ps(_mm512_castps512_ps256(product), _mm512_extractf32x8_ps(product, 1));
    return _mm_add_ps(_mm256_castps256_ps128(halves), _mm256_extractf128_ps(halves, 1));
}

HYPERRIG_AVX512 inline __m512 spread(__m128 v) {
    const __m512i index = _mm512_set_epi32(3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0);
    return _mm512_permutexvar_ps(index, _mm512_broadcast_f32x4(v));
}

template <bool WithNormals, typename GroupId>
HYPERRIG_AVX512 void skin4(const SkinningJob& job, const GroupId* groups, std::size_t begin,
                           std::size_t end) {
    constexpr std::size_t kStride = 20;
    const std::size_t width = job.skin->width;
    const float* palette = job.palette->data();
    const float* weights = job.skin->weights.data();
    for (std::size_t vertex = begin; vertex < end; ++vertex) {
        const GroupId* g = groups + vertex * width;
        const float* w = weights + vertex * width;
        __m512 basis = _mm512_setzero_ps();
        __m128 position = _mm_setzero_ps();
        for (std::size_t k = 0; k < width; ++k) {
            const float* row = palette + std::size_t{g[k]} * kStride;
            const __m512 weight = _mm512_set1_ps(w[k]);
            basis = _mm512_fmadd_ps(weight, _mm512_loadu_ps(row), basis);
            position =
                _mm_fmadd_ps(_mm512_castps512_ps128(weight), _mm_loadu_ps(row + 16), position);
        }
        const __m128 p = _mm_loadu_ps(job.positions + vertex * 4);
        const __m128 moved = _mm_add_ps(sumLanes(_mm512_mul_ps(basis, spread(p))), position);
        _mm_storeu_ps(job.outPositions + vertex * 4, moved);
        if constexpr (WithNormals) {
            const __m128 n = _mm_loadu_ps(job.normals + vertex * 4);
            _mm_storeu_ps(job.outNormals + vertex * 4, sumLanes(_mm512_mul_ps(basis, spread(n))));
        }
    }
}

template <bool WithNormals, typename GroupId>
HYPERRIG_AVX512 void skin3(const SkinningJob& job, const GroupId* groups, std::size_t begin,
                           std::size_t end) {
    constexpr std::size_t kStride = 16;
    constexpr __mmask8 kXyz = 0x7;
    const std::size_t width = job.skin->width;
    const float* palette = job.palette->data();
    const float* weights = job.skin->weights.data();
    const __m128 one = _mm_set1_ps(1.0F);
    for (std::size_t vertex = begin; vertex < end; ++vertex) {
        const GroupId* g = groups + vertex * width;
        const float* w = weights + vertex * width;
        __m512 matrix = _mm512_setzero_ps();
        for (std::size_t k = 0; k < width; ++k) {
            const float* row = palette + std::size_t{g[k]} * kStride;
            matrix = _mm512_fmadd_ps(_mm512_set1_ps(w[k]), _mm512_loadu_ps(row), matrix);
        }
        // Masked loads and stores touch exactly three floats: packed float3 never reads past
        // the last vertex.
        const __m128 p =
            _mm_mask_blend_ps(0x8, _mm_maskz_loadu_ps(kXyz, job.positions + vertex * 3), one);
        _mm_mask_storeu_ps(job.outPositions + vertex * 3, kXyz,
                           sumLanes(_mm512_mul_ps(matrix, spread(p))));
        if constexpr (WithNormals) {
            const __m128 n = _mm_maskz_loadu_ps(kXyz, job.normals + vertex * 3);
            _mm_mask_storeu_ps(job.outNormals + vertex * 3, kXyz,
                               sumLanes(_mm512_mul_ps(matrix, spread(n))));
        }
    }
}

template <typename GroupId>
void dispatch(const SkinningJob& job, const GroupId* groups, std::size_t begin, std::size_t end) {
    const bool normals = job.normals != nullptr;
    if (job.palette->dimension() == 4) {
        if (normals)
            skin4<true>(job, groups, begin, end);
        else
            skin4<false>(job, groups, begin, end);
    } else {
        if (normals)
            skin3<true>(job, groups, begin, end);
        else
            skin3<false>(job, groups, begin, end);
    }
}

#undef HYPERRIG_AVX512

} // namespace

bool avx512Available() {
    static const bool available =
        __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("fma");
    return available;
}

void skinAvx512(const SkinningJob& job, std::size_t begin, std::size_t end) {
    if (job.skin->usesWideIds())
        dispatch(job, job.skin->groups32.data(), begin, end);
    else
        dispatch(job, job.skin->groups16.data(), begin, end);
}

} // namespace hyperrig::core::eval::detail
