#include "core/eval/skinning/SkinningImpl.h"

#include <immintrin.h>

#include <cstdint>

// Explicit AVX2+FMA skinning for D = 3 and D = 4: the AVX-512 kernel's "blend-matrix" approach
// (performance-notes.md §4.1) with each palette row split into 256-bit halves
// (docs/decisions/0044-avx2-skinning-layout.md).
//
// Palette rows (JointPalette.h), in 256-bit halves:
//   3D, 16 floats: h0 = (c0 | c1), h1 = (c2 | t)            columns padded to 4 lanes with 0
//   4D, 32 floats: h0 = (c0 | c1), h1 = (c2 | c3), h2 = (t | 0)   (the padding is zero)
// Blend, per vertex, one FMA chain per half (the first influence a multiply):
//   H_j = Σ_k w_k · row(g_k).h_j                 2 (3D) or 3 (4D) FMAs per influence, each
//                                                weight broadcast once from memory (a load)
// Transform once, with the point broadcast to both 128-bit lanes, p = (x, y, z, h | x, y, z, h)
// where h = 1 for positions and 0 for normals (3D), or the fourth coordinate (4D):
//   s0 = (x,x,x,x | y,y,y,y), s1 = (z,z,z,z | h,h,h,h)   two in-lane permutes (vpermilps)
//   3D: S = H1 ⊙ s1 + H0 ⊙ s0 = (c0·x + c2·z | c1·y + t·h)            one multiply, one FMA
//   4D: S = H1 ⊙ s1 + (H0 ⊙ s0 + H2) = (c0·x + c2·z + t | c1·y + c3·w)   two FMAs
//   p'  = low(S) + high(S)                                            one extract, one add
//
// Why halves and not 8 vertices at once (structure of arrays): per vertex and influence the
// halves cost 2 loads + 2 FMAs on 16 lanes (12 used in 3D); SoA would need 12 FMAs per 8
// vertices (1.5 per vertex) but first has to bring every influence's 12 matrix entries of 8
// different joints into SoA form: 12 gathers of 8 lanes (96 loads) or a 16x8 transpose per
// influence, each far more than the 2 loads it replaces. With halves, 3D positions with 4
// influences cost 8 FMA-class operations for the blend, then a blend, 2 permutes, a multiply, an
// FMA, an extract and an add: about 43 instructions per vertex with the index arithmetic and the
// loop (GCC 12, -O3), where the AVX-512 kernel blends with 5 operations on 512-bit registers.
//
// Every function here carries a target attribute: call them only when avx2Available().

