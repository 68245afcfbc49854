#include "core/ops/ParentMesh.h"

#include "core/edit/commands/MeshDataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/io/JsonText.h"
#include "core/model/ItemLabels.h"
#include "core/model/NameRules.h"
#include "core/model/SkinGroupNames.h"
#include "core/ops/GroupTable.h"
#include "core/ops/JointSlots.h"
#include "core/ops/SkinDataTypes.h"

#include <algorithm>
#include <numeric>

namespace hyperrig::core::ops {
namespace {

std::string nameOf(const model::Document& document, model::NodeId node) {
    const model::Node* item = document.nodes.find(node);
    return item && item->name ? *item->name : "";
}

// The names the skeleton's groups have: per joints slot, the name its other skinned meshes use,
// else the slot's bone name, else "Group<i>", unique.
GroupTable skeletonGroups(const model::Document& document, model::NodeId skeleton,
                          model::MeshId except) {
    const auto& joints = document.node(skeleton).skeleton()->joints;
    for (model::NodeId child : document.node(skeleton).children) {
        const model::MeshInstance* shown = document.node(child).meshInstance();
        if (!shown || shown->mesh == except || !document.mesh(shown->mesh).skin)
            continue;
        std::vector<GroupEntry> entries = meshGroups(document, shown->mesh, skeleton);
        for (GroupEntry& entry : entries)
            entry.used = false;
        GroupTable table(std::move(entries));
        table.growTo(joints.size(), [&](std::size_t i) { return joints[i]; });
        return table;
    }
    GroupTable table;
    for (std::size_t slot = 0; slot < joints.size(); ++slot) {
        const std::string bone = joints[slot] ? nameOf(document, *joints[slot]) : "";
        table.growTo(slot + 1, [&](std::size_t) { return joints[slot]; });
        if (!bone.empty() && model::firstForbiddenNameCharacter(bone).empty())
            table.rename(slot, table.uniqueName(bone));
    }
    return table;
}

// The bone of `skeleton` a group name means, or none.
model::JointSlot boneForName(const model::Document& document,
                             const std::vector<model::NodeId>& bones, const std::string& name) {
    for (model::NodeId bone : bones)
        if (nameOf(document, bone) == name)
            return bone;
    model::JointSlot suffixMatch;
    for (model::NodeId bone : bones) {
        const std::string boneName = nameOf(document, bone);
        if (boneName.size() > name.size() &&
            boneName.compare(boneName.size() - name.size(), name.size(), name) == 0) {
            if (suffixMatch)
                return {}; // two bones end with the name: ambiguous, so no match
            suffixMatch = bone;
        }
    }
    return suffixMatch;
}

// Per vertex: weights of groups that now share an index add up; then descending, stable.
void convergeAndSort(model::Skin& skin) {
    std::vector<std::uint32_t> offsets{0};
    std::vector<std::uint32_t> groups;
    std::vector<double> weights;
    offsets.reserve(skin.offsets.size());
    groups.reserve(skin.groups.size());
    weights.reserve(skin.weights.size());
    std::vector<std::size_t> order;
    std::vector<std::uint32_t> sortedGroups;
    std::vector<double> sortedWeights;
    for (std::size_t v = 0; v + 1 < skin.offsets.size(); ++v) {
        const std::size_t begin = groups.size();
        for (std::size_t e = skin.offsets[v]; e < skin.offsets[v + 1]; ++e) {
            bool merged = false;
            for (std::size_t k = begin; k < groups.size(); ++k)
                if (groups[k] == skin.groups[e]) {
                    weights[k] += skin.weights[e];
                    merged = true;
                }
            if (!merged) {
                groups.push_back(skin.groups[e]);
                weights.push_back(skin.weights[e]);
            }
        }
        order.resize(groups.size() - begin);
        std::iota(order.begin(), order.end(), begin);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return weights[a] > weights[b]; });
        sortedGroups.clear();
        sortedWeights.clear();
        for (std::size_t k : order) {
            sortedGroups.push_back(groups[k]);
            sortedWeights.push_back(weights[k]);
        }
        std::copy(sortedGroups.begin(), sortedGroups.end(),
                  groups.begin() + static_cast<long>(begin));
        std::copy(sortedWeights.begin(), sortedWeights.end(),
                  weights.begin() + static_cast<long>(begin));
        offsets.push_back(static_cast<std::uint32_t>(groups.size()));
    }
    skin.offsets = std::move(offsets);
    skin.groups = std::move(groups);
    skin.weights = std::move(weights);
}

} // namespace

