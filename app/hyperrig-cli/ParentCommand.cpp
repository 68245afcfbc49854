#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/edit/History.h"
#include "core/model/ItemAddress.h"
#include "core/ops/ParentMesh.h"

#include <fstream>
#include <sstream>

namespace hyperrig::cli {
namespace {

int usage(CliContext& context, const std::string& message) {
    std::fprintf(context.err,
                 "hyperrig-cli: parent: %s\nUsage: hyperrig-cli parent IN --mesh NODE --skeleton "
                 "NODE [--map MAP.json] -o OUT\n",
                 message.c_str());
    return kExitUnreadable;
}

int fail(CliContext& context, const std::string& message, int status) {
    std::fprintf(context.err, "hyperrig-cli: parent: %s\n", message.c_str());
    return status;
}

// Parents a skinned mesh node to a skeleton by group names (core/ops/ParentMesh.h). MAP.json
// maps group names to bone names (or null: untransformed) for groups whose names match no bone.
int runParent(const ParsedOptions& options, CliContext& context) {
    const std::string& input = options.positionals()[0];
    const auto meshNode = options.value("mesh");
    const auto skeletonNode = options.value("skeleton");
    const auto mapPath = options.value("map");
    const auto output = options.value("output");
    if (!meshNode || !skeletonNode)
        return usage(context, "--mesh NODE and --skeleton NODE are required");
    if (!output)
        return usage(context, "-o OUT (or --output OUT) is required");
    auto container = core::io::containerForPath(*output);
    if (!container)
        return usage(context, container.error().message());

    core::ops::GroupBoneMap map;
    if (mapPath) {
        std::ifstream stream(*mapPath, std::ios::binary);
        if (!stream)
            return fail(context, *mapPath + ": cannot open the map file", kExitUnreadable);
        std::ostringstream text;
        text << stream.rdbuf();
        auto parsed = core::ops::parseGroupBoneMap(text.str());
        if (!parsed)
            return fail(context, *mapPath + ": " + parsed.error().message(), kExitUnreadable);
        map = std::move(*parsed);
    }
    auto read = readDocumentFile(input, context);
    if (!read)
        return kExitUnreadable;
    core::model::Document& document = read->document;
    auto mesh = core::model::resolveNode(document, core::model::OrderedJson(*meshNode), "--mesh");
    if (!mesh)
        return fail(context, mesh.error().message(), kExitFailure);
    auto skeleton =
        core::model::resolveNode(document, core::model::OrderedJson(*skeletonNode), "--skeleton");
    if (!skeleton)
        return fail(context, skeleton.error().message(), kExitFailure);
    auto plan = core::ops::planParent(document, *mesh, *skeleton, map);
    if (!plan)
        return fail(context, plan.error().message(), kExitFailure);
    for (const std::string& warning : plan->warnings)
        std::fprintf(context.err, "hyperrig-cli: warning: %s\n", warning.c_str());
    core::edit::History history(document);
    auto applied = history.execute(std::move(plan->command));
    if (!applied)
        return fail(context, applied.error().message(), kExitFailure);
    core::io::WriteOptions writeOptions;
    writeOptions.schema = read->schema;
    return writeDocumentFile(document, *output, writeOptions, context);
}

} // namespace

CliCommand parentCommand() {
    return {"parent", "parent IN --mesh NODE --skeleton NODE [--map MAP.json] -o OUT",
            "parent a skinned mesh to a skeleton, renumbering its groups by name",
            OptionSpec{{}, {"mesh", "skeleton", "map", "output"}, 1, 1, {{'o', "output"}}},
            &runParent};
}

} // namespace hyperrig::cli
