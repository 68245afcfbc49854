#pragma once

#include "core/model/Document.h"
#include "core/model/ItemLabels.h"

#include <cstddef>
#include <string>

namespace hyperrig::core::edit {

// Small helpers shared by the skin, bind-pose and shape commands: how items are named in
// messages, and what undo data costs.

using model::describeMesh;
using model::describeNode;
using model::describeShape;

// Heap bytes a JSON value holds, estimated from its strings and container sizes: enough for
// History's memory cap, without serialising the value.
std::size_t jsonBytes(const model::OrderedJson& json);

} // namespace hyperrig::core::edit
