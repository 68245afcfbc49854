#pragma once

#include "core/edit/Command.h"
#include "core/model/Document.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::edit {

// Factories for edits of skins, bind poses and shapes. Same contract as NodeCommands.h.

// --- skin groups (a mesh's skin) --------------------------------------------------------------
// Renames group `group`; names stay unique and non-empty within the skin. A skin without
// groupNames gets them (inferred from the joints of the skeleton the mesh is bound to, else
// "Group<i>") before the rename, and loses them again on undo.
std::unique_ptr<Command> renameGroup(model::MeshId mesh, std::size_t group, std::string name);
// Renumbers the skin's groups by a permutation: group g becomes newIndex[g]; influences and
// groupNames follow. Stores only the permutation (its inverse undoes it): O(influences) time,
// O(groups) undo memory.
std::unique_ptr<Command> renumberGroups(model::MeshId mesh, std::vector<std::uint32_t> newIndex);
// Moves group `from` to position `to`, shifting the ones between (a renumbering).
std::unique_ptr<Command> reorderGroup(model::MeshId mesh, std::size_t from, std::size_t to);

// --- bind poses (a skeleton node) --------------------------------------------------------------
// Captures the current rest pose: for every joints slot, the skeleton-space transform of its
// bone (identity for none). Refused when the skeleton already has that poseType.
std::unique_ptr<Command> addBindPose(const model::Document& document, model::NodeId skeleton,
                                     model::PoseType type);
std::unique_ptr<Command> removeBindPose(model::NodeId skeleton, model::PoseType type);
std::unique_ptr<Command> setBindPoseType(model::NodeId skeleton, model::PoseType from,
                                         model::PoseType to);
std::unique_ptr<Command> setBindPoseEntry(model::NodeId skeleton, model::PoseType type,
                                          std::size_t slot, model::JointPose entry);

// --- shapes (top-level) ------------------------------------------------------------------------
// Creates a shape (name checked like every name) appended to the shapes; `created` gets its id.
std::unique_ptr<Command> createShape(std::optional<std::string> name, model::OrderedJson value,
                                     model::ShapeId* created = nullptr);
// Replaces a shape's JSON (type, size, curves, ...). Mergeable like transforms.
std::unique_ptr<Command> editShape(model::ShapeId shape, model::OrderedJson value);
std::unique_ptr<Command> renameShape(model::ShapeId shape, std::optional<std::string> name);

} // namespace hyperrig::core::edit
