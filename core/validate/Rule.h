#pragma once

#include "core/base/Diagnostic.h"

#include <span>
#include <string_view>

namespace hyperrig::core::validate {

// One validation rule: a stable dotted id (pipelines and tests match it; never rename one, add a
// new id instead), the severity every diagnostic of the rule carries, and one line for the rule
// table of docs/validation.md. Severity lives here, not at the call site, so a rule cannot be an
// error in one place and a warning in another.
struct Rule {
    std::string_view id;
    Diagnostic::Severity severity;
    std::string_view summary;
};

// Every rule the validator can report, in the order of docs/validation.md. Diagnostics the
// loader produces (container.*, buffer.legacy-implicit-chunk) are passed through and not listed.
std::span<const Rule* const> allRules();

// The rule with this id, or nullptr.
const Rule* findRule(std::string_view id);

} // namespace hyperrig::core::validate
