#include "core/model/BlendShapes.h"

#include <algorithm>

namespace hyperrig::core::model {

std::size_t BlendTarget::entryCount() const {
    const std::size_t values = offsets.elementCount();
    return indices ? std::min(indices->values.size(), values) : values;
}

double blendAmountOf(const BlendShapes& blend, const std::optional<std::vector<double>>& instance,
                     std::size_t shape) {
    const std::optional<std::vector<double>>& list = instance ? instance : blend.amounts;
    return list && shape < list->size() ? (*list)[shape] : 0.0;
}

bool hasActiveBlend(const BlendShapes& blend, const std::optional<std::vector<double>>& instance) {
    for (std::size_t s = 0; s < blend.shapes.size(); ++s)
        if (blendAmountOf(blend, instance, s) != 0.0)
            return true;
    return false;
}

} // namespace hyperrig::core::model
