#include "core/edit/commands/SetTransformsCommand.h"

#include "core/edit/commands/NodeCommands.h"

#include <algorithm>

namespace hyperrig::core::edit {

SetTransformsCommand::SetTransformsCommand(std::string name, std::vector<Entry> transforms)
    : m_name(std::move(name)) {
    for (auto& [node, transform] : transforms) {
        m_nodes.push_back(node);
        m_commands.push_back(setTransform(node, std::move(transform)));
    }
}

Result<void> SetTransformsCommand::apply(model::Document& document, ChangeSet& changes) {
    for (std::size_t i = 0; i < m_commands.size(); ++i) {
        auto applied = m_commands[i]->apply(document, changes);
        if (!applied) {
            for (std::size_t j = i; j-- > 0;)
                m_commands[j]->revert(document, changes);
            return applied.error();
        }
    }
    return {};
}

void SetTransformsCommand::revert(model::Document& document, ChangeSet& changes) {
    for (auto command = m_commands.rbegin(); command != m_commands.rend(); ++command)
        (*command)->revert(document, changes);
}

bool SetTransformsCommand::tryMerge(const Command& next) {
    const auto* same = dynamic_cast<const SetTransformsCommand*>(&next);
    if (!same || same->m_name != m_name || same->m_nodes != m_nodes)
        return false;
    // Same nodes in the same order: each setTransform accepts its counterpart.
    for (std::size_t i = 0; i < m_commands.size(); ++i)
        m_commands[i]->tryMerge(*same->m_commands[i]);
    return true;
}

bool SetTransformsCommand::isNoOp() const {
    return std::all_of(m_commands.begin(), m_commands.end(),
                       [](const auto& command) { return command->isNoOp(); });
}

std::size_t SetTransformsCommand::byteSize() const {
    std::size_t total = sizeof(*this) + m_name.capacity() + m_nodes.capacity() * sizeof(m_nodes[0]);
    for (const auto& command : m_commands)
        total += command->byteSize();
    return total;
}

} // namespace hyperrig::core::edit
