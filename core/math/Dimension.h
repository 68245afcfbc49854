#pragma once

#include "core/base/Result.h"

namespace hyperrig::core::math {

// HyperRig works with a runtime dimension N: every vector, basis and transform carries its N, and
// one binary handles 2D to 8D documents. The upper bound keeps VectorN/BasisN on the stack
// (fixed capacity, no heap); 8 also covers every N G4MF has been used with. 4D is the main target.
inline constexpr int kMinDimension = 2;
inline constexpr int kMaxDimension = 8;

constexpr bool isSupportedDimension(long long dimension) {
    return dimension >= kMinDimension && dimension <= kMaxDimension;
}

// Checks a dimension that comes from outside the program (a file's asset.dimension, a command
// line argument). Fails with "dimension 9 is not supported: HyperRig handles 2 to 8 dimensions".
Result<int> checkedDimension(long long dimension);

} // namespace hyperrig::core::math
