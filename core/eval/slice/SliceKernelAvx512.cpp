// The AVX-512 kernels, chosen at run time (SlicePath::Avx512). Only functions marked
// HYPERRIG_AVX512 contain AVX-512 code, so this file is safe to link into a binary that runs on
// any x86-64 CPU; nothing outside them is compiled for AVX-512 (no target pragma, which would also
// retarget inline library functions instantiated here).
//
// Per performance-notes §4.2 there is no gather and no compress-to-memory: classification reads
// the per-vertex sign bytes with scalar loads (cheap, and mostly L1/L2 hits with local indices),
// exactly as the portable kernel does. The SIMD work is the per-vertex transform (4 vertices per
// zmm), the index check, the emit of a cut tetrahedron (its 4 corners in one zmm, the 4 edge
// points by two permutes and one lerp, 2 triangles written with 2 stores, the raw cell normal by
// permutes) and the per-block normalisation of the faces (4 per zmm).
//
// Results are bit-identical to the portable kernels: the same IEEE operations (mul, add, sub, div,
// sqrt; no FMA, no reciprocal estimates) in the same order per lane.

#include "core/eval/slice/SliceKernelCommon.h"
#include "core/eval/slice/SliceKernels.h"

#include <bit>
#include <cfloat>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HYPERRIG_SLICE_HAS_AVX512 1
// GCC 12's AVX-512 headers initialise "undefined" vectors from themselves (`__m512 __Y = __Y;`),
// which -Wuninitialized reports at every inlined use (GCC bug 105593, fixed in GCC 13). The
// warning is silenced for the header's own lines only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#else
#include <immintrin.h>
#endif
#else
#define HYPERRIG_SLICE_HAS_AVX512 0
#endif

