#pragma once

#include "app/hyperrig-cli/CliCommand.h"
#include "core/base/Diagnostic.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/io/usd/UsdImport.h"

#include <optional>
#include <string>

namespace hyperrig::cli {

// `convert`, `info` and `validate` with UsdSkel .usda files (docs/interop-usd.md), both ways.

// The import of `path`, its warnings printed to stderr as "FILE:LINE:COLUMN: message"; nullopt
// once the error is printed.
std::optional<core::io::UsdImport> importUsdFile(const std::string& path, CliContext& context);

// IN.usda -> OUT.g4tf/.g4b.
int convertUsdToG4mf(const std::string& input, const std::string& output,
                     const core::io::WriteOptions& writeOptions, CliContext& context);

// IN (G4MF, .usda or glTF) -> OUT.usda, written atomically; a 4D..8D document is refused with the
// way out (--cross-section, which convertCrossSectionToGltf writes as static meshes). .usdc,
// .usdz and .usd outputs are refused: HyperRig writes text .usda only.
int convertToUsda(const std::string& input, const std::string& output, const ParsedOptions& options,
                  CliContext& context);

// The diagnostics `validate` reports for a .usda file: the import's warnings, or its error as one
// diagnostic (rule "usd.import") with "LINE:COLUMN" as its place. nullopt when the file cannot be
// read at all: then `unreadable` holds why.
std::optional<core::Diagnostics> usdDiagnostics(const std::string& path, std::string& unreadable);

} // namespace hyperrig::cli
