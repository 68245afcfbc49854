#pragma once

#include "core/base/Result.h"
#include "core/model/Document.h"

#include <string>
#include <vector>

namespace hyperrig::core::eval {

// Per vertex, the share of the skin group named `groupName` in that vertex's deformation:
// w_g / W with W the vertex's weight sum (docs/skinning.md), 0 where the group does not influence
// the vertex or W <= 0. What the weight heat-map shows. Group names are the skin's, inferred from
// the joints where missing. Fails when the mesh has no skin or no group of that name.
Result<std::vector<float>> groupWeightPerVertex(const model::Document& document, model::MeshId mesh,
                                                const std::string& groupName);

} // namespace hyperrig::core::eval
