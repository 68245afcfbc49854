#pragma once

#include "app/hyperrig-cli/CliOptions.h"

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace hyperrig::cli {

// Exit statuses of the command-line contract (docs/architecture.md): pipelines rely on them.
enum ExitStatus : int {
    kExitSuccess = 0,
    kExitFailure = 1,    // the command ran and found errors (validation), or the operation failed
    kExitUnreadable = 2, // bad usage, or an input that cannot be read at all
};

struct CliContext {
    std::FILE* out = stdout;
    std::FILE* err = stderr;
};

struct CliCommand {
    std::string name;
    std::string synopsis; // "info FILE [--json]"
    std::string summary;  // one line for --help
    OptionSpec options;
    std::function<int(const ParsedOptions&, CliContext&)> run;
};

// Every subcommand hyperrig-cli offers, in the order --help lists them.
const std::vector<CliCommand>& cliCommands();

// Parses argv, runs the subcommand, returns the exit status.
int runCli(const std::vector<std::string>& arguments, CliContext& context);

} // namespace hyperrig::cli
