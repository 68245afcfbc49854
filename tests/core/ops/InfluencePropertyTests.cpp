#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/MeshDataCommands.h"
#include "core/ops/influence/InfluenceTools.h"
#include "tests/core/ops/InfluenceTestSupport.h"

#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

using namespace hyperrig::core;

// Random skins on the tiny arm (any order, ties, zero and negative weights, groups past the
// joints, with or without names, bound or not, with or without a bind pose), one random tool.
// Laws: a refusal changes nothing; an edit leaves a skin replaceSkin accepts and does what the
// tool promises; undo gives the bytes before, redo the bytes after.

namespace {

constexpr std::size_t kJointSlots = 3; // UpperArm, LowerArm, Hand

struct RandomSkin {
    std::size_t vertices = 0;
    model::Skin skin;
    bool bound = true;
    bool bindPose = false;
};

RandomSkin randomSkin() {
    RandomSkin random;
    random.vertices = *rc::gen::inRange<std::size_t>(1, 25);
    random.skin.offsets.push_back(0);
    for (std::size_t vertex = 0; vertex < random.vertices; ++vertex) {
        const int count = *rc::gen::inRange(0, 7);
        for (int i = 0; i < count; ++i) {
            random.skin.groups.push_back(*rc::gen::inRange<std::uint32_t>(0, 7));
            // Few distinct values, so ties are common.
            random.skin.weights.push_back(*rc::gen::weightedElement<double>(
                {{4, 0.25}, {4, 0.5}, {2, 1.0}, {2, 0.0}, {1, 0.125}, {1, -0.5}, {1, 2.0}}));
        }
        random.skin.offsets.push_back(static_cast<std::uint32_t>(random.skin.groups.size()));
    }
    const int names = *rc::gen::inRange(-1, 9); // -1: no groupNames at all
    if (names >= 0) {
        random.skin.groupNames.emplace();
        for (int g = 0; g < names; ++g)
            random.skin.groupNames->push_back("G" + std::to_string(g));
    }
    random.bound = *rc::gen::arbitrary<bool>();
    random.bindPose = *rc::gen::arbitrary<bool>();
    return random;
}

model::Document documentWith(const RandomSkin& random) {
    model::Document document = hyperrig::test::loadSample("tiny-4d-mesh.g4tf");
    model::Mesh& mesh = document.mesh(hyperrig::test::meshNamed(document, "TinyMesh"));
    mesh.vertices.values.resize(random.vertices * 4, 0.0);
    for (std::size_t i = 20; i < mesh.vertices.values.size(); ++i)
        mesh.vertices.values[i] = 0.1 * static_cast<double>(i % 13);
    // The two tetrahedra use vertices 0-4; with fewer vertices the surface goes.
    if (random.vertices < 5)
        mesh.surfaces.clear();
    model::Skin skin = random.skin;
    skin.groupIndexType = mesh.skin->groupIndexType;
    skin.vertexIndexType = mesh.skin->vertexIndexType;
    skin.weightType = model::ComponentType::Float64; // every double survives a save
    mesh.skin = std::move(skin);
    if (!random.bound)
        hyperrig::test::moveToRoot(document, "TinySkin");
    if (random.bindPose) {
        edit::ChangeSet changes;
        auto added =
            edit::addBindPose(hyperrig::test::nodeNamed(document, "ArmRig"), model::PoseType::APose)
                ->apply(document, changes);
        RC_ASSERT(added.ok());
    }
    return document;
}

// The (group, weight) pairs of each vertex, in a canonical order.
std::vector<std::vector<std::pair<std::uint32_t, double>>> pairsPerVertex(const model::Skin& skin) {
    std::vector<std::vector<std::pair<std::uint32_t, double>>> vertices(skin.vertexCount());
    for (std::size_t vertex = 0; vertex < skin.vertexCount(); ++vertex) {
        for (std::uint32_t entry = skin.offsets[vertex]; entry < skin.offsets[vertex + 1]; ++entry)
            vertices[vertex].emplace_back(skin.groups[entry], skin.weights[entry]);
        std::sort(vertices[vertex].begin(), vertices[vertex].end());
    }
    return vertices;
}

double sumOf(const model::Skin& skin, std::size_t vertex) {
    double sum = 0.0;
    for (std::uint32_t entry = skin.offsets[vertex]; entry < skin.offsets[vertex + 1]; ++entry)
        sum += skin.weights[entry];
    return sum;
}

// One tool with its arguments, drawn at random.
struct ToolCall {
    enum Tool { Infer, Sort, Normalize, Limit, Prune, RemoveUnused };
    Tool tool = Sort;
    std::size_t limit = 0;
    double threshold = 0.0;
    bool renormalize = false;

