#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/gltf/GltfFile.h"
#include "core/math/AffineN.h"
#include "core/model/Document.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::io::gltf {

// One skeleton as the import lays it out in the document: for one glTF skin, or for several that
// share joints or bones (decision 0029), whose joints it lists in one joints list.
struct SkinPlan {
    std::size_t index = 0;                       // the first glTF skin it serves (name, members)
    std::vector<std::size_t> skins;              // every glTF skin it serves, ascending
    std::vector<std::size_t> joints;             // glTF node per joints slot
    std::vector<math::AffineN> inverseBind;      // IBM per slot, as skin `index` binds (identity
                                                 // when absent)
    std::vector<std::size_t> bones;              // glTF nodes that become bones, parents first
    std::vector<std::size_t> rootBones;          // bones directly under the skeleton node
    std::optional<std::size_t> skeletonFromNode; // glTF node turned into the skeleton node
    std::optional<std::size_t> insertUnder;      // parent of a new skeleton node (none: root)
    model::NodeId skeleton;
    math::AffineN world = math::AffineN::identity(3); // skeleton node, node-default pose
};

// How one glTF skin maps onto the skeleton that serves it.
struct SkinUse {
    std::size_t plan = 0;             // index into ImportContext::skins
    std::vector<std::uint32_t> slots; // per joint of the glTF skin: the skeleton's joints slot
    // The mesh transform C (skeleton <- mesh) that makes the skeleton's rest pose bind as the
    // skin does: IBM_k = inverse(rest_k) · C for every joint k (identity for the first skin).
    math::AffineN meshToSkeleton = math::AffineN::identity(3);
};

struct ImportContext {
    const GltfFile& file;
    const GltfLimits& limits;
    model::Document& document;
    Diagnostics& warnings;

    std::size_t nodeCount = 0;
    std::vector<std::optional<std::size_t>> parent;
    std::vector<std::vector<std::size_t>> children;
    std::vector<math::AffineN> local; // node defaults
    std::vector<math::AffineN> world;
    std::vector<model::NodeId> ids; // G4MF node per glTF node
    std::vector<SkinPlan> skins;    // one per skeleton
    std::vector<SkinUse> skinUses;  // one per glTF skin
    std::vector<int> boneOf;        // per glTF node: the skin whose bone it is, or -1

    void warn(std::string rule, std::string pointer, std::string message) {
        warnings.push_back({Diagnostic::Severity::Warning, std::move(rule), std::move(pointer),
                            std::move(message)});
    }
};

// GltfSkins.cpp: validates the skins and plans skeletons (after the node graph is read).
Result<void> planSkins(ImportContext& context);
// GltfSkins.cpp: bone components, rest transforms, lengths, joints slots and the node-pose bind
// pose (after the G4MF nodes exist).
Result<void> buildSkeletons(ImportContext& context);
// GltfMeshes.cpp: meshes and mesh instances.
Result<void> buildMeshes(ImportContext& context);
// GltfBindPoseImport.cpp: KHR_character_skeleton_bindpose / _reference_pose -> bind poses.
Result<void> importBindPoses(ImportContext& context);

// GltfAnimations.cpp: the file's animations (but reference poses) with their accessors decoded
// into the JSON; marks the nodes they target with extras.gltf.source.
model::OrderedJson keepAnimations(ImportContext& context);

// GltfBlendShapes.cpp: morph targets (offsets per attribute, dense over the mesh's vertices)
// as blend shapes, named after `names` (the mesh's extras.targetNames) where it has a string.
model::BlendShapes
blendFromMorphTargets(std::vector<std::map<std::string, model::OrderedJson>>& targets,
                      std::size_t vertexCount, const model::OrderedJson* names);

// The glTF data a G4MF item keeps for export, at extra["extras"]["gltf"] (created on demand).
model::OrderedJson& gltfExtras(model::OrderedJson& extra);

} // namespace hyperrig::core::io::gltf
