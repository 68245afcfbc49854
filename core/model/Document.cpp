#include "core/model/Document.h"

namespace hyperrig::core::model {

NodeId Document::findNode(std::string_view name) const {
    if (name.empty())
        return {};
    for (NodeId id : nodes.order()) {
        const Node& candidate = nodes.at(id);
        if (candidate.name && *candidate.name == name)
            return id;
    }
    return {};
}

bool Document::nameInUse(std::string_view name, NodeId exceptNode, MeshId exceptMesh,
                         ShapeId exceptShape) const {
    if (name.empty())
        return false;
    for (NodeId id : nodes.order())
        if (id != exceptNode && nodes.at(id).name && *nodes.at(id).name == name)
            return true;
    for (MeshId id : meshes.order())
        if (id != exceptMesh && meshes.at(id).name && *meshes.at(id).name == name)
            return true;
    for (ShapeId id : shapes.order())
        if (id != exceptShape && shapes.at(id).name && *shapes.at(id).name == name)
            return true;
    return false;
}

NodeId Document::skeletonOf(NodeId bone) const {
    const Node* current = nodes.find(bone);
    if (!current || !current->isBone())
        return {};
    // Bounded by the node count, so a corrupt parent cycle cannot loop forever.
    for (std::size_t steps = 0; steps <= nodes.size(); ++steps) {
        const Node* parent = nodes.find(current->parent);
        if (!parent)
            return {};
        if (parent->isSkeleton())
            return parent->id;
        if (!parent->isBone())
            return {};
        current = parent;
    }
    return {};
}

bool Document::isAncestorOrSelf(NodeId ancestor, NodeId node) const {
    const Node* current = nodes.find(node);
    for (std::size_t steps = 0; current && steps <= nodes.size(); ++steps) {
        if (current->id == ancestor)
            return true;
        current = nodes.find(current->parent);
    }
    return false;
}

std::vector<NodeId> Document::subtree(NodeId top) const {
    std::vector<NodeId> result;
    if (!nodes.find(top))
        return result;
    std::vector<NodeId> pending{top};
    while (!pending.empty() && result.size() <= nodes.size()) {
        const NodeId id = pending.back();
        pending.pop_back();
        result.push_back(id);
        const auto& children = nodes.at(id).children;
        for (auto child = children.rbegin(); child != children.rend(); ++child)
            if (nodes.find(*child))
                pending.push_back(*child);
    }
    return result;
}

} // namespace hyperrig::core::model
