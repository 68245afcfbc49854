#include "core/edit/CommandBatch.h"

#include <algorithm>

namespace hyperrig::core::edit {

CommandBatch::CommandBatch(std::string name, std::vector<std::unique_ptr<Command>> commands)
    : m_steps(std::move(name)) {
    HYPERRIG_EXPECTS(!commands.empty());
    for (auto& command : commands) {
        m_parts.push_back(command.get());
        m_steps.appendPending(std::move(command));
    }
}

Result<void> CommandBatch::apply(model::Document& document, ChangeSet& changes) {
    return m_steps.apply(document, changes);
}

void CommandBatch::revert(model::Document& document, ChangeSet& changes) {
    m_steps.revert(document, changes);
}

bool CommandBatch::canMerge(const Command& next) const {
    const auto* same = dynamic_cast<const CommandBatch*>(&next);
    if (!same || same->displayName() != displayName() || same->m_parts.size() != m_parts.size())
        return false;
    for (std::size_t i = 0; i < m_parts.size(); ++i)
        if (!m_parts[i]->canMerge(*same->m_parts[i]))
            return false;
    return true;
}

bool CommandBatch::tryMerge(const Command& next) {
    if (!canMerge(next))
        return false;
    const auto& same = static_cast<const CommandBatch&>(next);
    for (std::size_t i = 0; i < m_parts.size(); ++i)
        m_parts[i]->tryMerge(*same.m_parts[i]);
    return true;
}

bool CommandBatch::isNoOp() const {
    return std::all_of(m_parts.begin(), m_parts.end(),
                       [](const Command* part) { return part->isNoOp(); });
}

std::size_t CommandBatch::byteSize() const {
    return sizeof(*this) - sizeof(m_steps) + m_steps.byteSize() +
           m_parts.capacity() * sizeof(m_parts[0]);
}

} // namespace hyperrig::core::edit
