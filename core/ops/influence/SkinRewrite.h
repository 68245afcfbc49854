#pragma once

#include "core/model/Mesh.h"
#include "core/ops/SkinDataTypes.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace hyperrig::core::ops {

// The one loop every influence tool that rewrites influences runs (internal to
// core/ops/influence): vertex by vertex, in descending weight order, into a new skin.

struct Influence {
    std::uint32_t group = 0;
    double weight = 0.0;
    std::uint32_t stored = 0; // position within the vertex as stored: the tie-break of the sort
};

struct SkinRewrite {
    model::Skin skin;
    std::size_t verticesChanged = 0; // vertices whose entries differ from the stored ones
};

// Loads the influences of `vertex` into `influences` (cleared first, capacity kept), sorted by
// descending weight, equal weights in stored order. Contract: weights are finite (sourceSkin).
void loadSorted(const model::Skin& skin, std::size_t vertex, std::vector<Influence>& influences);

// Appends `influences` as the next vertex of `out`; returns whether they differ from the stored
// entries of `vertex` in `source` (count, order, group or weight).
bool appendVertex(const model::Skin& source, std::size_t vertex,
                  const std::vector<Influence>& influences, model::Skin& out);

// Divides the weights by their sum when the sum is > 0 and further than kNormalizedTolerance
// from 1; returns whether it did. Dividing by a positive number keeps the descending order.
bool normalize(std::vector<Influence>& influences);

// Builds a new skin from `source`. For each vertex, `edit(vertex, influences)` gets its
// influences from loadSorted and may remove entries, change weights by a positive factor or map
// groups, as long as the weights stay descending. One buffer serves every vertex, so the loop
// allocates only the output (reserved up front) and the buffer's growth to the largest vertex.
template <typename Edit>
SkinRewrite rewriteInfluences(const model::Skin& source, Edit&& edit) {
    // Everything of `source` but its influences (names, stored types, accessor indices, unknown
    // properties), so a rewritten skin saves like the one it replaces.
    SkinRewrite result{withoutInfluences(source), 0};
    model::Skin& out = result.skin;
    out.offsets.reserve(source.offsets.size());
    out.groups.reserve(source.influenceCount());
    out.weights.reserve(source.influenceCount());
    out.offsets.push_back(0);
    std::vector<Influence> influences;
    for (std::size_t vertex = 0; vertex < source.vertexCount(); ++vertex) {
        loadSorted(source, vertex, influences);
        edit(vertex, influences);
        if (appendVertex(source, vertex, influences, out))
            ++result.verticesChanged;
    }
    // Influences a tool removed would otherwise stay reserved for as long as undo keeps the skin.
    out.groups.shrink_to_fit();
    out.weights.shrink_to_fit();
    return result;
}

} // namespace hyperrig::core::ops
