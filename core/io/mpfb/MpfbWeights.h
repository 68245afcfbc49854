#pragma once

#include "core/base/Result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hyperrig::core::io {

// A weights.<rig>.json file (mpfb.md §11.3): per vertex group (a deform bone, a "DEF-" Rigify
// name, or an "mhmask-" mask) its [vertex, weight] entries, as stored: not normalised.
struct MpfbWeightGroup {
    std::string name;
    std::vector<std::pair<std::uint32_t, double>> entries;
};

// Parses and checks a weights file against a mesh of `vertexCount` vertices. Errors name the
// file and the JSON pointer: a missing "weights" object, an entry that is not [index, weight], a
// vertex past the mesh, a weight outside [0, 1] (what MPFB writes; decision 0064).
Result<std::vector<MpfbWeightGroup>>
parseMpfbWeights(std::string_view text, std::string_view sourceName, std::size_t vertexCount);

} // namespace hyperrig::core::io
