#include "core/edit/commands/NodeCommands.h"
#include "core/edit/script/ScriptAddress.h"
#include "core/edit/script/ScriptOps.h"

#include <limits>

namespace hyperrig::core::edit {
namespace {

using CommandResult = Result<std::unique_ptr<Command>>;

Result<model::NodeId> node(const ScriptFields& fields, const model::Document& document,
                           std::string_view key) {
    return resolveNode(document, fields.at(key), fieldLabel(key));
}

Result<model::JointSlot> slotBone(const ScriptFields& fields, const model::Document& document,
                                  std::string_view key) {
    return resolveNodeOrNull(document, fields.at(key), fieldLabel(key));
}

// The many ops that take just {"node"}.
template <std::unique_ptr<Command> (*Factory)(model::NodeId)>
CommandResult nodeOnly(const ScriptFields& fields, const model::Document& document) {
    auto target = node(fields, document, "node");
    if (!target)
        return target.error();
    return Factory(*target);
}

CommandResult buildRename(const ScriptFields& fields, const model::Document& document) {
    auto target = node(fields, document, "node");
    if (!target)
        return target.error();
    auto name = fields.stringOrNull("name");
    if (!name)
        return name.error();
    return renameNode(*target, *name);
}

CommandResult buildConvertTransform(const ScriptFields& fields, const model::Document& document) {
    auto target = node(fields, document, "node");
    if (!target)
        return target.error();
    auto form = fields.string("form");
    if (!form)
        return form.error();
    model::NodeTransform::Form value = model::NodeTransform::Form::None;
    if (*form == "basis")
        value = model::NodeTransform::Form::Basis;
    else if (*form == "rotorScale")
        value = model::NodeTransform::Form::RotorScale;
    else if (*form != "none")
        return Error("'form' must be one of \"none\", \"basis\", \"rotorScale\"");
    return convertTransform(*target, value);
}

CommandResult buildSetVisible(const ScriptFields& fields, const model::Document& document) {
    auto target = node(fields, document, "node");
    if (!target)
        return target.error();
    auto visible = fields.booleanOrNull("visible");
    if (!visible)
        return visible.error();
    return setVisible(*target, *visible);
}

template <std::unique_ptr<Command> (*Factory)(model::NodeId, std::optional<double>)>
CommandResult boneNumber(const ScriptFields& fields, const model::Document& document,
                         std::string_view key) {
    auto target = node(fields, document, "node");
    if (!target)
        return target.error();
    auto value = fields.numberOrNull(key);
    if (!value)
        return value.error();
    return Factory(*target, *value);
}

CommandResult buildSetBoneShape(const ScriptFields& fields, const model::Document& document) {
    auto target = node(fields, document, "node");
    if (!target)
        return target.error();
    model::ShapeId shape;
    if (!fields.isNull("shape")) {
        auto found = resolveShape(document, fields.at("shape"), "'shape'");
        if (!found)
            return found.error();
        shape = *found;
    }
    return setBoneShape(*target, shape);
}

CommandResult buildSetJoints(const ScriptFields& fields, const model::Document& document) {
    auto skeleton = node(fields, document, "skeleton");
    if (!skeleton)
        return skeleton.error();
    const model::OrderedJson& list = fields.at("joints");
    if (!list.is_array())
        return Error("'joints' must be an array of bone names, \"#index\" or null");
    std::vector<model::JointSlot> joints;
    joints.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto bone = resolveNodeOrNull(document, list[i], "'joints'[" + std::to_string(i) + "]");
        if (!bone)
            return bone.error();
        joints.push_back(*bone);
    }
    return setJoints(*skeleton, std::move(joints));
}

CommandResult buildInsertJoint(const ScriptFields& fields, const model::Document& document) {
    auto skeleton = node(fields, document, "skeleton");
    if (!skeleton)
        return skeleton.error();
    auto slot = fields.index("slot");
    if (!slot)
        return slot.error();
    auto bone = slotBone(fields, document, "bone");
    if (!bone)
        return bone.error();
    return insertJoint(*skeleton, *slot, *bone);
}

CommandResult buildSetJointSlot(const ScriptFields& fields, const model::Document& document) {
    auto skeleton = node(fields, document, "skeleton");
    if (!skeleton)
        return skeleton.error();
    auto slot = fields.index("slot");
    if (!slot)
        return slot.error();
    auto bone = slotBone(fields, document, "bone");
    if (!bone)
        return bone.error();
    return setJointSlot(*skeleton, *slot, *bone);
}

CommandResult buildRemoveJoint(const ScriptFields& fields, const model::Document& document) {
    auto skeleton = node(fields, document, "skeleton");
    if (!skeleton)
        return skeleton.error();
    auto slot = fields.index("slot");
    if (!slot)
        return slot.error();
    return removeJoint(*skeleton, *slot);
}

CommandResult buildMoveJoint(const ScriptFields& fields, const model::Document& document) {
    auto skeleton = node(fields, document, "skeleton");
    if (!skeleton)
        return skeleton.error();
    auto from = fields.index("from");
    if (!from)
        return from.error();
    auto to = fields.index("to");
    if (!to)
        return to.error();
    return moveJoint(*skeleton, *from, *to);
}

CommandResult buildAddNode(const ScriptFields& fields, const model::Document& document) {
    auto parent = node(fields, document, "parent");
    if (!parent)
        return parent.error();
    model::Node prototype;
    if (fields.has("name")) {
        auto name = fields.stringOrNull("name");
        if (!name)
            return name.error();
        if (*name && !(*name)->empty())
            prototype.name = *name;
    }
    std::size_t index = std::numeric_limits<std::size_t>::max(); // clamped: the last child
    if (fields.has("index")) {
        auto given = fields.index("index");
        if (!given)
            return given.error();
        index = *given;
    }
    return createNode(*parent, index, std::move(prototype));
}

CommandResult buildAddBone(const ScriptFields& fields, const model::Document& document) {
    auto parent = node(fields, document, "parent");
    if (!parent)
        return parent.error();
    auto name = fields.string("name");
    if (!name)
        return name.error();
    std::optional<std::vector<double>> position;
    if (fields.has("position")) {
        auto given = fields.numbers("position");
        if (!given)
            return given.error();
        if (given->size() != static_cast<std::size_t>(document.dimension()))
            return Error("'position' needs " + std::to_string(document.dimension()) +
                         " numbers in a " + std::to_string(document.dimension()) +
                         "D document, not " + std::to_string(given->size()));
        position = std::move(*given);
    }
    std::optional<double> length;
    if (fields.has("length")) {
        auto given = fields.numberOrNull("length");
        if (!given)
            return given.error();
        length = *given;
    }
    return addBone(*parent, std::move(*name), std::move(position), length);
}

CommandResult buildReparent(const ScriptFields& fields, const model::Document& document) {
    auto target = node(fields, document, "node");
    if (!target)
        return target.error();
    auto parent = node(fields, document, "parent");
    if (!parent)
        return parent.error();
    std::optional<std::size_t> index;
    if (fields.has("index") && !fields.isNull("index")) {
        auto given = fields.index("index");
        if (!given)
            return Error("'index' must be a non-negative integer or null");
        index = *given;
    }
    bool keepLocal = false;
    if (fields.has("keepLocal")) {
        auto given = fields.boolean("keepLocal");
        if (!given)
            return given.error();
        keepLocal = *given;
    }
    return reparentNode(*target, *parent, index, keepLocal);
}

std::unique_ptr<Command> duplicate(model::NodeId target) {
    return duplicateNode(target);
}

} // namespace

