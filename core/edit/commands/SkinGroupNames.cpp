#include "core/edit/commands/SkinGroupNames.h"

#include "core/model/NameRules.h"

#include <algorithm>
#include <unordered_set>

namespace hyperrig::core::edit {

model::NodeId boundSkeleton(const model::Document& document, model::MeshId mesh) {
    for (model::NodeId id : document.nodes.order()) {
        const model::Node& node = document.node(id);
        const model::MeshInstance* instance = node.meshInstance();
        if (!instance || instance->mesh != mesh)
            continue;
        const model::Node* parent = document.nodes.find(node.parent);
        if (parent && parent->isSkeleton())
            return parent->id;
    }
    return {};
}

std::size_t namedGroupCapacity(const model::Document& document, model::MeshId mesh) {
    const model::Mesh& item = document.mesh(mesh);
    std::size_t count = item.skin ? item.skin->groupCount() : 0;
    if (item.skin && item.skin->groupNames)
        count = std::max(count, item.skin->groupNames->size());
    if (const model::NodeId skeleton = boundSkeleton(document, mesh))
        count = std::max(count, document.node(skeleton).skeleton()->joints.size());
    return count;
}

std::vector<std::string> skinGroupNames(const model::Document& document, model::MeshId mesh) {
    const model::Skin& skin = *document.mesh(mesh).skin;
    const std::size_t count =
        std::max(skin.groupCount(), skin.groupNames ? skin.groupNames->size() : 0);
    return groupNamesWithInference(document, mesh, count);
}

std::vector<std::string> groupNamesWithInference(const model::Document& document,
                                                 model::MeshId mesh, std::size_t count) {
    const model::Mesh& item = document.mesh(mesh);
    std::vector<std::string> names;
    if (item.skin && item.skin->groupNames)
        names = *item.skin->groupNames;
    if (names.size() >= count)
        return names;

    std::unordered_set<std::string> taken(names.begin(), names.end());
    const model::NodeId skeleton = boundSkeleton(document, mesh);
    const std::vector<model::JointSlot>* joints =
        skeleton ? &document.node(skeleton).skeleton()->joints : nullptr;
    auto unique = [&taken](const std::string& base) {
        if (!taken.count(base))
            return base;
        for (int suffix = 2;; ++suffix)
            if (std::string candidate = base + "_" + std::to_string(suffix);
                !taken.count(candidate))
                return candidate;
    };
    for (std::size_t group = names.size(); group < count; ++group) {
        std::string name;
        if (joints && group < joints->size() && (*joints)[group]) {
            const model::Node* bone = document.nodes.find(*(*joints)[group]);
            if (bone && bone->name && !bone->name->empty() && !taken.count(*bone->name) &&
                model::firstForbiddenNameCharacter(*bone->name).empty())
                name = *bone->name;
        }
        if (name.empty())
            name = unique("Group" + std::to_string(group));
        taken.insert(name);
        names.push_back(std::move(name));
    }
    return names;
}

Result<void> checkGroupNameText(const std::string& name) {
    if (name.empty())
        return Error("group names must not be empty");
    const std::string forbidden = model::firstForbiddenNameCharacter(name);
    if (!forbidden.empty())
        return Error("the group name '" + name + "' contains " + forbidden +
                     ", which G4MF forbids in names");
    return {};
}

} // namespace hyperrig::core::edit
