#include "app/hyperrig-cli/CommandReport.h"
#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/edit/History.h"
#include "core/edit/script/ScriptFile.h"
#include "core/edit/script/ScriptRunner.h"
#include "core/ops/influence/InfluenceScriptOps.h"

#include <chrono>

namespace hyperrig::cli {
namespace {

constexpr const char* kEditSynopsis = "edit IN --script OPS.json -o OUT";

int runEdit(const ParsedOptions& options, CliContext& context) {
    const CommandReport report{"edit", kEditSynopsis, context};
    const std::string& input = options.positionals()[0];
    const auto scriptPath = options.value("script");
    const auto output = options.value("output");
    if (!scriptPath)
        return report.usage("--script OPS.json is required");
    if (!output)
        return report.usage("-o OUT (or --output OUT) is required");
    auto container = core::io::containerForPath(*output);
    if (!container)
        return report.usage(container.error().message());

    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    auto script = core::edit::loadScriptFile(*scriptPath);
    if (!script)
        return report.fail(script.error().message(), kExitUnreadable);

    // Every op is its own undo step: the clock moves an hour per reading, far past History's
    // merge window, so "undo" in a script always undoes exactly the op before it.
    auto now = std::chrono::steady_clock::time_point{};
    core::edit::History history(read->document, [&now] { return now += std::chrono::hours(1); });
    auto ran = core::edit::runScript(history, *script, core::ops::fullScriptOpCatalog());
    if (!ran)
        return report.fail(ran.error().message(), kExitFailure);

    return writeLikeInput(read->document, *read, *output, context);
}

} // namespace

CliCommand editCommand() {
    return {"edit", kEditSynopsis,
            "apply a JSON script of edit ops (docs/scripting.md) and write the result",
            OptionSpec{{}, {"script", "output"}, 1, 1, {{'o', "output"}}}, &runEdit};
}

} // namespace hyperrig::cli
