#pragma once

#include "core/model/Document.h"

#include <string>

namespace hyperrig::core::model {

// How messages name document items: "'BodyMesh'", or "#1" for an unnamed item (its position in
// document order, as scripts address it), "(removed)" for an id no longer in the document.
std::string describeMesh(const Document& document, MeshId mesh);
std::string describeNode(const Document& document, NodeId node);
std::string describeShape(const Document& document, ShapeId shape);

} // namespace hyperrig::core::model
