#include "core/ops/MergeMeshes.h"

#include "core/base/Contracts.h"
#include "core/base/HugePages.h"
#include "core/edit/commands/MeshDataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/model/ItemLabels.h"
#include "core/ops/GroupTable.h"
#include "core/ops/JointSlots.h"
#include "core/ops/MergeBlendShapes.h"
#include "core/ops/SkinDataTypes.h"

#include <algorithm>
#include <array>
#include <set>

namespace hyperrig::core::ops {
namespace {

// Surface properties that hold vertex indices through accessors HyperRig keeps as written: after
// a merge those indices would point at the wrong vertices, so such meshes are refused.
constexpr const char* kVertexIndexedSurfaceData[] = {"geometry", "polytopeSimplexes", "seams"};

std::string boneName(const model::Document& document, const model::JointSlot& slot) {
    if (!slot)
        return "";
    const model::Node* bone = document.nodes.find(*slot);
    return bone && bone->name ? *bone->name : "";
}

Result<void> checkInputs(const model::Document& document, const std::vector<model::NodeId>& nodes,
                         model::NodeId& skeleton) {
    if (nodes.size() < 2)
        return Error("merge needs at least two mesh nodes");
    std::set<model::NodeId> seen;
    std::set<model::MeshId> meshes;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const std::string label = model::describeNode(document, nodes[i]);
        if (!seen.insert(nodes[i]).second)
            return Error("node " + label + " is listed twice");
        const model::MeshInstance* shown = document.node(nodes[i]).meshInstance();
        if (!shown)
            return Error("node " + label + " shows no mesh");
        const model::Mesh& mesh = document.mesh(shown->mesh);
        if (!mesh.skin)
            return Error("mesh " + model::describeMesh(document, shown->mesh) + " of node " +
                         label + " has no skin");
        const model::NodeId parent = document.node(nodes[i]).parent;
        if (!parent || !document.node(parent).isSkeleton())
            return Error("node " + label + " is not a direct child of a skeleton");
        if (i == 0)
            skeleton = parent;
        else if (parent != skeleton)
            return Error(
                "node " + label + " is under skeleton " + model::describeNode(document, parent) +
                ", not under " + model::describeNode(document, skeleton) + " like " +
                model::describeNode(document, nodes[0]) + "; parent it to that skeleton first");
        if (!meshes.insert(shown->mesh).second)
            return Error("node " + label + " shows the same mesh as another listed node");
        for (model::NodeId other : document.nodes.order()) {
            const model::MeshInstance* also = document.node(other).meshInstance();
            if (also && also->mesh == shown->mesh && !std::count(nodes.begin(), nodes.end(), other))
                return Error("mesh " + model::describeMesh(document, shown->mesh) +
                             " is also shown by node " + model::describeNode(document, other) +
                             ", which the merge would change too");
        }
        if (i == 0)
            continue;
        for (const model::Surface& surface : mesh.surfaces)
            for (const char* key : kVertexIndexedSurfaceData)
                if (surface.extra.contains(key))
                    return Error("mesh " + model::describeMesh(document, shown->mesh) +
                                 " has surface data '" + key +
                                 "' indexed by vertex, which the merge cannot renumber");
    }
    return {};
}

// target_v = M source_v + t for `count` points of N coordinates: u_r = (Σ_k M_rk v_k, summed in k
// order) + t_r, the order AffineN::applyPoint sums in, so merged vertices equal what the node
// transforms give. N is a template argument so the loops unroll and the matrix stays in registers
// (a local copy: `target` could alias the caller's array); a loop over a run-time dimension can
// do neither, and this one runs over millions of vertices (issue 19).
template <std::size_t N>
void transformPointsOf(const double* matrix, const double* shift, const double* source,
                       double* target, std::size_t count) {
    std::array<double, N * N> m{};
    std::array<double, N> t{};
    std::copy(matrix, matrix + N * N, m.begin());
    std::copy(shift, shift + N, t.begin());
    for (std::size_t v = 0; v < count; ++v, source += N, target += N)
        for (std::size_t row = 0; row < N; ++row) {
            double sum = 0.0;
            for (std::size_t k = 0; k < N; ++k)
                sum += m[row * N + k] * source[k];
            target[row] = sum + t[row];
        }
}

// The same for the dimensions a document can have (math::kMinDimension to kMaxDimension; `matrix`
// holds n×n values row by row).
void transformPoints(std::size_t n, const double* matrix, const double* shift, const double* source,
                     double* target, std::size_t count) {
    static_assert(math::kMinDimension == 2 && math::kMaxDimension == 8,
                  "one entry per dimension a document can have");
    HYPERRIG_EXPECTS(n >= 2 && n <= 8);
    using Transform = void (*)(const double*, const double*, const double*, double*, std::size_t);
    static constexpr std::array<Transform, 7> kByDimension{
        &transformPointsOf<2>, &transformPointsOf<3>, &transformPointsOf<4>, &transformPointsOf<5>,
        &transformPointsOf<6>, &transformPointsOf<7>, &transformPointsOf<8>};
    kByDimension[n - 2](matrix, shift, source, target, count);
}

// Where group `g` of a later mesh goes (see MergeMeshes.h for the rules).
struct Placer {
    const model::Document& document;
    MergeMode mode;
    GroupTable& table;
    std::vector<model::JointSlot>& joints;     // the skeleton's joints, grown as needed
    std::vector<model::JointSlot>& addedSlots; // the slots appended so far

