#include "core/model/SelectionWalk.h"

#include <algorithm>

namespace hyperrig::core::model {
namespace {

void appendIfMissing(std::vector<NodeId>& nodes, NodeId node) {
    if (std::find(nodes.begin(), nodes.end(), node) == nodes.end())
        nodes.push_back(node);
}

// What one walk step gives for `node`: the nodes that replace it.
template <typename Step>
WalkedSelection walkSelection(std::span<const NodeId> selection, NodeId current, bool extend,
                              Step step) {
    WalkedSelection walked;
    if (extend)
        walked.nodes.assign(selection.begin(), selection.end());
    for (const NodeId node : selection)
        for (const NodeId replacement : step(node))
            appendIfMissing(walked.nodes, replacement);
    if (current) {
        const std::vector<NodeId> counterparts = step(current);
        walked.current = counterparts.empty() ? current : counterparts.front();
    }
    return walked;
}

} // namespace

WalkedSelection selectParents(const Document& document, std::span<const NodeId> selection,
                              NodeId current, bool extend) {
    const NodeId root = document.root();
    return walkSelection(selection, current, extend, [&](NodeId node) {
        const NodeId parent = document.node(node).parent;
        return std::vector<NodeId>{parent && parent != root ? parent : node};
    });
}

WalkedSelection selectChildren(const Document& document, std::span<const NodeId> selection,
                               NodeId current, bool extend) {
    return walkSelection(selection, current, extend, [&](NodeId node) {
        const std::vector<NodeId>& children = document.node(node).children;
        return children.empty() ? std::vector<NodeId>{node} : children;
    });
}

} // namespace hyperrig::core::model
