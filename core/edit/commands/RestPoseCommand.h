#pragma once

#include "core/edit/Command.h"
#include "core/model/Document.h"

#include <memory>
#include <utility>
#include <vector>

namespace hyperrig::core::edit {

// "Apply pose as rest" (issue 5): a pose becomes the document's rest pose. Bones get new local
// transforms and skinned meshes get their deformed vertices, in one undoable step. Computing the
// values is evaluation's job (eval/PoseBake.h), so this command only swaps data and stays exact.
struct RestPoseChange {
    std::vector<std::pair<model::NodeId, model::NodeTransform>> bones;
    // Per mesh: every vertex value (element-major, as NumericArray::values), same count as now.
    std::vector<std::pair<model::MeshId, std::vector<double>>> meshVertices;
};

// Refused, with the document untouched, when a node is gone or not a bone, a transform does not
// fit the dimension, a mesh is gone, or a vertex array's size differs from the mesh's. Undo keeps
// the replaced values: O(bones + vertices of the changed meshes), the size of the edit.
std::unique_ptr<Command> applyPoseAsRest(RestPoseChange change);

} // namespace hyperrig::core::edit
