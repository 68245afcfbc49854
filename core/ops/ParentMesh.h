#pragma once

#include "core/base/Result.h"
#include "core/edit/CompositeCommand.h"
#include "core/model/Document.h"
#include "core/ops/MergeMeshes.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::ops {

// Parenting a skinned mesh to a skeleton by group names (issue 6; G4MF "Group Names"): the mesh
// node becomes a child of the skeleton node (keeping its world placement) and its groups are
// renumbered so each group's index is the joints slot of the bone it names:
//
//   the bone for group name N: the explicit map's entry for N when there is one (a bone name,
//   or null for "leave untransformed"); else the skeleton's bone called N; else its only bone
//   whose name ends with N (G4MF: names "should equal or be a suffix of" bone names).
//   the index: the first joints slot holding that bone; a bone not yet in the joints gets a new
//   slot at the end (bind poses get its entry, see JointSlots.h).
//   the name: the name the skeleton's other skinned meshes use for that slot, else the bone's
//   name (so names match bones, as G4MF asks), else the group's own name made unique.
//
// A group that matches no bone is left untransformed (an index beyond the joints) and reported
// in `warnings`. Groups that land on the same index converge: a vertex's weights for them add
// up, and influences are sorted by descending weight again (stable). Group names are read from
// the skin, or inferred from the joints of the skeleton the mesh is under now.
struct ParentPlan {
    std::vector<GroupMapping> mappings;
    std::vector<std::string> warnings;
    std::unique_ptr<edit::CompositeCommand> command; // "Parent Mesh to Skeleton", not applied
};

using GroupBoneMap = std::map<std::string, std::optional<std::string>>;

// Refused, naming the item, when the node shows no skinned mesh, the mesh is shown by another
// node too, `skeleton` is not a skeleton node, the mesh has no group names and is not under a
// skeleton to infer them from, or a map entry names a node that is not a bone of `skeleton`.
Result<ParentPlan> planParent(const model::Document& document, model::NodeId meshNode,
                              model::NodeId skeleton, const GroupBoneMap& map = {});

// Reads MAP.json: {"<group name>": "<bone name>" | null, ...}. Errors give the JSON pointer or
// the line and column.
Result<GroupBoneMap> parseGroupBoneMap(std::string_view text);

} // namespace hyperrig::core::ops
