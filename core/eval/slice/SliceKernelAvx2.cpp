// The AVX2 kernels, chosen at run time (SlicePath::Avx2) on CPUs without AVX-512. Only functions
// marked HYPERRIG_SLICE_AVX2 contain AVX2 code, so this file is safe to link into a binary that
// runs on any x86-64 CPU (the same scheme as SliceKernelAvx512.cpp).
//
// The work splits as in the AVX-512 kernels, at half the width: the per-vertex transform (2
// vertices per ymm, 4 per loop step), the index check (8 indices per ymm), the emit of a cut
// tetrahedron (its 4 edge points as two ymm of two points each: the ends are loaded straight from
// the per-vertex array in the order of the case table, so no permute tables are needed; one
// lerp per pair; the 6 corners of the 2 triangles in 3 stores) and the per-block normalisation
// of the faces (2 per ymm). Classification and the raw cell normal are the shared scalar code of
// SliceKernelCommon.h.
//
// Results are bit-identical to the portable kernels: the same IEEE operations (mul, add, sub, div,
// sqrt; no FMA, no reciprocal estimates) in the same order per lane. The file is compiled with
// -ffp-contract=off (Sources.cmake), so the "fma" the target would allow is never used.

#include "core/eval/slice/SliceKernelCommon.h"
#include "core/eval/slice/SliceKernels.h"

#include <bit>
#include <cfloat>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HYPERRIG_SLICE_HAS_AVX2 1
#include <immintrin.h>
#else
#define HYPERRIG_SLICE_HAS_AVX2 0
#endif

namespace hyperrig::core::eval::slice_detail {

#if HYPERRIG_SLICE_HAS_AVX2

#define HYPERRIG_SLICE_AVX2 __attribute__((target("avx2")))

namespace {

// 2 vertices, one per 128-bit lane; out_r = (((t_r + B_r0 x) + B_r1 y) + B_r2 z) + B_r3 w.
// Returns their "negative" flags as bytes 0 and 1.
HYPERRIG_SLICE_AVX2 inline std::uint32_t transformTwoVerticesAvx2(const __m256* column,
                                                                  __m256 translation,
                                                                  const float* world, float* view) {
    const __m256 p = _mm256_loadu_ps(world);
    __m256 v = _mm256_add_ps(translation, _mm256_mul_ps(column[0], _mm256_permute_ps(p, 0x00)));
    v = _mm256_add_ps(v, _mm256_mul_ps(column[1], _mm256_permute_ps(p, 0x55)));
    v = _mm256_add_ps(v, _mm256_mul_ps(column[2], _mm256_permute_ps(p, 0xAA)));
    v = _mm256_add_ps(v, _mm256_mul_ps(column[3], _mm256_permute_ps(p, 0xFF)));
    _mm256_storeu_ps(view, v);
    // Distances are lanes 3 and 7.
    const auto negative = static_cast<std::uint32_t>(
        _mm256_movemask_ps(_mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_LT_OQ)));
    return (negative >> 3U & 1U) | (negative >> 7U & 1U) << 8U;
}

HYPERRIG_SLICE_AVX2 void vertexPassAvx2(const VertexPassArgs& passed) {
    // A local copy: stores through the output pointers could otherwise alias `passed`.
    const VertexPassArgs args = passed;
    const ViewHyperplane& plane = *args.plane;
    __m256 column[4];
    for (int j = 0; j < 4; ++j) {
        column[j] = _mm256_broadcast_ps(reinterpret_cast<const __m128*>(plane.column(j).data()));
    }
    const __m256 translation =
        _mm256_broadcast_ps(reinterpret_cast<const __m128*>(plane.translation().data()));
    std::size_t v = 0;
    for (; v + 4 <= args.vertexCount; v += 4) {
        const std::uint32_t low = transformTwoVerticesAvx2(
            column, translation, args.worldPositions + 4 * v, args.viewXyzd + 4 * v);
        const std::uint32_t high = transformTwoVerticesAvx2(
            column, translation, args.worldPositions + 4 * v + 8, args.viewXyzd + 4 * v + 8);
        const std::uint32_t bytes = low | high << 16U;
        std::memcpy(args.negative + v, &bytes, 4);
    }
    for (; v < args.vertexCount; ++v) {
        transformVertex(plane, args.worldPositions + 4 * v, args.viewXyzd + 4 * v,
                        args.negative + v);
    }
}

HYPERRIG_SLICE_AVX2 void expectIndicesInRangeAvx2(const TetPassArgs& args, std::size_t begin,
                                                  std::size_t end) {
    const std::uint32_t* indices = args.tetrahedra + 4 * begin;
    const std::size_t count = 4 * (end - begin);
    __m256i largest = _mm256_setzero_si256();
    std::size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        largest = _mm256_max_epu32(
            largest, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(indices + i)));
    }
    alignas(32) std::uint32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), largest);
    std::uint32_t result = 0;
    for (const std::uint32_t lane : lanes) {
        result = lane > result ? lane : result;
    }
    for (; i < count; ++i) {
        result = indices[i] > result ? indices[i] : result;
    }
    HYPERRIG_EXPECTS(count == 0 || result < args.vertexCount);
}

