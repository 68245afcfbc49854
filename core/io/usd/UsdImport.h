#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/usd/UsdaParser.h"
#include "core/model/Document.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace hyperrig::core::io {

// What a .usda import made, and what the user should know about it (warnings: pointer
// "LINE:COLUMN" in the .usda file, rule "usd.*").
struct UsdImport {
    model::Document document;
    Diagnostics warnings;
};

// Builds a 3D document from a UsdSkel stage in .usda text (docs/interop-usd.md has the whole
// mapping; usdskel.md is the reference for the conventions):
// - a root node "Stage" (layer metadata kept in its extras.usd.layer); one node per defined,
//   active Xform, Scope, SkelRoot, Skeleton and Mesh prim, named after the prim, with the prim's
//   xformOps as its transform;
// - each Skeleton -> a skeleton node whose bones follow the joint paths; rest pose := the
//   bindTransforms in skeleton space (UsdSkel skins against them, as G4MF skins against its
//   rest pose); restTransforms that differ -> a Custom bind pose (decision 0041);
// - each skinned Mesh (SkelBindingAPI bindings resolved with inheritance and blocking) -> a mesh
//   instance directly under its skeleton node with identity transform, vertices moved into
//   skeleton space by geomBindTransform; faces fan-triangulated (leftHanded flipped);
//   influences from primvars:skel:jointIndices/jointWeights (vertex or constant, elementSize,
//   skel:joints order) as sorted sparse influences, weights kept as stored;
// - what the model has no place for yet is kept as JSON in extras.usd of the node or mesh:
//   SkelAnimations on their skeleton (decision 0042), BlendShapes and other primvars on their
//   mesh (decision 0043).
// Fails with "<file>:<line>:<column>: <what>" for malformed text (see parseUsdaLayer), a
// reference cycle, or data it cannot represent (joints listed after their children, matrices
// that are not affine or singular, face indices out of range).
Result<UsdImport> importUsda(std::string_view text, const std::string& sourceName,
                             const UsdLimits& limits = {});

// Reads the file (up to limits.maxFileBytes) and imports it; the source name is the path.
Result<UsdImport> readUsda(const std::filesystem::path& path, const UsdLimits& limits = {});

// .usda (and .usd, which may hold either text or a binary crate, told apart by content),
// case-insensitively; .usdc and .usdz too, so that they are refused with a clear message
// rather than read as G4MF.
bool isUsdPath(const std::filesystem::path& path);

} // namespace hyperrig::core::io
