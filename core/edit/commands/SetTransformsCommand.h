#pragma once

#include "core/edit/Command.h"
#include "core/edit/CompositeCommand.h"
#include "core/model/Ids.h"
#include "core/model/NodeTransform.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::core::edit {

// Several nodes' transform edit (the inspector's fields, the viewport's gizmo and modal tools):
// setTransform for each node, applied and undone as one step under a name that says what was edited
// ("Set Position", "Set Scale of 3 Nodes"). Unlike a CompositeCommand it merges: a later edit with
// the same name on the same nodes, within History's merge window, folds into this one, as
// setTransform does for one node, so holding an arrow key over a multi-selection is one undo step,
// and an edit that ends where it began (Escape after steps) disappears.
class SetTransformsCommand final : public Command {
public:
    using Entry = std::pair<model::NodeId, model::NodeTransform>;

    SetTransformsCommand(std::string name, std::vector<Entry> transforms);

    Result<void> apply(model::Document& document, ChangeSet& changes) override;
    void revert(model::Document& document, ChangeSet& changes) override;
    std::string displayName() const override { return m_steps.displayName(); }
    bool canMerge(const Command& next) const override;
    bool tryMerge(const Command& next) override;
    bool isNoOp() const override;
    std::size_t byteSize() const override;

private:
    std::vector<model::NodeId> m_nodes;
    CompositeCommand m_steps;      // setTransform, one per node: applied and reverted as one
    std::vector<Command*> m_parts; // the same steps (owned by m_steps), to merge one by one
};

} // namespace hyperrig::core::edit
