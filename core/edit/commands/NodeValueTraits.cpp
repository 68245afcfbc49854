#include "core/edit/commands/NodeValueTraits.h"

#include "core/model/NameRules.h"

namespace hyperrig::core::edit {
namespace {

Result<void> requireNoComponent(const model::Document& document, const model::Node& node) {
    if (std::holds_alternative<std::monostate>(node.component))
        return {};
    return Error(nodeLabel(document, node.id) + " already is " + componentKind(node.component) +
                 "; a node has at most one component");
}

Result<void> requireBone(const model::Document& document, const model::Node& node) {
    if (node.isBone())
        return {};
    return Error(nodeLabel(document, node.id) + " is not a bone");
}

// The first bone among `node`'s children: bones need a bone or skeleton parent, so such a
// child pins the parent's component.
const model::Node* firstBoneChild(const model::Document& document, const model::Node& node) {
    for (model::NodeId child : node.children) {
        const model::Node* item = document.nodes.find(child);
        if (item && item->isBone())
            return item;
    }
    return nullptr;
}

} // namespace

Result<void> RenameTraits::check(const model::Document& document, const model::Node& node,
                                 const Value& value) {
    if (!value)
        return {};
    return model::checkNewName(document, *value, node.id);
}

Result<void> TransformTraits::check(const model::Document& document, const model::Node& node,
                                    const Value& value) {
    return checkNodeTransform(document, node.id, value);
}

Result<void> MakeBoneTraits::check(const model::Document& document, const model::Node& node,
                                   const Value&) {
    auto vacant = requireNoComponent(document, node);
    if (!vacant)
        return vacant;
    const std::string label = nodeLabel(document, node.id);
    if (!document.nodes.find(node.parent))
        return Error(label + " has no parent; a bone must be under a bone or a skeleton");
    if (!parentTakesBone(document, node.parent))
        return Error(label + " is under " + nodeLabel(document, node.parent) +
                     ", which is neither a bone nor a skeleton");
    for (model::NodeId child : node.children)
        if (const model::Node* item = document.nodes.find(child); item && item->isSkeleton())
            return Error(label + " has skeleton " + nodeLabel(document, child) +
                         " below it; a skeleton inside another skeleton's bone chain would give "
                         "its bones two skeletons");
    return {};
}

Result<void> MakeSkeletonTraits::check(const model::Document& document, const model::Node& node,
                                       const Value&) {
    auto vacant = requireNoComponent(document, node);
    if (!vacant)
        return vacant;
    if (!parentTakesSkeleton(document, node.parent))
        return Error(nodeLabel(document, node.id) + " is under bone " +
                     nodeLabel(document, node.parent) +
                     "; a skeleton inside another skeleton's bone chain would give its bones "
                     "two skeletons");
    return {};
}

Result<void> ClearComponentTraits::check(const model::Document& document, const model::Node& node,
                                         const Value&) {
    const std::string label = nodeLabel(document, node.id);
    if (std::holds_alternative<std::monostate>(node.component))
        return Error(label + " has no component to clear");
    if (node.isBone()) {
        if (auto use = findJointUse(document, node.id))
            return Error(label + " fills joints slot " + std::to_string(use->slot) +
                         " of skeleton " + nodeLabel(document, use->skeleton) +
                         "; remove it from the joints first");
    }
    if (node.isBone() || node.isSkeleton()) {
        if (const model::Node* child = firstBoneChild(document, node))
            return Error("bone " + nodeLabel(document, child->id) + " hangs below " + label +
                         ", and a bone's parent must be a bone or a skeleton; move or clear it "
                         "first");
    }
    return {};
}

Result<void> BoneLengthTraits::check(const model::Document& document, const model::Node& node,
                                     const Value& value) {
    auto bone = requireBone(document, node);
    if (!bone)
        return bone;
    auto valid = checkBoneNumber(value, "length", "metres");
    if (!valid)
        return std::move(valid).withContext(nodeLabel(document, node.id));
    if (!value && node.bone()->shape)
        return Error(nodeLabel(document, node.id) +
                     " has a shape, which sits at the middle of the length; clear the shape "
                     "before the length");
    return {};
}

Result<void> BoneMassTraits::check(const model::Document& document, const model::Node& node,
                                   const Value& value) {
    auto bone = requireBone(document, node);
    if (!bone)
        return bone;
    return checkBoneNumber(value, "mass", "kilograms").withContext(nodeLabel(document, node.id));
}

Result<void> BoneShapeTraits::check(const model::Document& document, const model::Node& node,
                                    const Value& value) {
    auto bone = requireBone(document, node);
    if (!bone)
        return bone;
    if (!value)
        return {};
    if (!document.shapes.find(value))
        return Error(nodeLabel(document, node.id) + ": the shape no longer exists");
    if (!node.bone()->length)
        return Error(nodeLabel(document, node.id) +
                     " has no length; a bone's shape sits at the middle of its length, so set "
                     "the length first");
    return {};
}

Result<void> JointsTraits::check(const model::Document& document, const model::Node& node,
                                 const Value& value) {
    const std::string label = nodeLabel(document, node.id);
    const model::Skeleton* skeleton = node.skeleton();
    if (!skeleton)
        return Error(label + " is not a skeleton");
    for (std::size_t slot = 0; slot < value.size(); ++slot) {
        auto bone = checkJointBone(document, node.id, value[slot]);
        if (!bone)
            return std::move(bone).withContext("joints slot " + std::to_string(slot));
    }
    if (!skeleton->bindPoses.empty() && value.size() != skeleton->joints.size())
        return Error(label +
                     " has bind poses with one entry per joints slot, so the slot count "
                     "must stay " +
                     std::to_string(skeleton->joints.size()) + " (not " +
                     std::to_string(value.size()) +
                     "); insert or remove single slots to change it");
    return {};
}

} // namespace hyperrig::core::edit
