#pragma once

#include "core/base/Result.h"
#include "core/io/gltf/GltfStaticMeshes.h"
#include "core/model/Document.h"

#include <filesystem>
#include <string>
#include <vector>

namespace hyperrig::core::io {

struct EncodedUsda {
    std::string text;
    std::vector<std::string> warnings; // what .usda cannot hold, said before writing
};

// Encodes a 3D document as UsdSkel .usda text (docs/interop-usd.md, "Writing"; usdskel.md §13):
// - the document root is the stage when the USD import made it (plain, identity, extras.usd
//   without a prim path): its children are the root prims; otherwise the root is the one root
//   prim (defaultPrim), a SkelRoot when skinned meshes need one;
// - every node a prim named after it (its USD prim name when it has one, else the node name made
//   an identifier; clashes numbered), its transform as xformOp:translate/orient/scale ((w, x, y,
//   z) quaternion) or xformOp:transform; kept USD types, metadata and properties written back;
// - each skeleton a Skeleton (SkelBindingAPI) with joints parents first (paths of identifiers,
//   original names in jointNames when they differ), bindTransforms = world rest matrices,
//   restTransforms = local rest matrices (or the Custom pose the import marked as USD's rest);
//   its kept SkelAnimation written back as read and bound by skel:animationSource;
// - each skinned mesh a Mesh (SkelBindingAPI) next to its Skeleton (or back at its USD path):
//   points, faces (the USD polygons again where the import kept them), skel:skeleton,
//   primvars:skel:jointIndices / jointWeights (vertex interpolation, elementSize = the most
//   influences of a vertex, weights normalised, padded with index 0 / weight 0),
//   primvars:skel:geomBindTransform; vertices without influences bound to a static root joint;
// - numbers as shortest round-trip text, matrices row-vector (translation last).
// Fails for a document that is not 3D (".usda holds 3D scenes; this document is 4D ...") or a
// transform that cannot be evaluated.
Result<EncodedUsda> encodeUsda(const model::Document& document);

// Encodes and writes atomically (nothing is left behind on failure). Returns the warnings.
Result<std::vector<std::string>> writeUsda(const model::Document& document,
                                           const std::filesystem::path& path);

// A cross-section's static meshes (decision 0028) as .usda: one Xform "CrossSection" (the
// default prim) holding a Mesh per mesh with triangles, its corners as points, faceVarying
// normals. Fails, naming the mesh, when its arrays do not hold whole triangles.
Result<std::string> encodeStaticMeshesUsda(const std::vector<GltfStaticMesh>& meshes);
Result<void> writeStaticMeshesUsda(const std::vector<GltfStaticMesh>& meshes,
                                   const std::filesystem::path& path);

} // namespace hyperrig::core::io
