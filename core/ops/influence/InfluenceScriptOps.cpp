#include "core/ops/influence/InfluenceScriptOps.h"

#include "core/edit/script/ScriptOpFields.h"
#include "core/ops/DimensionLiftCommand.h"
#include "core/ops/influence/InfluenceTools.h"

#include <cmath>

namespace hyperrig::core::ops {
namespace {

using edit::ScriptFields;

// The ops that take only the mesh.
template <CommandResult (*Tool)(const model::Document&, model::MeshId, InfluenceReport*)>
CommandResult meshOnly(const ScriptFields& fields, const model::Document& document) {
    auto mesh = edit::meshField(fields, document, "mesh");
    if (!mesh)
        return mesh.error();
    return Tool(document, *mesh, nullptr);
}

CommandResult buildLimitInfluences(const ScriptFields& fields, const model::Document& document) {
    auto mesh = edit::meshField(fields, document, "mesh");
    if (!mesh)
        return mesh.error();
    auto count = fields.index("maxInfluences");
    if (!count)
        return count.error();
    return limitInfluences(document, *mesh, *count);
}

CommandResult buildPruneWeights(const ScriptFields& fields, const model::Document& document) {
    auto mesh = edit::meshField(fields, document, "mesh");
    if (!mesh)
        return mesh.error();
    // ScriptFields has no plain number reader (the node ops all take "number or null").
    const model::OrderedJson& threshold = fields.at("threshold");
    if (!threshold.is_number() || !std::isfinite(threshold.get<double>()))
        return Error(edit::fieldLabel("threshold") + " must be a number");
    bool renormalize = false;
    if (fields.has("renormalize")) {
        auto given = fields.boolean("renormalize");
        if (!given)
            return given.error();
        renormalize = *given;
    }
    return pruneWeights(document, *mesh, threshold.get<double>(), renormalize);
}

} // namespace

const std::vector<edit::ScriptOp>& influenceScriptOps() {
    static const std::vector<edit::ScriptOp> ops{
        {"inferGroupNames", {"mesh"}, {}, &meshOnly<&inferGroupNames>},
        {"sortInfluences", {"mesh"}, {}, &meshOnly<&sortInfluences>},
        {"normalizeWeights", {"mesh"}, {}, &meshOnly<&normalizeWeights>},
        {"limitInfluences", {"mesh", "maxInfluences"}, {}, &buildLimitInfluences},
        {"pruneWeights", {"mesh", "threshold"}, {"renormalize"}, &buildPruneWeights},
        {"removeUnusedGroups", {"mesh"}, {}, &meshOnly<&removeUnusedGroups>},
    };
    return ops;
}

edit::ScriptOpCatalog fullScriptOpCatalog() {
    edit::ScriptOpCatalog catalog;
    catalog.add(influenceScriptOps());
    catalog.add(dimensionScriptOps());
    return catalog;
}

} // namespace hyperrig::core::ops
