#pragma once

#include "core/model/BlendShapes.h"

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace hyperrig::core::eval {

// Blend shapes at evaluation time (g4mf.md §10, usdskel.md §10). They apply to the rest
// positions before skinning: p' = p + Σ_shapes Σ_sub w_sub · offset_sub.
//
// A shape without in-betweens is linear and unbounded: its targets at weight = amount (G4MF).
// A shape with in-betweens follows UsdSkel's piecewise-linear rule, decision 0052: sub-shapes
// sorted by weight are the null shape (0, no offsets), the shape itself (1) and each valid
// in-between (finite, not within 1e-6 of 0 or 1, the first of equal weights); with k the first
// sub-shape whose weight is > amount, the pair is (k-1, k), or (0, 1) when k = 0, or the last two
// when there is no such k (extrapolating the outermost segment), and
//   α = (amount - w_lo) / (w_hi - w_lo);  lo gets 1 - α, hi gets α
// (the null shape takes nothing; weights within 1e-6 of 0 are skipped).

// The targets a shape applies at `amount`, with their weights: at most two.
struct BlendContribution {
    const model::BlendTargets* targets = nullptr;
    double weight = 0.0;
};
struct BlendContributions {
    std::array<BlendContribution, 2> items{};
    std::size_t count = 0;
    // A view into this object: refused on a temporary, which a range-for would read after its
    // end (C++20 ends it before the loop body; CI's ASan caught exactly that once).
    std::span<const BlendContribution> list() const& { return {items.data(), count}; }
    std::span<const BlendContribution> list() const&& = delete;
};
BlendContributions resolveBlendShape(const model::BlendShape& shape, double amount);

// Adds every shape's position offsets at this instance's amounts (model::blendAmountOf) to
// `positions`, `dimension` floats per vertex. Entries naming a vertex beyond `positions` are
// skipped (the validator reports them); offsets with fewer components add to the first ones.
void applyBlendPositions(const model::BlendShapes& blend,
                         const std::optional<std::vector<double>>& instanceAmounts, int dimension,
                         std::span<float> positions);

// The same for the normal targets of surface `surface`, whose normals binding holds `normals`
// (`dimension` floats per value), then every value is re-normalised (zero vectors stay zero).
void applyBlendNormals(const model::BlendShapes& blend,
                       const std::optional<std::vector<double>>& instanceAmounts,
                       std::size_t surface, int dimension, std::span<float> normals);

} // namespace hyperrig::core::eval
