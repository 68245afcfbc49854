#include "core/edit/commands/SetTransformsCommand.h"

#include "core/edit/commands/NodeCommands.h"

#include <algorithm>

namespace hyperrig::core::edit {

SetTransformsCommand::SetTransformsCommand(std::string name, std::vector<Entry> transforms)
    : m_steps(std::move(name)) {
    for (auto& [node, transform] : transforms) {
        m_nodes.push_back(node);
        auto step = setTransform(node, std::move(transform));
        m_parts.push_back(step.get());
        m_steps.appendPending(std::move(step));
    }
}

Result<void> SetTransformsCommand::apply(model::Document& document, ChangeSet& changes) {
    return m_steps.apply(document, changes);
}

void SetTransformsCommand::revert(model::Document& document, ChangeSet& changes) {
    m_steps.revert(document, changes);
}

bool SetTransformsCommand::canMerge(const Command& next) const {
    const auto* same = dynamic_cast<const SetTransformsCommand*>(&next);
    return same && same->displayName() == displayName() && same->m_nodes == m_nodes;
}

bool SetTransformsCommand::tryMerge(const Command& next) {
    if (!canMerge(next))
        return false;
    // Same nodes in the same order: each setTransform accepts its counterpart.
    const auto& same = static_cast<const SetTransformsCommand&>(next);
    for (std::size_t i = 0; i < m_parts.size(); ++i)
        m_parts[i]->tryMerge(*same.m_parts[i]);
    return true;
}

bool SetTransformsCommand::isNoOp() const {
    return std::all_of(m_parts.begin(), m_parts.end(),
                       [](const Command* part) { return part->isNoOp(); });
}

std::size_t SetTransformsCommand::byteSize() const {
    return sizeof(*this) - sizeof(m_steps) + m_steps.byteSize() +
           m_nodes.capacity() * sizeof(m_nodes[0]) + m_parts.capacity() * sizeof(m_parts[0]);
}

} // namespace hyperrig::core::edit
