#pragma once

#include "core/base/Result.h"
#include "core/math/AffineN.h"
#include "core/model/Document.h"

namespace hyperrig::core::edit {

// Where `node` sits in the world (the space of the top of its tree): the local transforms from
// the top down, composed as g4mf.md §2.2 says, global = parent_global ∘ local, so
//   p_world = L_top ∘ ... ∘ L_node · p_node.
// Fails, naming the node, when a transform on the way is malformed.
Result<math::AffineN> worldTransform(const model::Document& document, model::NodeId node);

} // namespace hyperrig::core::edit
