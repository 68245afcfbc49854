#include "core/model/Mesh.h"

#include "core/base/Contracts.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hyperrig::core::model {

std::size_t Skin::groupCount() const {
    if (groups.empty())
        return 0;
    // A plain max reduction, which compilers vectorize (std::max_element tracks a position and
    // does not): this runs over every influence, 10M in issue 19's workloads.
    std::uint32_t largest = 0;
    for (const std::uint32_t group : groups)
        largest = std::max(largest, group);
    return static_cast<std::size_t>(largest) + 1;
}

SkinWeightOrder skinWeightOrder(const Skin& skin) {
    return skinWeightOrder(skin, 0, skin.vertexCount());
}

SkinWeightOrder skinWeightOrder(const Skin& skin, std::size_t beginVertex, std::size_t endVertex) {
    HYPERRIG_EXPECTS(beginVertex <= endVertex && endVertex <= skin.vertexCount());
    SkinWeightOrder order;
    const double* weights = skin.weights.data();
    const std::size_t count = skin.weights.size();
    // |w| <= the largest double is false for NaN and both infinities: one compare.
    constexpr double kLargest = std::numeric_limits<double>::max();
    for (std::size_t v = beginVertex; v < endVertex; ++v) {
        const std::size_t begin = skin.offsets[v];
        const std::size_t end = skin.offsets[v + 1];
        if (end < begin || end > count) {
            ++order.backwardVertices; // offsets that end at count cannot pass it without going back
            continue;
        }
        if (begin == end)
            continue;
        order.notFinite += static_cast<std::size_t>(!(std::abs(weights[begin]) <= kLargest));
        for (std::size_t e = begin + 1; e < end; ++e) {
            order.notFinite += static_cast<std::size_t>(!(std::abs(weights[e]) <= kLargest));
            order.rising += static_cast<std::size_t>(weights[e - 1] < weights[e]);
        }
    }
    return order;
}

std::size_t Mesh::simplexCount() const {
    std::size_t total = 0;
    for (const Surface& surface : surfaces)
        if (surface.simplexes)
            total += surface.simplexes->elementCount();
    return total;
}

} // namespace hyperrig::core::model
