#pragma once

#include "core/edit/Command.h"

#include <memory>
#include <vector>

namespace hyperrig::core::edit {

// Several commands that undo and redo as one (a transaction, a script, a merge of meshes).
// apply() runs them in order and, if one fails, reverts the ones already applied before
// returning its error, so the document is unchanged.
class CompositeCommand final : public Command {
public:
    explicit CompositeCommand(std::string name) : m_name(std::move(name)) {}

    // Adds a command that has ALREADY been applied (History's transactions apply as they go).
    void appendApplied(std::unique_ptr<Command> command) {
        m_commands.push_back(std::move(command));
    }
    // Adds a command not applied yet: the composite's first apply() runs it (operations such as
    // a mesh merge build their steps first and hand the whole composite to History).
    void appendPending(std::unique_ptr<Command> command) {
        m_commands.push_back(std::move(command));
    }
    bool empty() const { return m_commands.empty(); }
    std::size_t size() const { return m_commands.size(); }

    Result<void> apply(model::Document& document, ChangeSet& changes) override;
    void revert(model::Document& document, ChangeSet& changes) override;
    std::string displayName() const override { return m_name; }
    bool isModification() const override;
    std::size_t byteSize() const override;

private:
    std::string m_name;
    std::vector<std::unique_ptr<Command>> m_commands;
};

} // namespace hyperrig::core::edit
