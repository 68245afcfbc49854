#include "ui/panels/validation/ValidationFix.h"

#include "core/base/Contracts.h"

#include <array>
#include <utility>

namespace hyperrig::ui {
namespace {

// Rule id -> repair, where the repair is unambiguous. A group no influence uses has no rule (it is
// valid and often deliberate), so RemoveUnusedGroups is reached from the skin's own tools, not
// from a diagnostic.
constexpr std::array kFixes = {
    std::pair<std::string_view, ValidationFix>{"skin.weights.sum", ValidationFix::NormalizeWeights},
    std::pair<std::string_view, ValidationFix>{"skin.group-names.missing",
                                               ValidationFix::InferGroupNames},
};

} // namespace

ValidationFix fixForRule(std::string_view rule) {
    for (const auto& [id, fix] : kFixes)
        if (id == rule)
            return fix;
    return ValidationFix::None;
}

ValidationFix fixFor(const core::Diagnostic& diagnostic, const DiagnosticTarget& target) {
    // Every fix edits one mesh's skin.
    return target.mesh ? fixForRule(diagnostic.rule) : ValidationFix::None;
}

std::string fixName(ValidationFix fix) {
    switch (fix) {
    case ValidationFix::NormalizeWeights:
        return "Normalize Weights";
    case ValidationFix::InferGroupNames:
        return "Infer Group Names";
    case ValidationFix::RemoveUnusedGroups:
        return "Remove Unused Groups";
    case ValidationFix::None:
        break;
    }
    return {};
}

core::ops::CommandResult planFix(const core::model::Document& document, ValidationFix fix,
                                 const DiagnosticTarget& target,
                                 core::ops::InfluenceReport* report) {
    switch (fix) {
    case ValidationFix::NormalizeWeights:
        return core::ops::normalizeWeights(document, target.mesh, report);
    case ValidationFix::InferGroupNames:
        return core::ops::inferGroupNames(document, target.mesh, report);
    case ValidationFix::RemoveUnusedGroups:
        return core::ops::removeUnusedGroups(document, target.mesh, report);
    case ValidationFix::None:
        break;
    }
    HYPERRIG_EXPECTS(fix != ValidationFix::None);
    return core::Error("no fix");
}

} // namespace hyperrig::ui
