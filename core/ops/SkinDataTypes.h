#pragma once

#include "core/model/Mesh.h"

#include <cstddef>
#include <cstdint>

namespace hyperrig::core::ops {

// Operations that renumber groups or concatenate vertices can produce indices the stored
// component types cannot hold (a uint8 group id of 300). These widen the types just enough,
// keeping them when the values fit, so a save never truncates.
void fitSkinTypes(model::Skin& skin, std::size_t vertexCount);
// The same when the largest group index is known (no pass over the groups).
void fitSkinTypes(model::Skin& skin, std::size_t vertexCount, std::uint32_t largestGroup);
void fitIndexTypes(model::Surface& surface, std::size_t vertexCount);
// `type`, or the smallest unsigned type at least as wide that holds the index vertexCount - 1.
model::ComponentType widenedIndexType(model::ComponentType type, std::size_t vertexCount);

// Copies of everything but the bulk arrays (an array's values; a skin's offsets, groups and
// weights), for operations that build those arrays anew in one pass into storage reserved from
// the counts: copying the arrays first and then rewriting or growing them would pass over the
// data two or three times. Keep in step with model::NumericArray and model::Skin.
model::NumericArray withoutValues(const model::NumericArray& array);
model::Skin withoutInfluences(const model::Skin& skin);

} // namespace hyperrig::core::ops
