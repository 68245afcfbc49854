#pragma once

#include "core/model/Document.h"

#include <span>
#include <vector>

namespace hyperrig::core::model {

// Select Parent ([) and Select Children (]): a selection walked one level up or down the node
// tree, as Blender's pose mode does it. Read-only queries on the document; the editor turns the
// answer into its selection.

// A selection (ordered, without repeats) and its current node: none or one of `nodes`.
struct WalkedSelection {
    std::vector<NodeId> nodes;
    NodeId current;
};

// Each selected node replaced by its parent, in selection order without repeats. A node whose
// parent is the root (the document's scene node, never worth selecting) or that has no parent
// stays itself, as a bone without a parent stays selected in Blender. `extend` keeps the
// selection and appends the parents it lacks. The current node becomes its own counterpart
// (its parent, or itself when it stays).
WalkedSelection selectParents(const Document& document, std::span<const NodeId> selection,
                              NodeId current, bool extend);

// Each selected node replaced by all its direct children, in selection then child order without
// repeats; a node without children stays itself. `extend` keeps the selection and appends the
// children it lacks. The current node becomes its first child (or stays when it has none).
WalkedSelection selectChildren(const Document& document, std::span<const NodeId> selection,
                               NodeId current, bool extend);

} // namespace hyperrig::core::model
