#include "core/edit/CompositeCommand.h"

#include <algorithm>

namespace hyperrig::core::edit {

Result<void> CompositeCommand::apply(model::Document& document, ChangeSet& changes) {
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

void CompositeCommand::revert(model::Document& document, ChangeSet& changes) {
    for (auto command = m_commands.rbegin(); command != m_commands.rend(); ++command)
        (*command)->revert(document, changes);
}

bool CompositeCommand::isModification() const {
    return std::any_of(m_commands.begin(), m_commands.end(),
                       [](const auto& command) { return command->isModification(); });
}

std::size_t CompositeCommand::byteSize() const {
    std::size_t total = sizeof(*this) + m_name.capacity();
    for (const auto& command : m_commands)
        total += command->byteSize();
    return total;
}

} // namespace hyperrig::core::edit
