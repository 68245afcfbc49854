#pragma once

#include "core/model/Document.h"

namespace hyperrig::core::model {

// What File > New makes: an empty document of `dimension` (2 to 8, math/Dimension.h) holding one
// root node named "Scene" with no transform, and an asset naming HyperRig as its generator.
// Contract: the dimension is supported.
Document newDocument(int dimension);

} // namespace hyperrig::core::model
