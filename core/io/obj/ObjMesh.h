#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace hyperrig::core::io {

// A polygon mesh as an OBJ file holds it, reduced to what rigging needs: vertex positions in the
// file's own axes and units, faces triangulated as fans, and the `g` group each face was in.
// Texture coordinates, normals, materials and smoothing groups are not kept.
struct ObjMesh {
    // A face outside every `g` statement (before the first one) has no group.
    static constexpr std::uint32_t kNoGroup = 0xFFFFFFFFu;

    std::vector<std::array<double, 3>> positions;        // `v` lines in order: index 0 is "v" #1
    std::vector<std::array<std::uint32_t, 3>> triangles; // 0-based vertex indices
    std::vector<std::uint32_t> triangleGroups;           // per triangle: index into groupNames
    std::vector<std::string> groupNames;                 // first-seen order, each name once
    std::size_t faceCount = 0;                           // `f` lines, before triangulation
};

} // namespace hyperrig::core::io
