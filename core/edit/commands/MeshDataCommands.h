#pragma once

#include "core/edit/Command.h"
#include "core/model/Document.h"

#include <memory>
#include <optional>
#include <vector>

namespace hyperrig::core::edit {

// Whole-value replacements of a mesh's data, the building blocks of the skin operations in
// core/ops (parent to skeleton, merge, influence tools). Each swaps the new value in and keeps
// the old one for undo, so undo costs what the edit touched, never the rest of the document.

// Replaces the skin (nullopt removes it). Refused when the mesh is gone or the skin does not fit
// the mesh: offsets must cover exactly its vertices and ascend, groups and weights must match the
// offsets, weights must be finite and descending within each vertex, and group names (when given)
// unique and non-empty (the G4MF MUSTs of a skin, g4mf-skeleton.md).
std::unique_ptr<Command> replaceSkin(model::MeshId mesh, std::optional<model::Skin> skin);

// The parts of a mesh a merge rewrites.
struct MeshData {
    model::NumericArray vertices;
    std::vector<model::Surface> surfaces;
    std::optional<model::Skin> skin;
    model::OrderedJson extra = model::OrderedJson::object();
};
// Replaces vertices, surfaces, skin and unknown properties at once. Refused when the vector size
// is not the document's dimension, a simplex or edge names a vertex that does not exist, or the
// skin does not fit (as replaceSkin).
std::unique_ptr<Command> replaceMeshData(model::MeshId mesh, MeshData data);

// Removes a mesh no node shows (refused otherwise, naming the node); undo puts it back at its
// place with its id.
std::unique_ptr<Command> removeMesh(model::MeshId mesh);

// The skin checks replaceSkin runs, for operations that want to test a result before building
// commands. `vertexCount` is the mesh's.
Result<void> checkSkin(const model::Skin& skin, std::size_t vertexCount);

} // namespace hyperrig::core::edit
