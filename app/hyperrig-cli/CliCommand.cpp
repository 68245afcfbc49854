#include "app/hyperrig-cli/CliCommand.h"

#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/base/Version.h"

#include <algorithm>

namespace hyperrig::cli {
namespace {

void printHelp(std::FILE* out) {
    std::fprintf(out,
                 "hyperrig-cli %s: batch tool of HyperRig, the rig editor for skeletons and "
                 "skinned meshes in any dimension.\n\n"
                 "Usage:\n"
                 "  hyperrig-cli --version\n"
                 "  hyperrig-cli --help\n",
                 core::kVersion);
    for (const CliCommand& command : cliCommands())
        std::fprintf(out, "  hyperrig-cli %s\n", command.synopsis.c_str());
    if (!cliCommands().empty()) {
        std::fprintf(out, "\nCommands:\n");
        for (const CliCommand& command : cliCommands())
            std::fprintf(out, "  %-10s %s\n", command.name.c_str(), command.summary.c_str());
    }
    std::fprintf(out,
                 "\nEvery command accepts:\n"
                 "  --%s\n"
                 "             read buffers whose path leads outside the folder of the file\n"
                 "             (\"..\", a symlink); refused by default, use it only for "
                 "files you trust\n",
                 kAllowOutsideReferences);
    std::fprintf(out, "\nExit status: 0 success, 1 errors found or the operation failed, "
                      "2 bad usage or unreadable input (and, with a request to report it, an "
                      "internal error).\n"
                      "Nodes are addressed by name, or '#index' for unnamed nodes.\n");
}

// Every command reads a document, so every command takes --allow-outside-references.
CliCommand readingDocuments(CliCommand command) {
    command.options.flags.emplace_back(kAllowOutsideReferences);
    return command;
}

int usageError(CliContext& context, const std::string& message) {
    std::fprintf(context.err, "hyperrig-cli: %s\nRun 'hyperrig-cli --help' for usage.\n",
                 message.c_str());
    return kExitUnreadable;
}

} // namespace

const std::vector<CliCommand>& cliCommands() {
    static const std::vector<CliCommand> commands = [] {
        std::vector<CliCommand> list;
        for (auto* make :
             {&infoCommand, &validateCommand, &convertCommand, &editCommand, &parentCommand,
              &mergeCommand, &poseCommand, &sliceCommand, &renderCommand, &liftCommand})
            list.push_back(readingDocuments(make()));
        return list;
    }();
    return commands;
}

int runCli(const std::vector<std::string>& arguments, CliContext& context) {
    if (arguments.empty())
        return usageError(context, "no command given");
    const std::string& first = arguments.front();
    if (first == "--help" || first == "-h" || first == "help") {
        if (arguments.size() > 1)
            return usageError(context, "--help takes no arguments");
        printHelp(context.out);
        return kExitSuccess;
    }
    if (first == "--version") {
        if (arguments.size() > 1)
            return usageError(context, "--version takes no arguments");
        std::fprintf(context.out, "hyperrig-cli %s\n", core::kVersion);
        return kExitSuccess;
    }
    const auto& commands = cliCommands();
    const auto command = std::find_if(commands.begin(), commands.end(),
                                      [&](const CliCommand& c) { return c.name == first; });
    if (command == commands.end())
        return usageError(context, "unknown command '" + first + "'");
    const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
    auto parsed = ParsedOptions::parse(rest, command->options);
    if (!parsed)
        return usageError(context, command->name + ": " + parsed.error().message() +
                                       "\nUsage: hyperrig-cli " + command->synopsis);
    return command->run(*parsed, context);
}

} // namespace hyperrig::cli
