#include "core/edit/commands/NodeCommands.h"

#include "core/edit/commands/NodeValueCommand.h"
#include "core/edit/commands/NodeValueTraits.h"

// The single-value node edits. Each is a NodeValueCommand (node id + before/after value) with the
// traits of NodeValueTraits.h; convertTransform, the joints slot edits and the structure edits
// live in NodeConvertCommand.cpp, NodeJointCommands.cpp and Structure*.cpp.

namespace hyperrig::core::edit {

std::unique_ptr<Command> renameNode(model::NodeId node, std::optional<std::string> name) {
    return std::make_unique<NodeValueCommand<RenameTraits>>(node, std::move(name));
}

std::unique_ptr<Command> setTransform(model::NodeId node, model::NodeTransform transform) {
    return std::make_unique<NodeValueCommand<TransformTraits>>(node, std::move(transform));
}

std::unique_ptr<Command> setVisible(model::NodeId node, std::optional<bool> visible) {
    return std::make_unique<NodeValueCommand<VisibleTraits>>(node, visible);
}

std::unique_ptr<Command> makeBone(model::NodeId node) {
    model::Bone bone;
    bone.extra = model::OrderedJson::object(); // as the reader gives a bone without unknown keys
    return std::make_unique<NodeValueCommand<MakeBoneTraits>>(node, std::move(bone));
}

std::unique_ptr<Command> makeSkeleton(model::NodeId node) {
    model::Skeleton skeleton;
    skeleton.extra = model::OrderedJson::object();
    return std::make_unique<NodeValueCommand<MakeSkeletonTraits>>(node, std::move(skeleton));
}

std::unique_ptr<Command> clearComponent(model::NodeId node) {
    return std::make_unique<NodeValueCommand<ClearComponentTraits>>(node, std::monostate{});
}

std::unique_ptr<Command> setBoneLength(model::NodeId bone, std::optional<double> length) {
    return std::make_unique<NodeValueCommand<BoneLengthTraits>>(bone, length);
}

std::unique_ptr<Command> setBoneMass(model::NodeId bone, std::optional<double> mass) {
    return std::make_unique<NodeValueCommand<BoneMassTraits>>(bone, mass);
}

std::unique_ptr<Command> setBoneShape(model::NodeId bone, model::ShapeId shape) {
    return std::make_unique<NodeValueCommand<BoneShapeTraits>>(bone, shape);
}

std::unique_ptr<Command> setJoints(model::NodeId skeleton, std::vector<model::JointSlot> joints) {
    return std::make_unique<NodeValueCommand<JointsTraits>>(skeleton, std::move(joints));
}

} // namespace hyperrig::core::edit
