#pragma once

#include "render/scene/CornerWelding.h"

#include <cstdint>
#include <glm/glm.hpp>
#include <span>
#include <vector>

namespace hyperrig::render::scene {

// Faces meeting at a vertex at more than this angle keep a hard edge between them (Blender's
// "auto smooth" default): the box-like limbs of a rig keep their edges, curved parts shade
// smoothly.
inline constexpr float kDefaultCreaseAngleDegrees = 60.0F;

// Per-corner smooth normals with an auto-smooth crease angle. For the corner of triangle t at
// vertex v:
//   n = normalize( Σ over the triangles f around v with n̂_f · n̂_t >= cos(creaseAngle) of
//                  (b_f − a_f) × (c_f − a_f) )
// The cross product is twice f's area times its unit normal n̂_f (counter-clockwise winding
// seen from the side it points to, docs/decisions/0009), so larger faces weigh more. t itself
// always takes part; a face beyond the crease angle from t does not, so the corners on either
// side of a hard edge get different normals and the edge stays sharp. Where the sum vanishes (a
// crease angle of 90° or more lets opposite faces cancel) the corner takes t's flat normal; a
// zero-area t gets zero.
//
// Linear in the triangles for bounded valence: the cost is Σ over vertices of valence² / 2 crease
// tests (each pair of triangles around a vertex tested once, for both). The scratch arrays are
// members kept between calls, so a host re-smoothing a slice on every change allocates nothing once
// they have grown to the largest surface.
//
// The overloads with a pool run the per-triangle and per-vertex loops (and the welding's stages
// that can) on its threads. Every output element is computed by the same expression in the same
// order as the serial loops (the triangles around a vertex are summed in ascending order either
// way), so the normals are the serial ones bit for bit whatever the number of threads.
class SmoothNormals {
public:
    // Triangles as corners (3 per triangle) with the vertex of each corner (0 .. vertexCount − 1):
    // a mesh's indices, so only corners sharing an index are smoothed together. `normals`
    // receives one unit normal per corner.
    void indexed(std::span<const glm::vec3> corners, std::span<const std::uint32_t> vertexOfCorner,
                 std::size_t vertexCount, float creaseAngleDegrees,
                 std::vector<glm::vec3>& normals);
    void indexed(std::span<const glm::vec3> corners, std::span<const std::uint32_t> vertexOfCorner,
                 std::size_t vertexCount, float creaseAngleDegrees, std::vector<glm::vec3>& normals,
                 core::base::ThreadPool& pool);

    // A triangle soup (a slice): corners at the same point, up to weldTolerance(corners), are one
    // vertex (CornerWelding.h).
    void welded(std::span<const glm::vec3> corners, float creaseAngleDegrees,
                std::vector<glm::vec3>& normals);
    void welded(std::span<const glm::vec3> corners, float creaseAngleDegrees,
                std::vector<glm::vec3>& normals, core::base::ThreadPool& pool);

private:
    CornerWelding m_welding;
    std::vector<std::uint32_t> m_vertexOfCorner;
    std::vector<glm::vec3> m_areaNormals; // per triangle: (b − a) × (c − a)
    std::vector<glm::vec3> m_unitNormals; // per triangle, zero for zero area
    // The corners at each vertex, vertex by vertex (compressed rows), each row in ascending order:
    // those of vertex v are m_cornersAround[m_firstAround[v] .. m_firstAround[v + 1]).
    std::vector<std::uint32_t> m_firstAround;
    std::vector<std::uint32_t> m_cornersAround;
};

} // namespace hyperrig::render::scene
