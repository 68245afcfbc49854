#pragma once

#include "core/base/Result.h"
#include "core/io/gltf/GltfExport.h"

#include <filesystem>
#include <string>
#include <vector>

namespace hyperrig::core::io {

// A static triangle mesh for glTF: what a cross-section export writes (decision 0028). No skin,
// no index buffer: every triangle has its own three corners, so a flat normal per triangle is a
// normal per corner.
struct GltfStaticMesh {
    std::string name;
    std::vector<float> positions; // x, y, z per corner, three corners per triangle
    std::vector<float> normals;   // a unit x, y, z per corner, parallel to positions
};

// Encodes `meshes` as glTF 2.0: per mesh with triangles one node at the scene root, named after
// the mesh, holding one mesh (same name) with one triangle primitive of POSITION (with the
// bounds glTF requires) and NORMAL. Meshes without triangles are left out (glTF accessors hold
// at least one element). Fails, naming the mesh, when a mesh's arrays do not hold whole
// triangles or differ in size.
Result<EncodedGltf> encodeStaticMeshesGltf(const std::vector<GltfStaticMesh>& meshes, bool binary);

// Encodes and writes atomically; the container follows the extension (.glb binary, .gltf text).
Result<void> writeStaticMeshesGltf(const std::vector<GltfStaticMesh>& meshes,
                                   const std::filesystem::path& path);

} // namespace hyperrig::core::io
