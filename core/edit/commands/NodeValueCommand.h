#pragma once

#include "core/edit/Command.h"

#include <string>
#include <utility>

namespace hyperrig::core::edit {

// The generic "change one value of one node" command (Tiled's ChangeValue): the node id plus the
// value before and after. Traits supply the value type and how to read, check and write it:
//
//   struct Traits {
//       using Value = ...;
//       static constexpr std::uint32_t kField = ChangeSet::...;
//       static constexpr bool kMergeable = ...;   // continuous edits (dragging) may merge
//       static std::string name();                 // "Rename Node", "Set Transform"
//       static Value get(const model::Node&);
//       static void set(model::Node&, const Value&);
//       static Result<void> check(const model::Document&, const model::Node&, const Value&);
//       static std::size_t bytes(const Value&);     // heap bytes the value holds
//   };
//
// apply() checks before it writes, so a refused value leaves the document untouched. Merging
// keeps the first before-value and the last after-value; a merge that ends where it began is a
// no-op and History drops it.
template <typename Traits>
class NodeValueCommand final : public Command {
public:
    using Value = typename Traits::Value;

    NodeValueCommand(model::NodeId node, Value value) : m_node(node), m_after(std::move(value)) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        model::Node* node = document.nodes.find(m_node);
        if (!node)
            return Error(Traits::name() + ": the node no longer exists");
        auto checked = Traits::check(document, *node, m_after);
        if (!checked)
            return std::move(checked).withContext(Traits::name());
        if (!m_before)
            m_before = Traits::get(*node);
        Traits::set(*node, m_after);
        changes.nodeChanged(m_node, Traits::kField);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        Traits::set(document.node(m_node), *m_before);
        changes.nodeChanged(m_node, Traits::kField);
    }

    std::string displayName() const override { return Traits::name(); }

    bool canMerge(const Command& next) const override {
        if constexpr (!Traits::kMergeable)
            return false;
        const auto* same = dynamic_cast<const NodeValueCommand*>(&next);
        return same && same->m_node == m_node;
    }
    bool tryMerge(const Command& next) override {
        if (!canMerge(next))
            return false;
        m_after = static_cast<const NodeValueCommand&>(next).m_after;
        return true;
    }

    bool isNoOp() const override { return m_before && *m_before == m_after; }

    std::size_t byteSize() const override {
        return sizeof(*this) + Traits::bytes(m_after) + (m_before ? Traits::bytes(*m_before) : 0);
    }

    model::NodeId node() const { return m_node; }
    const Value& after() const { return m_after; }

private:
    model::NodeId m_node;
    std::optional<Value> m_before;
    Value m_after;
};

} // namespace hyperrig::core::edit
