#pragma once

#include "core/edit/Command.h"
#include "core/model/Document.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::edit {

// Factories for every node edit the panels, the overlay, scripts and tests use. Each returns a
// command for History::execute; invalid edits are refused by apply() with a message that names
// the node and the rule, leaving the document exactly as it was.
//
// What "invalid" means (docs/decisions/0008): a command refuses what breaks a rule about the
// items it edits (names, sizes, bone placement, joints slots holding bones of their skeleton).
// It accepts states that break only a rule between items, which the validator reports as errors
// while the user works towards the fix: joints order (skeleton.joints.order, .parent-order) and a
// single root bone that is not the skeleton's first child (skeleton.root-bone.first-child). The
// comments below name the commands that can reach such states.

// --- values of one node (NodeValueCommand) ---------------------------------------------------
// G4MF name rules; file-unique across every named item (Document::nameInUse: nodes, meshes,
// shapes, and lights, materials, accessors ... kept as read); "" or nullopt clears the name.
std::unique_ptr<Command> renameNode(model::NodeId node, std::optional<std::string> name);
// Any representation; refused for the root (node 0 has no transform) and for counts or scales
// that do not fit the dimension. Mergeable: consecutive edits of one node's transform within
// History's merge window become one undo step (dragging a gizmo).
std::unique_ptr<Command> setTransform(model::NodeId node, model::NodeTransform transform);
// The same placement in another representation: Basis, or RotorScale when the basis is
// orthogonal with positive determinant (refused otherwise), or None when it is the identity.
// The conversion is computed from the transform the node has when the command first applies,
// so a command built early never writes back a stale placement.
std::unique_ptr<Command> convertTransform(model::NodeId node, model::NodeTransform::Form form);
std::unique_ptr<Command> setVisible(model::NodeId node, std::optional<bool> visible);
// Make a bone: the parent must be a bone or a skeleton, and the node must have no other
// component. Make a skeleton: no other component, not itself inside a skeleton's bone chain.
// Clear: refused while a skeleton's joints use the bone or bones hang below it.
std::unique_ptr<Command> makeBone(model::NodeId node);
std::unique_ptr<Command> makeSkeleton(model::NodeId node);
std::unique_ptr<Command> clearComponent(model::NodeId node);
// Bone properties; nullopt clears. length >= 0, mass >= 0, shape must exist and needs a length.
std::unique_ptr<Command> setBoneLength(model::NodeId bone, std::optional<double> length);
std::unique_ptr<Command> setBoneMass(model::NodeId bone, std::optional<double> mass);
std::unique_ptr<Command> setBoneShape(model::NodeId bone, model::ShapeId shape);
// Skeleton joints: each slot is a bone of this skeleton or none; repeats allowed. Bind poses
// keep one entry per slot: inserting a slot inserts an identity entry into every pose,
// removing and moving slots do the same to the poses. setJoints keeps the slot count while the
// skeleton has bind poses. Refused: a slot naming a node that is not a bone of this skeleton, and
// a slot that does not exist (insertJoint may append). Accepted although the validator reports
// it: an order in which the first listings of the bones do not increase by node index or list a
// child before its parent (a swap of two slots is two moves, and the state between them is out of
// order).
std::unique_ptr<Command> setJoints(model::NodeId skeleton, std::vector<model::JointSlot> joints);
std::unique_ptr<Command> insertJoint(model::NodeId skeleton, std::size_t slot,
                                     model::JointSlot bone);
std::unique_ptr<Command> removeJoint(model::NodeId skeleton, std::size_t slot);
std::unique_ptr<Command> moveJoint(model::NodeId skeleton, std::size_t from, std::size_t to);
std::unique_ptr<Command> setJointSlot(model::NodeId skeleton, std::size_t slot,
                                      model::JointSlot bone);

