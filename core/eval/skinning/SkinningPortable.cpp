#include "core/eval/skinning/SkinningImpl.h"
#include "core/math/Dimension.h"

#include <array>
#include <cstdint>

namespace hyperrig::core::eval::detail {
namespace {

// Offsets inside a palette row (JointPalette.h): column c starts at c·columnStride, the position
// at D·columnStride.
constexpr std::size_t columnStrideFor(int dimension) {
    return dimension == 3 ? 4 : static_cast<std::size_t>(dimension);
}

template <typename GroupId>
void generic(const SkinningJob& job, const GroupId* groups, std::size_t begin, std::size_t end) {
    const int n = job.palette->dimension();
    const auto size = static_cast<std::size_t>(n);
    const std::size_t stride = job.palette->stride();
    const std::size_t columnStride = columnStrideFor(n);
    const std::size_t width = job.skin->width;
    const float* palette = job.palette->data();
    std::array<float, math::kMaxDimension * math::kMaxDimension + math::kMaxDimension> blended{};
    for (std::size_t vertex = begin; vertex < end; ++vertex) {
        blended.fill(0.0F);
        for (std::size_t k = 0; k < width; ++k) {
            const float weight = job.skin->weights[vertex * width + k];
            const float* row = palette + std::size_t{groups[vertex * width + k]} * stride;
            for (std::size_t j = 0; j < stride; ++j)
                blended[j] += weight * row[j];
        }
        const float* p = job.positions + vertex * size;
        float* out = job.outPositions + vertex * size;
        for (std::size_t r = 0; r < size; ++r) {
            float sum = blended[size * columnStride + r];
            for (std::size_t c = 0; c < size; ++c)
                sum += blended[c * columnStride + r] * p[c];
            out[r] = sum;
        }
        if (job.normals) {
            const float* normal = job.normals + vertex * size;
            float* outNormal = job.outNormals + vertex * size;
            for (std::size_t r = 0; r < size; ++r) {
                float sum = 0.0F;
                for (std::size_t c = 0; c < size; ++c)
                    sum += blended[c * columnStride + r] * normal[c];
                outNormal[r] = sum;
            }
        }
    }
}

// D known at compile time and influences taken four at a time: the loops unroll and the blend
// vectorises (performance-notes.md §4.1, "fixed-4": 3-4x the generic loop).
template <int D, bool WithNormals, typename GroupId>
void fixed(const SkinningJob& job, const GroupId* groups, std::size_t begin, std::size_t end) {
    constexpr std::size_t kSize = D;
    constexpr std::size_t kColumnStride = columnStrideFor(D);
    constexpr std::size_t kStride = D == 3 ? 16 : 32;                  // JointPalette::strideFor
    constexpr std::size_t kUsed = D == 3 ? 16 : kSize * kSize + kSize; // floats blended
    const std::size_t width = job.skin->width;
    const float* palette = job.palette->data();
    const float* weights = job.skin->weights.data();
    for (std::size_t vertex = begin; vertex < end; ++vertex) {
        std::array<float, kUsed> blended{};
        const GroupId* vertexGroups = groups + vertex * width;
        const float* vertexWeights = weights + vertex * width;
        for (std::size_t k = 0; k < width; k += 4) {
            const float* r0 = palette + std::size_t{vertexGroups[k]} * kStride;
            const float* r1 = palette + std::size_t{vertexGroups[k + 1]} * kStride;
            const float* r2 = palette + std::size_t{vertexGroups[k + 2]} * kStride;
            const float* r3 = palette + std::size_t{vertexGroups[k + 3]} * kStride;
            const float w0 = vertexWeights[k];
            const float w1 = vertexWeights[k + 1];
            const float w2 = vertexWeights[k + 2];
            const float w3 = vertexWeights[k + 3];
            for (std::size_t j = 0; j < kUsed; ++j)
                blended[j] += w0 * r0[j] + w1 * r1[j] + w2 * r2[j] + w3 * r3[j];
        }
        const float* p = job.positions + vertex * kSize;
        float* out = job.outPositions + vertex * kSize;
        for (std::size_t r = 0; r < kSize; ++r) {
            float sum = blended[kSize * kColumnStride + r];
            for (std::size_t c = 0; c < kSize; ++c)
                sum += blended[c * kColumnStride + r] * p[c];
            out[r] = sum;
        }
        if constexpr (WithNormals) {
            const float* normal = job.normals + vertex * kSize;
            float* outNormal = job.outNormals + vertex * kSize;
            for (std::size_t r = 0; r < kSize; ++r) {
                float sum = 0.0F;
                for (std::size_t c = 0; c < kSize; ++c)
                    sum += blended[c * kColumnStride + r] * normal[c];
                outNormal[r] = sum;
            }
        }
    }
}

template <int D, typename GroupId>
void fixedWithIds(const SkinningJob& job, const GroupId* groups, std::size_t begin,
                  std::size_t end) {
    if (job.normals)
        fixed<D, true>(job, groups, begin, end);
    else
        fixed<D, false>(job, groups, begin, end);
}

} // namespace

void skinGeneric(const SkinningJob& job, std::size_t begin, std::size_t end) {
    if (job.skin->usesWideIds())
        generic(job, job.skin->groups32.data(), begin, end);
    else
        generic(job, job.skin->groups16.data(), begin, end);
}

void skinFixed(const SkinningJob& job, std::size_t begin, std::size_t end) {
    const bool wide = job.skin->usesWideIds();
    if (job.palette->dimension() == 3) {
        if (wide)
            fixedWithIds<3>(job, job.skin->groups32.data(), begin, end);
        else
            fixedWithIds<3>(job, job.skin->groups16.data(), begin, end);
    } else {
        if (wide)
            fixedWithIds<4>(job, job.skin->groups32.data(), begin, end);
        else
            fixedWithIds<4>(job, job.skin->groups16.data(), begin, end);
    }
}

} // namespace hyperrig::core::eval::detail
