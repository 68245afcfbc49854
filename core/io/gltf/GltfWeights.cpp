#include "core/io/gltf/GltfWeights.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hyperrig::core::io::gltf {

std::vector<JointWeight> gltfVertexWeights(std::vector<JointWeight> influences,
                                           WeightFormat format) {
    std::sort(influences.begin(), influences.end(),
              [](const JointWeight& a, const JointWeight& b) { return a.joint < b.joint; });
    std::vector<JointWeight> merged;
    for (const auto& influence : influences) {
        if (!(influence.weight > 0.0) || !std::isfinite(influence.weight))
            continue;
        if (!merged.empty() && merged.back().joint == influence.joint)
            merged.back().weight += influence.weight;
        else
            merged.push_back(influence);
    }
    std::stable_sort(merged.begin(), merged.end(), [](const JointWeight& a, const JointWeight& b) {
        return a.weight > b.weight;
    });
    if (merged.empty())
        return merged;
    double sum = 0.0;
    for (const auto& influence : merged)
        sum += influence.weight;
    for (auto& influence : merged)
        influence.weight /= sum;

    if (format == WeightFormat::Float) {
        // float32 weights; the largest absorbs the rounding so the float32 sum is 1.
        float rest = 0.0f;
        for (std::size_t i = 1; i < merged.size(); ++i) {
            merged[i].weight = static_cast<double>(static_cast<float>(merged[i].weight));
            rest += static_cast<float>(merged[i].weight);
        }
        float largest = 1.0f - rest;
        // The validator adds the weights in set order in float32; nudge the largest until that
        // sum is 1 (one or two ulps at most).
        for (int round = 0; round < 4; ++round) {
            float total = largest;
            for (std::size_t i = 1; i < merged.size(); ++i)
                total += static_cast<float>(merged[i].weight);
            if (total == 1.0f)
                break;
            largest = total < 1.0f ? std::nextafter(largest, 2.0f) : std::nextafter(largest, 0.0f);
        }
        merged[0].weight = static_cast<double>(largest);
        return merged;
    }
    const double full = format == WeightFormat::Unorm16 ? 65535.0 : 255.0;
    std::vector<double> remainder(merged.size());
    double given = 0.0;
    for (std::size_t i = 0; i < merged.size(); ++i) {
        const double scaled = merged[i].weight * full;
        const double units = std::floor(scaled);
        remainder[i] = scaled - units;
        merged[i].weight = units;
        given += units;
    }
    std::vector<std::size_t> order(merged.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
    auto missing = static_cast<std::size_t>(std::llround(full - given));
    for (std::size_t i = 0; i < order.size() && missing > 0; ++i, --missing)
        merged[order[i]].weight += 1.0;
    merged.erase(std::remove_if(merged.begin(), merged.end(),
                                [](const JointWeight& w) { return w.weight == 0.0; }),
                 merged.end());
    std::stable_sort(merged.begin(), merged.end(), [](const JointWeight& a, const JointWeight& b) {
        return a.weight > b.weight;
    });
    return merged;
}

} // namespace hyperrig::core::io::gltf
