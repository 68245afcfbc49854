#include "core/model/Document.h"

namespace hyperrig::core::model {
namespace {

// Whether a JSON object kept as read is an item called `name` (how lights, materials, accessors
// and the other items HyperRig does not model carry their names).
bool jsonNamed(const OrderedJson& json, std::string_view name) {
    if (!json.is_object())
        return false;
    const auto found = json.find("name");
    return found != json.end() && found->is_string() &&
           found->get_ref<const std::string&>() == name;
}

// The items a save writes back from kept JSON: every top-level array the model does not own,
// the preserved accessors and buffer views, buffer 0, and the accessors of mesh and skin data
// (their properties besides the layout). G4MF names are unique across all of them
// (name.not-unique in docs/validation.md), not only across nodes, meshes and shapes.
bool keptItemNamed(const Document& document, std::string_view name) {
    const PreservedData& preserved = document.preserved;
    for (const auto& [key, value] : preserved.topLevel.items())
        if (value.is_array())
            for (const OrderedJson& item : value)
                if (jsonNamed(item, name))
                    return true;
    for (const PreservedAccessor& accessor : preserved.accessors)
        if (jsonNamed(accessor.json, name))
            return true;
    for (const PreservedBufferView& view : preserved.bufferViews)
        if (jsonNamed(view.json, name))
            return true;
    if (jsonNamed(preserved.firstBufferExtra, name))
        return true;
    for (MeshId id : document.meshes.order()) {
        const Mesh& mesh = document.meshes.at(id);
        if (jsonNamed(mesh.vertices.accessorExtra, name))
            return true;
        for (const Surface& surface : mesh.surfaces)
            for (const auto* data : {&surface.simplexes, &surface.edges})
                if (*data && jsonNamed((*data)->accessorExtra, name))
                    return true;
        if (mesh.skin)
            for (const OrderedJson& extra : mesh.skin->accessorExtra)
                if (jsonNamed(extra, name))
                    return true;
    }
    return false;
}

} // namespace

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
    return keptItemNamed(*this, name);
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
