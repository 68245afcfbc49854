#pragma once

#include "core/base/Contracts.h"
#include "core/edit/Command.h"
#include "core/edit/CompositeCommand.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::core::edit {

// One undo step for several commands not applied yet (the same edit of each selected node): the
// command itself when there is one, so its own name shows in Edit > Undo ("Undo Rename Node"),
// else a composite called `nameForSeveral` ("Delete 3 Nodes").
// Contract: `commands` is not empty.
inline std::unique_ptr<Command> asOneStep(std::vector<std::unique_ptr<Command>> commands,
                                          std::string nameForSeveral) {
    HYPERRIG_EXPECTS(!commands.empty());
    if (commands.size() == 1)
        return std::move(commands.front());
    auto composite = std::make_unique<CompositeCommand>(std::move(nameForSeveral));
    for (auto& command : commands)
        composite->appendPending(std::move(command));
    return composite;
}

} // namespace hyperrig::core::edit
