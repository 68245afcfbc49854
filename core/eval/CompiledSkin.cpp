#include "core/eval/CompiledSkin.h"

#include <algorithm>
#include <limits>
#include <string>

namespace hyperrig::core::eval {
namespace {

constexpr std::size_t kWidthStep = 4;

template <typename GroupId>
void fill(const model::Skin& skin, CompiledSkin& compiled, std::vector<GroupId>& groups) {
    const std::size_t width = compiled.width;
    const auto identity = static_cast<GroupId>(compiled.identityRow);
    groups.assign(compiled.vertexCount * width, identity);
    compiled.weights.assign(compiled.vertexCount * width, 0.0F);
    for (std::size_t vertex = 0; vertex < compiled.vertexCount; ++vertex) {
        const std::size_t first = skin.offsets[vertex];
        const std::size_t last = skin.offsets[vertex + 1];
        double sum = 0.0;
        for (std::size_t entry = first; entry < last; ++entry)
            sum += skin.weights[entry];
        GroupId* vertexGroups = groups.data() + vertex * width;
        float* vertexWeights = compiled.weights.data() + vertex * width;
        if (!(sum > 0.0)) {
            vertexWeights[0] = 1.0F; // the identity row: the vertex does not move
            continue;
        }
        for (std::size_t entry = first; entry < last; ++entry) {
            vertexGroups[entry - first] = static_cast<GroupId>(skin.groups[entry]);
            vertexWeights[entry - first] = static_cast<float>(skin.weights[entry] / sum);
        }
    }
}

} // namespace

Result<CompiledSkin> compileSkin(const model::Skin& skin, std::size_t vertexCount) {
    if (skin.offsets.size() != vertexCount + 1)
        return Error("the skin covers " + std::to_string(skin.vertexCount()) +
                     " vertices but the mesh has " + std::to_string(vertexCount));
    if (skin.groups.size() != skin.weights.size() || skin.offsets.back() != skin.groups.size())
        return Error("the skin's group and weight arrays do not match its vertex offsets");
    CompiledSkin compiled;
    compiled.vertexCount = vertexCount;
    for (std::size_t vertex = 0; vertex < vertexCount; ++vertex) {
        if (skin.offsets[vertex + 1] < skin.offsets[vertex])
            return Error("the skin's vertex offsets go backwards at vertex " +
                         std::to_string(vertex));
        compiled.largestInfluenceCount = std::max<std::size_t>(
            compiled.largestInfluenceCount, skin.offsets[vertex + 1] - skin.offsets[vertex]);
    }
    compiled.width = std::max(kWidthStep, (compiled.largestInfluenceCount + kWidthStep - 1) /
                                              kWidthStep * kWidthStep);
    const std::size_t groupCount = skin.groupCount();
    if (groupCount >= std::numeric_limits<std::uint32_t>::max())
        return Error("the skin uses more groups than a palette can hold");
    compiled.identityRow = static_cast<std::uint32_t>(groupCount);
    if (compiled.paletteRows() <= std::size_t{std::numeric_limits<std::uint16_t>::max()} + 1)
        fill(skin, compiled, compiled.groups16);
    else
        fill(skin, compiled, compiled.groups32);
    return compiled;
}

} // namespace hyperrig::core::eval
