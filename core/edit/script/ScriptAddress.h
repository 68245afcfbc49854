#pragma once

// Scripts address items the way every text interface does (core/model/ItemAddress.h).
#include "core/model/ItemAddress.h"

namespace hyperrig::core::edit {

using model::resolveMesh;
using model::resolveNode;
using model::resolveNodeOrNull;
using model::resolveShape;

} // namespace hyperrig::core::edit
