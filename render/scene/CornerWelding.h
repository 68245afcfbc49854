#pragma once

#include <array>
#include <cstdint>
#include <glm/glm.hpp>
#include <span>
#include <vector>

namespace hyperrig::core::base {
class ThreadPool;
}

namespace hyperrig::render::scene {

// Joins the corners of a triangle soup that lie at the same point, so a soup can be smoothed like
// an indexed mesh.
//
// Why a tolerance. The slicer computes the point on an edge shared by neighbouring tetrahedra bit
// for bit the same (core/eval/slice/SliceCaseTable.h, "Edge points": every cut edge is lerped from
// its positive end, from the same view-space corners), so the cut of one mesh edge needs no
// tolerance. But where a mesh vertex P lies on the hyperplane up to rounding (the creature is
// modelled at w = 0; a rotated view leaves distances of a few ulps), each edge leaving P is cut at
// t ≈ 0, at P plus a different sub-ulp-of-the-scene offset per edge (seen: z = 0 and z = 4.9e−17
// for one vertex), and the slicer's zero-area fan around P, which would have joined those points,
// is dropped. Exactly equal floats would leave a pin-hole there and a shading seam through P.
// So corners are joined when each coordinate differs by at most `tolerance`; scenes use
// weldTolerance(), far below any distance between distinct vertices of a mesh.
//
// How, in two stages. (1) Exact points: corners with the same bits (−0 = +0) are one point, and
// a corner at a point seen before goes where that point's first corner went. Most corners are
// repeats (about six corners a vertex on a closed surface), and comparing bits is cheap. (2) The
// distinct points, in corner order, through a hash grid of cells 64 · tolerance wide: a point
// looks in its own cell and, on each axis where it lies within tolerance of a cell face, in the
// neighbouring cell (usually one cell, at most eight), and joins the first vertex found within
// tolerance (the lowest numbered in the first cell searched), else starts a vertex. With
// tolerance 0 only equal points are joined. NaN corners are never joined, not even to
// themselves. O(1) per corner, no sorting.
//
// In parallel (the overloads with a pool): stage 1 cuts the corners into one stretch per thread,
// each with its own table, and then looks each stretch's points up in the tables of the stretches
// before it; stage 2 runs in corner order on the calling thread. Every result is the serial one
// bit for bit whatever the number of threads.
//
// Kept between calls (the editor re-slices on every change of the view): the tables and the
// per-corner arrays are reused, so welding a soup no larger than the last one allocates nothing.
// The tables are sized by distinct points (the last soup's count, at least corners / 6), not by
// corners, and double when they would pass half full: they stay in the caches.
class CornerWelding {
public:
    // vertexOfCorner[i] is the vertex of corner i; vertices are numbered 0, 1, ... in the order
    // their first corner appears. Returns the number of vertices.
    std::size_t weld(std::span<const glm::vec3> corners, float tolerance,
                     std::vector<std::uint32_t>& vertexOfCorner);
    std::size_t weld(std::span<const glm::vec3> corners, float tolerance,
                     std::vector<std::uint32_t>& vertexOfCorner, core::base::ThreadPool& pool);

private:
    // Open addressing with linear probing, kept at most half full.
    template <class Entry>
    struct ProbeTable {
        std::vector<Entry> entries; // the first mask + 1 are in use
        std::size_t mask = 0;
    };
    // A vertex: the point of its first corner and 1 + the vertex, 0 when empty.
    struct Slot {
        glm::vec3 point{0.0F};
        std::uint32_t vertexPlusOne = 0;
        bool empty() const { return vertexPlusOne == 0; }
    };
    // A distinct point: its bits (−0 as +0) and 1 + its first corner, 0 when empty.
    struct PointSlot {
        std::array<std::uint32_t, 3> bits{};
        std::uint32_t cornerPlusOne = 0;
        bool empty() const { return cornerPlusOne == 0; }
    };
    // One per thread, each on cache lines of its own: a thread writes its table's fields on
    // every insertion, and sharing a line with another thread's would stall both.
    struct alignas(64) PointTable : ProbeTable<PointSlot> {
        std::vector<std::uint32_t> corners; // the corners in the table, in order
    };

    template <class Entry>
    static void resetTable(ProbeTable<Entry>& table, std::size_t entries);
    template <class Entry>
    static void insert(ProbeTable<Entry>& table, std::uint64_t hash, const Entry& entry);
    void findFirstEqualCorners(std::span<const glm::vec3> corners, std::size_t expectedPoints,
                               core::base::ThreadPool& pool);

    // Stage one (exact points, on the pool): per corner the hash of its bits and the first
    // corner with the same bits; one table per stretch of corners.
    std::vector<std::uint64_t> m_pointHashes;
    std::vector<std::uint32_t> m_firstEqualCorner;
    std::vector<PointTable> m_pointTables;
    // Stage two (within tolerance, in corner order): the corners first at their point with the
    // hash of each one's cell, the vertices by cell, and the first corner of each vertex in the
    // table, in vertex order (what a growing table inserts again).
    std::vector<std::uint32_t> m_distinctCorners;
    std::vector<std::uint64_t> m_cellHashes;
    ProbeTable<Slot> m_vertexTable;
    std::vector<std::uint32_t> m_cornersInTable;
    // The last soup's count of distinct points: the next tables' size.
    std::size_t m_lastPointCount = 0;
};

// The tolerance scenes weld with: 2^−20 of the corners' largest extent, 16 float ulps at that
// size (0 for an empty or degenerate soup). The pool only splits the min/max scan, whose result
// does not depend on the order.
float weldTolerance(std::span<const glm::vec3> corners);
float weldTolerance(std::span<const glm::vec3> corners, core::base::ThreadPool& pool);

} // namespace hyperrig::render::scene