namespace hyperrig::core::eval::slice_detail {

#if HYPERRIG_SLICE_HAS_AVX512

#define HYPERRIG_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))

namespace {

// Permutation vectors per case: with corners = [v0 | v1 | v2 | v3] (4 floats each), lane 4k + c
// of the positive (negative) ends is lane 4·positive[k] + c (4·negative[k] + c).
struct LaneTables {
    alignas(64) std::int32_t positive[16][16];
    alignas(64) std::int32_t negative[16][16];
};

constexpr LaneTables makeLaneTables(const SliceCaseTable& table) {
    LaneTables lanes{};
    for (std::size_t sliceCase = 0; sliceCase < 16; ++sliceCase) {
        for (std::size_t k = 0; k < 4; ++k) {
            for (std::size_t c = 0; c < 4; ++c) {
                const auto lane = static_cast<std::int32_t>(c);
                lanes.positive[sliceCase][4 * k + c] = 4 * table[sliceCase].positive[k] + lane;
                lanes.negative[sliceCase][4 * k + c] = 4 * table[sliceCase].negative[k] + lane;
            }
        }
    }
    return lanes;
}

constexpr LaneTables kLanes[2] = {makeLaneTables(kSliceCases), makeLaneTables(kSliceCasesReversed)};

HYPERRIG_AVX512 void vertexPassAvx512(const VertexPassArgs& passed) {
    // A local copy: stores through the output pointers could otherwise alias `passed`, forcing
    // its fields to be reloaded on every iteration.
    const VertexPassArgs args = passed;
    const ViewHyperplane& plane = *args.plane;
    __m512 column[4];
    for (int j = 0; j < 4; ++j) {
        column[j] = _mm512_broadcast_f32x4(_mm_loadu_ps(plane.column(j).data()));
    }
    const __m512 translation = _mm512_broadcast_f32x4(_mm_loadu_ps(plane.translation().data()));
    std::size_t v = 0;
    for (; v + 4 <= args.vertexCount; v += 4) {
        // 4 vertices, one per 128-bit lane; out_r = (((t_r + B_r0 x) + B_r1 y) + B_r2 z) + B_r3 w.
        const __m512 world = _mm512_loadu_ps(args.worldPositions + 4 * v);
        __m512 view =
            _mm512_add_ps(translation, _mm512_mul_ps(column[0], _mm512_permute_ps(world, 0x00)));
        view = _mm512_add_ps(view, _mm512_mul_ps(column[1], _mm512_permute_ps(world, 0x55)));
        view = _mm512_add_ps(view, _mm512_mul_ps(column[2], _mm512_permute_ps(world, 0xAA)));
        view = _mm512_add_ps(view, _mm512_mul_ps(column[3], _mm512_permute_ps(world, 0xFF)));
        _mm512_storeu_ps(args.viewXyzd + 4 * v, view);

        // Distances are lanes 3, 7, 11, 15: mask bits 3, 7, 11, 15 -> one byte per vertex.
        const auto negative = static_cast<std::uint32_t>(
            _mm512_cmp_ps_mask(view, _mm512_setzero_ps(), _CMP_LT_OQ) & 0x8888U);
        const std::uint32_t bytes = (negative >> 3U & 1U) | (negative >> 7U & 1U) << 8U |
                                    (negative >> 11U & 1U) << 16U | (negative >> 15U & 1U) << 24U;
        std::memcpy(args.negative + v, &bytes, 4);
    }
    for (; v < args.vertexCount; ++v) {
        transformVertex(plane, args.worldPositions + 4 * v, args.viewXyzd + 4 * v,
                        args.negative + v);
    }
}

HYPERRIG_AVX512 void expectIndicesInRangeAvx512(const TetPassArgs& args, std::size_t begin,
                                                std::size_t end) {
    const std::uint32_t* indices = args.tetrahedra + 4 * begin;
    const std::size_t count = 4 * (end - begin);
    __m512i largest = _mm512_setzero_si512();
    std::size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        largest = _mm512_max_epu32(largest, _mm512_loadu_si512(indices + i));
    }
    std::uint32_t result = _mm512_reduce_max_epu32(largest);
    for (; i < count; ++i) {
        result = indices[i] > result ? indices[i] : result;
    }
    HYPERRIG_EXPECTS(count == 0 || result < args.vertexCount);
}

// Lanes i0..i5 of `source` in lanes 0..5 (the rest lane 0).
HYPERRIG_AVX512 inline __m512 lanesOf(__m512 source, int i0, int i1, int i2, int i3, int i4,
                                      int i5) {
    return _mm512_permutexvar_ps(
        _mm512_setr_epi32(i0, i1, i2, i3, i4, i5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), source);
}

// One cut tetrahedron: corners in one zmm, the 4 edge points' ends by two permutes, one lerp for
// all 16 lanes (t per 128-bit lane from the distances in lane 3), 2 triangles in 2 stores, the
// raw normal into both faces.
HYPERRIG_AVX512 inline void emitTetAvx512(const TetPassArgs& args, const LaneTables& lanes,
                                          unsigned sliceCase, const std::uint32_t* tet,
                                          std::uint32_t tetIndex, SliceVertex* vertices,
                                          SliceFace* faces) {
    const float* corner[4];
    for (std::size_t i = 0; i < 4; ++i) {
        corner[i] = args.viewXyzd + 4 * static_cast<std::size_t>(tet[i]);
    }
    __m512 corners = _mm512_castps128_ps512(_mm_loadu_ps(corner[0]));
    corners = _mm512_insertf32x4(corners, _mm_loadu_ps(corner[1]), 1);
    corners = _mm512_insertf32x4(corners, _mm_loadu_ps(corner[2]), 2);
    corners = _mm512_insertf32x4(corners, _mm_loadu_ps(corner[3]), 3);
    const __m512i positiveLanes = _mm512_load_si512(lanes.positive[sliceCase]);
    const __m512i negativeLanes = _mm512_load_si512(lanes.negative[sliceCase]);

    // t = d_P / (d_P − d_N), broadcast within each 128-bit lane.
    const __m512 p = _mm512_permutexvar_ps(positiveLanes, corners);
    const __m512 n = _mm512_permutexvar_ps(negativeLanes, corners);
    const __m512 dp = _mm512_permute_ps(p, 0xFF);
    const __m512 t = _mm512_div_ps(dp, _mm512_sub_ps(dp, _mm512_permute_ps(n, 0xFF)));

    // The lerped quantities: view x, y, z and the attribute (0 without one) in lane 3.
    __m512 values = _mm512_maskz_mov_ps(0x7777, corners);
    if (args.attribute != nullptr) {
        const __m128 attribute = _mm_setr_ps(args.attribute[tet[0]], args.attribute[tet[1]],
                                             args.attribute[tet[2]], args.attribute[tet[3]]);
        const __m512i spread = _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
        values =
            _mm512_mask_permutexvar_ps(values, 0x8888, spread, _mm512_castps128_ps512(attribute));
    }
    const __m512 vp = _mm512_permutexvar_ps(positiveLanes, values);
    const __m512 vn = _mm512_permutexvar_ps(negativeLanes, values);
    const __m512 q = _mm512_add_ps(vp, _mm512_mul_ps(t, _mm512_sub_ps(vn, vp)));

    // Corners q0 q1 q2 | q0 q2 q3: one zmm (q0 q1 q2 q0) and one ymm (q2 q3).
    auto* out = reinterpret_cast<float*>(vertices);
    _mm512_storeu_ps(out, _mm512_shuffle_f32x4(q, q, _MM_SHUFFLE(0, 2, 1, 0)));
    _mm256_storeu_ps(out + 16, _mm512_extractf32x8_ps(q, 1));

    // The raw cell normal (rawCellNormal) with the same operations per lane. With edges =
    // corners − v0 = [0 | a | b | c], minors m = (m_zw, m_yw, m_yz, m_xw, m_xz, m_xy) =
    // (b_z, b_y, b_y, b_x, b_x, b_x)·(c_w, c_w, c_z, c_w, c_z, c_y)
    //   − (b_w, b_w, b_z, b_w, b_z, b_y)·(c_z, c_y, c_y, c_x, c_x, c_x), and
    // n = ((−a_y, a_x, −a_x)·(m_zw, m_zw, m_yw) + (a_z, −a_z, a_y)·(m_yw, m_xw, m_xw))
    //     + (−a_w, a_w, −a_w)·(m_yz, m_xz, m_xy),
    // where adding a negated product is the scalar code's subtraction, bit for bit.
    const __m512 edges =
        _mm512_sub_ps(corners, _mm512_broadcast_f32x4(_mm512_castps512_ps128(corners)));
    const __m512 minors = _mm512_sub_ps(
        _mm512_mul_ps(lanesOf(edges, 10, 9, 9, 8, 8, 8), lanesOf(edges, 15, 15, 14, 15, 14, 13)),
        _mm512_mul_ps(lanesOf(edges, 11, 11, 10, 11, 10, 9),
                      lanesOf(edges, 14, 13, 13, 12, 12, 12)));
    const __m512 negativeZero = _mm512_set1_ps(-0.0F);
    const __m512 a1 = lanesOf(edges, 5, 4, 4, 0, 0, 0);
    const __m512 a2 = lanesOf(edges, 6, 6, 5, 0, 0, 0);
    const __m512 a3 = lanesOf(edges, 7, 7, 7, 0, 0, 0);
    const __m512 term1 = _mm512_mul_ps(_mm512_mask_xor_ps(a1, 0x5, a1, negativeZero),
                                       lanesOf(minors, 0, 0, 1, 0, 0, 0));
    const __m512 term2 = _mm512_mul_ps(_mm512_mask_xor_ps(a2, 0x2, a2, negativeZero),
                                       lanesOf(minors, 1, 3, 3, 0, 0, 0));
    const __m512 term3 = _mm512_mul_ps(_mm512_mask_xor_ps(a3, 0x5, a3, negativeZero),
                                       lanesOf(minors, 2, 4, 5, 0, 0, 0));
    const __m128 normal = _mm512_castps512_ps128(_mm512_add_ps(_mm512_add_ps(term1, term2), term3));
    const __m128 face =
        _mm_mask_mov_ps(normal, 0x8, _mm_castsi128_ps(_mm_set1_epi32(static_cast<int>(tetIndex))));
    auto* faceData = reinterpret_cast<float*>(faces);
    _mm_storeu_ps(faceData, face);
    _mm_storeu_ps(faceData + 4, face);
}

// normalizeFace on 4 faces per zmm (nx, ny, nz, tet per 128-bit lane), same operations per lane:
// |n|² = (x·x + y·y) + z·z, scale = sign / sqrt(|n|²), n·scale; the tet lane is kept.
HYPERRIG_AVX512 std::size_t finishFacesAvx512(SliceVertex* vertices, SliceFace* faces,
                                              std::size_t count, float sign) {
    const __m512 signs = _mm512_set1_ps(sign);
    const __m512 ones = _mm512_set1_ps(1.0F);
    const __m512 zero = _mm512_setzero_ps();
    const __m512 largest = _mm512_set1_ps(FLT_MAX);
    auto* data = reinterpret_cast<float*>(faces);
    __mmask16 unusable = 0;
    for (std::size_t i = 0; i < count; i += 4) {
        const auto lanes =
            static_cast<__mmask16>(count - i >= 4 ? 0xFFFFU : (1U << (4 * (count - i))) - 1U);
        // The tet lane is left out: its integer bits read as a denormal float, and arithmetic on
        // denormals is slow.
        const auto normalLanes = static_cast<__mmask16>(lanes & 0x7777U);
        const __m512 face = _mm512_maskz_loadu_ps(normalLanes, data + 4 * i);
        const __m512 square = _mm512_mul_ps(face, face);
        const __m512 lengthSquared = _mm512_add_ps(
            _mm512_add_ps(_mm512_permute_ps(square, 0x00), _mm512_permute_ps(square, 0x55)),
            _mm512_permute_ps(square, 0xAA));
        const __mmask16 usable = _mm512_cmp_ps_mask(lengthSquared, zero, _CMP_GT_OQ) &
                                 _mm512_cmp_ps_mask(lengthSquared, largest, _CMP_LE_OQ);
        unusable = static_cast<__mmask16>(unusable | (lanes & ~usable));
        const __m512 scale =
            _mm512_div_ps(signs, _mm512_sqrt_ps(_mm512_mask_blend_ps(usable, ones, lengthSquared)));
        _mm512_mask_storeu_ps(data + 4 * i, normalLanes, _mm512_mul_ps(face, scale));
    }
    return unusable == 0 ? count : removeUnusableTriangles(vertices, faces, count);
}

HYPERRIG_AVX512 std::size_t tetPassAvx512(const TetPassArgs& passed, std::size_t begin,
                                          std::size_t end, SliceVertex* vertices,
                                          SliceFace* faces) {
    const TetPassArgs args = passed; // a local copy, as in the vertex pass
    expectIndicesInRangeAvx512(args, begin, end);
    const LaneTables& lanes = kLanes[args.reversed ? 1 : 0];
    const SliceCaseTable& table = args.reversed ? kSliceCasesReversed : kSliceCases;
    const std::uint32_t* const tetrahedra = args.tetrahedra;
    const std::uint8_t* const negative = args.negative;
    std::size_t written = 0;
    std::size_t i = begin;
    for (; i + 16 <= end; i += 16) {
        const CaseBlock block = classify16(tetrahedra + 4 * i, negative);
        for (std::uint64_t cut = block.cut; cut != 0; cut &= cut - 1) {
            const auto bit = static_cast<unsigned>(std::countr_zero(cut));
            const std::size_t tet = i + bit / 4;
            const unsigned sliceCase = static_cast<unsigned>(block.cases >> bit) & 15U;
            emitTetAvx512(args, lanes, sliceCase, tetrahedra + 4 * tet,
                          static_cast<std::uint32_t>(tet), vertices + 3 * written, faces + written);
            written += table[sliceCase].triangleCount;
        }
    }
    for (; i < end; ++i) {
        const unsigned sliceCase = tetCase(negative, tetrahedra + 4 * i);
        if (isCut(sliceCase)) {
            emitTetAvx512(args, lanes, sliceCase, tetrahedra + 4 * i, static_cast<std::uint32_t>(i),
                          vertices + 3 * written, faces + written);
            written += table[sliceCase].triangleCount;
        }
    }
    return finishFacesAvx512(vertices, faces, written, args.reversed ? -1.0F : 1.0F);
}

} // namespace

bool avx512KernelsAvailable() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
}

SliceKernels avx512Kernels() {
    HYPERRIG_EXPECTS(avx512KernelsAvailable());
    return SliceKernels{&vertexPassAvx512, &tetPassAvx512};
}

#else

bool avx512KernelsAvailable() {
    return false;
}

SliceKernels avx512Kernels() {
    HYPERRIG_EXPECTS(avx512KernelsAvailable());
    return portableKernels();
}

#endif

} // namespace hyperrig::core::eval::slice_detail
