#pragma once

#include <cstdint>
#include <vector>

namespace hyperrig::core::io::gltf {

// How WEIGHTS_n are stored: float (default), or normalised unsigned short / byte.
enum class WeightFormat { Float, Unorm16, Unorm8 };

struct JointWeight {
    std::uint32_t joint = 0;
    double weight = 0.0; // in the format's units: a float, or the integer 0..65535 / 0..255
};

// One vertex's influences for glTF: duplicates of a joint merged, zero weights dropped, sorted
// by weight (largest first; ties by joint), divided by their sum, then
//   Float:   rounded to float32, the largest one corrected so that the float32 sum in set order
//            is 1 (the validator's check, gltf.md §4);
//   Unorm*:  quantised by the largest-remainder rule: every weight is floored to units of
//            1/65535 (1/255), and the units still missing to the full sum go to the largest
//            remainders (ties: larger weight first), so the integers sum exactly to 65535 (255);
//            an influence that gets 0 units is dropped.
// An empty input gives an empty output (the caller decides where such a vertex goes).
std::vector<JointWeight> gltfVertexWeights(std::vector<JointWeight> influences,
                                           WeightFormat format);

} // namespace hyperrig::core::io::gltf
