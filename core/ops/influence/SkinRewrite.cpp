#include "core/ops/influence/SkinRewrite.h"

#include "core/ops/influence/InfluenceTools.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::core::ops {

void loadSorted(const model::Skin& skin, std::size_t vertex, std::vector<Influence>& influences) {
    influences.clear();
    const std::uint32_t begin = skin.offsets[vertex];
    const std::uint32_t end = skin.offsets[vertex + 1];
    for (std::uint32_t entry = begin; entry < end; ++entry)
        influences.push_back({skin.groups[entry], skin.weights[entry], entry - begin});
    // std::stable_sort would allocate a buffer per vertex; the stored position as a second key
    // makes std::sort (in place) give the same order.
    const auto stronger = [](const Influence& a, const Influence& b) {
        return a.weight > b.weight || (a.weight == b.weight && a.stored < b.stored);
    };
    if (!std::is_sorted(influences.begin(), influences.end(), stronger))
        std::sort(influences.begin(), influences.end(), stronger);
}

bool appendVertex(const model::Skin& source, std::size_t vertex,
                  const std::vector<Influence>& influences, model::Skin& out) {
    const std::uint32_t begin = source.offsets[vertex];
    const std::uint32_t end = source.offsets[vertex + 1];
    bool changed = influences.size() != end - begin;
    for (std::size_t i = 0; i < influences.size(); ++i) {
        const Influence& influence = influences[i];
        if (!changed)
            changed = influence.group != source.groups[begin + i] ||
                      influence.weight != source.weights[begin + i];
        out.groups.push_back(influence.group);
        out.weights.push_back(influence.weight);
    }
    out.offsets.push_back(static_cast<std::uint32_t>(out.groups.size()));
    return changed;
}

bool normalize(std::vector<Influence>& influences) {
    double sum = 0.0;
    for (const Influence& influence : influences)
        sum += influence.weight;
    // A sum that overflows to infinity would turn every weight into 0.
    if (!(sum > 0.0) || !std::isfinite(sum) || std::abs(sum - 1.0) <= kNormalizedTolerance)
        return false;
    for (Influence& influence : influences)
        influence.weight /= sum;
    return true;
}

} // namespace hyperrig::core::ops
