#pragma once

#include "core/model/Document.h"

#include <string>
#include <vector>

namespace hyperrig::core::model {

// Counts a user checks first when opening a rig (hyperrig-cli info, the editor's status bar).
struct SkeletonSummary {
    NodeId node;
    std::string name;
    std::size_t bones = 0;      // bones belonging to this skeleton
    std::size_t jointSlots = 0; // entries of joints, repeats and none included
    std::vector<std::string> bindPoses;
    std::vector<std::string> skinnedMeshes; // names of nodes whose skinned mesh it deforms
};

struct DocumentSummary {
    int dimension = 0;
    std::size_t nodes = 0;
    std::size_t skeletons = 0;
    std::size_t bones = 0;
    std::size_t meshes = 0;
    std::size_t skins = 0;
    std::size_t groups = 0;     // summed over skins: 1 + largest group index, or the names
    std::size_t influences = 0; // summed over skins
    std::size_t vertices = 0;
    std::size_t simplexes = 0;
    std::size_t blendShapes = 0; // summed over meshes (mesh.blend)
    std::vector<SkeletonSummary> skeletonDetails;
};

DocumentSummary summarize(const Document& document);

} // namespace hyperrig::core::model
