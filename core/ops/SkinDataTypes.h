#pragma once

#include "core/model/Mesh.h"

#include <cstddef>

namespace hyperrig::core::ops {

// Operations that renumber groups or concatenate vertices can produce indices the stored
// component types cannot hold (a uint8 group id of 300). These widen the types just enough,
// keeping them when the values fit, so a save never truncates.
void fitSkinTypes(model::Skin& skin, std::size_t vertexCount);
void fitIndexTypes(model::Surface& surface, std::size_t vertexCount);
// `type`, or the smallest unsigned type at least as wide that holds the index vertexCount - 1.
model::ComponentType widenedIndexType(model::ComponentType type, std::size_t vertexCount);

} // namespace hyperrig::core::ops
