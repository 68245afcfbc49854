#include "core/edit/commands/MeshDataCommands.h"

#include "core/base/ThreadPool.h"
#include "core/edit/commands/DataCommandSupport.h"

#include <cmath>
#include <mutex>
#include <set>
#include <string>

namespace hyperrig::core::edit {
namespace {

std::size_t numericBytes(const model::NumericArray& array) {
    return sizeof(array) + array.values.capacity() * sizeof(double) +
           jsonBytes(array.accessorExtra);
}

std::size_t skinBytes(const std::optional<model::Skin>& skin) {
    if (!skin)
        return sizeof(skin);
    std::size_t total = sizeof(*skin) + skin->offsets.capacity() * sizeof(std::uint32_t) +
                        skin->groups.capacity() * sizeof(std::uint32_t) +
                        skin->weights.capacity() * sizeof(double) + jsonBytes(skin->extra);
    if (skin->groupNames)
        for (const std::string& name : *skin->groupNames)
            total += sizeof(name) + name.capacity();
    return total;
}

class ReplaceSkinCommand final : public Command {
public:
    ReplaceSkinCommand(model::MeshId mesh, std::optional<model::Skin> skin)
        : m_mesh(mesh), m_other(std::move(skin)) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        model::Mesh* mesh = document.meshes.find(m_mesh);
        if (!mesh)
            return Error(displayName() + ": the mesh no longer exists");
        if (m_other) {
            auto checked = checkSkin(*m_other, mesh->vertexCount());
            if (!checked)
                return checked.error().withContext(displayName() + ": mesh " +
                                                   describeMesh(document, m_mesh));
        }
        swap(document, changes);
        return {};
    }
    void revert(model::Document& document, ChangeSet& changes) override { swap(document, changes); }
    std::string displayName() const override { return "Replace Skin"; }
    std::size_t byteSize() const override { return sizeof(*this) + skinBytes(m_other); }

private:
    void swap(model::Document& document, ChangeSet& changes) {
        std::swap(document.mesh(m_mesh).skin, m_other);
        changes.skinsChanged.push_back(m_mesh);
    }

    model::MeshId m_mesh;
    std::optional<model::Skin> m_other; // the skin not in the document
};

class ReplaceMeshDataCommand final : public Command {
public:
    ReplaceMeshDataCommand(model::MeshId mesh, MeshData data)
        : m_mesh(mesh), m_other(std::move(data)) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        const model::Mesh* mesh = document.meshes.find(m_mesh);
        if (!mesh)
            return Error(displayName() + ": the mesh no longer exists");
        auto checked = check(document);
        if (!checked)
            return checked.error().withContext(displayName() + ": mesh " +
                                               describeMesh(document, m_mesh));
        swap(document, changes);
        return {};
    }
    void revert(model::Document& document, ChangeSet& changes) override { swap(document, changes); }
    std::string displayName() const override { return "Replace Mesh Data"; }
    std::size_t byteSize() const override {
        std::size_t total = sizeof(*this) + numericBytes(m_other.vertices) +
                            skinBytes(m_other.skin) + jsonBytes(m_other.extra);
        for (const model::Surface& surface : m_other.surfaces) {
            total += sizeof(surface) + jsonBytes(surface.extra);
            if (surface.simplexes)
                total += numericBytes(*surface.simplexes);
            if (surface.edges)
                total += numericBytes(*surface.edges);
        }
        return total;
    }

private:
    Result<void> check(const model::Document& document) const {
        if (m_other.vertices.vectorSize != document.dimension())
            return Error("vertices need " + std::to_string(document.dimension()) + " numbers each");
        const std::size_t vertices = m_other.vertices.elementCount();
        for (std::size_t index = 0; index < m_other.surfaces.size(); ++index) {
            for (const auto* array :
                 {&m_other.surfaces[index].simplexes, &m_other.surfaces[index].edges}) {
                if (!*array)
                    continue;
                for (double value : (*array)->values)
                    if (!(value >= 0.0) || value >= static_cast<double>(vertices))
                        return Error("surface " + std::to_string(index) +
                                     " names a vertex the mesh does not have");
            }
        }
        if (m_other.skin)
            return checkSkin(*m_other.skin, vertices);
        return {};
    }

    void swap(model::Document& document, ChangeSet& changes) {
        model::Mesh& mesh = document.mesh(m_mesh);
        std::swap(mesh.vertices, m_other.vertices);
        std::swap(mesh.surfaces, m_other.surfaces);
        std::swap(mesh.skin, m_other.skin);
        std::swap(mesh.extra, m_other.extra);
        changes.meshesChanged.push_back(m_mesh);
        changes.skinsChanged.push_back(m_mesh);
    }

    model::MeshId m_mesh;
    MeshData m_other;
};

