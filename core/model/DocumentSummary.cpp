#include "core/model/DocumentSummary.h"

#include <algorithm>

namespace hyperrig::core::model {
namespace {

std::string label(const Node& node, const Document& document) {
    if (node.name && !node.name->empty())
        return *node.name;
    return "#" + std::to_string(document.nodes.positionOf(node.id));
}

} // namespace

DocumentSummary summarize(const Document& document) {
    DocumentSummary summary;
    summary.dimension = document.dimension();
    summary.nodes = document.nodes.size();
    summary.meshes = document.meshes.size();
    for (MeshId id : document.meshes.order()) {
        const Mesh& mesh = document.mesh(id);
        summary.vertices += mesh.vertexCount();
        summary.simplexes += mesh.simplexCount();
        if (mesh.blend)
            summary.blendShapes += mesh.blend->shapes.size();
        if (mesh.skin) {
            ++summary.skins;
            summary.influences += mesh.skin->influenceCount();
            const std::size_t named = mesh.skin->groupNames ? mesh.skin->groupNames->size() : 0;
            summary.groups += std::max(named, mesh.skin->groupCount());
        }
    }
    for (NodeId id : document.nodes.order()) {
        const Node& node = document.node(id);
        if (node.isBone())
            ++summary.bones;
        const Skeleton* skeleton = node.skeleton();
        if (!skeleton)
            continue;
        ++summary.skeletons;
        SkeletonSummary details;
        details.node = id;
        details.name = label(node, document);
        details.jointSlots = skeleton->joints.size();
        for (const BindPose& pose : skeleton->bindPoses)
            details.bindPoses.emplace_back(poseTypeName(pose.type));
        for (NodeId member : document.subtree(id))
            if (document.node(member).isBone() && document.skeletonOf(member) == id)
                ++details.bones;
        for (NodeId child : node.children) {
            const Node& childNode = document.node(child);
            const MeshInstance* instance = childNode.meshInstance();
            if (instance && document.meshes.find(instance->mesh) &&
                document.mesh(instance->mesh).skin)
                details.skinnedMeshes.push_back(label(childNode, document));
        }
        summary.skeletonDetails.push_back(std::move(details));
    }
    return summary;
}

} // namespace hyperrig::core::model
