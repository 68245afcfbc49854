#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/gltf/GltfFile.h"
#include "core/model/Document.h"

#include <filesystem>

namespace hyperrig::core::io {

// What a glTF import made, and what the user should know about it (warnings carry JSON pointers
// into the glTF file).
struct GltfImport {
    model::Document document;
    Diagnostics warnings;
};

// Builds a 3D document from a glTF 2.0 file (docs/interop-gltf.md has the whole mapping):
// - a root node "Scene" holding the default scene's root nodes (then any other parentless nodes);
// - each skin -> a skeleton node (the joints' common non-joint parent when there is one that can
//   serve, else a new node) whose bones are the joints and the nodes between them, joints slots
//   in the skin's order; rest pose := inverse IBMs in skeleton space; a node pose that differs
//   becomes a Custom bind pose (extras.gltf.nodePose = true);
// - each skinned mesh node -> a mesh instance directly under its skeleton, identity transform
//   (glTF ignores the skinned node's transform);
// - triangles (strips and fans triangulated), POSITION, and every JOINTS_n/WEIGHTS_n set ->
//   sorted sparse influences, zero weights dropped, weights kept as stored (a warning when a
//   vertex's do not sum to 1);
// - KHR_character_skeleton_bindpose (three shapes) and KHR_character_reference_pose -> bind
//   poses;
// - the rest (names as written, extensions, extras, materials, other attributes...) kept in
//   extras.gltf of the node, mesh or document so that an export writes it back.
// Fails with "<file>: <JSON pointer>: <what>" for anything it cannot represent or that breaks
// the glTF rules it relies on (indices out of range, cycles, joints without a common root,
// malformed accessors, two skins sharing a joint).
Result<GltfImport> importGltf(const GltfFile& file, const GltfLimits& limits = {});

// loadGltfFile + importGltf.
Result<GltfImport> readGltf(const std::filesystem::path& path, const GltfReadOptions& options = {});

} // namespace hyperrig::core::io
