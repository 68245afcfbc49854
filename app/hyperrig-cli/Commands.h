#pragma once

#include "app/hyperrig-cli/CliCommand.h"

namespace hyperrig::cli {

// One function per subcommand, each in its own file; CliCommand.cpp lists them for --help.
CliCommand infoCommand();
CliCommand validateCommand();
CliCommand convertCommand();
CliCommand editCommand();
CliCommand parentCommand();
CliCommand mergeCommand();
CliCommand poseCommand();
CliCommand sliceCommand();
CliCommand renderCommand();
CliCommand liftCommand();

} // namespace hyperrig::cli