// Two 4-float records, a in the low and b in the high 128-bit lane.
HYPERRIG_SLICE_AVX2 inline __m256 avx2SliceLoadPair(const float* a, const float* b) {
    return _mm256_set_m128(_mm_loadu_ps(b), _mm_loadu_ps(a));
}

// Edge points k and k + 1 of a cut tetrahedron: q = P + t (N − P), t = d_P / (d_P − d_N), per
// 128-bit lane, on view x, y, z and the attribute (lane 3; 0 without one).
HYPERRIG_SLICE_AVX2 inline __m256 avx2SliceEdgePoints(const TetPassArgs& args, const SliceCase& row,
                                                      const float* const* corner,
                                                      const std::uint32_t* tet, std::size_t k) {
    const std::size_t p0 = row.positive[k], p1 = row.positive[k + 1];
    const std::size_t n0 = row.negative[k], n1 = row.negative[k + 1];
    const __m256 p = avx2SliceLoadPair(corner[p0], corner[p1]);
    const __m256 n = avx2SliceLoadPair(corner[n0], corner[n1]);
    const __m256 dp = _mm256_permute_ps(p, 0xFF);
    const __m256 t = _mm256_div_ps(dp, _mm256_sub_ps(dp, _mm256_permute_ps(n, 0xFF)));
    __m256 pAttribute = _mm256_setzero_ps();
    __m256 nAttribute = _mm256_setzero_ps();
    if (args.attribute != nullptr) {
        const float* a = args.attribute;
        pAttribute = _mm256_setr_ps(0.0F, 0.0F, 0.0F, a[tet[p0]], 0.0F, 0.0F, 0.0F, a[tet[p1]]);
        nAttribute = _mm256_setr_ps(0.0F, 0.0F, 0.0F, a[tet[n0]], 0.0F, 0.0F, 0.0F, a[tet[n1]]);
    }
    const __m256 vp = _mm256_blend_ps(p, pAttribute, 0x88);
    const __m256 vn = _mm256_blend_ps(n, nAttribute, 0x88);
    return _mm256_add_ps(vp, _mm256_mul_ps(t, _mm256_sub_ps(vn, vp)));
}

// One cut tetrahedron: 2 triangles (q0 q1 q2 | q0 q2 q3) in 3 stores, the raw normal into both
// faces; the caller advances by the table's count.
HYPERRIG_SLICE_AVX2 inline void emitTetAvx2(const TetPassArgs& args, const SliceCase& row,
                                            const std::uint32_t* tet, std::uint32_t tetIndex,
                                            SliceVertex* vertices, SliceFace* faces) {
    const float* corner[4];
    for (std::size_t i = 0; i < 4; ++i) {
        corner[i] = args.viewXyzd + 4 * static_cast<std::size_t>(tet[i]);
    }
    const __m256 q01 = avx2SliceEdgePoints(args, row, corner, tet, 0);
    const __m256 q23 = avx2SliceEdgePoints(args, row, corner, tet, 2);
    auto* out = reinterpret_cast<float*>(vertices);
    _mm256_storeu_ps(out, q01);
    _mm256_storeu_ps(out + 8, _mm256_permute2f128_ps(q23, q01, 0x20)); // q2 | q0
    _mm256_storeu_ps(out + 16, q23);
    float normal[3];
    rawCellNormal(corner[0], corner[1], corner[2], corner[3], normal);
    const SliceFace face{normal[0], normal[1], normal[2], tetIndex};
    faces[0] = face;
    faces[1] = face;
}

