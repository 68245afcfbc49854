#pragma once

#include "core/edit/script/ScriptOps.h"

#include <vector>

namespace hyperrig::core::ops {

// The influence tools as ops of the JSON command language (docs/scripting.md, "Ops on skin
// influences"): inferGroupNames, sortInfluences, normalizeWeights, limitInfluences,
// pruneWeights, removeUnusedGroups. Each builds its plan against the document the runner holds
// when the op runs.
const std::vector<edit::ScriptOp>& influenceScriptOps();

// Makes the runner accept them (edit::addScriptOpTable): core/edit cannot include core/ops,
// which builds on it, so programs that run scripts call this first. Calling it again is harmless.
void addInfluenceScriptOps();

} // namespace hyperrig::core::ops
