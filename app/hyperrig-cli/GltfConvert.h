#pragma once

#include "app/hyperrig-cli/CliCommand.h"
#include "core/base/Diagnostic.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/io/gltf/GltfFile.h"
#include "core/io/gltf/GltfImport.h"

#include <optional>
#include <string>

namespace hyperrig::cli {

// `convert`, `info` and `validate` with glTF 2.0 files (.gltf/.glb; docs/interop-gltf.md).

// The glTF import of `path`, its warnings printed to stderr with their JSON pointers; nullopt
// once the error is printed.
std::optional<core::io::GltfImport>
importGltfFile(const std::string& path, const ParsedOptions& options, CliContext& context);

// convert with a glTF file on either side: IN (.gltf/.glb or G4MF) -> OUT (.g4tf/.g4b or
// .gltf/.glb). --weights float|unorm16|unorm8 picks the glTF weight storage.
int convertWithGltf(const std::string& input, const std::string& output,
                    const ParsedOptions& options, const core::io::WriteOptions& writeOptions,
                    CliContext& context);

// The diagnostics `validate` reports for a glTF file: the import's warnings, or its error as one
// diagnostic (rule "gltf.import") with the JSON pointer the message starts with. nullopt when the
// file cannot be read at all (container, JSON, buffers): then `unreadable` holds why.
std::optional<core::Diagnostics>
gltfDiagnostics(const std::string& path, const ParsedOptions& options, std::string& unreadable);

} // namespace hyperrig::cli
