#pragma once

#include "core/edit/script/ScriptOps.h"

#include <vector>

namespace hyperrig::core::ops {

// The influence tools as ops of the JSON command language (docs/scripting.md, "Ops on skin
// influences"): inferGroupNames, sortInfluences, normalizeWeights, limitInfluences,
// pruneWeights, removeUnusedGroups. Each builds its plan against the document the runner holds
// when the op runs.
const std::vector<edit::ScriptOp>& influenceScriptOps();

// Every op a script may use: the built-in ones plus these and the dimension ops
// (DimensionLiftCommand.h: liftTo4D, dropTo3D). What `hyperrig-cli edit` passes to
// edit::runScript (core/edit cannot include core/ops, which builds on it).
edit::ScriptOpCatalog fullScriptOpCatalog();

} // namespace hyperrig::core::ops
