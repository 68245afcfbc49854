#pragma once

#include "core/eval/slice/SliceOutput.h"
#include "core/eval/slice/SlicePath.h"
#include "core/eval/slice/ViewHyperplane.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace hyperrig::core::base {
class ThreadPool;
}

namespace hyperrig::core::eval {

// A 4D tetrahedral surface as the slicer reads it; the spans are borrowed for the call.
struct TetSurface {
    // World space, 4 floats per vertex (x, y, z, w).
    std::span<const float> worldPositions;
    // 4 vertex indices per tetrahedron. The stored order orients the cell: its normal is
    // perp(v1 − v0, v2 − v0, v3 − v0) (g4mf.md §7.2).
    std::span<const std::uint32_t> tetrahedra;
    // Optional, one float per vertex (e.g. one group's weights for a heat map); empty for none.
    std::span<const float> vertexAttribute = {};
    // True when the mesh node's global basis has a negative determinant: the facing rule flips
    // (g4mf.md §7.2), so normals are negated and triangles wound the other way.
    bool flipOrientation = false;
};

// Cuts a 4D tetrahedral surface by the hyperplane view-space w = offset into a 3D triangle soup
// in view space (g4mf.md §7.3; docs/decisions/0009-slice-winding-and-normals.md).
//
//   * Two passes (performance-notes §4.2): view xyz and distance d = view w − offset once per
//     vertex, then per tetrahedron the 16-case lookup of SliceCaseTable.h.
//   * Sign rule: d >= 0 is the positive side, d < 0 the negative side, for every vertex alike, so
//     neighbouring tetrahedra agree on every edge: no cracks, no duplicate triangles. Vertices
//     exactly on the hyperplane can make triangles of zero area; they are emitted.
//   * Edge points q = P + t (N − P), t = d_P / (d_P − d_N), from the positive end P: bit-identical
//     in every tetrahedron sharing the edge. The attribute is interpolated with the same t.
//   * Normal: normalize(xyz of perp(v1 − v0, v2 − v0, v3 − v0)) in view space, negated with
//     flipOrientation. Each triangle is counter-clockwise seen from the side its normal points to
//     (cross(p1 − p0, p2 − p0) · normal > 0; OpenGL's default front faces).
//   * A tetrahedron whose normal has no xyz part (flat, or lying along the view w axis) is
//     skipped: its cut has zero area and no facing direction.
//   * Output order: by tetrahedron index; one triangle (1-vs-3 cases) or two (2-vs-2 cases) each.
//
// With a pool, both passes run on its threads: the vertex pass over stretches of vertices, the
// tetrahedron pass over stretches of tetrahedra (a few per thread, whole kernel blocks, at least
// 32 of them: a smaller surface goes straight into the output), each into a soup of its own,
// which are then copied one after the other into the output. Every
// tetrahedron is sliced by the same kernel code whatever stretch it falls in, so the output is
// the serial one bit for bit whatever the number of threads.
//
// A Slicer keeps its per-vertex scratch arrays and the stretches' soups between calls; one call
// at a time per Slicer.
class Slicer {
public:
    // defaultSlicePath(): the fastest path this CPU supports unless HYPERRIG_KERNEL forces one.
    Slicer();
    // Contract: slicePathAvailable(path).
    explicit Slicer(SlicePath path);

    SlicePath path() const { return m_path; }

    // Replaces `output`'s triangles with the slice of `surface`.
    // Contracts: worldPositions.size() and tetrahedra.size() are multiples of 4; the attribute is
    // empty or has one value per vertex; every index is below the vertex count (checked block by
    // block before the block is read); at most 2^32 − 1 tetrahedra.
    void slice(const TetSurface& surface, const ViewHyperplane& plane, SliceOutput& output);
    void slice(const TetSurface& surface, const ViewHyperplane& plane, SliceOutput& output,
               base::ThreadPool& pool);

    // The smallest and largest signed distance (view w − offset) among the vertices of the last
    // slice() call, found by its vertex pass (no second transform); nullopt before any call and
    // for a surface without vertices. A NaN distance is skipped unless it is the first vertex's,
    // which then makes both NaN (std::min/max folded from the first vertex, as a serial scan).
    struct DistanceRange {
        float min = 0.0F;
        float max = 0.0F;
    };
    std::optional<DistanceRange> lastDistanceRange() const;

private:
    void transformVertices(const TetSurface& surface, const ViewHyperplane& plane,
                           base::ThreadPool& pool);

    SlicePath m_path;
    std::vector<float> m_viewXyzd;
    std::vector<std::uint8_t> m_negative;
    std::optional<DistanceRange> m_lastRange;
    struct BlockRange {
        float min = 0.0F;
        float max = 0.0F;
        bool any = false; // whether the block has a distance that is not NaN
    };
    std::vector<BlockRange> m_blockRanges;
    // The parallel tetrahedron pass's soups, one per stretch, kept for their storage.
    std::vector<SliceOutput> m_stretchOutputs;
};

} // namespace hyperrig::core::eval
