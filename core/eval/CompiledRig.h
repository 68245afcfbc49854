#pragma once

#include "core/base/Result.h"
#include "core/edit/ChangeSet.h"
#include "core/eval/CompiledMesh.h"
#include "core/eval/CompiledSkeleton.h"
#include "core/model/Document.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace hyperrig::core::eval {

// A node showing a mesh. It is skinned (G4MF) when it is a direct child of a skeleton node and
// its mesh has a skin; `skeleton` then indexes CompiledRig::skeletons().
struct CompiledInstance {
    static constexpr std::int32_t kNotSkinned = -1;
    model::NodeId node;
    model::MeshId mesh;
    std::int32_t skeleton = kNotSkinned;
};

// Everything evaluation needs from a document, in flat arrays (architecture.md, "Evaluation"),
// kept up to date from ChangeSets: a transform, joints or tree edit recompiles skeletons and the
// instance list, which cost O(bones + nodes); meshes (O(vertices)) are recompiled only when their
// vertices, surfaces or skin changed, or when a mesh first becomes visible to the rig.
class CompiledRig {
public:
    // Fails, naming the item, when a bone transform is malformed or singular or a mesh's data is
    // inconsistent (the validator reports the same documents).
    static Result<CompiledRig> compile(const model::Document& document);

    // Brings the rig up to date after `changes` were applied to `document`. All or nothing: on
    // failure the rig is unchanged.
    Result<void> update(const model::Document& document, const edit::ChangeSet& changes);

    const std::vector<CompiledSkeleton>& skeletons() const { return m_skeletons; }
    const std::vector<CompiledInstance>& instances() const { return m_instances; }
    // Contract: `mesh` is shown by one of instances().
    const CompiledMesh& mesh(model::MeshId mesh) const { return m_meshes.at(mesh); }
    // The compiled skeleton of skeleton node `node`, or nullptr.
    const CompiledSkeleton* skeletonOf(model::NodeId node) const;

    // How many mesh compilations this rig has run (tests check that edits stay incremental).
    std::size_t meshCompilations() const { return m_meshCompilations; }

private:
    Result<void> compileStructure(const model::Document& document);
    Result<void> compileMeshes(const model::Document& document,
                               const std::vector<model::MeshId>& dirty);

    std::vector<CompiledSkeleton> m_skeletons;
    std::vector<CompiledInstance> m_instances;
    std::unordered_map<model::MeshId, CompiledMesh> m_meshes;
    std::size_t m_meshCompilations = 0;
};

} // namespace hyperrig::core::eval
