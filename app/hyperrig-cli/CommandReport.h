#pragma once

#include "app/hyperrig-cli/CliCommand.h"

#include <string>
#include <string_view>

namespace hyperrig::cli {

// How a subcommand reports what went wrong, the same way in every command:
//   usage(m)      "hyperrig-cli: NAME: m" + "Usage: hyperrig-cli SYNOPSIS", exit 2
//   fail(m, s)    "hyperrig-cli: NAME: m", exit status s
struct CommandReport {
    std::string_view name;
    std::string_view synopsis; // as in the command table (--help)
    CliContext& context;

    int usage(const std::string& message) const;
    int fail(const std::string& message, int status) const;
};

} // namespace hyperrig::cli
