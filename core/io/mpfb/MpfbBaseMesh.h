#pragma once

#include "core/base/Result.h"
#include "core/io/obj/ObjMesh.h"

#include <cstdint>
#include <glm/vec3.hpp>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hyperrig::core::io {

// MPFB builds the body at scale_factor 0.1: one OBJ decimetre becomes 0.1 Blender units, read as
// metres (mpfb.md §10).
inline constexpr double kMpfbBodyScale = 0.1;
// The same factor as Blender stores it on the body (a float32 property), which is what rig
// headers record in `scale_factor`; offsets scale by body / header (mpfb.md §2.5), so a rig saved
// from a default body has a relative scale of exactly 1.
inline constexpr double kMpfbBodyScaleFactorProperty = static_cast<double>(0.1f);

// basemesh_vertex_groups.json: group name -> inclusive, 0-based vertex ranges, in file order.
using MpfbVertexGroups =
    std::vector<std::pair<std::string, std::vector<std::pair<std::uint32_t, std::uint32_t>>>>;

// Parses and checks the vertex groups file against a mesh of `vertexCount` vertices. Errors name
// the JSON pointer: "<sourceName>: /joint-head/0/1: vertex 2147483648 is past the base mesh's
// 19158 vertices" (ranges are never expanded, so a huge range costs nothing).
Result<MpfbVertexGroups> parseMpfbVertexGroups(std::string_view text, std::string_view sourceName,
                                               std::size_t vertexCount);

// What rig placement reads (mpfb.md §4.1), in Blender armature space (Z up, -Y front, metres):
// every vertex of the full mesh (body, helpers and joint cubes) as
//   (x, y, z)_Blender = 0.1 · (x, -z, y)_OBJ
// and, for every vertex group whose name contains "joint", the plain mean of its vertices (the
// centre of a joint cube), and the lift that puts the feet on the ground.
struct MpfbBaseMesh {
    std::vector<glm::dvec3> vertices;
    std::map<std::string, glm::dvec3, std::less<>> jointCentres;
    // How far MPFB lifts the body to stand on the ground ("feet on ground", on by default): minus
    // the lowest Blender z of the "body" group's vertices (all vertices without that group);
    // 0.81676 m for the raw base mesh (mpfb.md §10).
    double groundLift = 0.0;
};

// Contract: `groups` were checked against `obj`'s vertex count (parseMpfbVertexGroups).
MpfbBaseMesh mpfbBaseMesh(const ObjMesh& obj, const MpfbVertexGroups& groups);

// The axis change from Blender armature space to G4MF (Y up, +Z front): (x, y, z) -> (x, z, -y).
// A proper rotation (determinant +1), so frames map column by column.
inline glm::dvec3 blenderToG4mf(const glm::dvec3& b) {
    return {b.x, b.z, -b.y};
}
inline glm::dvec3 g4mfToBlender(const glm::dvec3& g) {
    return {g.x, -g.z, g.y};
}

} // namespace hyperrig::core::io
