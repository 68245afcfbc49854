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
// How. A hash grid of cells 64 · tolerance wide: a corner looks in its own cell and, on each axis
// where it lies within tolerance of a cell face, in the neighbouring cell (usually one cell, at
// most eight), and joins the first corner found within tolerance, else starts a vertex. With
// tolerance 0 the key is the coordinates' bits (−0 = +0) and only equal points are joined. NaN
// corners are never joined, not even to themselves. O(1) per corner, no sorting.
//
// In parallel (the overloads with a pool): each corner's cell and its hash are computed on the
// pool's threads first, then the table is filled in corner order on the calling thread as
// before, so the result is the serial one bit for bit whatever the number of threads.
//
// Kept between calls (the editor re-slices on every change of the view): the table and the
// per-corner cells are reused, so welding a soup no larger than the last one allocates nothing.
class CornerWelding {
public:
    // vertexOfCorner[i] is the vertex of corner i; vertices are numbered 0, 1, ... in the order
    // their first corner appears. Returns the number of vertices.
    std::size_t weld(std::span<const glm::vec3> corners, float tolerance,
                     std::vector<std::uint32_t>& vertexOfCorner);
    std::size_t weld(std::span<const glm::vec3> corners, float tolerance,
                     std::vector<std::uint32_t>& vertexOfCorner, core::base::ThreadPool& pool);

private:
    // Open addressing with linear probing, at most half full: each slot holds the point of a
    // vertex's first corner and 1 + the vertex, 0 when empty.
    struct Slot {
        glm::vec3 point{0.0F};
        std::uint32_t vertexPlusOne = 0;
    };
    std::vector<Slot> m_slots;
    // Per corner: its grid cell (whole numbers held in doubles, see CornerWelding.cpp) and the
    // cell's hash; unused for corners that are not finite.
    std::vector<std::array<double, 3>> m_cells;
    std::vector<std::uint64_t> m_hashes;
};

// The tolerance scenes weld with: 2^−20 of the corners' largest extent, 16 float ulps at that
// size (0 for an empty or degenerate soup). The pool only splits the min/max scan, whose result
// does not depend on the order.
float weldTolerance(std::span<const glm::vec3> corners);
float weldTolerance(std::span<const glm::vec3> corners, core::base::ThreadPool& pool);

// A pool of one thread: the serial overloads run the parallel code inline through it.
core::base::ThreadPool& inlineThreadPool();

} // namespace hyperrig::render::scene