// normalizeFace on 2 faces per ymm (nx, ny, nz, tet per 128-bit lane), same operations per lane:
// |n|² = (x·x + y·y) + z·z, scale = sign / sqrt(|n|²), n·scale; the tet lane is kept. Returns the
// faces' "unusable" bits (bit 0: the low face, bit 4: the high one).
HYPERRIG_SLICE_AVX2 inline unsigned normalizeTwoFacesAvx2(float* data, float sign) {
    // The tet lane is left out of the arithmetic: its integer bits read as a denormal float, and
    // arithmetic on denormals is slow.
    const __m256 normalLanes = _mm256_castsi256_ps(_mm256_setr_epi32(-1, -1, -1, 0, -1, -1, -1, 0));
    const __m256 face = _mm256_loadu_ps(data);
    const __m256 normal = _mm256_and_ps(face, normalLanes);
    const __m256 square = _mm256_mul_ps(normal, normal);
    const __m256 lengthSquared = _mm256_add_ps(
        _mm256_add_ps(_mm256_permute_ps(square, 0x00), _mm256_permute_ps(square, 0x55)),
        _mm256_permute_ps(square, 0xAA));
    const __m256 usable =
        _mm256_and_ps(_mm256_cmp_ps(lengthSquared, _mm256_setzero_ps(), _CMP_GT_OQ),
                      _mm256_cmp_ps(lengthSquared, _mm256_set1_ps(FLT_MAX), _CMP_LE_OQ));
    const __m256 scale = _mm256_div_ps(
        _mm256_set1_ps(sign),
        _mm256_sqrt_ps(_mm256_blendv_ps(_mm256_set1_ps(1.0F), lengthSquared, usable)));
    _mm256_storeu_ps(data, _mm256_blend_ps(_mm256_mul_ps(normal, scale), face, 0x88));
    return ~static_cast<unsigned>(_mm256_movemask_ps(usable)) & 0x11U;
}

HYPERRIG_SLICE_AVX2 std::size_t finishFacesAvx2(SliceVertex* vertices, SliceFace* faces,
                                                std::size_t count, float sign) {
    auto* data = reinterpret_cast<float*>(faces);
    unsigned unusable = 0;
    std::size_t i = 0;
    for (; i + 2 <= count; i += 2) {
        unusable |= normalizeTwoFacesAvx2(data + 4 * i, sign);
    }
    if (i < count) {
        // The odd last face, next to a copy of itself.
        float pair[8];
        std::memcpy(pair, data + 4 * i, sizeof(SliceFace));
        std::memcpy(pair + 4, data + 4 * i, sizeof(SliceFace));
        unusable |= normalizeTwoFacesAvx2(pair, sign);
        std::memcpy(data + 4 * i, pair, sizeof(SliceFace));
    }
    return unusable == 0 ? count : removeUnusableTriangles(vertices, faces, count);
}

HYPERRIG_SLICE_AVX2 std::size_t tetPassAvx2(const TetPassArgs& passed, std::size_t begin,
                                            std::size_t end, SliceVertex* vertices,
                                            SliceFace* faces) {
    const TetPassArgs args = passed; // a local copy, as in the vertex pass
    expectIndicesInRangeAvx2(args, begin, end);
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
            const SliceCase& row = table[static_cast<unsigned>(block.cases >> bit) & 15U];
            emitTetAvx2(args, row, tetrahedra + 4 * tet, static_cast<std::uint32_t>(tet),
                        vertices + 3 * written, faces + written);
            written += row.triangleCount;
        }
    }
    for (; i < end; ++i) {
        const unsigned sliceCase = tetCase(negative, tetrahedra + 4 * i);
        if (isCut(sliceCase)) {
            const SliceCase& row = table[sliceCase];
            emitTetAvx2(args, row, tetrahedra + 4 * i, static_cast<std::uint32_t>(i),
                        vertices + 3 * written, faces + written);
            written += row.triangleCount;
        }
    }
    return finishFacesAvx2(vertices, faces, written, args.reversed ? -1.0F : 1.0F);
}

#undef HYPERRIG_SLICE_AVX2

} // namespace

bool avx2KernelsAvailable() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

SliceKernels avx2Kernels() {
    HYPERRIG_EXPECTS(avx2KernelsAvailable());
    return SliceKernels{&vertexPassAvx2, &tetPassAvx2};
}

#else

bool avx2KernelsAvailable() {
    return false;
}

SliceKernels avx2Kernels() {
    HYPERRIG_EXPECTS(avx2KernelsAvailable());
    return portableKernels();
}

#endif

} // namespace hyperrig::core::eval::slice_detail
