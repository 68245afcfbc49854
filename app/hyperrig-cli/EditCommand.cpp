#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/edit/History.h"
#include "core/edit/script/ScriptFile.h"
#include "core/edit/script/ScriptRunner.h"
#include "core/ops/influence/InfluenceScriptOps.h"

#include <chrono>

namespace hyperrig::cli {
namespace {

int usage(CliContext& context, const std::string& message) {
    std::fprintf(context.err,
                 "hyperrig-cli: edit: %s\nUsage: hyperrig-cli edit IN --script OPS.json "
                 "-o OUT\n",
                 message.c_str());
    return kExitUnreadable;
}

int runEdit(const ParsedOptions& options, CliContext& context) {
    const std::string& input = options.positionals()[0];
    const auto scriptPath = options.value("script");
    const auto output = options.value("output");
    if (!scriptPath)
        return usage(context, "--script OPS.json is required");
    if (!output)
        return usage(context, "-o OUT (or --output OUT) is required");
    auto container = core::io::containerForPath(*output);
    if (!container)
        return usage(context, container.error().message());

    auto read = readDocumentFile(input, context);
    if (!read)
        return kExitUnreadable;
    auto script = core::edit::loadScriptFile(*scriptPath);
    if (!script) {
        std::fprintf(context.err, "hyperrig-cli: edit: %s\n", script.error().message().c_str());
        return kExitUnreadable;
    }

    // Every op is its own undo step: the clock moves an hour per reading, far past History's
    // merge window, so "undo" in a script always undoes exactly the op before it.
    auto now = std::chrono::steady_clock::time_point{};
    core::edit::History history(read->document, [&now] { return now += std::chrono::hours(1); });
    auto ran = core::edit::runScript(history, *script, core::ops::fullScriptOpCatalog());
    if (!ran) {
        std::fprintf(context.err, "hyperrig-cli: edit: %s\n", ran.error().message().c_str());
        return kExitFailure;
    }

    core::io::WriteOptions writeOptions;
    writeOptions.schema = read->schema;
    return writeDocumentFile(read->document, *output, writeOptions, context);
}

} // namespace

CliCommand editCommand() {
    return {"edit", "edit IN --script OPS.json -o OUT",
            "apply a JSON script of edit ops (docs/scripting.md) and write the result",
            OptionSpec{{}, {"script", "output"}, 1, 1, {{'o', "output"}}}, &runEdit};
}

} // namespace hyperrig::cli
