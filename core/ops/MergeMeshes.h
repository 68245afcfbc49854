#pragma once

#include "core/base/Result.h"
#include "core/edit/CompositeCommand.h"
#include "core/model/Document.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hyperrig::core::ops {

// Merging skinned meshes under one skeleton into one mesh (issue 6; G4MF "Group Names"):
//
//   by-name  groups with the same name converge to one index; a name new to the merged mesh keeps
//            its index when that index is free, else it gets a new joints slot at the end.
//   append   each mesh keeps its groups apart: a group keeps its index when that index is free
//            (no earlier mesh uses it) and its name is free; otherwise it gets a new slot at the
//            end of the joints, repeating its bone, and its name is prefixed by its node's name
//            when taken ("LeftArm" from node "Clothing" becomes "ClothingLeftArm").
//
// In both modes a group only ever moves to an index driven by the same bone (or left untouched
// the same way), so every vertex deforms exactly as before, for every pose. By-name refuses when
// two groups of the same name are driven by different bones (use append, or rename one).
// Deformation is kept across different mesh node transforms too: vertices of mesh i are moved
// into the first mesh's space (M_1⁻¹ ∘ M_i), where v' = M⁻¹ Σ S M v gives the same world points.
//
// Vertices, surfaces (indices offset) and influences are concatenated in the order given; the
// first node keeps its place, name and mesh; the other nodes and their meshes are removed. The
// other skinned meshes of the skeleton are untouched: joints only ever grow.
enum class MergeMode { ByName, Append };

// One row of the mapping table `merge --dry-run` prints.
struct GroupMapping {
    std::string mesh; // the node's name
    std::uint32_t oldIndex = 0;
    std::string oldName;
    std::uint32_t newIndex = 0;
    std::string newName;
    std::string bone; // the bone that drives the group, "" when none
};

struct MergePlan {
    std::vector<GroupMapping> mappings;
    std::unique_ptr<edit::CompositeCommand> command; // "Merge Meshes", not applied yet
};

// Plans the merge of the meshes shown by `nodes` (first = the one that stays). Refused, naming the
// node, when fewer than two nodes are given, a node repeats, shows no mesh or a mesh without a
// skin, is not a direct child of the same skeleton as the first, shares its mesh with another
// node, or carries data the merge cannot combine (vertex-indexed surface data of a mesh other
// than the first; normal targets of a mesh whose node turns relative to the first). Blend shapes
// are combined (MergeBlendShapes.h).
Result<MergePlan> planMerge(const model::Document& document,
                            const std::vector<model::NodeId>& nodes, MergeMode mode);

} // namespace hyperrig::core::ops
