#include "app/hyperrig-cli/CommandReport.h"
#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/model/ItemAddress.h"
#include "core/ops/ParentMesh.h"

#include <fstream>
#include <sstream>

namespace hyperrig::cli {
namespace {

constexpr const char* kParentSynopsis =
    "parent IN --mesh NODE --skeleton NODE [--map MAP.json] -o OUT";

// Parents a skinned mesh node to a skeleton by group names (core/ops/ParentMesh.h). MAP.json
// maps group names to bone names (or null: untransformed) for groups whose names match no bone.
int runParent(const ParsedOptions& options, CliContext& context) {
    const CommandReport report{"parent", kParentSynopsis, context};
    const std::string& input = options.positionals()[0];
    const auto meshNode = options.value("mesh");
    const auto skeletonNode = options.value("skeleton");
    const auto mapPath = options.value("map");
    const auto output = options.value("output");
    if (!meshNode || !skeletonNode)
        return report.usage("--mesh NODE and --skeleton NODE are required");
    if (!output)
        return report.usage("-o OUT (or --output OUT) is required");
    auto container = core::io::containerForPath(*output);
    if (!container)
        return report.usage(container.error().message());

    core::ops::GroupBoneMap map;
    if (mapPath) {
        std::ifstream stream(*mapPath, std::ios::binary);
        if (!stream)
            return report.fail(*mapPath + ": cannot open the map file", kExitUnreadable);
        std::ostringstream text;
        text << stream.rdbuf();
        auto parsed = core::ops::parseGroupBoneMap(text.str());
        if (!parsed)
            return report.fail(*mapPath + ": " + parsed.error().message(), kExitUnreadable);
        map = std::move(*parsed);
    }
    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    core::model::Document& document = read->document;
    auto mesh = core::model::resolveNode(document, core::model::OrderedJson(*meshNode), "--mesh");
    if (!mesh)
        return report.fail(mesh.error().message(), kExitFailure);
    auto skeleton =
        core::model::resolveNode(document, core::model::OrderedJson(*skeletonNode), "--skeleton");
    if (!skeleton)
        return report.fail(skeleton.error().message(), kExitFailure);
    auto plan = core::ops::planParent(document, *mesh, *skeleton, map);
    if (!plan)
        return report.fail(plan.error().message(), kExitFailure);
    for (const std::string& warning : plan->warnings)
        std::fprintf(context.err, "hyperrig-cli: warning: %s\n", warning.c_str());
    return applyAndWrite(*read, std::move(plan->command), *output, report, context);
}

} // namespace

CliCommand parentCommand() {
    return {"parent", kParentSynopsis,
            "parent a skinned mesh to a skeleton, renumbering its groups by name",
            OptionSpec{{}, {"mesh", "skeleton", "map", "output"}, 1, 1, {{'o', "output"}}},
            &runParent};
}

} // namespace hyperrig::cli
