#include "core/model/ItemAddress.h"

#include <charconv>

namespace hyperrig::core::model {
namespace {

// The index of a "#index" address, or nullopt when `text` is not one.
std::optional<std::size_t> parseIndex(const std::string& text) {
    if (text.size() < 2 || text[0] != '#')
        return std::nullopt;
    std::size_t index = 0;
    const char* first = text.data() + 1;
    const char* last = text.data() + text.size();
    const auto [end, error] = std::from_chars(first, last, index);
    if (error != std::errc() || end != last)
        return std::nullopt;
    return index;
}

template <typename IdT, typename Item>
Result<IdT> resolve(const ItemStore<IdT, Item>& store, const OrderedJson& value,
                    const std::string& what, const char* kind) {
    if (!value.is_string())
        return Error(what + " must be a " + kind + " name or \"#index\"");
    const std::string text = value.get<std::string>();
    if (text.empty())
        return Error(what + " must not be empty");
    if (text[0] == '#') {
        const auto index = parseIndex(text);
        if (!index)
            return Error(what + ": '" + text + "' is not a \"#index\" address (# and digits)");
        if (*index >= store.size())
            return Error(what + ": there is no " + kind + " " + text + "; the document has " +
                         std::to_string(store.size()) + " " + kind + "s");
        return store.order()[*index];
    }
    for (IdT id : store.order()) {
        const Item& item = store.at(id);
        if (item.name && *item.name == text)
            return id;
    }
    return Error(what + ": there is no " + kind + " named '" + text + "'");
}

} // namespace

Result<NodeId> resolveNode(const Document& document, const OrderedJson& value,
                           const std::string& what) {
    return resolve(document.nodes, value, what, "node");
}

Result<std::optional<NodeId>> resolveNodeOrNull(const Document& document, const OrderedJson& value,
                                                const std::string& what) {
    if (value.is_null())
        return std::optional<NodeId>();
    if (!value.is_string())
        return Error(what + " must be a node name, \"#index\" or null");
    auto node = resolveNode(document, value, what);
    if (!node)
        return node.error();
    return std::optional<NodeId>(*node);
}

Result<MeshId> resolveMesh(const Document& document, const OrderedJson& value,
                           const std::string& what) {
    auto mesh = resolve(document.meshes, value, what, "mesh");
    if (mesh || !value.is_string())
        return mesh;
    const NodeId node = document.findNode(value.get<std::string>());
    if (node) {
        if (const MeshInstance* instance = document.node(node).meshInstance())
            return instance->mesh;
    }
    return mesh;
}

Result<ShapeId> resolveShape(const Document& document, const OrderedJson& value,
                             const std::string& what) {
    return resolve(document.shapes, value, what, "shape");
}

} // namespace hyperrig::core::model
