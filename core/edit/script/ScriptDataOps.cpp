#include "core/edit/commands/DataCommandSupport.h"
#include "core/edit/commands/DataCommands.h"
#include "core/edit/script/ScriptOpFields.h"
#include "core/edit/script/ScriptOps.h"

#include <limits>

namespace hyperrig::core::edit {
namespace {

using CommandResult = Result<std::unique_ptr<Command>>;

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
    // A group name is looked up in the mesh, so the mesh is read first.
    auto target = meshField(fields, document, "mesh");
    if (!target)
        return target.error();
    return commandFromFields(&renameGroup, target, group(fields, document, *target),
                             fields.string("name"));
}

Result<std::vector<std::uint32_t>> groupNumbering(const ScriptFields& fields) {
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
    return newIndex;
}

CommandResult buildRenumberGroups(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&renumberGroups, meshField(fields, document, "mesh"),
                             groupNumbering(fields));
}

CommandResult buildReorderGroup(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&reorderGroup, meshField(fields, document, "mesh"),
                             fields.index("from"), fields.index("to"));
}

// addBindPose and removeBindPose: {"skeleton", "poseType"}.
template <std::unique_ptr<Command> (*Factory)(model::NodeId, model::PoseType)>
CommandResult poseOp(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(Factory, nodeField(fields, document, "skeleton"),
                             fields.poseType("poseType"));
}

CommandResult buildSetBindPoseType(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&setBindPoseType, nodeField(fields, document, "skeleton"),
                             fields.poseType("from"), fields.poseType("to"));
}

Result<model::JointPose> jointPose(const ScriptFields& fields) {
    auto position = fields.numbers("position");
    if (!position)
        return position.error();
    auto basis = fields.numbers("basis");
    if (!basis)
        return basis.error();
    model::JointPose entry;
    entry.position = std::move(*position);
    entry.basis = std::move(*basis);
    return entry;
}

CommandResult buildSetBindPoseEntry(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&setBindPoseEntry, nodeField(fields, document, "skeleton"),
                             fields.poseType("poseType"), fields.index("slot"), jointPose(fields));
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
    return commandFromFields(&editShape, shapeField(fields, document, "shape"),
                             fields.object("value"));
}

CommandResult buildRenameShape(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&renameShape, shapeField(fields, document, "shape"),
                             fields.stringOrNull("name"));
}

CommandResult buildRemoveShape(const ScriptFields& fields, const model::Document& document) {
    return commandFromFields(&removeShape, shapeField(fields, document, "shape"));
}

} // namespace

const std::vector<ScriptOp>& scriptDataOps() {
    static const std::vector<ScriptOp> ops{
        {"renameGroup", {"mesh", "group", "name"}, {}, &buildRenameGroup},
        {"renumberGroups", {"mesh", "newIndex"}, {}, &buildRenumberGroups},
        {"reorderGroup", {"mesh", "from", "to"}, {}, &buildReorderGroup},
        {"addBindPose", {"skeleton", "poseType"}, {}, &poseOp<&addBindPose>},
        {"removeBindPose", {"skeleton", "poseType"}, {}, &poseOp<&removeBindPose>},
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