    model::JointSlot driverAt(std::size_t index) const {
        return index < joints.size() ? joints[index] : model::JointSlot{};
    }

    void grow(std::size_t count) {
        table.growTo(count, [this](std::size_t index) { return driverAt(index); });
    }

    Result<std::uint32_t> place(const GroupEntry& group, std::uint32_t index,
                                const std::string& nodeName) {
        if (const auto existing = table.find(group.name)) {
            GroupEntry& entry = table.at(*existing);
            const bool sameDriver = entry.driver == group.driver;
            if (mode == MergeMode::ByName && !sameDriver)
                return Error("group '" + group.name + "' is driven by bone '" +
                             boneName(document, group.driver) + "' in one mesh and by '" +
                             boneName(document, entry.driver) +
                             "' in the merged mesh; merge with --mode append or rename one");
            if ((mode == MergeMode::ByName || !entry.used) && sameDriver) {
                entry.used = true;
                return *existing;
            }
        }
        // The same index, when no earlier mesh uses it and its driver is the same.
        const bool nameFree = !table.find(group.name) || *table.find(group.name) == index;
        if (nameFree && (index >= table.size() || !table.at(index).used) &&
            driverAt(index) == group.driver) {
            grow(std::size_t{index} + 1);
            table.rename(index, group.name);
            table.at(index).used = true;
            table.at(index).driver = group.driver;
            return index;
        }
        // A new index at the end: after every group and every joints slot.
        const std::size_t slot = std::max(table.size(), joints.size());
        if (group.driver) {
            while (joints.size() < slot) { // groups beyond the old joints stay untransformed
                joints.emplace_back();
                addedSlots.emplace_back();
            }
            joints.push_back(group.driver);
            addedSlots.push_back(group.driver);
        }
        grow(slot);
        const std::string name =
            table.find(group.name) ? table.uniqueName(nodeName + group.name) : group.name;
        table.growTo(slot + 1, [&](std::size_t) { return group.driver; });
        table.rename(slot, name);
        table.at(slot).used = true;
        table.at(slot).driver = group.driver;
        return static_cast<std::uint32_t>(slot);
    }
};

} // namespace

