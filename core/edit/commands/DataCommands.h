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
// Group g of a skin is deformed by joints slot g of the skeleton the mesh is bound to
// (SkinGroupNames.h, boundSkeleton).

// Renames group `group`; names stay unique, non-empty and free of the characters G4MF forbids
// in names within the skin. The groups that can be named are those below the largest of: one
// past the highest group the influences use, the number of groupNames, and the joints slot
// count of the bound skeleton; a higher `group` is refused. A skin without groupNames gets a name
// for every one of those groups, one with fewer names than `group + 1` gets names up to `group`
// (inferred from the bone in the same joints slot, else "Group<i>") before the rename; undo
// removes them again. Accepted although the validator reports it (decision 0008): a name that
// differs from the one another mesh skinned by the same skeleton gives this group, or that the
// other mesh gives another group (skin.group-names.conflict); renaming the group in every such
// mesh, one op each, is the fix.
std::unique_ptr<Command> renameGroup(model::MeshId mesh, std::size_t group, std::string name);
// Renumbers the skin's groups by a permutation: group g becomes newIndex[g]; influences and
// groupNames follow. newIndex has one entry per group: at least one past the highest group the
// influences use, and exactly the number of groupNames when the skin has them. Stores only the
// permutation (its inverse undoes it): O(influences) time, O(groups) undo memory.
// It does not permute the bound skeleton's joints, and it leaves the other meshes skinned by
// that skeleton alone: after it, group g is deformed by whatever bone fills joints slot g. Keep
// a deformation by permuting the joints alike (moveJoint, setJoints); renumbering is the merge
// step of G4MF's "Group Names" workflow, where the new group numbers meet joints slots that are
// appended for them.
std::unique_ptr<Command> renumberGroups(model::MeshId mesh, std::vector<std::uint32_t> newIndex);
// Moves group `from` to position `to`, shifting the ones between (a renumbering, with the same
// rules: the joints stay as they are).
std::unique_ptr<Command> reorderGroup(model::MeshId mesh, std::size_t from, std::size_t to);

// --- bind poses (a skeleton node) --------------------------------------------------------------
// Captures the rest pose: for every joints slot, the skeleton-space transform of its bone
// (identity for none), as it is when the command first applies, so a command built ahead of its
// execution records the rest pose of the moment it takes effect; redo puts back that same pose.
// Refused when the skeleton already has that poseType.
std::unique_ptr<Command> addBindPose(model::NodeId skeleton, model::PoseType type);
// Stores `pose` as it is given (the posed skeleton captured by eval::bindPoseFromPose), at the
// end of the skeleton's poses; undo removes it. Refused when the skeleton already has that
// poseType, or when the pose does not have one entry per joints slot, each N finite numbers of
// position and N·N of basis.
std::unique_ptr<Command> storeBindPose(model::NodeId skeleton, model::BindPose pose);
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
// Removes a shape; undo puts it back at its place with its id. Refused while a bone uses it
// (naming the bone: clear its shape first), since bone.shape must name an existing shape. Also
// refused while a node's physics collider or trigger names it or a later shape: those are file
// indices inside the physics JSON HyperRig keeps as written, and removing a shape shifts the
// indices of the shapes after it.
std::unique_ptr<Command> removeShape(model::ShapeId shape);

} // namespace hyperrig::core::edit
