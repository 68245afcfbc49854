#include "core/math/Dimension.h"

#include <string>

namespace hyperrig::core::math {

Result<int> checkedDimension(long long dimension) {
    if (!isSupportedDimension(dimension))
        return Error("dimension " + std::to_string(dimension) +
                     " is not supported: HyperRig handles " + std::to_string(kMinDimension) +
                     " to " + std::to_string(kMaxDimension) + " dimensions");
    return static_cast<int>(dimension);
}

} // namespace hyperrig::core::math