Result<MergePlan> planMerge(const model::Document& document,
                            const std::vector<model::NodeId>& nodes, MergeMode mode) {
    model::NodeId skeleton;
    auto checked = checkInputs(document, nodes, skeleton);
    if (!checked)
        return checked.error();
    const int n = document.dimension();
    const model::NodeId firstNode = nodes[0];
    const model::MeshId firstMesh = document.node(firstNode).meshInstance()->mesh;
    auto firstTransform = document.node(firstNode).transform.toAffine(n);
    if (!firstTransform)
        return firstTransform.error().withContext("node " +
                                                  model::describeNode(document, firstNode));
    auto toFirst = firstTransform->inverse();
    if (!toFirst)
        return Error("node " + model::describeNode(document, firstNode) +
                     " has a singular transform");

    MergePlan plan;
    std::vector<model::JointSlot> joints = document.node(skeleton).skeleton()->joints;
    std::vector<model::JointSlot> addedSlots;
    GroupTable table(meshGroups(document, firstMesh, skeleton));
    Placer placer{document, mode, table, joints, addedSlots};

    const model::Mesh& first = document.mesh(firstMesh);
    // Every merged array is allocated once, at its final size (from the meshes' counts, advised
    // for huge pages: core/base/HugePages.h), and filled in one pass: the first mesh's data
    // copied, the others' appended, transformed or renumbered on the way (10M influences merge at
    // memory speed, issue 19).
    std::size_t vertexValues = 0;
    std::size_t vertexCount = 0;
    std::size_t influenceCount = 0;
    for (const model::NodeId node : nodes) {
        const model::Mesh& mesh = document.mesh(document.node(node).meshInstance()->mesh);
        vertexValues += mesh.vertices.values.size();
        vertexCount += mesh.skin->vertexCount();
        influenceCount += mesh.skin->influenceCount();
    }
    edit::MeshData merged{withoutValues(first.vertices), first.surfaces,
                          withoutInfluences(*first.skin), first.extra};
    std::vector<double>& mergedValues = merged.vertices.values;
    reserveLarge(mergedValues, vertexValues);
    mergedValues.insert(mergedValues.end(), first.vertices.values.begin(),
                        first.vertices.values.end());
    model::Skin& skin = *merged.skin;
    reserveLarge(skin.offsets, vertexCount + 1);
    reserveLarge(skin.groups, influenceCount);
    reserveLarge(skin.weights, influenceCount);
    skin.offsets.insert(skin.offsets.end(), first.skin->offsets.begin(), first.skin->offsets.end());
    skin.groups.insert(skin.groups.end(), first.skin->groups.begin(), first.skin->groups.end());
    skin.weights.insert(skin.weights.end(), first.skin->weights.begin(), first.skin->weights.end());
    if (skin.offsets.empty())
        skin.offsets.push_back(0); // a skin of no vertices may store no offsets at all
    for (std::size_t g = 0; g < table.size(); ++g)
        if (table.at(g).used)
            plan.mappings.push_back({document.node(firstNode).displayName(),
                                     static_cast<std::uint32_t>(g), table.at(g).name,
                                     static_cast<std::uint32_t>(g), table.at(g).name,
                                     boneName(document, table.at(g).driver)});

    std::vector<BlendMergeInput> blendInputs{
        {&first, math::BasisN::identity(n), 0, 0, document.node(firstNode).displayName(),
         document.node(firstNode).meshInstance()->blendAmounts}};
    for (std::size_t i = 1; i < nodes.size(); ++i) {
        const model::Node& node = document.node(nodes[i]);
        const model::MeshId meshId = node.meshInstance()->mesh;
        const model::Mesh& mesh = document.mesh(meshId);
        const std::vector<GroupEntry> groups = meshGroups(document, meshId, skeleton);
        std::vector<std::uint32_t> newIndex(groups.size(), 0);
        for (std::size_t g = 0; g < groups.size(); ++g) {
            if (!groups[g].used)
                continue; // names of groups no influence uses are dropped (they deform nothing)
            auto placed =
                placer.place(groups[g], static_cast<std::uint32_t>(g), node.displayName());
            if (!placed)
                return placed.error().withContext("mesh " + model::describeMesh(document, meshId));
            newIndex[g] = *placed;
            plan.mappings.push_back({node.displayName(), static_cast<std::uint32_t>(g),
                                     groups[g].name, *placed, table.at(*placed).name,
                                     boneName(document, groups[g].driver)});
        }

        // Vertices into the first mesh's space: u = M_1⁻¹ M_i v, as AffineN::applyPoint computes
        // it (u_r = (Σ_k B_rk v_k, summed in k order) + t_r), on the raw values.
        auto transform = node.transform.toAffine(n);
        if (!transform)
            return transform.error().withContext("node " + model::describeNode(document, nodes[i]));
        const math::AffineN toMerged = math::AffineN::compose(*toFirst, *transform);
        blendInputs.push_back({&mesh, toMerged.basis(), merged.vertices.elementCount(),
                               merged.surfaces.size(), node.displayName(),
                               node.meshInstance()->blendAmounts});
        const auto vertexOffset = static_cast<double>(merged.vertices.elementCount());
        const auto size = static_cast<std::size_t>(n);
        std::array<double, math::kMaxDimension * math::kMaxDimension> matrix{};
        std::array<double, math::kMaxDimension> shift{};
        for (int row = 0; row < n; ++row) {
            shift[static_cast<std::size_t>(row)] = toMerged.position()[row];
            for (int k = 0; k < n; ++k)
                matrix[static_cast<std::size_t>(row * n + k)] = toMerged.basis().at(row, k);
        }
        const std::size_t valuesBefore = mergedValues.size();
        mergedValues.resize(valuesBefore + mesh.vertexCount() * size);
        transformPoints(size, matrix.data(), shift.data(), mesh.vertices.values.data(),
                        mergedValues.data() + valuesBefore, mesh.vertexCount());
        for (model::Surface surface : mesh.surfaces) {
            for (auto* array : {&surface.simplexes, &surface.edges})
                if (*array) {
                    for (double& value : (*array)->values)
                        value += vertexOffset;
                    (*array)->sourceAccessor.reset();
                }
            merged.surfaces.push_back(std::move(surface));
        }
        // Sized first (within the reserved storage), then written by loops the compiler can
        // unroll, where push_back would test the capacity once per influence.
        const auto influenceOffset = static_cast<std::uint32_t>(skin.groups.size());
        const std::vector<std::uint32_t>& offsets = mesh.skin->offsets;
        if (offsets.size() > 1) {
            const std::size_t offsetsBefore = skin.offsets.size();
            skin.offsets.resize(offsetsBefore + offsets.size() - 1);
            std::transform(offsets.begin() + 1, offsets.end(),
                           skin.offsets.begin() + static_cast<std::ptrdiff_t>(offsetsBefore),
                           [influenceOffset](std::uint32_t o) { return o + influenceOffset; });
        }
        skin.groups.resize(influenceOffset + mesh.skin->groups.size());
        std::transform(mesh.skin->groups.begin(), mesh.skin->groups.end(),
                       skin.groups.begin() + influenceOffset,
                       [&newIndex](std::uint32_t group) { return newIndex[group]; });
        skin.weights.insert(skin.weights.end(), mesh.skin->weights.begin(),
                            mesh.skin->weights.end());
    }
    skin.groupNames = table.names();
    merged.vertices.sourceAccessor.reset();
    // Every group an influence of the merged skin uses is marked used in the table (the first
    // mesh's by meshGroups, the others' by the placer), and no other: the largest used index is
    // the largest group, found without a pass over the 10M influences.
    std::uint32_t largestGroup = 0;
    for (std::size_t g = 0; g < table.size(); ++g)
        if (table.at(g).used)
            largestGroup = static_cast<std::uint32_t>(g);
    fitSkinTypes(skin, merged.vertices.elementCount(), largestGroup);
    for (model::Surface& surface : merged.surfaces)
        fitIndexTypes(surface, merged.vertices.elementCount());

    plan.command = std::make_unique<edit::CompositeCommand>("Merge Meshes");
    auto slots = appendJointSlots(document, skeleton, addedSlots, *plan.command);
    if (!slots)
        return slots.error();
    auto blend = mergeBlendShapes(blendInputs, merged.vertices.elementCount());
    if (!blend)
        return blend.error();
    plan.command->appendPending(edit::replaceMeshData(firstMesh, std::move(merged)));
    if (blend->changed)
        plan.command->appendPending(edit::replaceBlendShapes(
            firstMesh, std::move(blend->blend), {{firstNode, std::move(blend->instanceAmounts)}}));
    for (std::size_t i = 1; i < nodes.size(); ++i) {
        plan.command->appendPending(edit::deleteNode(nodes[i]));
        plan.command->appendPending(edit::removeMesh(document.node(nodes[i]).meshInstance()->mesh));
    }
    return plan;
}

} // namespace hyperrig::core::ops
