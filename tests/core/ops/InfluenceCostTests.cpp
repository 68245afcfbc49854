#include "core/base/HugePages.h"
#include "core/ops/MergeMeshes.h"
#include "core/ops/ParentMesh.h"
#include "core/ops/SkinDataTypes.h"
#include "core/ops/influence/InfluenceTools.h"
#include "tests/core/edit/DataTestSupport.h"
#include "tests/core/ops/AllocationCounter.h"

#include <catch2/catch.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

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

namespace {

model::NodeId addCostNode(model::Document& document, const std::string& name,
                          model::NodeId parent) {
    auto node = std::make_unique<model::Node>();
    node->id = document.nodes.allocateId();
    node->name = name;
    node->parent = parent;
    const model::NodeId id = node->id;
    document.nodes.append(std::move(node));
    if (parent)
        document.node(parent).children.push_back(id);
    return id;
}

// A skeleton `name` of three bones `prefix`0..2, all in its joints.
model::NodeId addCostSkeleton(model::Document& document, const std::string& name,
                              const std::string& prefix) {
    const model::NodeId skeleton = addCostNode(document, name, document.root());
    model::Skeleton component;
    for (int b = 0; b < 3; ++b) {
        const model::NodeId bone = addCostNode(document, prefix + std::to_string(b), skeleton);
        document.node(bone).component = model::Bone{};
        component.joints.emplace_back(bone);
    }
    document.node(skeleton).component = component;
    return skeleton;
}

// A mesh node under `parent`: `vertices` vertices of 3 influences (groups 0..2, in descending
// weights), groups named `names`.
void addCostMesh(model::Document& document, const std::string& name, model::NodeId parent,
                 std::size_t vertices, std::vector<std::string> names) {
    const model::NodeId node = addCostNode(document, name, parent);
    auto mesh = std::make_unique<model::Mesh>();
    mesh->id = document.meshes.allocateId();
    mesh->name = name + "Mesh";
    mesh->vertices.vectorSize = 4;
    mesh->vertices.values.assign(vertices * 4, 0.5);
    model::Skin skin;
    skin.offsets.push_back(0);
    for (std::size_t v = 0; v < vertices; ++v) {
        for (std::uint32_t k = 0; k < 3; ++k) {
            skin.groups.push_back((static_cast<std::uint32_t>(v) + k) % 3);
            skin.weights.push_back(0.5 - 0.1 * static_cast<double>(k));
        }
        skin.offsets.push_back(static_cast<std::uint32_t>(skin.groups.size()));
    }
    skin.groupNames = std::move(names);
    mesh->skin = std::move(skin);
    document.node(node).component =
        model::MeshInstance{mesh->id, model::OrderedJson::object(), std::nullopt};
    document.meshes.append(std::move(mesh));
}

model::Document costRig(std::size_t vertices) {
    model::Document document;
    document.asset.dimension = 4;
    addCostNode(document, "Scene", {});
    const model::NodeId rig = addCostSkeleton(document, "Rig", "Bone");
    const model::NodeId other = addCostSkeleton(document, "Other", "OtherBone");
    addCostMesh(document, "Body", rig, vertices, {"Bone0", "Bone1", "Bone2"});
    addCostMesh(document, "Cloth", rig, vertices, {"Bone0", "Bone1", "Bone2"});
    addCostMesh(document, "Item", other, vertices, {"Bone2", "Bone1", "Bone0"}); // renumbered
    return document;
}

} // namespace

TEST_CASE("merge and parent allocate the same on meshes twice as big", "[ops][cost]") {
    // Each array is allocated once from the counts (no growth by push_back: that would allocate
    // about log2(n) times, more on the larger meshes).
    if (!AllocationCounter::available()) {
        WARN("allocation counting is off in sanitizer builds");
        return;
    }
    const auto mergeAllocations = [](std::size_t vertices) {
        const model::Document document = costRig(vertices);
        AllocationCounter counter;
        auto plan =
            ops::planMerge(document, {document.findNode("Body"), document.findNode("Cloth")},
                           ops::MergeMode::ByName);
        const std::size_t count = counter.count();
        REQUIRE(plan.ok());
        return count;
    };
    const auto parentAllocations = [](std::size_t vertices) {
        const model::Document document = costRig(vertices);
        AllocationCounter counter;
        auto plan = ops::planParent(document, document.findNode("Item"), document.findNode("Rig"));
        const std::size_t count = counter.count();
        REQUIRE(plan.ok());
        return count;
    };
    CHECK(mergeAllocations(10'000) == mergeAllocations(20'000));
    CHECK(parentAllocations(10'000) == parentAllocations(20'000));
}

TEST_CASE("merge and parent copy a mesh's metadata without its bulk arrays", "[ops][cost]") {
    model::Document document = hyperrig::test::loadSample("tiny-4d-mesh.g4tf");
    const model::Mesh& mesh = document.mesh(hyperrig::test::meshNamed(document, "TinyMesh"));
    // Put back the arrays and the copy equals the original (operator== compares every field but
    // the source accessors, which are compared here).
    model::Skin skin = ops::withoutInfluences(*mesh.skin);
    CHECK(skin.offsets.empty());
    CHECK(skin.groups.empty());
    CHECK(skin.weights.empty());
    skin.offsets = mesh.skin->offsets;
    skin.groups = mesh.skin->groups;
    skin.weights = mesh.skin->weights;
    CHECK(skin == *mesh.skin);
    CHECK(skin.sourceVertices.has_value() == mesh.skin->sourceVertices.has_value());
    CHECK(skin.sourceGroups.has_value() == mesh.skin->sourceGroups.has_value());
    CHECK(skin.sourceWeights.has_value() == mesh.skin->sourceWeights.has_value());
    model::NumericArray vertices = ops::withoutValues(mesh.vertices);
    CHECK(vertices.values.empty());
    vertices.values = mesh.vertices.values;
    CHECK(vertices == mesh.vertices);
    CHECK(vertices.sourceAccessor.has_value() == mesh.vertices.sourceAccessor.has_value());
}

TEST_CASE("advising huge pages changes no value", "[ops][cost]") {
    std::vector<double> values;
    reserveLarge(values, 3'000'000); // 24 MB: several whole 2 MiB pages
    REQUIRE(values.capacity() >= 3'000'000);
    for (std::size_t i = 0; i < 3'000'000; ++i)
        values.push_back(static_cast<double>(i));
    CHECK(values[2'999'999] == 2'999'999.0);
    adviseHugePages(values.data(), 1); // less than a page: nothing
    adviseHugePages(nullptr, 0);
}
