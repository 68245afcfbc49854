#include "core/eval/BlendShapeEval.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::core::eval {
namespace {

// UsdSkel's tolerance for "this weight is 0 / 1 / equal to that one" (blendShapeQuery.cpp).
constexpr double kBlendEpsilon = 1e-6;

struct BlendSubShape {
    double weight = 0.0;
    const model::BlendTargets* targets = nullptr; // nullptr = the null shape
};

void addBlendTarget(const model::BlendTarget& target, double weight, std::size_t dimension,
                    std::span<float> values) {
    const auto width = static_cast<std::size_t>(std::max(target.offsets.vectorSize, 0));
    const std::size_t used = std::min(width, dimension);
    const std::size_t valueCount = dimension > 0 ? values.size() / dimension : 0;
    const std::size_t entries = target.entryCount();
    const auto scale = static_cast<float>(weight);
    for (std::size_t i = 0; i < entries; ++i) {
        double at = static_cast<double>(i);
        if (target.indices)
            at = target.indices->values[i];
        if (!(at >= 0.0) || at >= static_cast<double>(valueCount))
            continue;
        float* value = values.data() + static_cast<std::size_t>(at) * dimension;
        const double* offset = target.offsets.values.data() + i * width;
        for (std::size_t c = 0; c < used; ++c)
            value[c] += scale * static_cast<float>(offset[c]);
    }
}

// Calls visit(targets, weight) for every sub-shape a shape applies at this instance.
template <typename Visit>
void forEachBlendContribution(const model::BlendShapes& blend,
                              const std::optional<std::vector<double>>& instanceAmounts,
                              Visit visit) {
    for (std::size_t s = 0; s < blend.shapes.size(); ++s) {
        const double amount = model::blendAmountOf(blend, instanceAmounts, s);
        if (amount == 0.0)
            continue;
        // Named: a range-for over a temporary's span would read it after it died (C++20).
        const BlendContributions contributions = resolveBlendShape(blend.shapes[s], amount);
        for (const BlendContribution& c : contributions.list())
            visit(*c.targets, c.weight);
    }
}

} // namespace

BlendContributions resolveBlendShape(const model::BlendShape& shape, double amount) {
    BlendContributions result;
    auto add = [&](const model::BlendTargets* targets, double weight) {
        if (targets && std::abs(weight) >= kBlendEpsilon)
            result.items[result.count++] = {targets, weight};
    };
    if (!std::isfinite(amount))
        return result;
    std::vector<BlendSubShape> subShapes{{0.0, nullptr}, {1.0, &shape.targets}};
    for (const model::BlendInbetween& inbetween : shape.inbetweens) {
        const double w = inbetween.weight;
        const bool usable = std::isfinite(w) && std::abs(w) > kBlendEpsilon &&
                            std::abs(w - 1.0) > kBlendEpsilon &&
                            std::none_of(subShapes.begin(), subShapes.end(),
                                         [&](const BlendSubShape& s) { return s.weight == w; });
        if (usable)
            subShapes.push_back({w, &inbetween.targets});
    }
    if (subShapes.size() == 2) {
        add(&shape.targets, amount);
        return result;
    }
    std::stable_sort(
        subShapes.begin(), subShapes.end(),
        [](const BlendSubShape& a, const BlendSubShape& b) { return a.weight < b.weight; });
    const auto above = std::find_if(subShapes.begin(), subShapes.end(),
                                    [&](const BlendSubShape& s) { return s.weight > amount; });
    std::size_t hi = 1;
    if (above == subShapes.end())
        hi = subShapes.size() - 1;
    else if (above != subShapes.begin())
        hi = static_cast<std::size_t>(above - subShapes.begin());
    const BlendSubShape& lower = subShapes[hi - 1];
    const BlendSubShape& upper = subShapes[hi];
    const double span = upper.weight - lower.weight;
    if (span <= kBlendEpsilon)
        return result;
    const double alpha = (amount - lower.weight) / span;
    if (std::abs(alpha - 1.0) > kBlendEpsilon)
        add(lower.targets, 1.0 - alpha);
    if (std::abs(alpha) > kBlendEpsilon)
        add(upper.targets, alpha);
    return result;
}

void applyBlendPositions(const model::BlendShapes& blend,
                         const std::optional<std::vector<double>>& instanceAmounts, int dimension,
                         std::span<float> positions) {
    if (dimension <= 0)
        return;
    forEachBlendContribution(blend, instanceAmounts,
                             [&](const model::BlendTargets& targets, double weight) {
                                 if (targets.position)
                                     addBlendTarget(*targets.position, weight,
                                                    static_cast<std::size_t>(dimension), positions);
                             });
}

void applyBlendNormals(const model::BlendShapes& blend,
                       const std::optional<std::vector<double>>& instanceAmounts,
                       std::size_t surface, int dimension, std::span<float> normals) {
    if (dimension <= 0)
        return;
    const auto d = static_cast<std::size_t>(dimension);
    forEachBlendContribution(blend, instanceAmounts,
                             [&](const model::BlendTargets& targets, double weight) {
                                 for (const model::BlendSurfaceTargets& entry : targets.surfaces)
                                     if (entry.surface == surface && entry.normal)
                                         addBlendTarget(*entry.normal, weight, d, normals);
                             });
    // g4mf.md §10: re-normalise the normals after applying all shapes.
    for (std::size_t v = 0; v + d <= normals.size(); v += d) {
        double length = 0.0;
        for (std::size_t c = 0; c < d; ++c)
            length += double(normals[v + c]) * double(normals[v + c]);
        length = std::sqrt(length);
        if (length > 0.0)
            for (std::size_t c = 0; c < d; ++c)
                normals[v + c] = static_cast<float>(double(normals[v + c]) / length);
    }
}

} // namespace hyperrig::core::eval
