#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "app/hyperrig-cli/GltfConvert.h"
#include "app/hyperrig-cli/UsdConvert.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/model/JsonDump.h"
#include "core/validate/Validator.h"

#include <nlohmann/json.hpp>

namespace hyperrig::cli {
namespace {

using core::Diagnostic;

nlohmann::ordered_json reportJson(const core::Diagnostics& diagnostics) {
    std::size_t errors = 0;
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Diagnostic& diagnostic : diagnostics) {
        errors += diagnostic.severity == Diagnostic::Severity::Error ? 1 : 0;
        nlohmann::ordered_json entry;
        entry["severity"] = core::severityName(diagnostic.severity);
        entry["rule"] = diagnostic.rule;
        entry["pointer"] = diagnostic.pointer;
        entry["message"] = diagnostic.message;
        list.push_back(std::move(entry));
    }
    nlohmann::ordered_json report;
    report["valid"] = errors == 0;
    report["errors"] = errors;
    report["warnings"] = diagnostics.size() - errors;
    report["diagnostics"] = std::move(list);
    return report;
}

int runValidate(const ParsedOptions& options, CliContext& context) {
    const std::string& path = options.positionals()[0];
    const bool json = options.flag("json");
    core::Diagnostics diagnostics;
    std::string unreadable;
    if (core::io::isUsdPath(path)) {
        // .usda: what the import reports, placed by line and column.
        if (auto found = usdDiagnostics(path, unreadable))
            diagnostics = std::move(*found);
    } else if (core::io::isGltfPath(path)) {
        // glTF: what the import reports, with pointers into the glTF.
        if (auto found = gltfDiagnostics(path, options, unreadable))
            diagnostics = std::move(*found);
    } else if (auto file = core::io::loadG4mfFile(path, readOptions(options))) {
        diagnostics = core::validate::validateG4mf(*file);
    } else {
        unreadable = file.error().message();
    }
    if (!unreadable.empty()) {
        // Pipelines parsing --json output get the same shape for an unreadable file.
        if (json)
            std::fprintf(context.out, "%s\n",
                         core::model::jsonText(reportJson({{Diagnostic::Severity::Error,
                                                            "file.unreadable", "", unreadable}}),
                                               2)
                             .c_str());
        std::fprintf(context.err, "hyperrig-cli: %s\n", unreadable.c_str());
        return kExitUnreadable;
    }
    const bool valid = core::validate::hasNoErrors(diagnostics);
    if (json) {
        std::fprintf(context.out, "%s\n",
                     core::model::jsonText(reportJson(diagnostics), 2).c_str());
    } else {
        std::size_t errors = 0;
        for (const Diagnostic& diagnostic : diagnostics) {
            errors += diagnostic.severity == Diagnostic::Severity::Error ? 1 : 0;
            std::fprintf(context.out, "%s: %s [%s] %s: %s\n", path.c_str(),
                         core::severityName(diagnostic.severity), diagnostic.rule.c_str(),
                         diagnostic.pointer.empty() ? "(file)" : diagnostic.pointer.c_str(),
                         diagnostic.message.c_str());
        }
        std::fprintf(context.out, "%s: %s, %zu errors, %zu warnings\n", path.c_str(),
                     valid ? "valid" : "invalid", errors, diagnostics.size() - errors);
    }
    return valid ? kExitSuccess : kExitFailure;
}

} // namespace

CliCommand validateCommand() {
    return {"validate", "validate FILE [--json]",
            "check every G4MF rule (glTF, .usda: the import's findings); exit 0 valid, 1 errors "
            "found, 2 unreadable",
            OptionSpec{{"json"}, {}, 1, 1}, &runValidate};
}

} // namespace hyperrig::cli
