#pragma once

#include "core/base/Diagnostic.h"
#include "core/ops/influence/InfluenceTools.h"
#include "ui/panels/validation/DiagnosticTarget.h"

#include <string>
#include <string_view>

namespace hyperrig::ui {

// The one-click repairs the validation panel offers: only where the fix is unambiguous and an
// undoable command already does it (the influence tools). Qt-free so the table is tested alone.
enum class ValidationFix { None, NormalizeWeights, InferGroupNames, RemoveUnusedGroups };

// The repair for a rule id; None for every rule that needs a person's judgement.
ValidationFix fixForRule(std::string_view rule);

// The fix for one diagnostic whose pointer resolved to `target`: its rule's fix when the target
// names the mesh the fix works on, None otherwise.
ValidationFix fixFor(const core::Diagnostic& diagnostic, const DiagnosticTarget& target);

// The menu and button text ("Normalize Weights"); empty for None.
std::string fixName(ValidationFix fix);

// Plans the fix on `document` (the command to execute at once, see InfluenceTools.h). `report`
// says whether it changes anything. Contract: fix != None.
core::ops::CommandResult planFix(const core::model::Document& document, ValidationFix fix,
                                 const DiagnosticTarget& target,
                                 core::ops::InfluenceReport* report);

} // namespace hyperrig::ui