const std::vector<ScriptOp>& scriptNodeOps() {
    static const std::vector<ScriptOp> ops{
        {"renameNode", {"node", "name"}, {}, &buildRename},
        {"setTransform", {"node"}, {"position", "basis", "rotor", "scale"}, &buildSetTransform},
        {"convertTransform", {"node", "form"}, {}, &buildConvertTransform},
        {"setVisible", {"node", "visible"}, {}, &buildSetVisible},
        {"makeBone", {"node"}, {}, &nodeOnly<&makeBone>},
        {"makeSkeleton", {"node"}, {}, &nodeOnly<&makeSkeleton>},
        {"clearComponent", {"node"}, {}, &nodeOnly<&clearComponent>},
        {"setBoneLength",
         {"node", "length"},
         {},
         [](const ScriptFields& fields, const model::Document& document) {
             return boneNumber<&setBoneLength>(fields, document, "length");
         }},
        {"setBoneMass",
         {"node", "mass"},
         {},
         [](const ScriptFields& fields, const model::Document& document) {
             return boneNumber<&setBoneMass>(fields, document, "mass");
         }},
        {"setBoneShape", {"node", "shape"}, {}, &buildSetBoneShape},
        {"setJoints", {"skeleton", "joints"}, {}, &buildSetJoints},
        {"insertJoint", {"skeleton", "slot", "bone"}, {}, &buildInsertJoint},
        {"removeJoint", {"skeleton", "slot"}, {}, &buildRemoveJoint},
        {"moveJoint", {"skeleton", "from", "to"}, {}, &buildMoveJoint},
        {"setJointSlot", {"skeleton", "slot", "bone"}, {}, &buildSetJointSlot},
        {"addNode", {"parent"}, {"name", "index"}, &buildAddNode},
        {"addBone", {"parent", "name"}, {"position", "length"}, &buildAddBone},
        {"deleteNode", {"node"}, {}, &nodeOnly<&deleteNode>},
        {"duplicateNode", {"node"}, {}, &nodeOnly<&duplicate>},
        {"reparent", {"node", "parent"}, {"index", "keepLocal"}, &buildReparent},
    };
    return ops;
}

} // namespace hyperrig::core::edit
