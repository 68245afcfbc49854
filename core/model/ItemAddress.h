#pragma once

#include "core/base/Result.h"
#include "core/model/Document.h"

#include <optional>
#include <string>

namespace hyperrig::core::model {

// How scripts, pose files and the command line name document items (docs/scripting.md,
// "Addressing"): by name, or "#index", the item's position in document order when the op runs (the
// index a save would give it; "#0" is the root node). G4MF forbids '#' in names, so the two never
// clash. `what` names the field in messages ("'node'", "'joints'[2]").

Result<NodeId> resolveNode(const Document& document, const OrderedJson& value,
                           const std::string& what);
// null -> no node (a joints slot without a bone).
Result<std::optional<NodeId>> resolveNodeOrNull(const Document& document, const OrderedJson& value,
                                                const std::string& what);
// A mesh by its name or "#index"; also by the name of a node that instances it (the mesh the
// "Body" node shows), so scripts may name what the outliner shows.
Result<MeshId> resolveMesh(const Document& document, const OrderedJson& value,
                           const std::string& what);
Result<ShapeId> resolveShape(const Document& document, const OrderedJson& value,
                             const std::string& what);

} // namespace hyperrig::core::model
