#include "app/hyperrig-cli/CommandReport.h"
#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/model/ItemAddress.h"
#include "core/model/JsonDump.h"
#include "core/ops/MergeMeshes.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

namespace hyperrig::cli {
namespace {

constexpr const char* kMergeSynopsis =
    "merge IN --meshes A,B[,C...] --mode by-name|append [--dry-run [--json]] -o OUT";

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream stream(text);
    for (std::string item; std::getline(stream, item, ',');)
        items.push_back(item);
    return items;
}

void printTable(const std::vector<core::ops::GroupMapping>& rows, bool json, CliContext& context) {
    if (json) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const auto& row : rows)
            out.push_back({{"mesh", row.mesh},
                           {"oldIndex", row.oldIndex},
                           {"oldName", row.oldName},
                           {"newIndex", row.newIndex},
                           {"newName", row.newName},
                           {"bone", row.bone.empty() ? nlohmann::ordered_json()
                                                     : nlohmann::ordered_json(row.bone)}});
        std::fprintf(context.out, "%s\n", core::model::jsonText(out, 2).c_str());
        return;
    }
    const std::vector<std::string> header{"mesh", "old", "old name", "new", "new name", "bone"};
    std::vector<std::vector<std::string>> table{header};
    for (const auto& row : rows)
        table.push_back({row.mesh, std::to_string(row.oldIndex), row.oldName,
                         std::to_string(row.newIndex), row.newName,
                         row.bone.empty() ? "(none)" : row.bone});
    std::vector<std::size_t> widths(header.size(), 0);
    for (const auto& line : table)
        for (std::size_t c = 0; c < line.size(); ++c)
            widths[c] = std::max(widths[c], line[c].size());
    for (const auto& line : table) {
        std::string text;
        for (std::size_t c = 0; c < line.size(); ++c)
            text += line[c] +
                    std::string(c + 1 < line.size() ? widths[c] - line[c].size() + 2 : 0, ' ');
        std::fprintf(context.out, "%s\n", text.c_str());
    }
}

// Merges skinned meshes under one skeleton (core/ops/MergeMeshes.h). --dry-run prints the group
// mapping table (mesh, old index, old name, new index, new name, bone) and writes nothing.
int runMerge(const ParsedOptions& options, CliContext& context) {
    const CommandReport report{"merge", kMergeSynopsis, context};
    const std::string& input = options.positionals()[0];
    const auto meshes = options.value("meshes");
    const auto mode = options.value("mode");
    const auto output = options.value("output");
    const bool dryRun = options.flag("dry-run");
    if (!meshes)
        return report.usage("--meshes A,B[,C...] is required");
    if (!mode || (*mode != "by-name" && *mode != "append"))
        return report.usage("--mode must be by-name or append");
    if (options.flag("json") && !dryRun)
        return report.usage("--json goes with --dry-run");
    if (!dryRun && !output)
        return report.usage("-o OUT (or --output OUT) is required unless --dry-run");
    if (output) {
        auto container = core::io::containerForPath(*output);
        if (!container)
            return report.usage(container.error().message());
    }

    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    core::model::Document& document = read->document;
    std::vector<core::model::NodeId> nodes;
    for (const std::string& name : splitList(*meshes)) {
        auto node = core::model::resolveNode(document, core::model::OrderedJson(name), "--meshes");
        if (!node)
            return report.fail(node.error().message(), kExitFailure);
        nodes.push_back(*node);
    }
    auto plan = core::ops::planMerge(document, nodes,
                                     *mode == "append" ? core::ops::MergeMode::Append
                                                       : core::ops::MergeMode::ByName);
    if (!plan)
        return report.fail(plan.error().message(), kExitFailure);
    if (dryRun) {
        printTable(plan->mappings, options.flag("json"), context);
        return kExitSuccess;
    }
    return applyAndWrite(*read, std::move(plan->command), *output, report, context);
}

} // namespace

CliCommand mergeCommand() {
    return {"merge", kMergeSynopsis,
            "merge skinned meshes under one skeleton into the first, keeping their deformation",
            OptionSpec{{"dry-run", "json"}, {"meshes", "mode", "output"}, 1, 1, {{'o', "output"}}},
            &runMerge};
}

} // namespace hyperrig::cli