// Blend amount `amount` (finite, any sign: amounts may leave [0, 1]) for shape `shape` of the
// mesh `node` shows, stored in the instance's blendAmounts (g4mf.md §10). An instance without
// its own list starts from the mesh's amounts (0 where the mesh has none), one per shape.
// Refused when the node shows no mesh, the mesh has no shape `shape`, or the amount is not
// finite. Mergeable with the next edit of the same node and shape (dragging a slider is one
// undo step); undo restores the list as it was, absent included.
std::unique_ptr<Command> setBlendAmount(model::NodeId node, std::size_t shape, double amount);
// Replaces a mesh's blend shapes and, at once, the blendAmounts of the listed mesh instances
// (merging meshes renumbers both). Refused when the mesh or a listed node (showing a mesh) is
// gone. Undo restores the shapes and amounts as they were.
using InstanceBlendAmounts = std::pair<model::NodeId, std::optional<std::vector<double>>>;
std::unique_ptr<Command> replaceBlendShapes(model::MeshId mesh,
                                            std::optional<model::BlendShapes> blend,
                                            std::vector<InstanceBlendAmounts> instanceAmounts);

// --- structure -------------------------------------------------------------------------------
// Inserts `prototype` (its id is ignored; a fresh one is assigned) as child number `index`
// (clamped) of `parent`. `created` receives the new id on the first apply only (a redo never
// writes through it, so it may point to a variable that is gone by then). A node inserted before
// a skeleton's single root bone is accepted; the validator reports it.
std::unique_ptr<Command> createNode(model::NodeId parent, std::size_t index, model::Node prototype,
                                    model::NodeId* created = nullptr);
// Adds a bone under a bone or skeleton: named, at `position` in the parent's space (default: the
// parent bone's tail, (0, parentLength, 0, ...); the origin under a skeleton or under a bone
// without a length), with `length` (default: the parent's length, else 0.1 m).
std::unique_ptr<Command> addBone(model::NodeId parent, std::string name,
                                 std::optional<std::vector<double>> position,
                                 std::optional<double> length, model::NodeId* created = nullptr);
// Removes the node and its subtree, moving them into the command (ids come back on undo).
// Joint slots that pointed into the subtree become none, and are restored on undo. Refused for
// the root. Deleting one of two root bones can leave the other one behind a sibling; that is
// accepted and the validator reports it.
// Not rewritten: node indices inside JSON HyperRig keeps without interpreting it (extensions,
// extras, the physics object's trigger "nodes", unknown top-level data). Those are file indices;
// the nodes after the deleted ones move up in document order, so such an index then names
// another node, or none. Only the model's own references (parents, children, joints) follow.
std::unique_ptr<Command> deleteNode(model::NodeId node);
// Copies the subtree with fresh ids and unique names, inserted right after the original (and
// appended to document order, so existing indices stay). A copied skeleton's joints name the
// copied bones. Not rewritten: node indices inside kept JSON (extensions, extras, physics); the
// copies carry that JSON as it was, so its indices still name the original's nodes.
std::unique_ptr<Command> duplicateNode(model::NodeId node, model::NodeId* created = nullptr);
// Moves `node` under `parent` so that it ends up at position `index` among the new siblings
// (counted without the node; clamped; nullopt = last). Keeps the world placement by adjusting
// the local transform unless `keepLocal`. Refused for the root, for a parent inside the node's
// subtree, where G4MF's bone rules would break (a bone must stay under a bone or skeleton, a
// skeleton must not sit under a bone), and for a bone that fills a joints slot of a skeleton it
// would leave. Moving within the same parent reorders. Accepted although the validator reports
// it: a node placed before a skeleton's single root bone, and a bone moved below a bone with a
// higher node index, so that its skeleton's joints list a child before its parent.
std::unique_ptr<Command> reparentNode(model::NodeId node, model::NodeId parent,
                                      std::optional<std::size_t> index, bool keepLocal = false);

} // namespace hyperrig::core::edit
