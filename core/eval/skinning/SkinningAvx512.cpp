#include "core/eval/skinning/SkinningImpl.h"

// GCC 12's AVX-512 headers build masked extracts and permutes from _mm*_undefined_*() values and
// then warn about them at every inlining site (a known false positive); the warning is
// silenced for this file only. Clang has no such warning (and warns about an unknown one).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
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

// Σ w_k · row_k over four influences as a tree (two independent FMA chains, then one add), so
// one vertex's blend is three operations deep instead of four.
HYPERRIG_AVX512 inline __m512 blendFour(const float* palette, std::size_t stride,
                                        const std::uint32_t* rows, const float* w) {
    const __m512 a =
        _mm512_mul_ps(_mm512_set1_ps(w[0]), _mm512_load_ps(palette + rows[0] * stride));
    const __m512 b =
        _mm512_mul_ps(_mm512_set1_ps(w[1]), _mm512_load_ps(palette + rows[1] * stride));
    const __m512 ab =
        _mm512_fmadd_ps(_mm512_set1_ps(w[2]), _mm512_load_ps(palette + rows[2] * stride), a);
    const __m512 cd =
        _mm512_fmadd_ps(_mm512_set1_ps(w[3]), _mm512_load_ps(palette + rows[3] * stride), b);
    return _mm512_add_ps(ab, cd);
}

template <typename GroupId>
inline void rowsOf(const GroupId* g, std::uint32_t* rows) {
    rows[0] = g[0];
    rows[1] = g[1];
    rows[2] = g[2];
    rows[3] = g[3];
}

template <bool WithNormals, typename GroupId>
HYPERRIG_AVX512 void skin4(const SkinningJob& job, const GroupId* groups, std::size_t begin,
                           std::size_t end) {
    constexpr std::size_t kStride = 32; // JointPalette::strideFor(4): 64-byte aligned rows
    const std::size_t width = job.skin->width;
    const float* palette = job.palette->data();
    const float* weights = job.skin->weights.data();
    const float* positions = job.positions;
    float* outPositions = job.outPositions;
    const float* normals = job.normals;
    float* outNormals = job.outNormals;
    for (std::size_t vertex = begin; vertex < end; ++vertex) {
        const GroupId* g = groups + vertex * width;
        const float* w = weights + vertex * width;
        __m512 basis = _mm512_setzero_ps();
        __m128 position = _mm_setzero_ps();
        for (std::size_t k = 0; k < width; k += 4) {
            // A tree over four influences; each weight broadcast serves basis and position.
            const float* r0 = palette + std::size_t{g[k]} * kStride;
            const float* r1 = palette + std::size_t{g[k + 1]} * kStride;
            const float* r2 = palette + std::size_t{g[k + 2]} * kStride;
            const float* r3 = palette + std::size_t{g[k + 3]} * kStride;
            const __m512 w0 = _mm512_set1_ps(w[k]);
            const __m512 w1 = _mm512_set1_ps(w[k + 1]);
            const __m512 w2 = _mm512_set1_ps(w[k + 2]);
            const __m512 w3 = _mm512_set1_ps(w[k + 3]);
            const __m512 b01 =
                _mm512_fmadd_ps(w1, _mm512_load_ps(r1), _mm512_mul_ps(w0, _mm512_load_ps(r0)));
            const __m512 b23 =
                _mm512_fmadd_ps(w3, _mm512_load_ps(r3), _mm512_mul_ps(w2, _mm512_load_ps(r2)));
            basis = _mm512_add_ps(basis, _mm512_add_ps(b01, b23));
            const __m128 p01 =
                _mm_fmadd_ps(_mm512_castps512_ps128(w1), _mm_load_ps(r1 + 16),
                             _mm_mul_ps(_mm512_castps512_ps128(w0), _mm_load_ps(r0 + 16)));
            const __m128 p23 =
                _mm_fmadd_ps(_mm512_castps512_ps128(w3), _mm_load_ps(r3 + 16),
                             _mm_mul_ps(_mm512_castps512_ps128(w2), _mm_load_ps(r2 + 16)));
            position = _mm_add_ps(position, _mm_add_ps(p01, p23));
        }
        // Both loads before the stores (as in skin3).
        const __m128 p = _mm_loadu_ps(positions + vertex * 4);
        const __m128 n = WithNormals ? _mm_loadu_ps(normals + vertex * 4) : _mm_setzero_ps();
        _mm_storeu_ps(outPositions + vertex * 4,
                      _mm_add_ps(sumLanes(_mm512_mul_ps(basis, spread(p))), position));
        if constexpr (WithNormals)
            _mm_storeu_ps(outNormals + vertex * 4, sumLanes(_mm512_mul_ps(basis, spread(n))));
    }
}

template <bool WithNormals, typename GroupId>
HYPERRIG_AVX512 void skin3(const SkinningJob& job, const GroupId* groups, std::size_t begin,
                           std::size_t end) {
    constexpr std::size_t kStride = 16;
    constexpr __mmask8 kXyz = 0x7;
    const std::size_t width = job.skin->width;
    const std::size_t last = job.skin->vertexCount - 1;
    const float* palette = job.palette->data();
    const float* weights = job.skin->weights.data();
    const float* positions = job.positions;
    float* outPositions = job.outPositions;
    const float* normals = job.normals;
    float* outNormals = job.outNormals;
    const __m128 one = _mm_set1_ps(1.0F);
    for (std::size_t vertex = begin; vertex < end; ++vertex) {
        const GroupId* g = groups + vertex * width;
        const float* w = weights + vertex * width;
        std::uint32_t rows[4];
        rowsOf(g, rows);
        __m512 matrix = blendFour(palette, kStride, rows, w);
        for (std::size_t k = 4; k < width; k += 4) {
            rowsOf(g + k, rows);
            matrix = _mm512_add_ps(matrix, blendFour(palette, kStride, rows, w + k));
        }
        // Packed float3: a 4-float load reads the next vertex's x (ignored: lane 3 becomes 1),
        // except at the mesh's last vertex, where a masked load reads exactly three. A 4-float
        // store writes junk into the next vertex's x, which that vertex overwrites right after;
        // the range's last vertex uses a masked store so no other block's data is touched.
        const __m128 loaded = vertex == last ? _mm_maskz_loadu_ps(kXyz, positions + vertex * 3)
                                             : _mm_loadu_ps(positions + vertex * 3);
        const __m128 p = _mm_mask_blend_ps(0x8, loaded, one);
        // Normals are loaded like the positions, before any store (a masked load on every vertex,
        // after the position's store, ran at two thirds of the speed on AMD Zen 5), with lane 3
        // cleared so the position column drops out.
        __m128 n = _mm_setzero_ps();
        if constexpr (WithNormals) {
            n = _mm_maskz_mov_ps(kXyz, vertex == last
                                           ? _mm_maskz_loadu_ps(kXyz, normals + vertex * 3)
                                           : _mm_loadu_ps(normals + vertex * 3));
        }
        const __m128 moved = sumLanes(_mm512_mul_ps(matrix, spread(p)));
        if (vertex + 1 < end)
            _mm_storeu_ps(outPositions + vertex * 3, moved);
        else
            _mm_mask_storeu_ps(outPositions + vertex * 3, kXyz, moved);
        if constexpr (WithNormals) {
            const __m128 turned = sumLanes(_mm512_mul_ps(matrix, spread(n)));
            if (vertex + 1 < end)
                _mm_storeu_ps(outNormals + vertex * 3, turned);
            else
                _mm_mask_storeu_ps(outNormals + vertex * 3, kXyz, turned);
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
