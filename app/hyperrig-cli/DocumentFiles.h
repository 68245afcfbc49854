#pragma once

#include "app/hyperrig-cli/CliCommand.h"
#include "app/hyperrig-cli/CommandReport.h"
#include "core/edit/Command.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::cli {

// The G4MF files the subcommands read and write, with the messages and exit statuses they share
// (CliCommand.h): an input that cannot be read is kExitUnreadable, an output that cannot be
// written kExitFailure; writer warnings go to stderr and do not fail the command.

// --allow-outside-references: every command that reads a document accepts it (CliCommand.cpp
// adds it); without it a file whose buffers lead outside its folder is refused.
inline constexpr const char* kAllowOutsideReferences = "allow-outside-references";

// How `options` let documents be read.
core::io::ReadOptions readOptions(const ParsedOptions& options);

// The document in `path`; nullopt once "hyperrig-cli: <reason>" is printed (for a refused
// outside reference, with a hint at --allow-outside-references).
std::optional<core::io::ReadDocument>
readDocumentFile(const std::string& path, const ParsedOptions& options, CliContext& context);

// Prints a read error: "hyperrig-cli: <reason>", plus the hint for a refused outside reference.
void reportReadError(const core::Error& error, CliContext& context);

// Reports what a writer returned (writeG4mf, writeGltf: the warnings of a written file, or why
// nothing was written) and returns the exit status.
int reportWritten(const core::Result<std::vector<std::string>>& written, CliContext& context);

// Writes `document` to `path` (.g4tf or .g4b by its extension) and returns the exit status.
int writeDocumentFile(const core::model::Document& document, const std::string& path,
                      const core::io::WriteOptions& options, CliContext& context);

// Writes `document`, made from `read`, to `output` the way the input kept its data
// (core::io::writeOptionsLike: schema, external .bin, Zstd, where the output's container can
// hold them) and returns the exit status.
int writeLikeInput(const core::model::Document& document, const core::io::ReadDocument& read,
                   const std::string& output, CliContext& context);

// Runs `command` on `read.document` through an edit History, as the editor's panels do, and
// writes the result to `output` as writeLikeInput does. Returns the exit status: a
// refused command is reported through `report` (exit 1) and nothing is written.
int applyAndWrite(core::io::ReadDocument& read, std::unique_ptr<core::edit::Command> command,
                  const std::string& output, const CommandReport& report, CliContext& context);

} // namespace hyperrig::cli
