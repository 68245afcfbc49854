#include "ui/panels/outliner/OutlinerDropPlan.h"

#include "core/edit/commands/NodeCommandSupport.h"

#include <algorithm>

namespace hyperrig::ui {

using core::model::NodeId;

namespace {

// The skeleton `bone` belongs to once `moved` hangs under `newParent`: the walk of
// Document::skeletonOf, taking the new parent at `moved` (as the reparent command does).
NodeId skeletonAfterMove(const core::model::Document& document, NodeId bone, NodeId moved,
                         NodeId newParent) {
    const core::model::Node* current = document.nodes.find(bone);
    // Bounded by the node count, so a corrupt parent cycle cannot loop forever.
    for (std::size_t steps = 0; current && current->isBone() && steps <= document.nodes.size();
         ++steps) {
        const core::model::Node* parent =
            document.nodes.find(current->id == moved ? newParent : current->parent);
        if (parent && parent->isSkeleton())
            return parent->id;
        current = parent;
    }
    return {};
}

// The command refuses to take a bone that fills a joints slot out of that slot's skeleton.
bool keepsJointBones(const core::model::Document& document, NodeId moved, NodeId newParent) {
    for (NodeId id : document.nodes.order()) {
        const core::model::Skeleton* skeleton = document.node(id).skeleton();
        if (!skeleton)
            continue;
        for (const core::model::JointSlot& bone : skeleton->joints)
            if (bone && document.isAncestorOrSelf(moved, *bone) &&
                document.skeletonOf(*bone) == id &&
                skeletonAfterMove(document, *bone, moved, newParent) != id)
                return false;
    }
    return true;
}

} // namespace

bool placementAllowed(const core::model::Document& document, const std::vector<NodeId>& nodes,
                      NodeId parent) {
    if (nodes.empty() || !document.nodes.find(parent))
        return false;
    for (NodeId id : nodes) {
        const core::model::Node* node = document.nodes.find(id);
        if (!node || id == document.root() || document.isAncestorOrSelf(id, parent))
            return false;
        if (node->isBone() && !core::edit::parentTakesBone(document, parent))
            return false;
        if (node->isSkeleton() && !core::edit::parentTakesSkeleton(document, parent))
            return false;
        if (!keepsJointBones(document, id, parent))
            return false;
    }
    return true;
}

std::vector<PlannedMove> planMoves(const core::model::Document& document,
                                   const std::vector<NodeId>& nodes, NodeId parent,
                                   std::optional<std::size_t> row) {
    const std::vector<NodeId>& before = document.node(parent).children;
    const auto moving = [&](NodeId id) {
        return std::find(nodes.begin(), nodes.end(), id) != nodes.end();
    };
    // The nodes go in front of the first child at or after `row` that stays where it is; with
    // none, at the end. That anchor is the same whatever order the moves run in.
    NodeId anchor;
    if (row)
        for (std::size_t i = *row; i < before.size() && !anchor; ++i)
            if (!moving(before[i]))
                anchor = before[i];

    std::vector<NodeId> children = before;
    std::vector<PlannedMove> moves;
    for (NodeId id : nodes) {
        std::erase(children, id);
        const auto at =
            anchor ? std::find(children.begin(), children.end(), anchor) : children.end();
        const auto index = static_cast<std::size_t>(at - children.begin());
        children.insert(children.begin() + static_cast<std::ptrdiff_t>(index), id);
        moves.push_back({id, index});
    }
    const bool allChildrenAlready = std::all_of(
        nodes.begin(), nodes.end(), [&](NodeId id) { return document.node(id).parent == parent; });
    if (allChildrenAlready && children == before)
        return {};
    return moves;
}

} // namespace hyperrig::ui
