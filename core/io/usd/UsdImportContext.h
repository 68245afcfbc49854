#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/usd/UsdStage.h"
#include "core/math/AffineN.h"
#include "core/model/Document.h"

#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace hyperrig::core::io::usd {

// A prim that became a node, with the prims above it (nearest first) for the inherited
// UsdSkel properties.
struct PrimSite {
    const Prim* prim = nullptr;
    std::vector<const Prim*> ancestors; // parent first, up to the stage root
    const Prim* skelRoot = nullptr;     // the nearest SkelRoot ancestor-or-self, if any
    model::NodeId node;
    math::AffineN world = math::AffineN::identity(3); // world <- prim space
};

struct SkeletonBuild {
    PrimSite site;
    std::vector<std::string> joints;  // Skeleton.joints tokens, skeleton order
    std::vector<model::NodeId> bones; // per joint
};

struct ImportContext {
    const Stage& stage;
    const UsdLimits& limits;
    model::Document& document;
    Diagnostics& warnings;

    std::vector<SkeletonBuild> skeletons;
    std::unordered_map<std::string, std::size_t> skeletonAt; // prim path -> skeletons index
    std::vector<PrimSite> meshes;                            // Mesh prims, stage order

    void warn(std::string rule, const TextPlace& place, std::string message) {
        warnings.push_back(usdWarning(std::move(rule), place, std::move(message)));
    }
    Error error(const TextPlace& place, const std::string& message) const {
        return Error(stage.sourceName + ":" + std::to_string(place.line) + ":" +
                     std::to_string(place.column) + ": " + message);
    }
};

// UsdSkeletons.cpp: bones, rest pose, the restTransforms bind pose and the animation JSON of
// every skeleton (after the nodes exist).
Result<void> buildSkeletons(ImportContext& context);
// UsdMeshes.cpp: meshes, their skins and their kept primvars and blend shapes.
Result<void> buildMeshes(ImportContext& context);

// UsdBlendShapes.cpp: one BlendShape prim bound to a mesh under token `token`, as a model
// shape whose offsets `toMesh` moves into mesh space (the linear part of the points' map); none,
// with a warning naming the property, when the prim cannot be read as one.
std::optional<model::BlendShape> usdBlendShapeOf(ImportContext& context, const std::string& token,
                                                 const Prim& shape, const math::BasisN& toMesh,
                                                 std::size_t vertexCount);

// UsdImport.cpp: the G4MF name for a USD name (forbidden characters -> '_', made unique).
std::string usdNodeName(const model::Document& document, const std::string& name);
// extras.usd of a node or mesh (created on demand).
model::OrderedJson& usdExtras(model::OrderedJson& extra);
// The value a property has for import: its default, or (with a warning) its first time sample
// when only samples are authored; none when unauthored or blocked.
const Value* usdStaticValue(ImportContext& context, const Prim& prim, const Property& property);

} // namespace hyperrig::core::io::usd
