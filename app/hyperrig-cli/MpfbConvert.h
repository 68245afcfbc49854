#pragma once

#include "app/hyperrig-cli/CliCommand.h"
#include "core/io/g4mf/G4mfWriter.h"

#include <string>

namespace hyperrig::cli {

// `convert` between MPFB rig definitions (.json) and G4MF (docs/interop-mpfb.md).

// Whether `path` names an MPFB rig file (by its .json extension).
bool isMpfbRigPath(const std::string& path);

// RIG.json -> OUT.g4tf/.g4b: places the rig on --base-mesh with --vertex-groups (both required)
// and prints the import report (renamed bones, fallbacks) to stdout. Returns the exit status.
int convertMpfbRigToG4mf(const std::string& input, const std::string& output,
                         const ParsedOptions& options, const core::io::WriteOptions& writeOptions,
                         CliContext& context);

// IN.g4tf/.g4b -> OUT.json: writes the document's skeleton as an MPFB rig. --base-mesh and
// --vertex-groups (together, optional) let moved bones get CUBE/VERTEX strategies.
int convertG4mfToMpfbRig(const std::string& input, const std::string& output,
                         const ParsedOptions& options, CliContext& context);

} // namespace hyperrig::cli
