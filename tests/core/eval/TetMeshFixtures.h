#pragma once

// 4D tetrahedral meshes for the slicing tests and benchmarks (tests/bench/SliceBench.cpp).

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hyperrig::test {

struct TetMesh {
    std::vector<float> positions;          // 4 per vertex
    std::vector<std::uint32_t> tetrahedra; // 4 per tetrahedron

    std::size_t vertexCount() const { return positions.size() / 4; }
    std::size_t tetCount() const { return tetrahedra.size() / 4; }
};

// The boundary of the tesseract [low, high]^4: its 8 cubic cells, each cut into n³ small cubes of
// 6 tetrahedra (Kuhn triangulation: one tetrahedron per order of the cube's 3 axes, all sharing
// the cube's main diagonal). The triangulation induced on every square is the one from its
// smaller to its larger corner in world coordinates, so the cells fit together into a closed
// 3-manifold. Every tetrahedron is oriented so that perp(v1 − v0, v2 − v0, v3 − v0) points out
// of the tesseract. Vertices are numbered in order of first use ("local" indices).
// 48 n³ tetrahedra, (n + 1)^4 − (n − 1)^4 vertices.
TetMesh tesseractShell(int n, float low, float high);

// Random positions in [−1, 1]^4 and random tetrahedra with distinct corners.
TetMesh randomTetSoup(std::uint32_t seed, std::size_t vertexCount, std::size_t tetCount);

} // namespace hyperrig::test
