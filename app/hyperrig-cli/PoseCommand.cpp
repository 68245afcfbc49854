#include "app/hyperrig-cli/CommandReport.h"
#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "app/hyperrig-cli/ViewOptions.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/PoseFile.h"
#include "core/ops/PoseAsRest.h"

#include <cstdio>

namespace hyperrig::cli {
namespace {

constexpr const char* kPoseSynopsis =
    "pose IN (--pose POSE.json | --pose-name NAME | --animation NAME --time T) --bake -o OUT";

// Applies a pose as the new rest pose (docs/skinning.md, "Apply pose as rest") through the same
// command the editor uses, and writes the result in the input's schema.
int runPose(const ParsedOptions& options, CliContext& context) {
    const CommandReport report{"pose", kPoseSynopsis, context};
    const std::string& input = options.positionals()[0];
    const auto output = options.value("output");
    if (auto sources = checkPoseSourceOptions(options, true); !sources)
        return report.usage(sources.error().message());
    if (!options.flag("bake"))
        return report.usage("--bake is required: pose writes the pose as the new rest pose");
    if (!output)
        return report.usage("-o OUT (or --output OUT) is required");
    auto container = core::io::containerForPath(*output);
    if (!container)
        return report.usage(container.error().message());

    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    core::model::Document& document = read->document;
    int exitStatus = kExitSuccess;
    const auto loaded = rigAndPoseFromOptions(options, document, input, report, exitStatus);
    if (!loaded)
        return exitStatus;
    const auto& [rig, pose] = *loaded;
    // Baking writes bones and skinned vertices; blend shapes stay shapes (decision 0059): the
    // animation's weights are not written as amounts, nor baked into the vertices.
    if (!pose.blendAmounts.empty())
        std::fprintf(context.err,
                     "hyperrig-cli: warning: the animation's blend-shape weights at that time "
                     "are not baked: the new rest shape is skinned from the vertices without "
                     "them, and the document's blend shapes and amounts stay as they are\n");
    auto command = core::ops::poseAsRestCommand(document, rig, pose);
    if (!command)
        return report.fail(command.error().message(), kExitFailure);
    return applyAndWrite(*read, std::move(*command), *output, report, context);
}

} // namespace

CliCommand poseCommand() {
    return {"pose", kPoseSynopsis,
            "apply a pose (a POSE.json file, a stored bind pose or a kept USD animation at a time) "
            "as the new rest pose",
            OptionSpec{{"bake"},
                       {"pose", "pose-name", "animation", "time", "output"},
                       1,
                       1,
                       {{'o', "output"}}},
            &runPose};
}

} // namespace hyperrig::cli
