#pragma once

#include <compare>
#include <cstdint>
#include <functional>

namespace hyperrig::core::model {

// A stable identity for a document item. Ids never change while the document lives (undo and
// redo bring an item back with the same id); file indices exist only while reading and writing.
// 0 is "no item".
template <typename Tag>
struct Id {
    std::uint32_t value = 0;

    explicit operator bool() const { return value != 0; }
    friend auto operator<=>(const Id&, const Id&) = default;
};

using NodeId = Id<struct NodeTag>;
using MeshId = Id<struct MeshTag>;
using ShapeId = Id<struct ShapeTag>;

} // namespace hyperrig::core::model

template <typename Tag>
struct std::hash<hyperrig::core::model::Id<Tag>> {
    std::size_t operator()(const hyperrig::core::model::Id<Tag>& id) const noexcept {
        return std::hash<std::uint32_t>{}(id.value);
    }
};
