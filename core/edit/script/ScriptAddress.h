#pragma once

#include "core/base/Result.h"
#include "core/model/Document.h"

#include <optional>
#include <string>

namespace hyperrig::core::edit {

// How scripts name document items (docs/scripting.md, "Addressing"): by name, or "#index", the
// item's position in document order when the op runs (the index a save would give it; "#0" is
// the root node). G4MF forbids '#' in names, so the two never clash. `what` names the field in
// messages ("'node'", "'joints'[2]").

Result<model::NodeId> resolveNode(const model::Document& document, const model::OrderedJson& value,
                                  const std::string& what);
// null -> no node (a joints slot without a bone).
Result<std::optional<model::NodeId>> resolveNodeOrNull(const model::Document& document,
                                                       const model::OrderedJson& value,
                                                       const std::string& what);
// A mesh by its name or "#index"; also by the name of a node that instances it (the mesh the
// "Body" node shows), so scripts may name what the outliner shows.
Result<model::MeshId> resolveMesh(const model::Document& document, const model::OrderedJson& value,
                                  const std::string& what);
Result<model::ShapeId> resolveShape(const model::Document& document,
                                    const model::OrderedJson& value, const std::string& what);

} // namespace hyperrig::core::edit
