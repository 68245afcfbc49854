#pragma once

#include <array>
#include <cstdint>
#include <utility>

namespace hyperrig::core::eval {

// The 16-case table for cutting one tetrahedron (v0, v1, v2, v3) by the hyperplane d = 0, where
// d = view w − offset (g4mf.md §7.3).
//
// Sign rule. Vertex i is NEGATIVE when d_i < 0 and POSITIVE when d_i >= 0 (so d == 0, and −0,
// count as positive). case = Σ 2^i over negative vertices. Cases 0 and 15 are not cut. The rule
// is the symbolic perturbation "d = 0 reads as d = +ε": the output is the limit of a generic cut
// at w = offset − ε, so two tetrahedra sharing an edge always agree on whether it is cut (no
// cracks), a face lying in the hyperplane is emitted only by a tetrahedron whose fourth vertex is
// negative (no duplicates from a positive neighbour), and vertices on the hyperplane only make
// some triangles degenerate (zero area), never change the topology.
//
// Edge points. Every cut edge joins a positive vertex P and a negative vertex N and is stored in
// that order; the point is
//   q = P + t · (N − P),   t = d_P / (d_P − d_N)  ∈ [0, 1]
// (d_P − d_N >= −d_N > 0, so no division by zero). Lerping always from the positive end makes two
// tetrahedra that share an edge compute bit-identical points: the cross-section is watertight up
// to exact position equality.
//
// Polygon. 1-vs-3 cases cut 3 edges (a triangle), 2-vs-2 cases 4 edges (a quad). Entry k of a row
// is the k-th polygon corner; triangles are the fan (e0, e1, e2) and (e0, e2, e3). Triangle rows
// repeat e2 as e3, so a kernel may always build and write two triangles and advance its output
// by `triangleCount` (the branchless emit of performance-notes §4.2).
//
// Winding. Rows are ordered counter-clockwise seen from the side the normal
// n_xyz = xyz(perp(v1 − v0, v2 − v0, v3 − v0)) points to, i.e. cross(p1 − p0, p2 − p0) · n_xyz > 0.
// Proof sketch: let T = span(E1, E2, E3), E_k = v_k − v0, and n = perp(E1, E2, E3), so
// det[E1, E2, E3, n] = |n|² > 0 (g4mf.md §7.1). For A, B in T with w = 0 (edges of the cut
// polygon), cross(A, B) · n_xyz = det[A, B, n, e_w]. Write e_w = τ + β n with τ ∈ T; then
//   det[A, B, n, e_w] = det[A, B, n, τ] = −det[A, B, τ, n] = −det_E(A, B, τ) · |n|²,
// where det_E takes coordinates in the basis E and τ is a vector of T along which w increases
// (from the negative towards the positive side); any such vector gives the same sign modulo A, B.
//   * Lone negative v0 (case 1): q_0k = v0 + s_k E_k, s_k > 0. With A = q02 − q01, B = q03 − q01,
//     τ ~ E1: det_E((−s1, s2, 0), (−s1, 0, s3), (1, 0, 0)) = s2 s3 > 0, so (q01, q02, q03) is
//     clockwise and (q01, q03, q02) counter-clockwise.
//   * Negatives {v0, v1} (case 3): with A = q03 − q02, B = q13 − q02, τ ~ E2 the same computation
//     gives det_E = s03 (1 − s13) > 0, so the convex quad is counter-clockwise as
//     (q02, q12, q13, q03).
// Relabelling the vertices by an even permutation keeps the sign of det[E1, E2, E3, n], and
// swapping negative and positive reverses τ. Hence, with (a, b, c, e) an EVEN permutation of
// (0, 1, 2, 3):
//   lone negative a:            (q_ab, q_ae, q_ac)
//   lone positive a:            (q_ab, q_ac, q_ae)
//   negatives {a, b}, pos {c, e}: (q_ac, q_bc, q_be, q_ae)
// which is the table below. Complementary cases (case ↔ 15 − case) list the same polygon in the
// opposite order. A mesh node with a negative-determinant basis (flipOrientation) negates n and
// uses kSliceCasesReversed, whose rows wind the other way.
struct SliceCase {
    std::uint8_t triangleCount;           // 0, 1 or 2
    std::array<std::uint8_t, 4> positive; // corner k lies on edge (positive[k], negative[k])
    std::array<std::uint8_t, 4> negative;
};

using SliceCaseTable = std::array<SliceCase, 16>;

// clang-format off
inline constexpr SliceCaseTable kSliceCases = {{
    //      count  positive ends   negative ends      polygon (q_ij = point on edge i–j)
    /*  0 */ {0, {{0, 0, 0, 0}}, {{0, 0, 0, 0}}},  // not cut
    /*  1 */ {1, {{1, 3, 2, 2}}, {{0, 0, 0, 0}}},  // q01 q03 q02          lone negative 0
    /*  2 */ {1, {{0, 2, 3, 3}}, {{1, 1, 1, 1}}},  // q01 q12 q13          lone negative 1
    /*  3 */ {2, {{2, 2, 3, 3}}, {{0, 1, 1, 0}}},  // q02 q12 q13 q03      negatives 0 1
    /*  4 */ {1, {{0, 3, 1, 1}}, {{2, 2, 2, 2}}},  // q02 q23 q12          lone negative 2
    /*  5 */ {2, {{3, 3, 1, 1}}, {{0, 2, 2, 0}}},  // q03 q23 q12 q01      negatives 0 2
    /*  6 */ {2, {{0, 0, 3, 3}}, {{1, 2, 2, 1}}},  // q01 q02 q23 q13      negatives 1 2
    /*  7 */ {1, {{3, 3, 3, 3}}, {{0, 2, 1, 1}}},  // q03 q23 q13          lone positive 3
    /*  8 */ {1, {{0, 1, 2, 2}}, {{3, 3, 3, 3}}},  // q03 q13 q23          lone negative 3
    /*  9 */ {2, {{1, 1, 2, 2}}, {{0, 3, 3, 0}}},  // q01 q13 q23 q02      negatives 0 3
    /* 10 */ {2, {{2, 2, 0, 0}}, {{1, 3, 3, 1}}},  // q12 q23 q03 q01      negatives 1 3
    /* 11 */ {1, {{2, 2, 2, 2}}, {{0, 1, 3, 3}}},  // q02 q12 q23          lone positive 2
    /* 12 */ {2, {{0, 0, 1, 1}}, {{2, 3, 3, 2}}},  // q02 q03 q13 q12      negatives 2 3
    /* 13 */ {1, {{1, 1, 1, 1}}, {{0, 3, 2, 2}}},  // q01 q13 q12          lone positive 1
    /* 14 */ {1, {{0, 0, 0, 0}}, {{1, 2, 3, 3}}},  // q01 q02 q03          lone positive 0
    /* 15 */ {0, {{0, 0, 0, 0}}, {{0, 0, 0, 0}}},  // not cut
}};
// clang-format on

// The same polygons wound the other way, triangle by triangle: swapping corners e0 and e2 turns
// the fan (e0, e1, e2), (e0, e2, e3) into (e2, e1, e0), (e2, e0, e3), each the reverse of the
// original triangle at the same position (for triangle rows the second stays degenerate).
constexpr SliceCaseTable reverseWinding(const SliceCaseTable& table) {
    SliceCaseTable reversed = table;
    for (SliceCase& row : reversed) {
        std::swap(row.positive[0], row.positive[2]);
        std::swap(row.negative[0], row.negative[2]);
    }
    return reversed;
}

inline constexpr SliceCaseTable kSliceCasesReversed = reverseWinding(kSliceCases);

// A case is cut unless all four vertices are on one side: (case + 1) & 14 is 0 exactly for
// case 0 (1 & 14) and case 15 (16 & 14).
constexpr bool isCut(unsigned sliceCase) {
    return ((sliceCase + 1U) & 14U) != 0U;
}

} // namespace hyperrig::core::eval
