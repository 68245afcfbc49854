#pragma once

#include "core/model/Document.h"

#include <vector>

namespace hyperrig::ui {

// Nodes showing a mesh with a skin, in document order; `underSkeletonOnly` keeps those whose
// parent is a skeleton node (skinned in the G4MF sense, what a merge combines).
std::vector<core::model::NodeId> skinnedMeshNodes(const core::model::Document& document,
                                                  bool underSkeletonOnly);

} // namespace hyperrig::ui
