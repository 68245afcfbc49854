#pragma once

// The skinning benchmarks' workload, generated with the C++ standard library only, so that a
// driver for another skinning runtime (ozz-animation's SkinningJob, performance-notes.md §5) can
// include this header and skin exactly the same data: the "ozz-workload" rows of SkinBench.cpp.
//
// mt19937(7), u = uniform_real_distribution<double>(-1, 1), j = uniform_int_distribution<uint32>
// (0, joints − 1), drawn in this order:
//   per vertex: 4 weights 0.1 + (u + 1), sorted descending, then 4 joints j (one per weight);
//   per joint:  for each row r: the translation t_r = u, then B[r][c] = δ_rc + 0.3 u for each c;
//   per value:  position = float(u), normal = float(u), interleaved, D values per vertex.
// Weights are stored as drawn (not normalised; HyperRig divides by their sum when it compiles the
// skin, an ozz driver must do the same). Joints are affine maps p' = B p + t.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace hyperrig::bench {

inline constexpr std::size_t kLbsInfluences = 4;
inline constexpr std::uint32_t kLbsJoints = 100;
inline constexpr unsigned kLbsSeed = 7;

struct LbsWorkloadData {
    int dimension = 3;
    std::size_t vertexCount = 0;
    std::vector<std::uint32_t> joints; // kLbsInfluences per vertex
    std::vector<double> weights;       // kLbsInfluences per vertex, descending, not normalised
    std::vector<double> bases;         // D·D per joint, row-major
    std::vector<double> translations;  // D per joint
    std::vector<float> positions;      // D per vertex
    std::vector<float> normals;        // D per vertex
};

inline LbsWorkloadData makeLbsWorkload(int dimension, std::size_t vertices) {
    LbsWorkloadData data;
    data.dimension = dimension;
    data.vertexCount = vertices;
    const auto n = static_cast<std::size_t>(dimension);
    std::mt19937 random(kLbsSeed);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<std::uint32_t> joint(0, kLbsJoints - 1);
    for (std::size_t v = 0; v < vertices; ++v) {
        std::array<double, kLbsInfluences> weights{};
        for (double& w : weights)
            w = 0.1 + (unit(random) + 1.0);
        std::sort(weights.rbegin(), weights.rend());
        for (const double w : weights) {
            data.joints.push_back(joint(random));
            data.weights.push_back(w);
        }
    }
    for (std::uint32_t j = 0; j < kLbsJoints; ++j) {
        for (std::size_t r = 0; r < n; ++r) {
            data.translations.push_back(unit(random));
            for (std::size_t c = 0; c < n; ++c)
                data.bases.push_back((r == c ? 1.0 : 0.0) + 0.3 * unit(random));
        }
    }
    for (std::size_t i = 0; i < vertices * n; ++i) {
        data.positions.push_back(static_cast<float>(unit(random)));
        data.normals.push_back(static_cast<float>(unit(random)));
    }
    return data;
}

} // namespace hyperrig::bench
