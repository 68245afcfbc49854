#include "core/edit/commands/MeshDataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/model/ItemLabels.h"
#include "core/ops/influence/InfluencePlan.h"
#include "core/ops/influence/InfluenceTools.h"
#include "core/ops/influence/SkinRewrite.h"

#include <algorithm>
#include <string>
#include <vector>

// Group g of a skin is deformed by joints slot g of the skeleton the mesh is bound to
// (g4mf.md §11.1). Dropping unused groups renumbers the kept ones downwards, so the slots of the
// dropped groups leave the joints too: then kept group g' = newIndex[g] meets joints slot g'
// that holds what slot g held, and every vertex deforms as before. Groups at or beyond the end
// of the joints stay identity: they move down by the removed groups below them, and the joints
// shrink by the removed slots, which are exactly those groups.

namespace hyperrig::core::ops {
namespace {

constexpr std::string_view kRemoveUnusedGroupsTool = "Remove Unused Groups";

// The skeletons whose direct child shows `mesh`: each deforms the mesh by its joints.
std::vector<model::NodeId> skeletonsShowing(const model::Document& document, model::MeshId mesh) {
    std::vector<model::NodeId> skeletons;
    for (model::NodeId id : document.nodes.order()) {
        const model::Node& node = document.node(id);
        const model::MeshInstance* instance = node.meshInstance();
        if (!instance || instance->mesh != mesh)
            continue;
        const model::Node* parent = document.nodes.find(node.parent);
        if (parent && parent->isSkeleton() &&
            std::find(skeletons.begin(), skeletons.end(), parent->id) == skeletons.end())
            skeletons.push_back(parent->id);
    }
    return skeletons;
}

// Why the slots from `firstSlot` on cannot move: another skinned mesh under `skeleton` uses or
// names one of them. Empty when none does. Slots past the joints are identity before and after.
std::string slotUser(const model::Document& document, model::NodeId skeleton, model::MeshId mesh,
                     std::size_t firstSlot) {
    const model::Node& node = document.node(skeleton);
    const std::size_t slots = node.skeleton()->joints.size();
    const std::string moved = "removing joints slot " + std::to_string(firstSlot) +
                              " of skeleton " + model::describeNode(document, skeleton) +
                              " renumbers the slots after it, but mesh ";
    for (model::NodeId child : node.children) {
        const model::MeshInstance* instance = document.node(child).meshInstance();
        if (!instance || instance->mesh == mesh || !document.meshes.find(instance->mesh))
            continue;
        const model::Mesh& other = document.mesh(instance->mesh);
        if (!other.skin)
            continue;
        const std::string label = model::describeMesh(document, other.id);
        for (std::uint32_t group : other.skin->groups)
            if (group >= firstSlot && group < slots)
                return moved + label + ", skinned by the same skeleton, uses group " +
                       std::to_string(group);
        if (other.skin->groupNames && other.skin->groupNames->size() > firstSlot)
            return moved + label + ", skinned by the same skeleton, names group " +
                   std::to_string(firstSlot) + " ('" + (*other.skin->groupNames)[firstSlot] + "')";
    }
    return {};
}

// removeJoint refuses poses that do not have one entry per slot; say so before planning.
std::string poseMismatch(const model::Document& document, model::NodeId skeleton) {
    const model::Skeleton& data = *document.node(skeleton).skeleton();
    for (const model::BindPose& pose : data.bindPoses)
        if (pose.joints.size() != data.joints.size())
            return "bind pose " + std::string(model::poseTypeName(pose.type)) + " of skeleton " +
                   model::describeNode(document, skeleton) + " has " +
                   std::to_string(pose.joints.size()) + " entries for " +
                   std::to_string(data.joints.size()) + " joints slots; fix the pose first";
    return {};
}

// The joints slots the dropped groups free in the skeleton that deforms the mesh, highest first
// so that removing one leaves the next where it was. None when the mesh is not bound.
struct JointsPlan {
    model::NodeId skeleton;
    std::vector<std::size_t> slots;
};

Result<JointsPlan> planJoints(const model::Document& document, model::MeshId mesh,
                              const std::vector<std::size_t>& dropped) {
    const std::vector<model::NodeId> skeletons = skeletonsShowing(document, mesh);
    if (skeletons.size() > 1)
        return Error("it is shown under skeletons " + model::describeNode(document, skeletons[0]) +
                     " and " + model::describeNode(document, skeletons[1]) +
                     ", and one numbering of its groups cannot fit the joints of both");
    JointsPlan plan;
    if (skeletons.empty())
        return plan;
    plan.skeleton = skeletons[0];
    const std::size_t jointCount = document.node(plan.skeleton).skeleton()->joints.size();
    for (auto group = dropped.rbegin(); group != dropped.rend(); ++group)
        if (*group < jointCount)
            plan.slots.push_back(*group);
    if (plan.slots.empty())
        return plan;
    std::string blocked = slotUser(document, plan.skeleton, mesh, plan.slots.back());
    if (blocked.empty())
        blocked = poseMismatch(document, plan.skeleton);
    if (!blocked.empty())
        return Error(blocked);
    return plan;
}

} // namespace

CommandResult removeUnusedGroups(const model::Document& document, model::MeshId mesh,
                                 InfluenceReport* report) {
    auto source = sourceSkin(document, mesh, kRemoveUnusedGroupsTool);
    if (!source)
        return source.error();
    const model::Skin& skin = **source;
    const std::size_t nameCount = skin.groupNames ? skin.groupNames->size() : 0;
    const std::size_t groupCount = std::max(skin.groupCount(), nameCount);

    std::vector<bool> used(groupCount, false);
    for (std::uint32_t group : skin.groups)
        used[group] = true;
    std::vector<std::uint32_t> newIndex(groupCount, 0);
    std::vector<std::size_t> dropped;
    std::uint32_t next = 0;
    for (std::size_t group = 0; group < groupCount; ++group) {
        if (used[group])
            newIndex[group] = next++;
        else
            dropped.push_back(group);
    }
    if (dropped.empty()) {
        deliver({}, report);
        return std::unique_ptr<edit::Command>(planCommand(kRemoveUnusedGroupsTool));
    }

    auto joints = planJoints(document, mesh, dropped);
    if (!joints)
        return refusal(document, mesh, kRemoveUnusedGroupsTool, joints.error().message());

    SkinRewrite rewrite =
        rewriteInfluences(skin, [&newIndex](std::size_t, std::vector<Influence>& influences) {
            for (Influence& influence : influences)
                influence.group = newIndex[influence.group];
        });
    if (skin.groupNames) {
        std::vector<std::string> names;
        names.reserve(nameCount);
        for (std::size_t group = 0; group < nameCount; ++group)
            if (used[group])
                names.push_back((*skin.groupNames)[group]);
        rewrite.skin.groupNames = std::move(names);
    }
    auto checked = edit::checkSkin(rewrite.skin, document.mesh(mesh).vertexCount());
    if (!checked)
        return refusal(document, mesh, kRemoveUnusedGroupsTool, checked.error().message());

    auto command = planCommand(kRemoveUnusedGroupsTool);
    command->appendPending(edit::replaceSkin(mesh, std::move(rewrite.skin)));
    for (std::size_t slot : joints->slots)
        command->appendPending(edit::removeJoint(joints->skeleton, slot));
    InfluenceReport counted;
    counted.verticesChanged = rewrite.verticesChanged;
    counted.groupsRemoved = dropped.size();
    counted.jointsRemoved = joints->slots.size();
    deliver(counted, report);
    return std::unique_ptr<edit::Command>(std::move(command));
}

} // namespace hyperrig::core::ops
