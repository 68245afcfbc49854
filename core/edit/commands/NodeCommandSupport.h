#pragma once

#include "core/base/Result.h"
#include "core/model/Document.h"

#include <cstddef>
#include <optional>
#include <string>

namespace hyperrig::core::edit {

// Helpers shared by the node value, joint and structure commands: how nodes are named in
// messages, the G4MF placement rules for bones and skeletons, and what undo data costs.

// "'Hips'", or "#3" for an unnamed node (its position in document order, as scripts address it).
std::string nodeLabel(const model::Document& document, model::NodeId node);
// "a bone", "a skeleton", "a mesh instance", ... for "'Body' already is a mesh instance".
std::string componentKind(const model::Component& component);

// G4MF skeleton rules. A bone's parent is a bone or the skeleton node, so every bone reaches its
// skeleton through bones only. A skeleton never sits directly under a bone: its own bones would
// then also continue the outer skeleton's chain and belong to two skeletons.
bool parentTakesBone(const model::Document& document, model::NodeId parent);
bool parentTakesSkeleton(const model::Document& document, model::NodeId parent);

// Checks a transform: a form carries only its own properties, numbers are finite, and counts and
// scales fit the dimension (NodeTransform::toAffine).
Result<void> checkTransformValues(int dimension, const model::NodeTransform& transform);
// checkTransformValues for `node`, naming it; also refuses any transform on the root (G4MF's
// node 0 carries none).
Result<void> checkNodeTransform(const model::Document& document, model::NodeId node,
                                const model::NodeTransform& transform);

// A bone length or mass: absent, or a finite number >= 0 (G4MF's -1 "undefined" is an in-memory
// convention of other tools; absence says that here). `what` is "length" or "mass".
Result<void> checkBoneNumber(const std::optional<double>& value, const char* what,
                             const char* unit);
// All of a bone's values: length and mass as above, and a shape that exists and has a length to
// sit on (its origin is at the middle of the length).
Result<void> checkBoneValues(const model::Document& document, const model::Bone& bone);

// Whether `bone` may fill a joints slot of `skeleton`: none, or a bone whose chain of bones leads
// to this skeleton.
Result<void> checkJointBone(const model::Document& document, model::NodeId skeleton,
                            const model::JointSlot& bone);

// A skeleton whose joints use `bone`, and the first slot that does.
struct JointUse {
    model::NodeId skeleton;
    std::size_t slot = 0;
};
std::optional<JointUse> findJointUse(const model::Document& document, model::NodeId bone);

// The bind-pose entry of a new joints slot: the skeleton's own origin and axes, so a slot
// inserted into a pose does not move anything until the pose is recaptured or edited.
model::JointPose identityJointPose(int dimension);

// Undo cost accounting for Command::byteSize(): heap bytes held by a value (capacities, so a
// shrunk vector still counts what it keeps), and sizeof plus heap bytes for a whole node.
std::size_t heapBytesOf(const std::string& text);
std::size_t heapBytesOf(const model::OrderedJson& json);
std::size_t heapBytesOf(const model::NodeTransform& transform);
std::size_t heapBytesOf(const model::Component& component);
std::size_t nodeBytes(const model::Node& node);

} // namespace hyperrig::core::edit
