#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/gltf/GltfFile.h"
#include "core/math/AffineN.h"
#include "core/model/Document.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace hyperrig::core::io::gltf {

// One glTF skin as the import lays it out in the document.
struct SkinPlan {
    std::size_t index = 0;
    std::vector<std::size_t> joints;             // glTF node per joint, skin order
    std::vector<math::AffineN> inverseBind;      // IBM_k (identity when absent)
    std::vector<std::size_t> bones;              // glTF nodes that become bones, parents first
    std::vector<std::size_t> rootBones;          // bones directly under the skeleton node
    std::optional<std::size_t> skeletonFromNode; // glTF node turned into the skeleton node
    std::optional<std::size_t> insertUnder;      // parent of a new skeleton node (none: root)
    model::NodeId skeleton;
    math::AffineN world = math::AffineN::identity(3); // skeleton node, node-default pose
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
    std::vector<SkinPlan> skins;
    std::vector<int> boneOf; // per glTF node: the skin whose bone it is, or -1

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

// The glTF data a G4MF item keeps for export, at extra["extras"]["gltf"] (created on demand).
model::OrderedJson& gltfExtras(model::OrderedJson& extra);

} // namespace hyperrig::core::io::gltf
