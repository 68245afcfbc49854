#include "core/edit/ChangeSet.h"

#include <algorithm>

namespace hyperrig::core::edit {

void ChangeSet::nodeChanged(model::NodeId node, std::uint32_t fields) {
    const auto found = std::find_if(nodesChanged.begin(), nodesChanged.end(),
                                    [node](const NodeFields& entry) { return entry.node == node; });
    if (found != nodesChanged.end())
        found->fields |= fields;
    else
        nodesChanged.push_back({node, fields});
}

void ChangeSet::append(const ChangeSet& other) {
    nodesAdded.insert(nodesAdded.end(), other.nodesAdded.begin(), other.nodesAdded.end());
    nodesRemoved.insert(nodesRemoved.end(), other.nodesRemoved.begin(), other.nodesRemoved.end());
    nodesMoved.insert(nodesMoved.end(), other.nodesMoved.begin(), other.nodesMoved.end());
    for (const NodeFields& entry : other.nodesChanged)
        nodeChanged(entry.node, entry.fields);
    skinsChanged.insert(skinsChanged.end(), other.skinsChanged.begin(), other.skinsChanged.end());
    meshesChanged.insert(meshesChanged.end(), other.meshesChanged.begin(),
                         other.meshesChanged.end());
    posesChanged.insert(posesChanged.end(), other.posesChanged.begin(), other.posesChanged.end());
    shapesChanged.insert(shapesChanged.end(), other.shapesChanged.begin(),
                         other.shapesChanged.end());
    documentReplaced = documentReplaced || other.documentReplaced;
}

bool ChangeSet::empty() const {
    return nodesAdded.empty() && nodesRemoved.empty() && nodesMoved.empty() &&
           nodesChanged.empty() && skinsChanged.empty() && meshesChanged.empty() &&
           posesChanged.empty() && shapesChanged.empty() && !documentReplaced;
}

std::uint32_t ChangeSet::fieldsOf(model::NodeId node) const {
    for (const NodeFields& entry : nodesChanged)
        if (entry.node == node)
            return entry.fields;
    return 0;
}

} // namespace hyperrig::core::edit