class RemoveMeshCommand final : public Command {
public:
    explicit RemoveMeshCommand(model::MeshId mesh) : m_mesh(mesh) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        if (!document.meshes.find(m_mesh))
            return Error(displayName() + ": the mesh no longer exists");
        for (model::NodeId id : document.nodes.order()) {
            const model::MeshInstance* shown = document.node(id).meshInstance();
            if (shown && shown->mesh == m_mesh)
                return Error(displayName() + ": node " + describeNode(document, id) +
                             " still shows mesh " + describeMesh(document, m_mesh));
        }
        auto [item, position] = document.meshes.take(m_mesh);
        m_removed = std::move(item);
        m_position = position;
        changes.meshesChanged.push_back(m_mesh);
        return {};
    }
    void revert(model::Document& document, ChangeSet& changes) override {
        document.meshes.insert(std::move(m_removed), m_position);
        changes.meshesChanged.push_back(m_mesh);
    }
    std::string displayName() const override { return "Remove Mesh"; }
    std::size_t byteSize() const override {
        if (!m_removed)
            return sizeof(*this);
        std::size_t total = sizeof(*this) + sizeof(model::Mesh) +
                            numericBytes(m_removed->vertices) + skinBytes(m_removed->skin) +
                            jsonBytes(m_removed->extra);
        for (const model::Surface& surface : m_removed->surfaces)
            total += sizeof(surface) + jsonBytes(surface.extra) +
                     (surface.simplexes ? numericBytes(*surface.simplexes) : 0) +
                     (surface.edges ? numericBytes(*surface.edges) : 0);
        return total;
    }

private:
    model::MeshId m_mesh;
    std::unique_ptr<model::Mesh> m_removed;
    std::size_t m_position = 0;
};

// model::skinWeightOrder spread over the shared pool's threads for large skins: the pass only
// reads, the blocks' counts add up to the whole, and on one thread it was about a tenth of a
// 10M-influence merge (issue 19).
model::SkinWeightOrder skinWeightOrderInParallel(const model::Skin& skin) {
    constexpr std::size_t kVerticesPerBlock = std::size_t{1} << 16U;
    const std::size_t vertices = skin.vertexCount();
    if (vertices <= kVerticesPerBlock)
        return model::skinWeightOrder(skin);
    std::mutex mutex;
    model::SkinWeightOrder total;
    base::ThreadPool::shared().parallelFor(
        vertices, kVerticesPerBlock, [&](std::size_t begin, std::size_t end) {
            const model::SkinWeightOrder part = model::skinWeightOrder(skin, begin, end);
            const std::lock_guard lock(mutex);
            total += part;
        });
    return total;
}

Result<void> checkGroupNames(const model::Skin& skin) {
    if (skin.groupNames) {
        std::set<std::string> seen;
        for (std::size_t group = 0; group < skin.groupNames->size(); ++group) {
            const std::string& name = (*skin.groupNames)[group];
            if (name.empty())
                return Error("group " + std::to_string(group) + " has an empty name");
            if (!seen.insert(name).second)
                return Error("group name '" + name + "' is used twice");
        }
    }
    return {};
}

} // namespace

Result<void> checkSkin(const model::Skin& skin, std::size_t vertexCount) {
    if (skin.offsets.size() != vertexCount + 1 || skin.offsets.front() != 0)
        return Error("the skin must cover exactly the mesh's " + std::to_string(vertexCount) +
                     " vertices");
    if (skin.groups.size() != skin.weights.size() || skin.offsets.back() != skin.groups.size())
        return Error("the skin's groups and weights do not match its vertex offsets");
    // One fast pass first (a 10M-influence merge checks its result in a few milliseconds); the
    // loop below, which names the first fault, runs only when it finds one.
    const model::SkinWeightOrder order = skinWeightOrderInParallel(skin);
    if (order.backwardVertices == 0 && order.notFinite == 0 && order.rising == 0)
        return checkGroupNames(skin);
    for (std::size_t vertex = 0; vertex < vertexCount; ++vertex) {
        if (skin.offsets[vertex + 1] < skin.offsets[vertex])
            return Error("the skin's vertex offsets go backwards at vertex " +
                         std::to_string(vertex));
        // A later vertex's offset goes back to the end, but this one must not run past it first.
        if (skin.offsets[vertex + 1] > skin.weights.size())
            return Error("the skin's vertex offsets go past its " +
                         std::to_string(skin.weights.size()) + " influences at vertex " +
                         std::to_string(vertex));
        for (std::size_t entry = skin.offsets[vertex]; entry < skin.offsets[vertex + 1]; ++entry) {
            if (!std::isfinite(skin.weights[entry]))
                return Error("vertex " + std::to_string(vertex) +
                             " has a weight that is not a "
                             "finite number");
            if (entry > skin.offsets[vertex] && skin.weights[entry] > skin.weights[entry - 1])
                return Error("the weights of vertex " + std::to_string(vertex) +
                             " are not in descending order");
        }
    }
    return checkGroupNames(skin);
}

std::unique_ptr<Command> replaceSkin(model::MeshId mesh, std::optional<model::Skin> skin) {
    return std::make_unique<ReplaceSkinCommand>(mesh, std::move(skin));
}

std::unique_ptr<Command> replaceMeshData(model::MeshId mesh, MeshData data) {
    return std::make_unique<ReplaceMeshDataCommand>(mesh, std::move(data));
}

std::unique_ptr<Command> removeMesh(model::MeshId mesh) {
    return std::make_unique<RemoveMeshCommand>(mesh);
}

} // namespace hyperrig::core::edit
