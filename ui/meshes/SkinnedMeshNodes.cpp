#include "ui/meshes/SkinnedMeshNodes.h"

namespace hyperrig::ui {

std::vector<core::model::NodeId> skinnedMeshNodes(const core::model::Document& document,
                                                  bool underSkeletonOnly) {
    std::vector<core::model::NodeId> nodes;
    for (core::model::NodeId id : document.nodes.order()) {
        const core::model::Node& node = document.node(id);
        if (!node.meshInstance())
            continue;
        const core::model::Mesh* mesh = document.meshes.find(node.meshInstance()->mesh);
        if (!mesh || !mesh->skin)
            continue;
        const core::model::Node* parent = document.nodes.find(node.parent);
        if (underSkeletonOnly && !(parent && parent->isSkeleton()))
            continue;
        nodes.push_back(id);
    }
    return nodes;
}

} // namespace hyperrig::ui
