#include "core/ops/GroupUsage.h"

namespace hyperrig::core::ops {

std::vector<GroupUsage> groupUsage(const model::Skin& skin, std::size_t groupCount) {
    std::vector<GroupUsage> usage(groupCount);
    // The vertex that last counted each group, so a group listed twice in one vertex counts once.
    std::vector<std::size_t> lastVertex(groupCount, static_cast<std::size_t>(-1));
    for (std::size_t vertex = 0; vertex < skin.vertexCount(); ++vertex)
        for (std::uint32_t k = skin.offsets[vertex]; k < skin.offsets[vertex + 1]; ++k) {
            const std::size_t group = skin.groups[k];
            const double weight = skin.weights[k];
            if (group >= groupCount || weight == 0.0)
                continue;
            usage[group].totalWeight += weight;
            if (lastVertex[group] != vertex) {
                lastVertex[group] = vertex;
                ++usage[group].vertices;
            }
        }
    return usage;
}

} // namespace hyperrig::core::ops
