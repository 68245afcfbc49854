#pragma once

#include "core/eval/slice/SliceOutput.h"
#include "core/math/AffineN.h"

#include <cstdint>
#include <span>
#include <vector>

namespace hyperrig::core::eval {

// An N-D simplicial boundary surface (N = 4..8) as the generic slicer reads it: cells are
// (N−1)-simplices (4D: tetrahedra, 5D: 4-simplices); the spans are borrowed for the call.
struct SimplexSurface {
    int dimension = 4;
    // Mesh space, N floats per vertex.
    std::span<const float> positions;
    // N vertex indices per cell. The stored order orients the cell: its outward normal is
    // perp(v1 − v0, ..., v(N−1) − v0) (g4mf.md §7.1, core/math/Perpendicular.h).
    std::span<const std::uint32_t> cells;
    // Optional, one float per vertex (a heat-map); empty for none.
    std::span<const float> vertexAttribute = {};
    // The mesh node's global basis has a negative determinant: normals are negated (g4mf.md §7.2).
    bool flipOrientation = false;
};

// Cuts an N-D surface down to a 3D triangle soup by successive hyperplane cuts, one per extra
// axis (docs/rendering.md, "Slicing N-D"; docs/decisions/0027):
//
//   * Every vertex is mapped to view space once (double precision) and each extra axis a
//     (w = 3, v = 4, ...) gets its distance d_a = view_a − offset_a.
//   * The axes are cut from the highest down to W: cut k takes (m−1)-simplices in m-space to
//     (m−2)-simplices in the flat view_(m−1) = offset, dropping that coordinate, until m = 3.
//     Cells and pieces that lie on one side of a remaining cut are dropped as soon as they exist
//     (the cut would drop everything cut from them).
//   * One cut of a k-simplex (k + 1 = m vertices) with p vertices on the positive side (d >= 0,
//     the 4D slicer's sign rule) and q on the negative side, p, q >= 1: the cut is the product
//     of simplices Δ^(p−1) × Δ^(q−1) with corners e_ij = P_i + t (N_j − P_i),
//     t = d_P / (d_P − d_N), lerped from the positive end (bit-identical in every cell sharing the
//     edge). Its staircase triangulation has one (k−1)-simplex per monotone lattice path from
//     (0, 0) to (p−1, q−1) — C(p+q−2, p−1) of them — whose corners are the e_ij along the path.
//     Positive and negative vertices are numbered in the cell's stored order.
//   * Normals: each cell's outward normal is perp(...) of its view-space corners (negated with
//     flipOrientation); a cut keeps its projection onto the remaining flat, n − (n·h) h with
//     h = e_a, which in view space is dropping coordinate a. The final triangles get the unit
//     xyz normal and are wound counter-clockwise seen from it, as the 4D slicer's.
//   * A cell whose normal has no xyz part at the end (flat, or lying along a cut axis) is
//     dropped, like a degenerate tetrahedron in the 4D slicer; zero-area triangles are emitted.
//
// For N = 4 it is one cut and gives the 4D Slicer's triangles up to order and rounding (a test
// checks it); the 4D Slicer stays the fast path there. Keep one per thread.
class SimplexSlicer {
public:
    // Replaces `output`'s triangles. `meshToView` maps mesh space to view space (dimension N);
    // `offsets[a − 3]` is the cut along extra axis a (N − 3 values).
    // Contracts: 4 <= N <= 8; positions and cells hold N values per item; the attribute is empty
    // or per vertex; every index is below the vertex count; offsets.size() == N − 3.
    void slice(const SimplexSurface& surface, const math::AffineN& meshToView,
               std::span<const double> offsets, SliceOutput& output);

    // Per extra axis (W first), the smallest and largest view coordinate among the vertices of
    // the last slice() call; empty before any call and for a surface without vertices.
    struct AxisRange {
        double min = 0.0;
        double max = 0.0;
    };
    const std::vector<AxisRange>& lastAxisRanges() const { return m_ranges; }

    // A cell soup: `dimension` (m) points per cell, each m coordinates and an attribute, plus
    // the cell's normal (m values). Public for the tests' hand-made cuts.
    struct CellSoup {
        int dimension = 0;
        std::vector<double> points;  // per cell: m × (m + 1)
        std::vector<double> normals; // per cell: m
        std::vector<std::uint32_t> sources;
        std::size_t cellCount() const { return sources.size(); }
        void clear(int newDimension);
    };
    // One cut along the soup's last coordinate at 0 (coordinates are already distances there).
    static void cutLastAxis(const CellSoup& in, CellSoup& out);

private:
    std::vector<double> m_view; // N per vertex: view x, y, z, then distances d_a
    std::vector<AxisRange> m_ranges;
    CellSoup m_soupA;
    CellSoup m_soupB;
};

} // namespace hyperrig::core::eval
