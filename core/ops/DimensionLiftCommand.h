#pragma once

#include "core/base/Result.h"
#include "core/edit/Command.h"
#include "core/edit/script/ScriptOps.h"
#include "core/ops/DimensionLift.h"

#include <memory>
#include <vector>

namespace hyperrig::core::ops {

// The lift and its reverse (DimensionLift.h) as undoable commands: "Lift into 4D" and "Drop W".
// Every item changes dimension, so the delta is the whole document: the command holds the other
// document and swaps it in and out (ids and order kept exactly), reporting
// ChangeSet::documentReplaced. Built against `document`; refused as liftTo4D/dropTo3D refuse.
Result<std::unique_ptr<edit::Command>> liftTo4DCommand(const model::Document& document,
                                                       const LiftOptions& options = {});
Result<std::unique_ptr<edit::Command>> dropTo3DCommand(const model::Document& document);

// The script ops (docs/scripting.md): {"op": "liftTo4D", "thickness"?: metres} and
// {"op": "dropTo3D"}.
const std::vector<edit::ScriptOp>& dimensionScriptOps();

} // namespace hyperrig::core::ops
