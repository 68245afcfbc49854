#include "core/ops/JointOrder.h"

#include "core/model/ItemLabels.h"

#include <algorithm>
#include <unordered_map>

namespace hyperrig::core::ops {
namespace {

using model::NodeId;

std::unordered_map<NodeId, std::size_t> nodeIndices(const model::Document& document) {
    std::unordered_map<NodeId, std::size_t> indices;
    const auto& order = document.nodes.order();
    for (std::size_t index = 0; index < order.size(); ++index)
        indices.emplace(order[index], index);
    return indices;
}

std::string label(const model::Document& document, NodeId node) {
    return model::describeNode(document, node);
}

} // namespace

std::vector<JointOrderProblem> jointOrderProblems(const model::Document& document,
                                                  NodeId skeleton) {
    std::vector<JointOrderProblem> problems;
    const model::Node* skeletonNode = document.nodes.find(skeleton);
    if (!skeletonNode || !skeletonNode->isSkeleton())
        return problems;
    const auto& joints = skeletonNode->skeleton()->joints;
    const auto index = nodeIndices(document);
    const auto indexOf = [&](NodeId node) {
        const auto found = index.find(node);
        return found == index.end() ? std::size_t{0} : found->second;
    };

    std::unordered_map<NodeId, std::size_t> firstSlot;
    std::optional<NodeId> previous; // the bone of the previous first listing
    for (std::size_t slot = 0; slot < joints.size(); ++slot) {
        if (!joints[slot] || !document.nodes.find(*joints[slot]) ||
            !firstSlot.try_emplace(*joints[slot], slot).second)
            continue;
        const NodeId bone = *joints[slot];
        if (previous && indexOf(bone) < indexOf(*previous))
            problems.push_back(
                {slot, "skeleton.joints.order",
                 "joints slot " + std::to_string(slot) + " first lists " + label(document, bone) +
                     " after " + label(document, *previous) +
                     "; the first listing of each joint bone must have increasing node indices"});
        previous = bone;
    }

    // Rule (b): the latest first listing among a bone's listed ancestors (up to the skeleton).
    for (const auto& [bone, slot] : firstSlot) {
        std::optional<std::pair<std::size_t, NodeId>> latest;
        // Bounded by the node count, so a corrupt parent cycle cannot loop forever.
        std::size_t steps = 0;
        for (const model::Node* node = document.nodes.find(bone);
             node && node->parent && node->parent != skeleton &&
             steps++ <= document.nodes.size();) {
            const NodeId ancestor = node->parent;
            if (const auto found = firstSlot.find(ancestor);
                found != firstSlot.end() && (!latest || found->second > latest->first))
                latest = std::pair{found->second, ancestor};
            node = document.nodes.find(ancestor);
        }
        if (latest && latest->first > slot)
            problems.push_back({slot, "skeleton.joints.parent-order",
                                "joints slot " + std::to_string(slot) + " lists " +
                                    label(document, bone) + " before its ancestor " +
                                    label(document, latest->second) + " (first listed at slot " +
                                    std::to_string(latest->first) +
                                    "); parent bones must be listed before their children"});
    }
    std::stable_sort(
        problems.begin(), problems.end(),
        [](const JointOrderProblem& a, const JointOrderProblem& b) { return a.slot < b.slot; });
    return problems;
}

std::vector<model::JointSlot> jointsFromHierarchy(const model::Document& document,
                                                  NodeId skeleton) {
    std::vector<model::JointSlot> joints;
    const model::Node* skeletonNode = document.nodes.find(skeleton);
    if (!skeletonNode || !skeletonNode->isSkeleton())
        return joints;
    for (NodeId node : document.nodes.order())
        if (document.skeletonOf(node) == skeleton)
            joints.emplace_back(node);
    return joints;
}

} // namespace hyperrig::core::ops