Result<ParentPlan> planParent(const model::Document& document, model::NodeId meshNode,
                              model::NodeId skeleton, const GroupBoneMap& map) {
    const std::string label = model::describeNode(document, meshNode);
    const model::MeshInstance* shown = document.node(meshNode).meshInstance();
    if (!shown)
        return Error("node " + label + " shows no mesh");
    const model::MeshId meshId = shown->mesh;
    const model::Mesh& mesh = document.mesh(meshId);
    if (!mesh.skin)
        return Error("mesh " + model::describeMesh(document, meshId) + " of node " + label +
                     " has no skin");
    if (!document.node(skeleton).isSkeleton())
        return Error("node " + model::describeNode(document, skeleton) + " is not a skeleton");
    for (model::NodeId other : document.nodes.order()) {
        const model::MeshInstance* also = document.node(other).meshInstance();
        if (other != meshNode && also && also->mesh == meshId)
            return Error("mesh " + model::describeMesh(document, meshId) +
                         " is also shown by node " + model::describeNode(document, other) +
                         ", which parenting would change too");
    }
    const model::NodeId source = document.node(meshNode).parent;
    const bool bound = source && document.node(source).isSkeleton();
    if (!mesh.skin->groupNames && !bound)
        return Error("mesh " + model::describeMesh(document, meshId) +
                     " has no group names and node " + label +
                     " is not under a skeleton to infer them from; name its groups first");

    // Bones of the target skeleton, for name matching.
    std::vector<model::NodeId> bones;
    for (model::NodeId id : document.subtree(skeleton))
        if (id != skeleton && document.skeletonOf(id) == skeleton)
            bones.push_back(id);
    for (const auto& [group, bone] : map) {
        if (!bone)
            continue;
        const model::NodeId node = document.findNode(*bone);
        if (!node || document.skeletonOf(node) != skeleton)
            return Error("the map sends group '" + group + "' to '" + *bone +
                         "', which is not a bone of skeleton " +
                         model::describeNode(document, skeleton));
    }

    const std::vector<std::string> names = model::skinGroupNames(document, meshId);
    const std::size_t count = names.size();
    std::vector<bool> used(count, false);
    for (std::uint32_t group : mesh.skin->groups)
        used[group] = true;

    ParentPlan plan;
    GroupTable table = skeletonGroups(document, skeleton, meshId);
    std::vector<model::JointSlot> joints = document.node(skeleton).skeleton()->joints;
    std::vector<model::JointSlot> addedSlots;
    std::vector<std::uint32_t> newIndex(count, 0);
    const std::string meshName = document.node(meshNode).displayName();
    for (std::size_t g = 0; g < count; ++g) {
        if (!used[g])
            continue;
        const std::string& name = names[g];
        model::JointSlot bone;
        if (const auto mapped = map.find(name); mapped != map.end())
            bone = mapped->second ? model::JointSlot(document.findNode(*mapped->second))
                                  : model::JointSlot{};
        else
            bone = boneForName(document, bones, name);
        std::size_t index = 0;
        if (bone) {
            const auto slot = std::find(joints.begin(), joints.end(), bone);
            index = static_cast<std::size_t>(slot - joints.begin());
            if (slot == joints.end()) {
                index = std::max(joints.size(), table.size());
                while (joints.size() < index) {
                    joints.emplace_back();
                    addedSlots.emplace_back();
                }
                joints.push_back(bone);
                addedSlots.push_back(bone);
                table.growTo(index + 1, [&](std::size_t i) { return joints[i]; });
                const std::string boneName = nameOf(document, *bone);
                table.rename(index, !boneName.empty() && !table.find(boneName)
                                        ? boneName
                                        : table.uniqueName(name));
            }
        } else {
            if (!map.count(name))
                plan.warnings.push_back(
                    "group '" + name + "' of mesh " + model::describeMesh(document, meshId) +
                    " matches no bone of skeleton " + model::describeNode(document, skeleton) +
                    "; it is left untransformed (map it with --map)");
            const auto existing = table.find(name);
            if (existing && !(*existing < joints.size() && joints[*existing])) {
                index = *existing; // already an untransformed group of that name
            } else {
                index = std::max(joints.size(), table.size());
                table.growTo(index + 1, [&](std::size_t i) {
                    return i < joints.size() ? joints[i] : model::JointSlot{};
                });
                table.rename(index, table.find(name) ? table.uniqueName(meshName + name) : name);
            }
        }
        table.at(index).used = true;
        newIndex[g] = static_cast<std::uint32_t>(index);
        plan.mappings.push_back({meshName, static_cast<std::uint32_t>(g), name,
                                 static_cast<std::uint32_t>(index), table.at(index).name,
                                 bone ? nameOf(document, *bone) : ""});
    }

    model::Skin skin = *mesh.skin;
    for (std::uint32_t& group : skin.groups)
        group = newIndex[group];
    convergeAndSort(skin);
    skin.groupNames = table.names();
    fitSkinTypes(skin, mesh.vertexCount());
    skin.sourceGroups.reset();
    skin.sourceVertices.reset();
    skin.sourceWeights.reset();

    plan.command = std::make_unique<edit::CompositeCommand>("Parent Mesh to Skeleton");
    auto slots = appendJointSlots(document, skeleton, addedSlots, *plan.command);
    if (!slots)
        return slots.error();
    if (source != skeleton)
        plan.command->appendPending(edit::reparentNode(meshNode, skeleton, std::nullopt));
    plan.command->appendPending(edit::replaceSkin(meshId, std::move(skin)));
    return plan;
}

Result<GroupBoneMap> parseGroupBoneMap(std::string_view text) {
    auto json = io::parseJsonText(text);
    if (!json)
        return json.error();
    if (!json->is_object())
        return Error("/: a map is a JSON object from group names to bone names (or null)");
    GroupBoneMap map;
    for (auto it = json->begin(); it != json->end(); ++it) {
        if (it->is_null())
            map.emplace(it.key(), std::nullopt);
        else if (it->is_string())
            map.emplace(it.key(), it->get<std::string>());
        else
            return Error("/" + it.key() + ": must be a bone name or null");
    }
    return map;
}

} // namespace hyperrig::core::ops
