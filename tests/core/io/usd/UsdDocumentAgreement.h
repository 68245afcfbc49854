#pragma once

#include "core/model/Document.h"

#include <optional>
#include <string>

namespace hyperrig::test {

// Whether two documents say the same thing up to the rounding a text format brings: the node
// trees walked side by side (names, components, transforms as affine maps, bones, joints slots by
// bone name, bind poses, meshes with their vertices, faces and skins, weights compared
// normalised), numbers within `tolerance` (relative to max(1, |x|)), and, unless `withExtras` is
// false, the extras as JSON with the same tolerance. Ids, file order, transform spelling and JSON
// key order do not count. nullopt when they agree, else the first difference.
std::optional<std::string> usdFirstDisagreement(const core::model::Document& a,
                                                const core::model::Document& b, double tolerance,
                                                bool withExtras = true);
// The same from two given nodes down (a document written below another root).
std::optional<std::string> usdFirstDisagreement(const core::model::Document& a,
                                                core::model::NodeId rootA,
                                                const core::model::Document& b,
                                                core::model::NodeId rootB, double tolerance,
                                                bool withExtras);

} // namespace hyperrig::test
