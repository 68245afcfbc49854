#pragma once

#include "core/base/Contracts.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace hyperrig::core::model {

// Items of one kind with stable ids, kept in document order (the order a save writes them).
// Lookup by id is O(1). Removing returns the item, so a command can hold it and put it back at
// the same position with the same id: deltas, never snapshots.
template <typename IdT, typename Item>
class ItemStore {
public:
    Item* find(IdT id) {
        const auto found = m_items.find(id);
        return found == m_items.end() ? nullptr : found->second.get();
    }
    const Item* find(IdT id) const {
        const auto found = m_items.find(id);
        return found == m_items.end() ? nullptr : found->second.get();
    }
    Item& at(IdT id) {
        Item* item = find(id);
        HYPERRIG_EXPECTS(item != nullptr);
        return *item;
    }
    const Item& at(IdT id) const {
        const Item* item = find(id);
        HYPERRIG_EXPECTS(item != nullptr);
        return *item;
    }

    const std::vector<IdT>& order() const { return m_order; }
    std::size_t size() const { return m_order.size(); }
    bool empty() const { return m_order.empty(); }

    // A fresh id, never handed out before in this store.
    IdT allocateId() { return IdT{++m_lastId}; }

    // Inserts at `position` in document order (clamped to the end). The item's id must be set
    // and unused; an id from an earlier removal may come back.
    void insert(std::unique_ptr<Item> item, std::size_t position) {
        HYPERRIG_EXPECTS(item && item->id && !find(item->id));
        const IdT id = item->id;
        m_lastId = std::max(m_lastId, id.value);
        position = std::min(position, m_order.size());
        m_order.insert(m_order.begin() + static_cast<std::ptrdiff_t>(position), id);
        m_items.emplace(id, std::move(item));
    }
    void append(std::unique_ptr<Item> item) { insert(std::move(item), m_order.size()); }

    // Removes the item and returns it with its former position in document order.
    std::pair<std::unique_ptr<Item>, std::size_t> take(IdT id) {
        const auto found = m_items.find(id);
        HYPERRIG_EXPECTS(found != m_items.end());
        std::unique_ptr<Item> item = std::move(found->second);
        m_items.erase(found);
        const auto at = std::find(m_order.begin(), m_order.end(), id);
        const auto position = static_cast<std::size_t>(at - m_order.begin());
        m_order.erase(at);
        return {std::move(item), position};
    }

    std::size_t positionOf(IdT id) const {
        const auto at = std::find(m_order.begin(), m_order.end(), id);
        HYPERRIG_EXPECTS(at != m_order.end());
        return static_cast<std::size_t>(at - m_order.begin());
    }

private:
    std::unordered_map<IdT, std::unique_ptr<Item>> m_items;
    std::vector<IdT> m_order;
    std::uint32_t m_lastId = 0;
};

} // namespace hyperrig::core::model
