#pragma once

#include "core/model/Document.h"

#include <cstddef>
#include <string>

namespace hyperrig::core::edit {

// Small helpers shared by the skin, bind-pose and shape commands: how items are named in
// messages, and what undo data costs.

// "'BodyMesh'", or "#1" for an unnamed mesh (its position in document order, as scripts address
// it).
std::string describeMesh(const model::Document& document, model::MeshId mesh);
std::string describeNode(const model::Document& document, model::NodeId node);
std::string describeShape(const model::Document& document, model::ShapeId shape);

// Heap bytes a JSON value holds, estimated from its strings and container sizes: enough for
// History's memory cap, without serialising the value.
std::size_t jsonBytes(const model::OrderedJson& json);

} // namespace hyperrig::core::edit
