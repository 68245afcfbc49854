#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <deque>
#include <unordered_map>

namespace hyperrig::core::validate {

namespace {

std::string jointsPointer(std::size_t skeleton) {
    return "/nodes/" + std::to_string(skeleton) + "/skeleton/joints";
}

// The bones of `skeleton` in breadth-first order (parents before children), following accepted
// child links only.
std::vector<std::size_t> bonesTopDown(const ValidationContext& context, const OrderedJson& nodes,
                                      std::size_t skeleton) {
    std::vector<std::size_t> order;
    std::deque<std::size_t> queue{skeleton};
    while (!queue.empty()) {
        const std::size_t current = queue.front();
        queue.pop_front();
        const OrderedJson* children = member(nodes[current], "children");
        if (!children || !children->is_array())
            continue;
        for (std::size_t slot = 0; slot < children->size(); ++slot) {
            const auto child = asIndex((*children)[slot]);
            if (!child || !context.isChildEdge(current, slot, static_cast<std::size_t>(*child)))
                continue;
            const auto c = static_cast<std::size_t>(*child);
            if (context.skeletonOf[c] != skeleton)
                continue;
            order.push_back(c);
            queue.push_back(c);
        }
    }
    return order;
}

// Checks each joints entry on its own. Returns, per slot, the bone it names when that bone
// belongs to this skeleton (else nullopt), for the ordering rules.
std::vector<std::optional<std::size_t>>
checkJointEntries(ValidationContext& context, std::size_t skeleton, const OrderedJson& joints) {
    const std::size_t count = context.count("nodes");
    const std::string skeletonLabel = context.label("nodes", "skeleton", skeleton);
    std::vector<std::optional<std::size_t>> bones(joints.size());
    for (std::size_t slot = 0; slot < joints.size(); ++slot) {
        const OrderedJson& entry = joints[slot];
        const std::string pointer = jointsPointer(skeleton) + "/" + std::to_string(slot);
        // -1: "this joint is not controlled by any bone" (skeleton spec, Joints).
        if (asInteger(entry) == -1)
            continue;
        const auto index = asIndex(entry);
        if (!index || *index >= count) {
            context.report(rules::kSkeletonJointsIndex, pointer,
                           skeletonLabel + ": joints slot " + std::to_string(slot) + " is " +
                               describe(entry) +
                               ", which is neither -1 nor the index of one of "
                               "the file's " +
                               countOf(count, "node", "nodes"));
            continue;
        }
        const auto node = static_cast<std::size_t>(*index);
        if (!context.isBone(node)) {
            context.report(rules::kSkeletonJointsNotBone, pointer,
                           skeletonLabel + ": joints slot " + std::to_string(slot) + " names " +
                               context.nodeLabel(node) +
                               ", which is not a bone (it has no bone property)");
            continue;
        }
        if (context.skeletonOf[node] != skeleton) {
            const auto owner = context.skeletonOf[node];
            context.report(rules::kSkeletonJointsOtherSkeleton, pointer,
                           skeletonLabel + ": joints slot " + std::to_string(slot) + " names " +
                               context.label("nodes", "bone", node) + ", which belongs to " +
                               (owner ? context.label("nodes", "skeleton", *owner)
                                      : std::string("no skeleton")) +
                               "; joints must be bones of this skeleton");
            continue;
        }
        bones[slot] = node;
    }
    return bones;
}

// The reading of "strictly increasing … MAY be listed multiple times … -1 MAY be used" that
// keeps the spec's own workflows valid (docs/validation.md, "Joints order"): -1 slots and
// repeated slots are free, and the FIRST listing of each bone must (a) have a higher node index
// than every earlier first listing and (b) come after the first listing of every listed ancestor
// bone. Appending slots after a merge (repeats or -1) therefore never breaks a valid list.
void checkJointOrder(ValidationContext& context, const OrderedJson& nodes, std::size_t skeleton,
                     const std::vector<std::optional<std::size_t>>& bones) {
    const std::string skeletonLabel = context.label("nodes", "skeleton", skeleton);
    std::unordered_map<std::size_t, std::size_t> firstSlot;
    std::optional<std::size_t> previous; // bone of the previous first listing
    std::size_t orderViolations = 0;
    std::string firstOrderPointer;
    std::string firstOrderMessage;
    for (std::size_t slot = 0; slot < bones.size(); ++slot) {
        if (!bones[slot] || !firstSlot.try_emplace(*bones[slot], slot).second)
            continue;
        const std::size_t bone = *bones[slot];
        if (previous && bone < *previous) {
            if (orderViolations++ == 0) {
                firstOrderPointer = jointsPointer(skeleton) + "/" + std::to_string(slot);
                firstOrderMessage =
                    skeletonLabel + ": joints slot " + std::to_string(slot) + " first lists " +
                    context.label("nodes", "bone", bone) + " after " +
                    context.label("nodes", "bone", *previous) +
                    "; the first listing of each joint bone must have increasing node indices";
            }
        }
        previous = bone;
    }
    if (orderViolations > 0)
        context.report(rules::kSkeletonJointsOrder, firstOrderPointer,
                       firstOrderMessage +
                           (orderViolations > 1
                                ? " (" + std::to_string(orderViolations) + " such slots in all)"
                                : std::string()));

    // Latest first listing among each bone's listed ancestors, carried down the tree.
    struct Late {
        std::size_t slot = 0;
        std::size_t ancestor = 0;
        bool any = false;
    };
    std::unordered_map<std::size_t, Late> lateAncestor;
    std::size_t parentViolations = 0;
    std::string firstParentPointer;
    std::string firstParentMessage;
    for (std::size_t bone : bonesTopDown(context, nodes, skeleton)) {
        Late inherited;
        if (const auto parent = context.parent[bone]; parent && *parent != skeleton) {
            inherited = lateAncestor[*parent];
            if (const auto it = firstSlot.find(*parent);
                it != firstSlot.end() && (!inherited.any || it->second > inherited.slot))
                inherited = {it->second, *parent, true};
        }
        lateAncestor[bone] = inherited;
        const auto own = firstSlot.find(bone);
        if (own == firstSlot.end() || !inherited.any || inherited.slot < own->second)
            continue;
        if (parentViolations++ == 0) {
            firstParentPointer = jointsPointer(skeleton) + "/" + std::to_string(own->second);
            firstParentMessage = skeletonLabel + ": joints slot " + std::to_string(own->second) +
                                 " lists " + context.label("nodes", "bone", bone) +
                                 " before its ancestor " +
                                 context.label("nodes", "bone", inherited.ancestor) +
                                 " (first listed at slot " + std::to_string(inherited.slot) +
                                 "); parent bones must be listed before their children";
        }
    }
    if (parentViolations > 0)
        context.report(rules::kSkeletonJointsParentOrder, firstParentPointer,
                       firstParentMessage +
                           (parentViolations > 1
                                ? " (" + std::to_string(parentViolations) + " such bones in all)"
                                : std::string()));
}

// "If a skeleton has a single root bone, this MUST be the first child of the skeleton node."
void checkSingleRootFirst(ValidationContext& context, const OrderedJson& nodes,
                          std::size_t skeleton) {
    const OrderedJson* children = member(nodes[skeleton], "children");
    if (!children || !children->is_array())
        return;
    std::optional<std::size_t> root;
    std::size_t roots = 0;
    for (std::size_t slot = 0; slot < children->size(); ++slot) {
        const auto child = asIndex((*children)[slot]);
        if (!child || !context.isChildEdge(skeleton, slot, static_cast<std::size_t>(*child)) ||
            !context.isBone(static_cast<std::size_t>(*child)))
            continue;
        ++roots;
        root = static_cast<std::size_t>(*child);
    }
    if (roots != 1 || context.parentSlot[*root] == 0)
        return;
    // At the misplaced root bone (the item to move), not at the skeleton's children entry.
    context.report(rules::kSkeletonRootBoneFirstChild, "/nodes/" + std::to_string(*root),
                   context.label("nodes", "skeleton", skeleton) + " has a single root bone, " +
                       context.label("nodes", "bone", *root) +
                       ", which must be its first child; it is child " +
                       std::to_string(context.parentSlot[*root]) +
                       " (move skinned meshes and other children after it)");
}

} // namespace

void checkSkeletons(ValidationContext& context) {
    const OrderedJson* nodes = context.array("nodes");
    if (!nodes)
        return;
    for (std::size_t i = 0; i < nodes->size(); ++i) {
        const OrderedJson* skeleton = member((*nodes)[i], "skeleton");
        if (!skeleton)
            continue;
        const std::string pointer = "/nodes/" + std::to_string(i) + "/skeleton";
        if (!skeleton->is_object()) {
            context.report(rules::kSkeletonSchema, pointer,
                           context.nodeLabel(i) +
                               ": skeleton must be an object (possibly empty), not " +
                               describe(*skeleton));
            continue;
        }
        checkSingleRootFirst(context, *nodes, i);
        const OrderedJson* joints = member(*skeleton, "joints");
        if (!joints)
            continue;
        if (!joints->is_array()) {
            context.report(rules::kSkeletonSchema, pointer + "/joints",
                           context.label("nodes", "skeleton", i) +
                               ": joints must be an array of bone node indices, not " +
                               describe(*joints));
            continue;
        }
        const auto bones = checkJointEntries(context, i, *joints);
        checkJointOrder(context, *nodes, i, bones);
    }
}

} // namespace hyperrig::core::validate
