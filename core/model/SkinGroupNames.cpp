#include "core/model/SkinGroupNames.h"

#include "core/model/NameRules.h"

#include <algorithm>
#include <unordered_set>

namespace hyperrig::core::model {

NodeId boundSkeleton(const Document& document, MeshId mesh) {
    for (NodeId id : document.nodes.order()) {
        const Node& node = document.node(id);
        const MeshInstance* instance = node.meshInstance();
        if (!instance || instance->mesh != mesh)
            continue;
        const Node* parent = document.nodes.find(node.parent);
        if (parent && parent->isSkeleton())
            return parent->id;
    }
    return {};
}

std::size_t namedGroupCapacity(const Document& document, MeshId mesh) {
    const Mesh& item = document.mesh(mesh);
    std::size_t count = item.skin ? item.skin->groupCount() : 0;
    if (item.skin && item.skin->groupNames)
        count = std::max(count, item.skin->groupNames->size());
    if (const NodeId skeleton = boundSkeleton(document, mesh))
        count = std::max(count, document.node(skeleton).skeleton()->joints.size());
    return count;
}

std::vector<std::string> skinGroupNames(const Document& document, MeshId mesh) {
    const Skin& skin = *document.mesh(mesh).skin;
    const std::size_t count =
        std::max(skin.groupCount(), skin.groupNames ? skin.groupNames->size() : 0);
    return groupNamesWithInference(document, mesh, count);
}

std::vector<std::string> groupNamesWithInference(const Document& document, MeshId mesh,
                                                 std::size_t count) {
    const Mesh& item = document.mesh(mesh);
    std::vector<std::string> names;
    if (item.skin && item.skin->groupNames)
        names = *item.skin->groupNames;
    if (names.size() >= count)
        return names;

    std::unordered_set<std::string> taken(names.begin(), names.end());
    const NodeId skeleton = boundSkeleton(document, mesh);
    const std::vector<JointSlot>* joints =
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
            const Node* bone = document.nodes.find(*(*joints)[group]);
            if (bone && bone->name && !bone->name->empty() && !taken.count(*bone->name) &&
                firstForbiddenNameCharacter(*bone->name).empty())
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
    const std::string forbidden = firstForbiddenNameCharacter(name);
    if (!forbidden.empty())
        return Error("the group name '" + name + "' contains " + forbidden +
                     ", which G4MF forbids in names");
    return {};
}

} // namespace hyperrig::core::model
