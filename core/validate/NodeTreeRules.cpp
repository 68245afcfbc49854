#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <algorithm>
#include <array>
#include <unordered_set>

namespace hyperrig::core::validate {

namespace {

constexpr std::array<const char*, 4> kTransformKeys = {"position", "basis", "rotor", "scale"};

std::string childPointer(std::size_t parent, std::size_t slot) {
    return "/nodes/" + std::to_string(parent) + "/children/" + std::to_string(slot);
}

// Records parent[] from the children lists in file order: the first node to claim a child
// keeps it, every later claim is reported. This makes the parent relation a function, so the
// later passes can walk up without ever branching.
void collectParents(ValidationContext& context, const OrderedJson& nodes) {
    const std::size_t count = nodes.size();
    for (std::size_t i = 0; i < count; ++i) {
        const OrderedJson* children = member(nodes[i], "children");
        if (!children)
            continue;
        if (!children->is_array()) {
            context.report(rules::kNodeSchema, "/nodes/" + std::to_string(i) + "/children",
                           context.nodeLabel(i) +
                               ": children must be an array of node indices, not " +
                               describe(*children));
            continue;
        }
        if (children->empty()) {
            // The newest schema requires at least one item; an empty list says nothing.
            context.report(rules::kNodeChildrenEmpty, "/nodes/" + std::to_string(i) + "/children",
                           context.nodeLabel(i) +
                               " has an empty children array; omit the property instead");
            continue;
        }
        std::unordered_set<std::uint64_t> listedHere;
        for (std::size_t slot = 0; slot < children->size(); ++slot) {
            const OrderedJson& entry = (*children)[slot];
            const std::string pointer = childPointer(i, slot);
            const auto child = asIndex(entry);
            if (!child || *child >= count) {
                context.report(rules::kNodeChildrenIndex, pointer,
                               context.nodeLabel(i) + " lists child " + describe(entry) +
                                   ", which is not the index of one of the file's " +
                                   countOf(count, "node", "nodes"));
                continue;
            }
            const auto c = static_cast<std::size_t>(*child);
            if (!listedHere.insert(*child).second) {
                context.report(rules::kNodeChildrenDuplicate, pointer,
                               context.nodeLabel(i) + " lists " + context.nodeLabel(c) +
                                   " as a child more than once");
                continue;
            }
            if (c == 0) {
                context.report(rules::kNodeChildrenRootAsChild, pointer,
                               context.nodeLabel(i) + " lists the root " + context.nodeLabel(0) +
                                   " as a child; the root node has no parent");
                continue;
            }
            if (context.parent[c]) {
                context.report(rules::kNodeChildrenMultipleParents, pointer,
                               context.nodeLabel(c) + " is listed as a child of both " +
                                   context.nodeLabel(*context.parent[c]) + " and " +
                                   context.nodeLabel(i) + "; a node has at most one parent");
                continue;
            }
            context.parent[c] = i;
            context.parentSlot[c] = slot;
        }
    }
}

// With at most one parent per node, every cycle is a closed walk up the parent links. Each node
// is visited once (iteratively: a chain of 100000 nodes must not overflow the stack), and each
// cycle is reported once, at the children entry that lists its lowest-index node.
void reportCycles(ValidationContext& context) {
    const std::size_t count = context.parent.size();
    enum class Visit : unsigned char { New, OnPath, Done };
    std::vector<Visit> state(count, Visit::New);
    std::vector<std::size_t> path;
    for (std::size_t start = 0; start < count; ++start) {
        if (state[start] != Visit::New)
            continue;
        path.clear();
        std::size_t node = start;
        bool cycle = false;
        while (true) {
            state[node] = Visit::OnPath;
            path.push_back(node);
            if (!context.parent[node])
                break;
            node = *context.parent[node];
            if (state[node] == Visit::OnPath) {
                cycle = true;
                break;
            }
            if (state[node] == Visit::Done)
                break;
        }
        if (cycle) {
            const auto first = std::find(path.begin(), path.end(), node);
            std::vector<std::size_t> members(first, path.end());
            const std::size_t lowest = *std::min_element(members.begin(), members.end());
            const std::size_t lister = *context.parent[lowest];
            std::string message;
            if (members.size() == 1) {
                message = context.nodeLabel(lowest) + " lists itself as a child";
            } else {
                // Walk down from the lowest member: lowest is the child of lister, etc. Print in
                // parent → child order starting at the lowest node.
                std::vector<std::size_t> order{lowest};
                std::size_t up = lister;
                while (up != lowest && order.size() <= members.size()) {
                    order.push_back(up);
                    up = *context.parent[up];
                }
                std::reverse(order.begin() + 1, order.end());
                constexpr std::size_t kShown = 6;
                for (std::size_t k = 0; k < order.size() && k < kShown; ++k)
                    message += context.nodeLabel(order[k]) + " → ";
                if (order.size() > kShown)
                    message += "… (" + std::to_string(order.size() - kShown) + " more) → ";
                message += "back to " + context.nodeLabel(lowest) +
                           ": the children lists form a cycle, so none of these nodes is "
                           "in the tree";
            }
            context.report(rules::kNodeChildrenCycle,
                           childPointer(lister, context.parentSlot[lowest]), message);
        }
        for (std::size_t visited : path)
            state[visited] = Visit::Done;
    }
}

} // namespace

void checkNodeTree(ValidationContext& context) {
    const OrderedJson* nodes = context.array("nodes");
    const std::size_t count = nodes ? nodes->size() : 0;
    context.parent.assign(count, std::nullopt);
    context.parentSlot.assign(count, 0);
    if (count == 0)
        return; // a file without nodes is a data library, not a scene
    collectParents(context, *nodes);
    reportCycles(context);

    // The root stands for the file's own origin; a host file places it (node spec, Transform
    // Properties). godot-4d silently ignores such a transform; we refuse to lose it silently.
    for (const char* key : kTransformKeys)
        if (member((*nodes)[0], key))
            context.report(rules::kNodeRootTransform, std::string("/nodes/0/") + key,
                           "the root " + context.nodeLabel(0) + " has a " + key +
                               "; the root node must not have transform properties (move the "
                               "transform onto a child node)");
}

} // namespace hyperrig::core::validate
