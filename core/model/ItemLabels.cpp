#include "core/model/ItemLabels.h"

namespace hyperrig::core::model {
namespace {

template <typename IdT, typename Item>
std::string describe(const ItemStore<IdT, Item>& store, IdT id) {
    const Item* item = store.find(id);
    if (!item)
        return "(removed)";
    if (item->name && !item->name->empty())
        return "'" + *item->name + "'";
    return "#" + std::to_string(store.positionOf(id));
}

} // namespace

std::string describeMesh(const Document& document, MeshId mesh) {
    return describe(document.meshes, mesh);
}

std::string describeNode(const Document& document, NodeId node) {
    return describe(document.nodes, node);
}

std::string describeShape(const Document& document, ShapeId shape) {
    return describe(document.shapes, shape);
}

} // namespace hyperrig::core::model
