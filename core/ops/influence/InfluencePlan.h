#pragma once

#include "core/base/Result.h"
#include "core/edit/CompositeCommand.h"
#include "core/model/Document.h"
#include "core/ops/influence/InfluenceTools.h"

#include <memory>
#include <string>
#include <string_view>

namespace hyperrig::core::ops {

// What the influence tools share when they plan an edit (internal to core/ops/influence).

// "<tool>: mesh 'Name': <reason>", the form of every refusal (InfluenceTools.h).
Error refusal(const model::Document& document, model::MeshId mesh, std::string_view tool,
              const std::string& reason);

// The skin a tool reads. Refused when the mesh does not exist or has no skin, and when the skin
// cannot be read safely: offsets that do not cover the mesh's vertices or go backwards, groups
// and weights that do not match the offsets, or a weight that is not a finite number (the
// tools sort and divide by weights). Unsorted weights and bad names are read as they are.
Result<const model::Skin*> sourceSkin(const model::Document& document, model::MeshId mesh,
                                      std::string_view tool);

// The command of a plan: a composite named after the tool (Edit > Undo "Sort Influences"),
// empty when the plan changes nothing.
std::unique_ptr<edit::CompositeCommand> planCommand(std::string_view tool);

// Checks the skin a plan computed with the rules edit::replaceSkin applies (so a plan is
// refused now, with the tool's name, rather than when it runs) and returns the command that
// writes it, or an empty one when `changed` is false.
CommandResult skinEdit(const model::Document& document, model::MeshId mesh, std::string_view tool,
                       model::Skin skin, bool changed);

// Stores `report` where the caller asked for it.
inline void deliver(const InfluenceReport& report, InfluenceReport* out) {
    if (out)
        *out = report;
}

} // namespace hyperrig::core::ops