    static ToolCall random() {
        ToolCall call;
        call.tool = *rc::gen::element(Infer, Sort, Normalize, Limit, Prune, RemoveUnused);
        call.limit = *rc::gen::element<std::size_t>(0, 1, 2, 3);
        call.threshold = *rc::gen::element(-1.0, 0.0, 0.2, 0.3, 0.6);
        call.renormalize = *rc::gen::arbitrary<bool>();
        return call;
    }

    ops::CommandResult plan(const model::Document& document, model::MeshId mesh,
                            ops::InfluenceReport& report) const {
        switch (tool) {
        case Infer:
            return ops::inferGroupNames(document, mesh, &report);
        case Sort:
            return ops::sortInfluences(document, mesh, &report);
        case Normalize:
            return ops::normalizeWeights(document, mesh, &report);
        case Limit:
            return ops::limitInfluences(document, mesh, limit, &report);
        case Prune:
            return ops::pruneWeights(document, mesh, threshold, renormalize, &report);
        case RemoveUnused:
            break;
        }
        return ops::removeUnusedGroups(document, mesh, &report);
    }
};

// What each tool promises about the skin it leaves (deformation is checked by the caller).
void checkPromise(const ToolCall& call, const model::Skin& before, const model::Skin& after,
                  const ops::InfluenceReport& report) {
    switch (call.tool) {
    case ToolCall::Infer: {
        RC_ASSERT(after.groupNames->size() ==
                  std::max<std::size_t>(before.groupCount(), kJointSlots));
        const std::set<std::string> unique(after.groupNames->begin(), after.groupNames->end());
        RC_ASSERT(unique.size() == after.groupNames->size());
        RC_ASSERT(!unique.count(""));
        RC_ASSERT(after.groups == before.groups);
        RC_ASSERT(after.weights == before.weights);
        break;
    }
    case ToolCall::Sort:
        RC_ASSERT(pairsPerVertex(after) == pairsPerVertex(before));
        break;
    case ToolCall::Normalize:
        for (std::size_t vertex = 0; vertex < after.vertexCount(); ++vertex)
            if (sumOf(before, vertex) > 0.0)
                RC_ASSERT(std::abs(sumOf(after, vertex) - 1.0) <= 1.01 * ops::kNormalizedTolerance);
        break;
    case ToolCall::Limit:
        for (std::size_t vertex = 0; vertex < after.vertexCount(); ++vertex)
            RC_ASSERT(after.offsets[vertex + 1] - after.offsets[vertex] <= call.limit);
        break;
    case ToolCall::Prune: {
        // Renormalising divides by the kept sum: above 1, kept weights may end below.
        for (double weight : after.weights)
            RC_ASSERT(call.renormalize || weight >= call.threshold);
        const auto weak = std::count_if(before.weights.begin(), before.weights.end(),
                                        [&](double weight) { return weight < call.threshold; });
        RC_ASSERT(report.influencesRemoved == static_cast<std::size_t>(weak));
        RC_ASSERT(after.influenceCount() + report.influencesRemoved == before.influenceCount());
        break;
    }
    case ToolCall::RemoveUnused: {
        std::vector<bool> used(after.groupCount(), false);
        for (std::uint32_t group : after.groups)
            used[group] = true;
        RC_ASSERT(std::all_of(used.begin(), used.end(), [](bool u) { return u; }));
        RC_ASSERT(after.groupCount() + report.groupsRemoved ==
                  std::max(before.groupCount(), before.groupNames ? before.groupNames->size() : 0));
        break;
    }
    }
}

} // namespace

