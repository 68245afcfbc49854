#include "core/ops/ParentMesh.h"

#include "core/base/HugePages.h"
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

// The skin with group g renumbered newIndex[g]; per vertex, the weights of groups that now share
// an index add up (in the place of the first of them), then the vertex's influences are sorted by
// descending weight, stably. One pass over the arrays, writing into storage allocated once at the
// input's size (the output is never longer: influences only converge), advised for huge pages
// (core/base/HugePages.h). Insertion sort, as a vertex has a handful of influences and they
// usually are in order already.
model::Skin renumberedSkin(const model::Skin& skin, const std::vector<std::uint32_t>& newIndex) {
    model::Skin out = withoutInfluences(skin);
    reserveLarge(out.offsets, std::max<std::size_t>(skin.offsets.size(), 1));
    reserveLarge(out.groups, skin.groups.size());
    reserveLarge(out.weights, skin.weights.size());
    // Appended within the reserved storage (no reallocation, no zero-filling first). The inputs
    // and the output's storage are read through local pointers: push_back stores the output's
    // end pointers, which the compiler must otherwise assume could change the input vectors'
    // pointers, and reload those for every influence. `outGroups`/`outWeights` stay valid as the
    // storage never moves; they are only read and rewritten below `written`, within the size.
    std::vector<std::uint32_t>& groups = out.groups;
    std::vector<double>& weights = out.weights;
    std::uint32_t* const outGroups = groups.data();
    double* const outWeights = weights.data();
    const std::uint32_t* const offsets = skin.offsets.data();
    const std::uint32_t* const inGroups = skin.groups.data();
    const double* const inWeights = skin.weights.data();
    const std::uint32_t* const renumber = newIndex.data();
    const std::size_t vertices = skin.vertexCount();
    std::uint32_t written = 0;
    out.offsets.push_back(0);
    for (std::size_t v = 0; v < vertices; ++v) {
        const std::uint32_t begin = written;
        const std::uint32_t end = offsets[v + 1];
        for (std::uint32_t e = offsets[v]; e < end; ++e) {
            const std::uint32_t group = renumber[inGroups[e]];
            const double weight = inWeights[e];
            std::uint32_t k = begin;
            while (k < written && outGroups[k] != group)
                ++k;
            if (k < written) {
                outWeights[k] += weight;
                continue;
            }
            groups.push_back(group);
            weights.push_back(weight);
            ++written;
        }
        // Stable insertion sort by descending weight (converged sums may have grown past their
        // neighbours).
        for (std::uint32_t i = begin + 1; i < written; ++i) {
            const std::uint32_t group = outGroups[i];
            const double weight = outWeights[i];
            std::uint32_t j = i;
            for (; j > begin && outWeights[j - 1] < weight; --j) {
                outGroups[j] = outGroups[j - 1];
                outWeights[j] = outWeights[j - 1];
            }
            outGroups[j] = group;
            outWeights[j] = weight;
        }
        out.offsets.push_back(written);
    }
    return out;
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

    std::vector<std::uint8_t> used = usedGroupFlags(*mesh.skin);
    // As model::skinGroupNames counts them, without its second pass over the influences.
    const std::vector<std::string> names = model::groupNamesWithInference(
        document, meshId,
        std::max(used.size(), mesh.skin->groupNames ? mesh.skin->groupNames->size() : 0));
    const std::size_t count = names.size();
    used.resize(count, 0);

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

    model::Skin skin = renumberedSkin(*mesh.skin, newIndex);
    skin.groupNames = table.names();
    // The largest group index is the largest new index of a used group (no pass over the skin).
    std::uint32_t largestGroup = 0;
    for (std::size_t g = 0; g < count; ++g)
        if (used[g])
            largestGroup = std::max(largestGroup, newIndex[g]);
    fitSkinTypes(skin, mesh.vertexCount(), largestGroup);
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
