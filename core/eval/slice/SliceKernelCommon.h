#pragma once

// Internal to core/eval/slice: scalar pieces every kernel shares, so that the SIMD kernels
// reproduce the portable results bit for bit. Everything here is inline and compiled with
// -ffp-contract=off (core/eval/slice/Sources.cmake).

#include "core/base/Contracts.h"
#include "core/eval/slice/SliceCaseTable.h"
#include "core/eval/slice/SliceKernels.h"

#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace hyperrig::core::eval::slice_detail {

inline void transformVertex(const ViewHyperplane& plane, const float* world, float* viewXyzd,
                            std::uint8_t* negative) {
    const ViewPoint view = plane.apply(world);
    viewXyzd[0] = view.x;
    viewXyzd[1] = view.y;
    viewXyzd[2] = view.z;
    viewXyzd[3] = view.distance;
    *negative = view.distance < 0.0F ? 1 : 0;
}

// case = Σ 2^i over the negative corners (SliceCaseTable.h).
// Written as a sum (the flags are 0 or 1) so that it compiles to address arithmetic (lea).
inline unsigned tetCase(const std::uint8_t* negative, const std::uint32_t* tet) {
    return static_cast<unsigned>(negative[tet[0]]) + 2U * negative[tet[1]] + 4U * negative[tet[2]] +
           8U * negative[tet[3]];
}

// The cases of 16 consecutive tetrahedra, packed as the nibbles of one word (tetrahedron k in
// bits 4k..4k+3), and `cut` with bit 4k set when tetrahedron k is cut. A nibble is uncut exactly
// when its 4 bits are equal, i.e. when x ^ (x >> 1) has none of the nibble's bits 0..2 set (bit 3
// would compare with the next nibble and is ignored). Kernels test 16 tetrahedra with one branch
// and visit the cut ones by counting trailing zeros: at a ~1% cut most blocks are skipped whole.
struct CaseBlock {
    std::uint64_t cases;
    std::uint64_t cut;
};

inline CaseBlock classify16(const std::uint32_t* tets, const std::uint8_t* negative) {
    std::uint64_t cases = 0;
#pragma GCC unroll 16
    for (unsigned k = 0; k < 16; ++k) {
        cases |= std::uint64_t{tetCase(negative, tets + 4 * k)} << (4 * k);
    }
    const std::uint64_t differ = cases ^ (cases >> 1U);
    const std::uint64_t cut = (differ | differ >> 1U | differ >> 2U) & 0x1111111111111111ULL;
    return CaseBlock{cases, cut};
}

// xyz of n = perp(v1 − v0, v2 − v0, v3 − v0) (g4mf.md §7.1), not normalised, from the corners'
// view x, y, z and distance (distance differences equal view-w differences since distance =
// view w − offset). With a = E1, b = E2, c = E3 and the 2×2 minors m_ij = b_i c_j − b_j c_i:
//   n_x = −a_y m_zw + a_z m_yw − a_w m_yz
//   n_y = +a_x m_zw − a_z m_xw + a_w m_xz
//   n_z = −a_x m_yw + a_y m_xw − a_w m_xy
// The emit stores it raw into the face; finishFaces normalises a whole block of faces afterwards,
// which keeps the square root and division off each cut tetrahedron's critical path and lets the
// output cursor advance by the table's count alone.
inline void rawCellNormal(const float* p0, const float* p1, const float* p2, const float* p3,
                          float* normal) {
    const float ax = p1[0] - p0[0], ay = p1[1] - p0[1], az = p1[2] - p0[2], aw = p1[3] - p0[3];
    const float bx = p2[0] - p0[0], by = p2[1] - p0[1], bz = p2[2] - p0[2], bw = p2[3] - p0[3];
    const float cx = p3[0] - p0[0], cy = p3[1] - p0[1], cz = p3[2] - p0[2], cw = p3[3] - p0[3];
    const float mzw = bz * cw - bw * cz;
    const float myw = by * cw - bw * cy;
    const float myz = by * cz - bz * cy;
    const float mxw = bx * cw - bw * cx;
    const float mxz = bx * cz - bz * cx;
    const float mxy = bx * cy - by * cx;
    normal[0] = -ay * mzw + az * myw - aw * myz;
    normal[1] = ax * mzw - az * mxw + aw * mxz;
    normal[2] = -ax * myw + ay * mxw - aw * mxy;
}

// A raw normal is usable when |n_xyz|² is positive and finite. A flat tetrahedron, or one lying
// along the view w axis, has none (and its cut has zero area): its triangles are dropped.
inline bool usableLengthSquared(float lengthSquared) {
    return lengthSquared > 0.0F && lengthSquared <= FLT_MAX;
}

inline float lengthSquared3(float x, float y, float z) {
    return x * x + y * y + z * z;
}

// Scales one face's raw normal to unit length times `sign` (±1, the flipOrientation rule);
// returns false (leaving it unusable) when it has no direction.
inline bool normalizeFace(SliceFace& face, float sign) {
    const float lengthSquared = lengthSquared3(face.normalX, face.normalY, face.normalZ);
    const bool usable = usableLengthSquared(lengthSquared);
    const float scale = sign / std::sqrt(usable ? lengthSquared : 1.0F);
    face.normalX *= scale;
    face.normalY *= scale;
    face.normalZ *= scale;
    return usable;
}

// Removes the triangles among the first `count` whose normals are unusable (after
// normalisation, a usable normal has length ~1 and an unusable one stays 0, infinite or NaN);
// returns the new count. Only degenerate tetrahedra get here.
inline std::size_t removeUnusableTriangles(SliceVertex* vertices, SliceFace* faces,
                                           std::size_t count) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const SliceFace& face = faces[i];
        if (!usableLengthSquared(lengthSquared3(face.normalX, face.normalY, face.normalZ))) {
            continue;
        }
        faces[kept] = face;
        for (std::size_t k = 0; k < 3; ++k) {
            vertices[3 * kept + k] = vertices[3 * i + k];
        }
        ++kept;
    }
    return kept;
}

// The contract of TetPass: every index of tetrahedra [begin, end) is below vertexCount. A flag
// rather than a maximum, so that it vectorises without an unsigned max (SSE2 has none).
inline void expectIndicesInRange(const TetPassArgs& args, std::size_t begin, std::size_t end) {
    if (args.vertexCount > UINT32_MAX) {
        return; // every uint32 index is in range
    }
    const auto limit = static_cast<std::uint32_t>(args.vertexCount);
    const std::uint32_t* indices = args.tetrahedra + 4 * begin;
    const std::size_t count = 4 * (end - begin);
    std::uint32_t outOfRange = 0;
    for (std::size_t i = 0; i < count; ++i) {
        outOfRange |= indices[i] >= limit ? 1U : 0U;
    }
    HYPERRIG_EXPECTS(outOfRange == 0);
}

} // namespace hyperrig::core::eval::slice_detail
