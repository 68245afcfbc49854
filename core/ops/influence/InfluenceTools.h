#pragma once

#include "core/base/Result.h"
#include "core/edit/Command.h"
#include "core/model/Document.h"

#include <cstddef>
#include <memory>

namespace hyperrig::core::ops {

// The influence tools (issue 6): edits of one mesh's skin, each an undoable command.
//
// Every tool is a plan: it reads `document` now and returns the command that makes the edit,
// to execute right away on that same document (History::execute; the script runner and the
// editor do so). The commands swap in data computed here, as edit::replaceSkin does, so a
// command kept while other edits change the mesh would write back the plan's values.
//
// What every tool keeps (the G4MF MUSTs of a skin, g4mf-skeleton.md): vertices ascending (the
// CSR layout guarantees it), the influences of each vertex in descending weight order, group
// names unique and non-empty. A tool that rewrites influences writes every vertex in that order,
// ties keeping their stored order, so a skin read with unsorted vertices comes out sorted.
// Work is O(influences + groups) with no allocation per vertex; removeUnusedGroups also reads
// the influences of the other meshes under the skeleton and removes slots in O(slots) each.
//
// Refused (an Error "<Tool>: mesh 'Name': reason", the document untouched): a mesh without a
// skin, a skin whose layout does not fit its mesh or that holds a weight that is not a finite
// number, and the tool's own cases below; a mesh id not in the document gives "<Tool>: the mesh
// does not exist".
//
// An edit that would change nothing is not refused: the tool returns a command that changes
// nothing (an empty edit::CompositeCommand, which does not mark the document modified) and a
// report of zeros, so scripts can run a tool on data that is already clean (decision 0010).
// Callers that do not want an empty undo step check the report first.

// What an edit does, counted when it is planned; written to `*report` only when the plan
// succeeds.
struct InfluenceReport {
    std::size_t verticesChanged = 0;   // vertices whose influences are rewritten
    std::size_t influencesRemoved = 0; // limitInfluences, pruneWeights
    std::size_t verticesEmptied = 0;   // pruneWeights: vertices left with no influence
    std::size_t groupsNamed = 0;       // inferGroupNames
    std::size_t groupsRemoved = 0;     // removeUnusedGroups
    std::size_t jointsRemoved = 0;     // removeUnusedGroups: slots taken out of the skeleton
};

using CommandResult = Result<std::unique_ptr<edit::Command>>;

// Gives a skin without group names one name per group, from the skeleton the mesh is bound to
// (its node is a direct child of a skeleton node): group g takes the name of the bone in joints
// slot g; a slot of none, a group beyond the joints, a bone without a usable name or one already
// taken gives "Group<g>" (made unique). Names cover every group the influences use and every
// joints slot (model::groupNamesWithInference). Undo keeps only the names.
// Refused: the skin already has names (an empty "groupNames" counts as none; rename groups
// instead), and a mesh not bound to a skeleton (no joints to take names from). Accepted although
// the validator reports it (decision 0008): a name that differs from the one another mesh
// skinned by the same skeleton gives that group (skin.group-names.conflict).
CommandResult inferGroupNames(const model::Document& document, model::MeshId mesh,
                              InfluenceReport* report = nullptr);

// Sorts the influences of every vertex by descending weight; equal weights keep their stored
// order (a stable sort), so sorting twice changes nothing.
CommandResult sortInfluences(const model::Document& document, model::MeshId mesh,
                             InfluenceReport* report = nullptr);

// Divides the weights of every vertex by their sum W when W > 0. A vertex with W <= 0 stays as
// it is (it deforms as the rest pose, docs/skinning.md), and so does one already normalised:
// |W - 1| <= kNormalizedTolerance, which is what float32 storage (the usual weight type) keeps
// of a normalised vertex, so normalising a saved and reloaded skin again changes nothing.
// Deformation does not change (skinning divides by W too); the stored data does.
inline constexpr double kNormalizedTolerance = 1e-6;
CommandResult normalizeWeights(const model::Document& document, model::MeshId mesh,
                               InfluenceReport* report = nullptr);

// Keeps the `maxInfluences` strongest influences of every vertex (ties: the ones stored first)
// and divides the kept weights of each vertex it cut by their sum, when that is > 0. Vertices
// with at most `maxInfluences` influences keep their weights (sorted, as every tool writes
// them). Refused: maxInfluences == 0.
CommandResult limitInfluences(const model::Document& document, model::MeshId mesh,
                              std::size_t maxInfluences, InfluenceReport* report = nullptr);

// Removes the influences whose weight is below `threshold`. A vertex may lose all of them: it
// then deforms as the rest pose (skinning's W <= 0 rule), and report->verticesEmptied counts
// it. With `renormalize`, the kept weights of each vertex that lost an influence are divided by
// their sum, when that is > 0 (a sum above 1 can bring a kept weight below the threshold: the
// threshold applies to the weights as they were). Refused: a threshold that is not a finite
// number.
CommandResult pruneWeights(const model::Document& document, model::MeshId mesh, double threshold,
                           bool renormalize, InfluenceReport* report = nullptr);

// Drops the groups no influence uses (named ones included) and numbers the rest 0, 1, ... in
// their old order; group names follow. Group g is deformed by joints slot g of the skeleton the
// mesh is bound to, so when the mesh is bound the slots of dropped groups are removed from that
// skeleton's joints (edit::removeJoint: bind poses lose the same entries, undo restores them):
// the kept groups meet their old bones again and the deformation is unchanged (decision 0010).
// With no unused group it changes nothing, not even the order of unsorted vertices.
// Refused, naming the other item:
// - the mesh is shown under two skeletons (one numbering cannot fit both);
// - another mesh skinned by that skeleton uses or names a slot whose number would change (the
//   slots from the first removed one on);
// - a bind pose of that skeleton does not have one entry per joints slot.
CommandResult removeUnusedGroups(const model::Document& document, model::MeshId mesh,
                                 InfluenceReport* report = nullptr);

} // namespace hyperrig::core::ops
