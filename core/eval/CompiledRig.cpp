#include "core/eval/CompiledRig.h"

#include "core/model/ItemLabels.h"

#include <algorithm>
#include <unordered_set>

namespace hyperrig::core::eval {
namespace {

// Field changes that alter a skeleton's compiled form: bone transforms (rest pose), components
// (a node made a bone or cleared), joints, and which mesh a node shows.
constexpr std::uint32_t kStructuralFields = edit::ChangeSet::Transform |
                                            edit::ChangeSet::Component | edit::ChangeSet::Joints |
                                            edit::ChangeSet::MeshInstance;

} // namespace

Result<CompiledRig> CompiledRig::compile(const model::Document& document) {
    CompiledRig rig;
    auto structure = rig.compileStructure(document);
    if (!structure)
        return structure.error();
    auto meshes = rig.compileMeshes(document, {});
    if (!meshes)
        return meshes.error();
    return rig;
}

const CompiledSkeleton* CompiledRig::skeletonOf(model::NodeId node) const {
    for (const CompiledSkeleton& skeleton : m_skeletons)
        if (skeleton.skeleton == node)
            return &skeleton;
    return nullptr;
}

Result<void> CompiledRig::compileStructure(const model::Document& document) {
    std::vector<CompiledSkeleton> skeletons;
    std::vector<CompiledInstance> instances;
    const model::NodeId root = document.root();
    if (root) {
        for (model::NodeId id : document.subtree(root)) {
            const model::Node& node = document.node(id);
            if (node.isSkeleton()) {
                auto skeleton = compileSkeleton(document, id);
                if (!skeleton)
                    return skeleton.error().withContext("skeleton " +
                                                        model::describeNode(document, id));
                skeletons.push_back(std::move(*skeleton));
            }
        }
        for (model::NodeId id : document.subtree(root)) {
            const model::MeshInstance* shown = document.node(id).meshInstance();
            if (!shown || !document.meshes.find(shown->mesh))
                continue;
            CompiledInstance instance{id, shown->mesh, CompiledInstance::kNotSkinned};
            const model::NodeId parent = document.node(id).parent;
            if (document.mesh(shown->mesh).skin) {
                for (std::size_t index = 0; index < skeletons.size(); ++index)
                    if (skeletons[index].skeleton == parent)
                        instance.skeleton = static_cast<std::int32_t>(index);
            }
            instances.push_back(instance);
        }
    }
    m_skeletons = std::move(skeletons);
    m_instances = std::move(instances);
    return {};
}

Result<void> CompiledRig::compileMeshes(const model::Document& document,
                                        const std::vector<model::MeshId>& dirty) {
    std::unordered_map<model::MeshId, CompiledMesh> meshes;
    std::vector<model::MeshId> reused;
    for (const CompiledInstance& instance : m_instances) {
        if (meshes.count(instance.mesh))
            continue;
        const auto existing = m_meshes.find(instance.mesh);
        const bool stale = std::find(dirty.begin(), dirty.end(), instance.mesh) != dirty.end();
        if (existing != m_meshes.end() && !stale) {
            meshes.emplace(instance.mesh, std::move(existing->second));
            m_meshes.erase(existing);
            reused.push_back(instance.mesh);
            continue;
        }
        auto compiled = compileMesh(document.mesh(instance.mesh), document.dimension());
        ++m_meshCompilations;
        if (!compiled) {
            for (model::MeshId id : reused) // give back what was taken: the rig is unchanged
                m_meshes.emplace(id, std::move(meshes.at(id)));
            return compiled.error().withContext("mesh " +
                                                model::describeMesh(document, instance.mesh));
        }
        meshes.emplace(instance.mesh, std::move(*compiled));
    }
    m_meshes = std::move(meshes);
    return {};
}

Result<void> CompiledRig::update(const model::Document& document, const edit::ChangeSet& changes) {
    if (changes.documentReplaced) {
        auto fresh = compile(document);
        if (!fresh)
            return fresh.error();
        const std::size_t compilations = m_meshCompilations + fresh->m_meshCompilations;
        *this = std::move(*fresh);
        m_meshCompilations = compilations;
        return {};
    }
    bool structural =
        !changes.nodesAdded.empty() || !changes.nodesRemoved.empty() || !changes.nodesMoved.empty();
    for (const edit::ChangeSet::NodeFields& entry : changes.nodesChanged)
        structural = structural || (entry.fields & kStructuralFields) != 0;
    std::vector<model::MeshId> dirty = changes.skinsChanged;
    dirty.insert(dirty.end(), changes.meshesChanged.begin(), changes.meshesChanged.end());
    if (!structural && dirty.empty())
        return {};

    // Compile into a copy of the cheap parts so a failure leaves this rig as it was; meshes move
    // over only after everything succeeded.
    CompiledRig next;
    next.m_meshCompilations = m_meshCompilations;
    if (structural) {
        auto structure = next.compileStructure(document);
        if (!structure)
            return structure;
    } else {
        next.m_skeletons = m_skeletons;
        next.m_instances = m_instances;
    }
    // Reuse compiled meshes by lending them; give them back if compiling fails.
    next.m_meshes = std::move(m_meshes);
    auto meshes = next.compileMeshes(document, dirty);
    if (!meshes) {
        m_meshes = std::move(next.m_meshes);
        m_meshCompilations = next.m_meshCompilations;
        return meshes;
    }
    *this = std::move(next);
    return {};
}

} // namespace hyperrig::core::eval
