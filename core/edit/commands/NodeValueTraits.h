#pragma once

#include "core/edit/ChangeSet.h"
#include "core/edit/commands/NodeCommandSupport.h"
#include "core/model/Document.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::edit {

// Traits for NodeValueCommand (see NodeValueCommand.h for the shape): one per single-value node
// edit. get/set run only after check() accepted the node (set also on revert, where the node is
// back in the state check() saw), so they may assume the component is there.

struct RenameTraits {
    using Value = std::optional<std::string>;
    static constexpr std::uint32_t kField = ChangeSet::Name;
    static constexpr bool kMergeable = false;
    static std::string name() { return "Rename Node"; }
    static Value get(const model::Node& node) { return node.name; }
    static void set(model::Node& node, const Value& value) { node.name = value; }
    static Result<void> check(const model::Document& document, const model::Node& node,
                              const Value& value);
    static std::size_t bytes(const Value& value) { return value ? heapBytesOf(*value) : 0; }
};

struct TransformTraits {
    using Value = model::NodeTransform;
    static constexpr std::uint32_t kField = ChangeSet::Transform;
    // Dragging a gizmo sends one edit per frame; History folds them into one undo step.
    static constexpr bool kMergeable = true;
    static std::string name() { return "Set Transform"; }
    static Value get(const model::Node& node) { return node.transform; }
    static void set(model::Node& node, const Value& value) { node.transform = value; }
    static Result<void> check(const model::Document& document, const model::Node& node,
                              const Value& value);
    static std::size_t bytes(const Value& value) { return heapBytesOf(value); }
};

struct VisibleTraits {
    using Value = std::optional<bool>;
    static constexpr std::uint32_t kField = ChangeSet::Visible;
    static constexpr bool kMergeable = false;
    static std::string name() { return "Set Visible"; }
    static Value get(const model::Node& node) { return node.visible; }
    static void set(model::Node& node, const Value& value) { node.visible = value; }
    static Result<void> check(const model::Document&, const model::Node&, const Value&) {
        return {};
    }
    static std::size_t bytes(const Value&) { return 0; }
};

// Make Bone, Make Skeleton and Clear Component all swap the whole component (undo of a clear
// must bring back the joints, poses and unknown properties of what was cleared).
struct ComponentTraitsBase {
    using Value = model::Component;
    static constexpr std::uint32_t kField = ChangeSet::Component;
    static constexpr bool kMergeable = false;
    static Value get(const model::Node& node) { return node.component; }
    static void set(model::Node& node, const Value& value) { node.component = value; }
    static std::size_t bytes(const Value& value) { return heapBytesOf(value); }
};

struct MakeBoneTraits : ComponentTraitsBase {
    static std::string name() { return "Make Bone"; }
    static Result<void> check(const model::Document& document, const model::Node& node,
                              const Value& value);
};

struct MakeSkeletonTraits : ComponentTraitsBase {
    static std::string name() { return "Make Skeleton"; }
    static Result<void> check(const model::Document& document, const model::Node& node,
                              const Value& value);
};

struct ClearComponentTraits : ComponentTraitsBase {
    static std::string name() { return "Clear Component"; }
    static Result<void> check(const model::Document& document, const model::Node& node,
                              const Value& value);
};

struct BoneLengthTraits {
    using Value = std::optional<double>;
    static constexpr std::uint32_t kField = ChangeSet::BoneProperties;
    static constexpr bool kMergeable = true; // a number field's arrow steps
    static std::string name() { return "Set Bone Length"; }
    static Value get(const model::Node& node) { return node.bone()->length; }
    static void set(model::Node& node, const Value& value) { node.bone()->length = value; }
    static Result<void> check(const model::Document& document, const model::Node& node,
                              const Value& value);
    static std::size_t bytes(const Value&) { return 0; }
};

struct BoneMassTraits {
    using Value = std::optional<double>;
    static constexpr std::uint32_t kField = ChangeSet::BoneProperties;
    static constexpr bool kMergeable = true; // a number field's arrow steps
    static std::string name() { return "Set Bone Mass"; }
    static Value get(const model::Node& node) { return node.bone()->mass; }
    static void set(model::Node& node, const Value& value) { node.bone()->mass = value; }
    static Result<void> check(const model::Document& document, const model::Node& node,
                              const Value& value);
    static std::size_t bytes(const Value&) { return 0; }
};

struct BoneShapeTraits {
    using Value = model::ShapeId;
    static constexpr std::uint32_t kField = ChangeSet::BoneProperties;
    static constexpr bool kMergeable = false;
    static std::string name() { return "Set Bone Shape"; }
    static Value get(const model::Node& node) { return node.bone()->shape; }
    static void set(model::Node& node, const Value& value) { node.bone()->shape = value; }
    static Result<void> check(const model::Document& document, const model::Node& node,
                              const Value& value);
    static std::size_t bytes(const Value&) { return 0; }
};

// The whole joints list. Bind poses keep one entry per slot and say nothing about which bone a
// slot held, so they stay as they are; that is only consistent when the slot count is unchanged.
struct JointsTraits {
    using Value = std::vector<model::JointSlot>;
    static constexpr std::uint32_t kField = ChangeSet::Joints;
    static constexpr bool kMergeable = false;
    static std::string name() { return "Set Joints"; }
    static Value get(const model::Node& node) { return node.skeleton()->joints; }
    static void set(model::Node& node, const Value& value) { node.skeleton()->joints = value; }
    static Result<void> check(const model::Document& document, const model::Node& node,
                              const Value& value);
    static std::size_t bytes(const Value& value) {
        return value.capacity() * sizeof(model::JointSlot);
    }
};

} // namespace hyperrig::core::edit
