#include "core/edit/commands/DataCommandSupport.h"

namespace hyperrig::core::edit {
namespace {

template <typename IdT, typename Item>
std::string describe(const model::ItemStore<IdT, Item>& store, IdT id) {
    const Item* item = store.find(id);
    if (!item)
        return "(removed)";
    if (item->name && !item->name->empty())
        return "'" + *item->name + "'";
    return "#" + std::to_string(store.positionOf(id));
}

} // namespace

std::string describeMesh(const model::Document& document, model::MeshId mesh) {
    return describe(document.meshes, mesh);
}

std::string describeNode(const model::Document& document, model::NodeId node) {
    return describe(document.nodes, node);
}

std::string describeShape(const model::Document& document, model::ShapeId shape) {
    return describe(document.shapes, shape);
}

std::size_t jsonBytes(const model::OrderedJson& json) {
    std::size_t total = sizeof(model::OrderedJson);
    if (json.is_string())
        return total + json.get_ref<const std::string&>().capacity();
    if (json.is_object()) {
        for (auto it = json.begin(); it != json.end(); ++it)
            total += it.key().capacity() + jsonBytes(it.value());
        return total;
    }
    if (json.is_array())
        for (const auto& item : json)
            total += jsonBytes(item);
    return total;
}

} // namespace hyperrig::core::edit
