#pragma once

#include "core/model/Document.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace hyperrig::ui {

// Where a drop of outliner rows puts each node: the reparent command's `index` (the place among
// the new siblings, counted without the node itself) for each node in turn, so that the nodes
// end up together, in the given order, at the drop row.
struct PlannedMove {
    core::model::NodeId node;
    std::size_t index = 0;
};

// Whether the reparent command's rules let every one of `nodes` move under `parent`: not the
// root, not into its own subtree, a bone only under a bone or skeleton, a skeleton not under a
// bone (edit::parentTakesBone/parentTakesSkeleton, the functions the command uses), and no bone
// filling a joints slot taken out of that slot's skeleton. Each node is checked on its own, so a
// multi-row drop the command refuses as a whole is still refused at drop time, with its reason.
bool placementAllowed(const core::model::Document& document,
                      const std::vector<core::model::NodeId>& nodes, core::model::NodeId parent);

// The moves that put `nodes` before the child now at `row` of `parent` (or last: nullopt, or a
// row past the end). Each index is computed on the child list as the earlier moves leave it,
// because the commands apply one after the other. Empty when the drop would change nothing.
std::vector<PlannedMove> planMoves(const core::model::Document& document,
                                   const std::vector<core::model::NodeId>& nodes,
                                   core::model::NodeId parent, std::optional<std::size_t> row);

} // namespace hyperrig::ui
