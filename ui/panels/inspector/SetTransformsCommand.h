#pragma once

#include "core/edit/Command.h"
#include "core/model/Ids.h"
#include "core/model/NodeTransform.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::ui {

// The inspector's transform edit: core::edit::setTransform for each edited node, applied and
// undone as one step under a name that says what was edited ("Set Position", "Set Scale of 3
// Nodes"). Unlike a CompositeCommand it merges: a later edit with the same name on the same
// nodes, within History's merge window, folds into this one, as setTransform does for one node,
// so holding an arrow key over a multi-selection is one undo step, and an edit that ends where it
// began (Escape after steps) disappears. It only composes core commands; it could move to
// core/edit/commands as a `setTransforms` factory once another caller needs it.
class SetTransformsCommand final : public core::edit::Command {
public:
    using Entry = std::pair<core::model::NodeId, core::model::NodeTransform>;

    SetTransformsCommand(std::string name, std::vector<Entry> transforms);

    core::Result<void> apply(core::model::Document& document,
                             core::edit::ChangeSet& changes) override;
    void revert(core::model::Document& document, core::edit::ChangeSet& changes) override;
    std::string displayName() const override { return m_name; }
    bool tryMerge(const Command& next) override;
    bool isNoOp() const override;
    std::size_t byteSize() const override;

private:
    std::string m_name;
    std::vector<core::model::NodeId> m_nodes;
    std::vector<std::unique_ptr<core::edit::Command>> m_commands; // setTransform, one per node
};

} // namespace hyperrig::ui
