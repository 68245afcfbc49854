#pragma once

#include "app/hyperrig-cli/CliCommand.h"
#include "core/base/Diagnostic.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/io/usd/UsdImport.h"

#include <optional>
#include <string>

namespace hyperrig::cli {

// `convert`, `info` and `validate` with UsdSkel .usda files (docs/interop-usd.md): import only;
// writing .usda is not supported yet.

// The import of `path`, its warnings printed to stderr as "FILE:LINE:COLUMN: message"; nullopt
// once the error is printed.
std::optional<core::io::UsdImport> importUsdFile(const std::string& path, CliContext& context);

// IN.usda -> OUT.g4tf/.g4b. A .usda (or other USD) OUT is refused with the reason.
int convertUsdToG4mf(const std::string& input, const std::string& output,
                     const core::io::WriteOptions& writeOptions, CliContext& context);

// The diagnostics `validate` reports for a .usda file: the import's warnings, or its error as one
// diagnostic (rule "usd.import") with "LINE:COLUMN" as its place. nullopt when the file cannot be
// read at all: then `unreadable` holds why.
std::optional<core::Diagnostics> usdDiagnostics(const std::string& path, std::string& unreadable);

} // namespace hyperrig::cli
