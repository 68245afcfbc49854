#include "core/ops/influence/InfluencePlan.h"
#include "core/ops/influence/InfluenceTools.h"
#include "core/ops/influence/SkinRewrite.h"

#include <cmath>
#include <string>

// The tools that rewrite weights vertex by vertex: sort, normalise, limit, prune. Each is one
// SkinRewrite pass whose per-vertex edit is a few lines; the pass sorts (every tool writes valid
// G4MF order) and counts the vertices that change.

namespace hyperrig::core::ops {
namespace {

using Influences = std::vector<Influence>;

// Runs `edit` over the skin of `mesh` and wraps the result as the tool's command. A non-empty
// `badArgument` refuses the plan once the mesh is known to exist, so the message can name it.
// `counted` is what the edit counts; the report gets it, with the changed vertices, on success.
template <typename Edit>
CommandResult rewritePlan(const model::Document& document, model::MeshId mesh,
                          std::string_view tool, const std::string& badArgument,
                          InfluenceReport& counted, InfluenceReport* report, Edit&& edit) {
    auto source = sourceSkin(document, mesh, tool);
    if (!source)
        return source.error();
    if (!badArgument.empty())
        return refusal(document, mesh, tool, badArgument);
    SkinRewrite rewrite = rewriteInfluences(**source, edit);
    counted.verticesChanged = rewrite.verticesChanged;
    auto command =
        skinEdit(document, mesh, tool, std::move(rewrite.skin), rewrite.verticesChanged > 0);
    if (command)
        deliver(counted, report);
    return command;
}

} // namespace

CommandResult sortInfluences(const model::Document& document, model::MeshId mesh,
                             InfluenceReport* report) {
    InfluenceReport counted;
    return rewritePlan(document, mesh, "Sort Influences", {}, counted, report,
                       [](std::size_t, Influences&) {});
}

CommandResult normalizeWeights(const model::Document& document, model::MeshId mesh,
                               InfluenceReport* report) {
    InfluenceReport counted;
    return rewritePlan(document, mesh, "Normalize Weights", {}, counted, report,
                       [](std::size_t, Influences& influences) { normalize(influences); });
}

CommandResult limitInfluences(const model::Document& document, model::MeshId mesh,
                              std::size_t maxInfluences, InfluenceReport* report) {
    const std::string badArgument =
        maxInfluences == 0 ? "a vertex must keep at least 1 influence (pruneWeights removes "
                             "influences by weight)"
                           : "";
    InfluenceReport counted;
    return rewritePlan(document, mesh, "Limit Influences", badArgument, counted, report,
                       [&counted, maxInfluences](std::size_t, Influences& influences) {
                           if (influences.size() <= maxInfluences)
                               return;
                           counted.influencesRemoved += influences.size() - maxInfluences;
                           influences.resize(maxInfluences);
                           normalize(influences);
                       });
}

CommandResult pruneWeights(const model::Document& document, model::MeshId mesh, double threshold,
                           bool renormalize, InfluenceReport* report) {
    const std::string badArgument =
        std::isfinite(threshold) ? "" : "the threshold must be a finite number";
    InfluenceReport counted;
    return rewritePlan(document, mesh, "Prune Weights", badArgument, counted, report,
                       [&counted, threshold, renormalize](std::size_t, Influences& influences) {
                           // Sorted strongest first: the weights below the threshold are a tail.
                           std::size_t kept = 0;
                           while (kept < influences.size() && influences[kept].weight >= threshold)
                               ++kept;
                           if (kept == influences.size())
                               return;
                           counted.influencesRemoved += influences.size() - kept;
                           if (kept == 0)
                               ++counted.verticesEmptied;
                           influences.resize(kept);
                           if (renormalize)
                               normalize(influences);
                       });
}

} // namespace hyperrig::core::ops
