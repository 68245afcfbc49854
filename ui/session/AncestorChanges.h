#pragma once

#include "core/edit/ChangeSet.h"
#include "core/model/Document.h"

#include <cstdint>

namespace hyperrig::ui {

// Whether `changes` (already applied to `document`) moved an ancestor of `node` to another
// parent or place, or changed one of `fields` of an ancestor (`node` itself is not looked at).
// For panels whose rows depend on a node's ancestors, not only on the node: a bone's head in
// skeleton space follows its parents' transforms, the skeleton a bone belongs to follows where
// its ancestors are and which of them is a skeleton. Walks the parents: O(depth).
bool ancestorChanged(const core::model::Document& document, core::model::NodeId node,
                     const core::edit::ChangeSet& changes, std::uint32_t fields);

} // namespace hyperrig::ui
