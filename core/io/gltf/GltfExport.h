#pragma once

#include "core/base/Result.h"
#include "core/io/gltf/GltfWeights.h"
#include "core/model/Document.h"

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace hyperrig::core::io {

struct GltfExportOptions {
    gltf::WeightFormat weights = gltf::WeightFormat::Float;
    bool binary = false; // .glb container instead of .gltf with a data URI
    // Also write each bind pose as a KHR_character_reference_pose animation (one STEP key per
    // bone that the pose moves), for tools that follow the newer draft (gltf.md §6.4).
    bool referencePose = false;
};

struct EncodedGltf {
    std::vector<std::byte> file;
    std::vector<std::string> warnings; // data glTF cannot carry (dropped, said before writing)
};

// Encodes a 3D document as glTF 2.0 (docs/interop-gltf.md, "Export"):
// - every node of the tree, bones with their rest transforms (TRS, or a matrix for shear or
//   mirroring) and extras.hyperrig.boneLength; the root node is the scene when it is a plain
//   identity node;
// - per skeleton with skinned meshes one skin: joints = the bones of its joints slots (first
//   occurrence), IBM_k = inverse(rest of joint k in skeleton space); each skinned mesh node goes to
//   the scene root with an identity transform, its mesh's transform baked into the vertices;
//   vertices (or influences) that G4MF leaves unmoved get a joint that stays put (a node under
//   the skeleton, extras.hyperrig.staticJoint);
// - influences sorted by weight, normalised, in sets of 4, joints as unsigned byte or short,
//   weights per `options.weights`;
// - bind poses as KHR_character_skeleton_bindpose (model-space matrices) on the skin, with
//   KHR_character; listed in extensionsUsed, never required;
// - what the import kept in extras.gltf (extensions, extras, materials, other attributes).
// Fails for a document that is not 3D ("glTF holds 3D scenes; this document is 4D: ...").
Result<EncodedGltf> encodeGltf(const model::Document& document,
                               const GltfExportOptions& options = {});

// Encodes and writes atomically (nothing is left behind on failure); the container follows the
// extension (.glb binary, .gltf text). Returns the warnings.
Result<std::vector<std::string>> writeGltf(const model::Document& document,
                                           const std::filesystem::path& path,
                                           GltfExportOptions options = {});

} // namespace hyperrig::core::io
