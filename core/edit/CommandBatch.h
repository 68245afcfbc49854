#pragma once

#include "core/base/Contracts.h"
#include "core/edit/Command.h"
#include "core/edit/CompositeCommand.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::core::edit {

// The same edit of several items (each selected bone's length) as one undo step named for them
// ("Set Length of 3 Bones"). Unlike a plain CompositeCommand it merges as its parts do: a later
// batch with the same name and as many parts, each of which its counterpart would absorb (the
// same kind of edit of the same item, in the same order), folds into this one within History's
// merge window. Holding an arrow over a multi-selection is then one undo step, as it is for one
// item, and a run that ends where it began disappears. All parts merge or none: canMerge is
// asked of every part first.
class CommandBatch final : public Command {
public:
    // Contract: `commands` is not empty; none is applied yet.
    CommandBatch(std::string name, std::vector<std::unique_ptr<Command>> commands);

    Result<void> apply(model::Document& document, ChangeSet& changes) override;
    void revert(model::Document& document, ChangeSet& changes) override;
    std::string displayName() const override { return m_steps.displayName(); }
    bool isModification() const override { return m_steps.isModification(); }
    bool canMerge(const Command& next) const override;
    bool tryMerge(const Command& next) override;
    bool isNoOp() const override;
    std::size_t byteSize() const override;

private:
    CompositeCommand m_steps;      // the parts: applied in order, reverted as one
    std::vector<Command*> m_parts; // the same parts (owned by m_steps), to merge one by one
};

// One undo step for several commands not applied yet (the same edit of each selected node): the
// command itself when there is one, so its own name shows in Edit > Undo ("Undo Rename Node"),
// else a CommandBatch called `nameForSeveral` ("Delete 3 Nodes").
// Contract: `commands` is not empty.
inline std::unique_ptr<Command> asOneStep(std::vector<std::unique_ptr<Command>> commands,
                                          std::string nameForSeveral) {
    HYPERRIG_EXPECTS(!commands.empty());
    if (commands.size() == 1)
        return std::move(commands.front());
    return std::make_unique<CommandBatch>(std::move(nameForSeveral), std::move(commands));
}

} // namespace hyperrig::core::edit
