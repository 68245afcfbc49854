#include "core/eval/SkinTransforms.h"

#include "core/base/Contracts.h"

namespace hyperrig::core::eval {

std::vector<math::AffineN> groupTransforms(const CompiledSkeleton& skeleton,
                                           const std::vector<math::AffineN>& posedGlobal,
                                           const math::AffineN& meshToSkeleton,
                                           const math::AffineN& skeletonToMesh,
                                           std::size_t groupCount) {
    const math::AffineN identity = math::AffineN::identity(skeleton.dimension);
    std::vector<math::AffineN> rows(groupCount + 1, identity);
    const std::size_t slots = std::min(groupCount, skeleton.slotCount());
    for (std::size_t group = 0; group < slots; ++group) {
        const std::int32_t bone = skeleton.slotBones[group];
        if (bone == CompiledSkeleton::kNoBone)
            continue;
        const auto b = static_cast<std::size_t>(bone);
        const math::AffineN skin =
            math::AffineN::compose(posedGlobal[b], skeleton.inverseRestGlobal[b]);
        rows[group] =
            math::AffineN::compose(skeletonToMesh, math::AffineN::compose(skin, meshToSkeleton));
    }
    return rows;
}

std::vector<double> skinExactly(const model::Mesh& mesh, const std::vector<math::AffineN>& rows) {
    const model::Skin& skin = *mesh.skin;
    const int n = mesh.vertices.vectorSize;
    const auto size = static_cast<std::size_t>(n);
    std::vector<double> out = mesh.vertices.values;
    for (std::size_t vertex = 0; vertex < skin.vertexCount(); ++vertex) {
        double sum = 0.0;
        for (std::size_t entry = skin.offsets[vertex]; entry < skin.offsets[vertex + 1]; ++entry)
            sum += skin.weights[entry];
        if (!(sum > 0.0))
            continue; // W <= 0: the vertex stays where it is
        auto rest = math::VectorN::fromSpan(
            std::span<const double>(mesh.vertices.values.data() + vertex * size, size));
        math::VectorN moved = math::VectorN::zero(n);
        for (std::size_t entry = skin.offsets[vertex]; entry < skin.offsets[vertex + 1]; ++entry) {
            HYPERRIG_EXPECTS(skin.groups[entry] < rows.size());
            moved += (skin.weights[entry] / sum) * rows[skin.groups[entry]].applyPoint(*rest);
        }
        for (std::size_t axis = 0; axis < size; ++axis)
            out[vertex * size + axis] = moved[static_cast<int>(axis)];
    }
    return out;
}

} // namespace hyperrig::core::eval
