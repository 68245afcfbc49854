#include "core/ops/influence/InfluenceTools.h"
#include "tests/core/edit/DataTestSupport.h"
#include "tests/core/ops/AllocationCounter.h"

#include <catch2/catch.hpp>
#include <functional>

using namespace hyperrig::core;
using hyperrig::test::AllocationCounter;

// Planning costs O(influences) time and a fixed number of allocations: one buffer for the
// largest vertex, the output arrays reserved once, O(groups) bookkeeping. A tool that allocated
// per vertex would allocate twice as often on a mesh twice as big.

namespace {

// The tiny sample's mesh with `vertices` vertices of 4 influences each: unsorted, unnormalised,
// groups 0-5 (the skeleton has 3 slots, so 3-5 are unused by the joints), groups 4 and 5 unused.
model::Document bigSkin(std::size_t vertices) {
    model::Document document = hyperrig::test::loadSample("tiny-4d-mesh.g4tf");
    model::Mesh& mesh = document.mesh(hyperrig::test::meshNamed(document, "TinyMesh"));
    mesh.vertices.values.resize(vertices * 4, 0.25);
    model::Skin& skin = *mesh.skin;
    skin.groupNames.reset();
    skin.offsets.assign(1, 0);
    skin.groups.clear();
    skin.weights.clear();
    for (std::size_t vertex = 0; vertex < vertices; ++vertex) {
        for (std::uint32_t i = 0; i < 4; ++i) {
            skin.groups.push_back(i);
            skin.weights.push_back(0.01 * static_cast<double>((vertex * 7 + i * 13) % 50));
        }
        skin.offsets.push_back(static_cast<std::uint32_t>(skin.groups.size()));
    }
    skin.groups[1] = 5; // keeps the group count at 6, with group 4 unused
    return document;
}

using Plan = std::function<ops::CommandResult(const model::Document&, model::MeshId)>;

std::size_t allocationsOf(const Plan& plan, std::size_t vertices) {
    const model::Document document = bigSkin(vertices);
    const model::MeshId mesh = hyperrig::test::meshNamed(document, "TinyMesh");
    AllocationCounter counter;
    auto planned = plan(document, mesh);
    const std::size_t count = counter.count();
    REQUIRE(planned.ok());
    return count;
}

} // namespace

TEST_CASE("influence tools allocate the same on a mesh twice as big", "[ops][influence][cost]") {
    if (!AllocationCounter::available()) {
        WARN("allocation counting is off in sanitizer builds");
        return;
    }
    const std::pair<const char*, Plan> tools[] = {
        {"sort",
         [](const auto& d, auto m) {
             return ops::sortInfluences(d, m);
         }},
        {"normalize",
         [](const auto& d, auto m) {
             return ops::normalizeWeights(d, m);
         }},
        {"limit",
         [](const auto& d, auto m) {
             return ops::limitInfluences(d, m, 2);
         }},
        {"prune",
         [](const auto& d, auto m) {
             return ops::pruneWeights(d, m, 0.2, true);
         }},
        {"remove unused",
         [](const auto& d, auto m) {
             return ops::removeUnusedGroups(d, m);
         }},
        {"infer names",
         [](const auto& d, auto m) {
             return ops::inferGroupNames(d, m);
         }},
    };
    for (const auto& [name, plan] : tools) {
        INFO(name);
        const std::size_t small = allocationsOf(plan, 20'000);
        const std::size_t large = allocationsOf(plan, 40'000);
        CHECK(small == large);
        CHECK(small < 100);
    }
}
