#pragma once

#include "core/base/Result.h"
#include "core/model/Mesh.h"

#include <cstdint>
#include <vector>

namespace hyperrig::core::eval {

// A skin in the padded fixed-width layout the kernels read (architecture.md, "Evaluation"):
// every vertex has exactly `width` influence entries, width = the mesh's largest influence count
// rounded up to a multiple of 4 (at least 4). Nothing is ever truncated.
//
// Weights are divided by their vertex's sum W here, once, so a kernel only blends:
//   v' = Σ (w_i / W) · P[g_i] · v    (docs/skinning.md)
// A vertex with W <= 0 (no influences, or weights that sum to zero) must stay where it is; it gets
// one entry pointing at the identity palette row with weight 1. Padding entries point at the same
// row with weight 0. The identity row is `identityRow` = the skin's group count (1 + the largest
// group index), so group ids index a palette of identityRow + 1 rows that the evaluator builds
// per skeleton (groups beyond the joints table and slots without a bone become identity rows
// there; G4MF: "not transformed").
struct CompiledSkin {
    std::size_t vertexCount = 0;
    std::size_t width = 4;
    std::size_t largestInfluenceCount = 0; // before padding
    std::uint32_t identityRow = 0;
    // Group ids, vertexCount * width entries; uint16 when the palette has at most 65,536 rows
    // (8 bytes less per vertex than uint32: performance-notes.md §3.1), uint32 otherwise. Exactly
    // one of the two is filled.
    std::vector<std::uint16_t> groups16;
    std::vector<std::uint32_t> groups32;
    std::vector<float> weights; // vertexCount * width, normalised per vertex

    std::size_t paletteRows() const { return std::size_t{identityRow} + 1; }
    bool usesWideIds() const { return !groups32.empty(); }
};

// Fails when the skin does not cover exactly `vertexCount` vertices or its offsets are not
// ascending, naming what is wrong.
Result<CompiledSkin> compileSkin(const model::Skin& skin, std::size_t vertexCount);

} // namespace hyperrig::core::eval