TEST_CASE("influence tools keep random skins valid", "[ops][influence][property]") {
    rc::prop("every tool leaves a valid skin and undoes exactly", [] {
        const RandomSkin random = randomSkin();
        model::Document document = documentWith(random);
        const model::MeshId mesh = hyperrig::test::meshNamed(document, "TinyMesh");
        const model::Skin before = *document.mesh(mesh).skin;
        const std::string beforeBytes = hyperrig::test::savedText(document);
        const eval::Pose pose = hyperrig::test::randomPose(document, 3);
        const std::vector<double> beforePositions = hyperrig::test::worldPositions(document, pose);

        const ToolCall call = ToolCall::random();
        RC_LOG() << "tool " << call.tool << ", limit " << call.limit << ", threshold "
                 << call.threshold << ", renormalize " << call.renormalize;
        ops::InfluenceReport report;
        ops::CommandResult plan = call.plan(document, mesh, report);
        if (!plan) {
            RC_LOG() << plan.error().message();
            // The only refusals these skins can meet.
            const bool named = before.groupNames && !before.groupNames->empty();
            RC_ASSERT((call.tool == ToolCall::Infer && (named || !random.bound)) ||
                      (call.tool == ToolCall::Limit && call.limit == 0));
            RC_ASSERT(hyperrig::test::savedText(document) == beforeBytes);
            return;
        }
        auto now = std::chrono::steady_clock::time_point{};
        edit::History history(document, [&now] { return now += std::chrono::hours(1); });
        RC_ASSERT(history.execute(std::move(*plan)).ok());
        const model::Skin& after = *document.mesh(mesh).skin;

        // Naming leaves the influences as they are, sorted or not, and so does a removal of
        // unused groups that finds none; every other edit writes sorted vertices.
        const bool nothingRemoved =
            call.tool == ToolCall::RemoveUnused && report.groupsRemoved == 0;
        if (nothingRemoved)
            RC_ASSERT(after == before);
        if (call.tool != ToolCall::Infer && !nothingRemoved)
            RC_ASSERT(edit::checkSkin(after, document.mesh(mesh).vertexCount()).ok());
        checkPromise(call, before, after, report);
        // Only removeUnusedGroups renumbers groups, and it must keep every vertex in place.
        const std::vector<double> positions = hyperrig::test::worldPositions(document, pose);
        RC_ASSERT(positions.size() == beforePositions.size());
        if (call.tool == ToolCall::RemoveUnused)
            for (std::size_t i = 0; i < positions.size(); ++i)
                RC_ASSERT(std::abs(positions[i] - beforePositions[i]) <= 1e-5);

        // Running sort or (with non-negative weights) normalise again finds nothing to do.
        const bool nonNegative = std::all_of(before.weights.begin(), before.weights.end(),
                                             [](double weight) { return weight >= 0.0; });
        if (call.tool == ToolCall::Sort || (call.tool == ToolCall::Normalize && nonNegative)) {
            ops::InfluenceReport again;
            auto second = call.plan(document, mesh, again);
            RC_ASSERT(second.ok());
            RC_ASSERT(again.verticesChanged == 0u);
        }

        const std::string afterBytes = hyperrig::test::savedText(document);
        history.undo();
        RC_ASSERT(hyperrig::test::savedText(document) == beforeBytes);
        RC_ASSERT(*document.mesh(mesh).skin == before);
        history.redo();
        RC_ASSERT(hyperrig::test::savedText(document) == afterBytes);
    });
}
