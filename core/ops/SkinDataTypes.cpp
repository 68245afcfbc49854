#include "core/ops/SkinDataTypes.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace hyperrig::core::ops {
namespace {

// The largest value an unsigned integer type holds (signed types are treated by their positive
// range: G4MF index accessors are unsigned, the reader keeps what it found).
double largestValue(model::ComponentType type) {
    switch (type) {
    case model::ComponentType::Uint8:
        return std::numeric_limits<std::uint8_t>::max();
    case model::ComponentType::Int8:
        return std::numeric_limits<std::int8_t>::max();
    case model::ComponentType::Uint16:
        return std::numeric_limits<std::uint16_t>::max();
    case model::ComponentType::Int16:
        return std::numeric_limits<std::int16_t>::max();
    case model::ComponentType::Uint32:
        return std::numeric_limits<std::uint32_t>::max();
    case model::ComponentType::Int32:
        return std::numeric_limits<std::int32_t>::max();
    default:
        return 9007199254740992.0; // 64-bit and float types hold any index HyperRig makes
    }
}

model::ComponentType widened(model::ComponentType type, double largest) {
    if (largest <= largestValue(type))
        return type;
    if (largest <= std::numeric_limits<std::uint16_t>::max())
        return model::ComponentType::Uint16;
    return model::ComponentType::Uint32;
}

} // namespace

model::ComponentType widenedIndexType(model::ComponentType type, std::size_t vertexCount) {
    return widened(type, vertexCount == 0 ? 0.0 : static_cast<double>(vertexCount - 1));
}

void fitSkinTypes(model::Skin& skin, std::size_t vertexCount) {
    fitSkinTypes(skin, vertexCount,
                 skin.groups.empty() ? 0U
                                     : *std::max_element(skin.groups.begin(), skin.groups.end()));
}

void fitSkinTypes(model::Skin& skin, std::size_t vertexCount, std::uint32_t largestGroup) {
    const double lastVertex = vertexCount == 0 ? 0.0 : static_cast<double>(vertexCount - 1);
    skin.vertexIndexType = widened(skin.vertexIndexType, lastVertex);
    skin.groupIndexType = widened(skin.groupIndexType, static_cast<double>(largestGroup));
}

void fitIndexTypes(model::Surface& surface, std::size_t vertexCount) {
    const double lastVertex = vertexCount == 0 ? 0.0 : static_cast<double>(vertexCount - 1);
    for (auto* array : {&surface.simplexes, &surface.edges})
        if (*array)
            (*array)->componentType = widened((*array)->componentType, lastVertex);
}

model::NumericArray withoutValues(const model::NumericArray& array) {
    model::NumericArray copy;
    copy.componentType = array.componentType;
    copy.vectorSize = array.vectorSize;
    copy.sourceAccessor = array.sourceAccessor;
    copy.accessorExtra = array.accessorExtra;
    return copy;
}

model::Skin withoutInfluences(const model::Skin& skin) {
    model::Skin copy;
    copy.groupNames = skin.groupNames;
    copy.vertexIndexType = skin.vertexIndexType;
    copy.groupIndexType = skin.groupIndexType;
    copy.weightType = skin.weightType;
    copy.sourceVertices = skin.sourceVertices;
    copy.sourceGroups = skin.sourceGroups;
    copy.sourceWeights = skin.sourceWeights;
    copy.accessorExtra = skin.accessorExtra;
    copy.extra = skin.extra;
    return copy;
}

} // namespace hyperrig::core::ops
