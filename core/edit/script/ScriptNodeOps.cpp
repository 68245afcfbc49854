#include "core/edit/commands/NodeCommands.h"
#include "core/edit/script/ScriptAddress.h"
#include "core/edit/script/ScriptOpFields.h"
#include "core/edit/script/ScriptOps.h"
#include "core/model/ItemLabels.h"

#include <limits>

namespace hyperrig::core::edit {
namespace {

using CommandResult = Result<std::unique_ptr<Command>>;

// The many ops that take just {"node"}.
template <std::unique_ptr<Command> (*Factory)(model::NodeId)>
CommandResult nodeOnly(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(Factory, nodeField(fields, document, "node"));
}

CommandResult buildRename(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&renameNode, nodeField(fields, document, "node"),
                             fields.stringOrNull("name"));
}

Result<model::NodeTransform::Form> transformForm(const ScriptFields& fields) {
    auto form = fields.string("form");
    if (!form)
        return form.error();
    if (*form == "none")
        return model::NodeTransform::Form::None;
    if (*form == "basis")
        return model::NodeTransform::Form::Basis;
    if (*form == "rotorScale")
        return model::NodeTransform::Form::RotorScale;
    return Error("'form' must be one of \"none\", \"basis\", \"rotorScale\"");
}

CommandResult buildConvertTransform(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&convertTransform, nodeField(fields, document, "node"),
                             transformForm(fields));
}

CommandResult buildSetVisible(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&setVisible, nodeField(fields, document, "node"),
                             fields.booleanOrNull("visible"));
}

template <std::unique_ptr<Command> (*Factory)(model::NodeId, std::optional<double>)>
CommandResult boneNumber(const ScriptFields& fields, const model::Document& document,
                         std::string_view key) {
    return commandFromFields(Factory, nodeField(fields, document, "node"),
                             fields.numberOrNull(key));
}

// A shape, or null for none.
Result<model::ShapeId> shapeOrNone(const ScriptFields& fields, const model::Document& document) {
    if (fields.isNull("shape"))
        return model::ShapeId{};
    return shapeField(fields, document, "shape");
}

CommandResult buildSetBoneShape(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&setBoneShape, nodeField(fields, document, "node"),
                             shapeOrNone(fields, document));
}

Result<std::vector<model::JointSlot>> jointsList(const ScriptFields& fields,
                                                 const model::Document& document) {
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
    return joints;
}

CommandResult buildSetJoints(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&setJoints, nodeField(fields, document, "skeleton"),
                             jointsList(fields, document));
}

// insertJoint and setJointSlot: {"skeleton", "slot", "bone"}.
template <std::unique_ptr<Command> (*Factory)(model::NodeId, std::size_t, model::JointSlot)>
CommandResult jointSlotOp(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(Factory, nodeField(fields, document, "skeleton"), fields.index("slot"),
                             nodeOrNullField(fields, document, "bone"));
}

CommandResult buildRemoveJoint(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&removeJoint, nodeField(fields, document, "skeleton"),
                             fields.index("slot"));
}

CommandResult buildMoveJoint(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&moveJoint, nodeField(fields, document, "skeleton"),
                             fields.index("from"), fields.index("to"));
}

CommandResult buildAddNode(const ScriptFields& fields, const model::Document& document) {
    auto parent = nodeField(fields, document, "parent");
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
    auto parent = nodeField(fields, document, "parent");
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
    auto target = nodeField(fields, document, "node");
    if (!target)
        return target.error();
    auto parent = nodeField(fields, document, "parent");
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

// "shape": the index of a blend shape, or its name among the shapes of the mesh the node shows.
Result<std::size_t> blendShapeField(const ScriptFields& fields, const model::Document& document,
                                    Result<model::NodeId> node) {
    const model::OrderedJson& value = fields.at("shape");
    if (!value.is_string())
        return fields.index("shape");
    if (!node)
        return node.error();
    const auto* shown = document.node(*node).meshInstance();
    const model::Mesh* mesh = shown ? document.meshes.find(shown->mesh) : nullptr;
    if (mesh && mesh->blend)
        for (std::size_t s = 0; s < mesh->blend->shapes.size(); ++s)
            if (mesh->blend->shapes[s].name == value.get<std::string>())
                return s;
    return Error("'shape': the mesh of node " + model::describeNode(document, *node) +
                 " has no blend shape named \"" + value.get<std::string>() + "\"");
}

CommandResult buildSetBlendAmount(const ScriptFields& fields, const model::Document& document) {
    auto node = nodeField(fields, document, "node");
    auto amount = fields.numberOrNull("amount");
    Result<double> finite = Error("'amount' must be a number");
    if (amount && *amount)
        finite = **amount;
    else if (!amount)
        finite = amount.error();
    return commandFromFields(&setBlendAmount, node, blendShapeField(fields, document, node),
                             std::move(finite));
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
        {"insertJoint", {"skeleton", "slot", "bone"}, {}, &jointSlotOp<&insertJoint>},
        {"removeJoint", {"skeleton", "slot"}, {}, &buildRemoveJoint},
        {"moveJoint", {"skeleton", "from", "to"}, {}, &buildMoveJoint},
        {"setJointSlot", {"skeleton", "slot", "bone"}, {}, &jointSlotOp<&setJointSlot>},
        {"addNode", {"parent"}, {"name", "index"}, &buildAddNode},
        {"addBone", {"parent", "name"}, {"position", "length"}, &buildAddBone},
        {"deleteNode", {"node"}, {}, &nodeOnly<&deleteNode>},
        {"duplicateNode", {"node"}, {}, &nodeOnly<&duplicate>},
        {"reparent", {"node", "parent"}, {"index", "keepLocal"}, &buildReparent},
        {"setBlendAmount", {"node", "shape", "amount"}, {}, &buildSetBlendAmount},
    };
    return ops;
}

} // namespace hyperrig::core::edit