namespace hyperrig::core::eval::detail {
namespace {

#define HYPERRIG_AVX2 __attribute__((target("avx2,fma")))

struct Avx2Blend3 {
    __m256 c01; // (c0 | c1)
    __m256 c2t; // (c2 | t)
};

struct Avx2Blend4 {
    __m256 c01; // (c0 | c1)
    __m256 c23; // (c2 | c3)
    __m256 t;   // (t | 0)
};

// Width is known to be 4 (FixedWidth = 4: the loop unrolls) or read at run time (FixedWidth = 0);
// either way a multiple of 4, at least 4 (CompiledSkin).
template <std::size_t FixedWidth, typename GroupId>
HYPERRIG_AVX2 inline Avx2Blend3 avx2Blend3(const float* palette, const GroupId* g, const float* w,
                                           std::size_t runtimeWidth) {
    constexpr std::size_t kStride = 16; // JointPalette::strideFor(3): 64-byte aligned rows
    const std::size_t width = FixedWidth != 0 ? FixedWidth : runtimeWidth;
    const float* row = palette + std::size_t{g[0]} * kStride;
    __m256 weight = _mm256_broadcast_ss(w);
    Avx2Blend3 m{_mm256_mul_ps(weight, _mm256_load_ps(row)),
                 _mm256_mul_ps(weight, _mm256_load_ps(row + 8))};
    for (std::size_t k = 1; k < width; ++k) {
        row = palette + std::size_t{g[k]} * kStride;
        weight = _mm256_broadcast_ss(w + k);
        m.c01 = _mm256_fmadd_ps(weight, _mm256_load_ps(row), m.c01);
        m.c2t = _mm256_fmadd_ps(weight, _mm256_load_ps(row + 8), m.c2t);
    }
    return m;
}

template <std::size_t FixedWidth, typename GroupId>
HYPERRIG_AVX2 inline Avx2Blend4 avx2Blend4(const float* palette, const GroupId* g, const float* w,
                                           std::size_t runtimeWidth) {
    constexpr std::size_t kStride = 32; // JointPalette::strideFor(4): 64-byte aligned rows
    const std::size_t width = FixedWidth != 0 ? FixedWidth : runtimeWidth;
    const float* row = palette + std::size_t{g[0]} * kStride;
    __m256 weight = _mm256_broadcast_ss(w);
    Avx2Blend4 m{_mm256_mul_ps(weight, _mm256_load_ps(row)),
                 _mm256_mul_ps(weight, _mm256_load_ps(row + 8)),
                 _mm256_mul_ps(weight, _mm256_load_ps(row + 16))};
    for (std::size_t k = 1; k < width; ++k) {
        row = palette + std::size_t{g[k]} * kStride;
        weight = _mm256_broadcast_ss(w + k);
        m.c01 = _mm256_fmadd_ps(weight, _mm256_load_ps(row), m.c01);
        m.c23 = _mm256_fmadd_ps(weight, _mm256_load_ps(row + 8), m.c23);
        m.t = _mm256_fmadd_ps(weight, _mm256_load_ps(row + 16), m.t);
    }
    return m;
}

// (x,x,x,x | y,y,y,y) and (z,z,z,z | h,h,h,h) from (x,y,z,h | x,y,z,h).
HYPERRIG_AVX2 inline __m256 avx2SpreadXy(__m256 point) {
    return _mm256_permutevar_ps(point, _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1));
}

HYPERRIG_AVX2 inline __m256 avx2SpreadZh(__m256 point) {
    return _mm256_permutevar_ps(point, _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3));
}

HYPERRIG_AVX2 inline __m128 avx2SumHalves(__m256 sum) {
    return _mm_add_ps(_mm256_castps256_ps128(sum), _mm256_extractf128_ps(sum, 1));
}

// Four floats at `values` in both 128-bit lanes (one vbroadcastf128 load; no alignment needed).
HYPERRIG_AVX2 inline __m256 avx2LoadBoth(const float* values) {
    return _mm256_broadcast_ps(reinterpret_cast<const __m128*>(values));
}

template <bool WithNormals, std::size_t FixedWidth, typename GroupId>
HYPERRIG_AVX2 void avx2Skin4(const SkinningJob& job, const GroupId* groups, std::size_t begin,
                             std::size_t end) {
    const std::size_t width = job.skin->width;
    const float* palette = job.palette->data();
    const float* weights = job.skin->weights.data();
    const float* positions = job.positions;
    float* outPositions = job.outPositions;
    const float* normals = job.normals;
    float* outNormals = job.outNormals;
    for (std::size_t vertex = begin; vertex < end; ++vertex) {
        const Avx2Blend4 m = avx2Blend4<FixedWidth>(palette, groups + vertex * width,
                                                    weights + vertex * width, width);
        const __m256 p = avx2LoadBoth(positions + vertex * 4);
        __m256 n = _mm256_setzero_ps();
        if constexpr (WithNormals)
            n = avx2LoadBoth(normals + vertex * 4); // before the stores, as in avx2Skin3
        const __m256 moved =
            _mm256_fmadd_ps(m.c23, avx2SpreadZh(p), _mm256_fmadd_ps(m.c01, avx2SpreadXy(p), m.t));
        _mm_storeu_ps(outPositions + vertex * 4, avx2SumHalves(moved));
        if constexpr (WithNormals) {
            const __m256 turned =
                _mm256_fmadd_ps(m.c23, avx2SpreadZh(n), _mm256_mul_ps(m.c01, avx2SpreadXy(n)));
            _mm_storeu_ps(outNormals + vertex * 4, avx2SumHalves(turned));
        }
    }
}

// Packed float3 input with h in lane 3: a 4-float load reads the next vertex's x (replaced by
// h), except at the mesh's last vertex, which is read as three floats.
HYPERRIG_AVX2 inline __m256 avx2LoadPoint3(const float* values, bool lastOfMesh, __m256 h) {
    if (lastOfMesh) [[unlikely]]
        return _mm256_blend_ps(_mm256_setr_ps(values[0], values[1], values[2], 0.0F, values[0],
                                              values[1], values[2], 0.0F),
                               h, 0x88);
    return _mm256_blend_ps(avx2LoadBoth(values), h, 0x88);
}

