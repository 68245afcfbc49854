#pragma once

#include "core/model/Mesh.h"

#include <cstddef>
#include <vector>

namespace hyperrig::core::ops {

// How much of a skin one group moves: the vertices with a non-zero weight on it (each vertex
// counted once, even when it lists the group twice) and the sum of those weights.
struct GroupUsage {
    std::size_t vertices = 0;
    double totalWeight = 0.0;
};

// One entry per group 0 .. groupCount-1; influences on groups beyond it are ignored.
std::vector<GroupUsage> groupUsage(const model::Skin& skin, std::size_t groupCount);

} // namespace hyperrig::core::ops
