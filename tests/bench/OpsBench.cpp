// Skin operations at scale (issue 6): merging two skinned meshes with 10,000,000 influences in
// total under one skeleton, and parenting a 10,000,000-influence mesh to another skeleton by
// group names. Both must run in O(influences); the rate is reported per influence. Each
// iteration plans and applies the operation through History and is undone outside the timing.
// ops/check-skin times the skin check those commands run, alone (issue 19).
#include "core/base/ThreadPool.h"
#include "core/edit/History.h"
#include "core/edit/commands/MeshDataCommands.h"
#include "core/ops/MergeMeshes.h"
#include "core/ops/ParentMesh.h"

#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <variant>

using namespace hyperrig::core;

namespace {

constexpr std::size_t kInfluences = 10'000'000;
constexpr std::size_t kPerVertex = 4;
constexpr std::uint32_t kBones = 100;

model::NodeId addNode(model::Document& document, const std::string& name, model::NodeId parent) {
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

// A skeleton of kBones bones (all joints) named `prefix`0.., under the scene.
model::NodeId addSkeleton(model::Document& document, const std::string& name,
                          const std::string& prefix) {
    const model::NodeId skeleton = addNode(document, name, document.root());
    model::Skeleton component;
    component.writeJoints = true;
    component.extra = model::OrderedJson::object();
    for (std::uint32_t b = 0; b < kBones; ++b) {
        const model::NodeId bone = addNode(document, prefix + std::to_string(b), skeleton);
        document.node(bone).component = model::Bone{};
        component.joints.emplace_back(bone);
    }
    document.node(skeleton).component = component;
    return skeleton;
}

// A mesh node under `parent` with `influences` influences, 4 per vertex, groups named `names`.
void addMesh(model::Document& document, const std::string& name, model::NodeId parent,
             std::size_t influences, std::vector<std::string> names) {
    const model::NodeId node = addNode(document, name, parent);
    auto mesh = std::make_unique<model::Mesh>();
    mesh->id = document.meshes.allocateId();
    mesh->name = name + "Mesh";
    mesh->vertices.vectorSize = 4;
    const std::size_t vertices = influences / kPerVertex;
    mesh->vertices.values.assign(vertices * 4, 0.5);
    model::Skin skin;
    skin.offsets.reserve(vertices + 1);
    skin.offsets.push_back(0);
    for (std::size_t v = 0; v < vertices; ++v) {
        for (std::size_t k = 0; k < kPerVertex; ++k) {
            skin.groups.push_back(static_cast<std::uint32_t>((v * 7 + k * 13) % kBones));
            skin.weights.push_back(0.4 - 0.1 * static_cast<double>(k));
        }
        skin.offsets.push_back(static_cast<std::uint32_t>(skin.groups.size()));
    }
    skin.groupNames = std::move(names);
    mesh->skin = std::move(skin);
    document.node(node).component =
        model::MeshInstance{mesh->id, model::OrderedJson::object(), std::nullopt};
    document.meshes.append(std::move(mesh));
}

std::vector<std::string> boneNames(const std::string& prefix) {
    std::vector<std::string> names;
    for (std::uint32_t b = 0; b < kBones; ++b)
        names.push_back(prefix + std::to_string(b));
    return names;
}

void mergeTenMillion(benchmark::State& state) {
    model::Document document;
    document.asset.dimension = 4;
    addNode(document, "Scene", {});
    const model::NodeId rig = addSkeleton(document, "Rig", "Bone");
    addMesh(document, "Body", rig, kInfluences / 2, boneNames("Bone"));
    addMesh(document, "Cloth", rig, kInfluences / 2, boneNames("Bone"));
    const std::vector<model::NodeId> nodes{document.findNode("Body"), document.findNode("Cloth")};
    edit::History history(document);
    for (auto _ : state) {
        auto plan = ops::planMerge(
            document, nodes, state.range(0) ? ops::MergeMode::Append : ops::MergeMode::ByName);
        if (!plan || !history.execute(std::move(plan->command)))
            state.SkipWithError("merge failed");
        state.PauseTiming();
        history.undo();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(kInfluences));
    state.SetLabel(state.range(0) ? "append" : "by-name");
}

void parentTenMillion(benchmark::State& state) {
    model::Document document;
    document.asset.dimension = 4;
    addNode(document, "Scene", {});
    addSkeleton(document, "Rig", "Bone");
    const model::NodeId other = addSkeleton(document, "Other", "OtherBone");
    // Group names are the first rig's bone names in reverse: every group is renumbered.
    std::vector<std::string> names = boneNames("Bone");
    std::reverse(names.begin(), names.end());
    addMesh(document, "Item", other, kInfluences, names);
    edit::History history(document);
    for (auto _ : state) {
        auto plan = ops::planParent(document, document.findNode("Item"), document.findNode("Rig"));
        if (!plan || !history.execute(std::move(plan->command)))
            state.SkipWithError("parent failed");
        state.PauseTiming();
        history.undo();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(kInfluences));
}

// The skin check every mesh edit runs (issue 19): edit::checkSkin on one 10M-influence skin, the
// pass on the shared pool (Arg 1), against the same pass on the calling thread (Arg 0,
// model::skinWeightOrder alone), so the pool's share is read within one binary and one run.
void checkTenMillion(benchmark::State& state) {
    model::Document document;
    document.asset.dimension = 4;
    addNode(document, "Scene", {});
    const model::NodeId rig = addSkeleton(document, "Rig", "Bone");
    addMesh(document, "Body", rig, kInfluences, boneNames("Bone"));
    const model::Node& body = document.node(document.findNode("Body"));
    const model::Mesh& mesh = document.mesh(std::get<model::MeshInstance>(body.component).mesh);
    const model::Skin& skin = *mesh.skin;
    for (auto _ : state) {
        if (state.range(0)) {
            const auto checked = edit::checkSkin(skin, mesh.vertexCount());
            benchmark::DoNotOptimize(checked);
            if (!checked)
                state.SkipWithError("check failed");
        } else {
            const model::SkinWeightOrder order = model::skinWeightOrder(skin);
            benchmark::DoNotOptimize(order);
            if (order.backwardVertices + order.notFinite + order.rising != 0)
                state.SkipWithError("check failed");
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(kInfluences));
    state.SetLabel(state.range(0)
                       ? "pool of " + std::to_string(base::ThreadPool::shared().threadCount()) +
                             " threads"
                       : "calling thread");
}

} // namespace

// Wall-clock time: the operations' read-only passes (the skin check, the used groups) run on the
// shared pool's threads, whose work the calling thread's CPU time would leave out.
BENCHMARK(mergeTenMillion)
    ->Name("ops/merge/10M")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(parentTenMillion)->Name("ops/parent/10M")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(checkTenMillion)
    ->Name("ops/check-skin/10M")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