// A 4-float store writes junk into the next vertex's x, which that vertex overwrites right after;
// the range's last vertex stores exactly three floats so no other block's data is touched.
HYPERRIG_AVX2 inline void avx2StorePoint3(float* out, __m128 value, bool lastOfRange) {
    if (lastOfRange) [[unlikely]]
        _mm_maskstore_ps(out, _mm_setr_epi32(-1, -1, -1, 0), value);
    else
        _mm_storeu_ps(out, value);
}

template <bool WithNormals, std::size_t FixedWidth, typename GroupId>
HYPERRIG_AVX2 void avx2Skin3(const SkinningJob& job, const GroupId* groups, std::size_t begin,
                             std::size_t end) {
    const std::size_t width = job.skin->width;
    const std::size_t last = job.skin->vertexCount - 1;
    const float* palette = job.palette->data();
    const float* weights = job.skin->weights.data();
    const float* positions = job.positions;
    float* outPositions = job.outPositions;
    const float* normals = job.normals;
    float* outNormals = job.outNormals;
    const __m256 one = _mm256_set1_ps(1.0F);
    const __m256 zero = _mm256_setzero_ps();
    for (std::size_t vertex = begin; vertex < end; ++vertex) {
        const Avx2Blend3 m = avx2Blend3<FixedWidth>(palette, groups + vertex * width,
                                                    weights + vertex * width, width);
        const bool lastOfMesh = vertex == last;
        const bool lastOfRange = vertex + 1 == end;
        // Every load before the stores (measured faster; probably a load after a store to a
        // 4 KiB-aliased address waits for it, the arrays being separate page-aligned
        // allocations).
        const __m256 p = avx2LoadPoint3(positions + vertex * 3, lastOfMesh, one);
        __m256 n = zero;
        if constexpr (WithNormals)
            n = avx2LoadPoint3(normals + vertex * 3, lastOfMesh, zero); // h = 0: no t column
        const __m256 moved =
            _mm256_fmadd_ps(m.c2t, avx2SpreadZh(p), _mm256_mul_ps(m.c01, avx2SpreadXy(p)));
        avx2StorePoint3(outPositions + vertex * 3, avx2SumHalves(moved), lastOfRange);
        if constexpr (WithNormals) {
            const __m256 turned =
                _mm256_fmadd_ps(m.c2t, avx2SpreadZh(n), _mm256_mul_ps(m.c01, avx2SpreadXy(n)));
            avx2StorePoint3(outNormals + vertex * 3, avx2SumHalves(turned), lastOfRange);
        }
    }
}

template <std::size_t FixedWidth, typename GroupId>
void avx2DispatchWidth(const SkinningJob& job, const GroupId* groups, std::size_t begin,
                       std::size_t end) {
    const bool normals = job.normals != nullptr;
    if (job.palette->dimension() == 4) {
        if (normals)
            avx2Skin4<true, FixedWidth>(job, groups, begin, end);
        else
            avx2Skin4<false, FixedWidth>(job, groups, begin, end);
    } else {
        if (normals)
            avx2Skin3<true, FixedWidth>(job, groups, begin, end);
        else
            avx2Skin3<false, FixedWidth>(job, groups, begin, end);
    }
}

// Four influences (the common case, and the benchmarks') get a fully unrolled blend.
template <typename GroupId>
void avx2Dispatch(const SkinningJob& job, const GroupId* groups, std::size_t begin,
                  std::size_t end) {
    if (job.skin->width == 4)
        avx2DispatchWidth<4>(job, groups, begin, end);
    else
        avx2DispatchWidth<0>(job, groups, begin, end);
}

#undef HYPERRIG_AVX2

} // namespace

bool avx2Available() {
    static const bool available = kernelIsaSupported(KernelIsa::Avx2);
    return available;
}

void skinAvx2(const SkinningJob& job, std::size_t begin, std::size_t end) {
    if (job.skin->usesWideIds())
        avx2Dispatch(job, job.skin->groups32.data(), begin, end);
    else
        avx2Dispatch(job, job.skin->groups16.data(), begin, end);
}

} // namespace hyperrig::core::eval::detail
