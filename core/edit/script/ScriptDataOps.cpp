#include "core/edit/commands/DataCommandSupport.h"
#include "core/edit/commands/DataCommands.h"
#include "core/edit/script/ScriptAddress.h"
#include "core/edit/script/ScriptOps.h"

#include <limits>

namespace hyperrig::core::edit {
namespace {

using CommandResult = Result<std::unique_ptr<Command>>;

Result<model::MeshId> mesh(const ScriptFields& fields, const model::Document& document) {
    return resolveMesh(document, fields.at("mesh"), "'mesh'");
}

Result<model::NodeId> skeleton(const ScriptFields& fields, const model::Document& document) {
    return resolveNode(document, fields.at("skeleton"), "'skeleton'");
}

// A group by index, or by its current name in the skin's groupNames.
Result<std::size_t> group(const ScriptFields& fields, const model::Document& document,
                          model::MeshId target) {
    const model::OrderedJson& value = fields.at("group");
    if (isIndex(value))
        return value.get<std::size_t>();
    if (!value.is_string())
        return Error("'group' must be a group index or a group name");
    const std::string name = value.get<std::string>();
    const model::Mesh& item = document.mesh(target);
    if (item.skin && item.skin->groupNames) {
        const auto& names = *item.skin->groupNames;
        for (std::size_t g = 0; g < names.size(); ++g)
            if (names[g] == name)
                return g;
    }
    return Error("'group': mesh " + describeMesh(document, target) + " has no group named '" +
                 name + "'");
}

CommandResult buildRenameGroup(const ScriptFields& fields, const model::Document& document) {
    auto target = mesh(fields, document);
    if (!target)
        return target.error();
    auto index = group(fields, document, *target);
    if (!index)
        return index.error();
    auto name = fields.string("name");
    if (!name)
        return name.error();
    return renameGroup(*target, *index, std::move(*name));
}

CommandResult buildRenumberGroups(const ScriptFields& fields, const model::Document& document) {
    auto target = mesh(fields, document);
    if (!target)
        return target.error();
    const model::OrderedJson& list = fields.at("newIndex");
    if (!list.is_array())
        return Error("'newIndex' must be an array of group indices");
    std::vector<std::uint32_t> newIndex;
    newIndex.reserve(list.size());
    for (const auto& item : list) {
        if (!isIndex(item) || item.get<std::uint64_t>() > std::numeric_limits<std::uint32_t>::max())
            return Error("'newIndex' must be an array of group indices");
        newIndex.push_back(item.get<std::uint32_t>());
    }
    return renumberGroups(*target, std::move(newIndex));
}

CommandResult buildReorderGroup(const ScriptFields& fields, const model::Document& document) {
    auto target = mesh(fields, document);
    if (!target)
        return target.error();
    auto from = fields.index("from");
    if (!from)
        return from.error();
    auto to = fields.index("to");
    if (!to)
        return to.error();
    return reorderGroup(*target, *from, *to);
}

CommandResult buildAddBindPose(const ScriptFields& fields, const model::Document& document) {
    auto target = skeleton(fields, document);
    if (!target)
        return target.error();
    auto type = fields.poseType("poseType");
    if (!type)
        return type.error();
    return addBindPose(*target, *type);
}

CommandResult buildRemoveBindPose(const ScriptFields& fields, const model::Document& document) {
    auto target = skeleton(fields, document);
    if (!target)
        return target.error();
    auto type = fields.poseType("poseType");
    if (!type)
        return type.error();
    return removeBindPose(*target, *type);
}

CommandResult buildSetBindPoseType(const ScriptFields& fields, const model::Document& document) {
    auto target = skeleton(fields, document);
    if (!target)
        return target.error();
    auto from = fields.poseType("from");
    if (!from)
        return from.error();
    auto to = fields.poseType("to");
    if (!to)
        return to.error();
    return setBindPoseType(*target, *from, *to);
}

CommandResult buildSetBindPoseEntry(const ScriptFields& fields, const model::Document& document) {
    auto target = skeleton(fields, document);
    if (!target)
        return target.error();
    auto type = fields.poseType("poseType");
    if (!type)
        return type.error();
    auto slot = fields.index("slot");
    if (!slot)
        return slot.error();
    auto position = fields.numbers("position");
    if (!position)
        return position.error();
    auto basis = fields.numbers("basis");
    if (!basis)
        return basis.error();
    model::JointPose entry;
    entry.position = std::move(*position);
    entry.basis = std::move(*basis);
    return setBindPoseEntry(*target, *type, *slot, std::move(entry));
}

CommandResult buildCreateShape(const ScriptFields& fields, const model::Document&) {
    std::optional<std::string> name;
    if (fields.has("name")) {
        auto given = fields.stringOrNull("name");
        if (!given)
            return given.error();
        name = std::move(*given);
    }
    auto value = fields.object("value");
    if (!value)
        return value.error();
    return createShape(std::move(name), std::move(*value));
}

CommandResult buildEditShape(const ScriptFields& fields, const model::Document& document) {
    auto shape = resolveShape(document, fields.at("shape"), "'shape'");
    if (!shape)
        return shape.error();
    auto value = fields.object("value");
    if (!value)
        return value.error();
    return editShape(*shape, std::move(*value));
}

CommandResult buildRenameShape(const ScriptFields& fields, const model::Document& document) {
    auto shape = resolveShape(document, fields.at("shape"), "'shape'");
    if (!shape)
        return shape.error();
    auto name = fields.stringOrNull("name");
    if (!name)
        return name.error();
    return renameShape(*shape, std::move(*name));
}

CommandResult buildRemoveShape(const ScriptFields& fields, const model::Document& document) {
    auto shape = resolveShape(document, fields.at("shape"), "'shape'");
    if (!shape)
        return shape.error();
    return removeShape(*shape);
}

} // namespace

const std::vector<ScriptOp>& scriptDataOps() {
    static const std::vector<ScriptOp> ops{
        {"renameGroup", {"mesh", "group", "name"}, {}, &buildRenameGroup},
        {"renumberGroups", {"mesh", "newIndex"}, {}, &buildRenumberGroups},
        {"reorderGroup", {"mesh", "from", "to"}, {}, &buildReorderGroup},
        {"addBindPose", {"skeleton", "poseType"}, {}, &buildAddBindPose},
        {"removeBindPose", {"skeleton", "poseType"}, {}, &buildRemoveBindPose},
        {"setBindPoseType", {"skeleton", "from", "to"}, {}, &buildSetBindPoseType},
        {"setBindPoseEntry",
         {"skeleton", "poseType", "slot", "position", "basis"},
         {},
         &buildSetBindPoseEntry},
        {"createShape", {"value"}, {"name"}, &buildCreateShape},
        {"editShape", {"shape", "value"}, {}, &buildEditShape},
        {"renameShape", {"shape", "name"}, {}, &buildRenameShape},
        {"removeShape", {"shape"}, {}, &buildRemoveShape},
    };
    return ops;
}

} // namespace hyperrig::core::edit
