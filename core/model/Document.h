#pragma once

#include "core/model/Asset.h"
#include "core/model/ItemStore.h"
#include "core/model/Mesh.h"
#include "core/model/Node.h"
#include "core/model/PreservedData.h"

#include <string_view>

namespace hyperrig::core::model {

// The document: what a G4MF file holds, with stable ids instead of file indices.
//
// Nodes form a tree under the root (the first node in document order, file index 0); nodes
// outside the tree are kept too (G4MF lets extensions use them). Names are file-unique across all
// items: nodes, meshes and shapes, and the items kept as JSON (lights, materials, accessors, ...).
class Document {
public:
    Asset asset;
    ItemStore<NodeId, Node> nodes;
    ItemStore<MeshId, Mesh> meshes;
    ItemStore<ShapeId, Shape> shapes;
    PreservedData preserved;

    int dimension() const { return asset.dimension; }

    // The root node (file index 0), or none for a document without nodes.
    NodeId root() const { return nodes.empty() ? NodeId{} : nodes.order().front(); }

    Node& node(NodeId id) { return nodes.at(id); }
    const Node& node(NodeId id) const { return nodes.at(id); }
    Mesh& mesh(MeshId id) { return meshes.at(id); }
    const Mesh& mesh(MeshId id) const { return meshes.at(id); }

    // The first node with this name, or none. Empty names never match.
    NodeId findNode(std::string_view name) const;
    // Whether any item other than `except*` is called `name`: a node, mesh or shape, or an item
    // kept as read (a light, material, file, accessor, buffer view or buffer).
    bool nameInUse(std::string_view name, NodeId exceptNode = {}, MeshId exceptMesh = {},
                   ShapeId exceptShape = {}) const;

    // The skeleton node a bone belongs to (the nearest skeleton ancestor reached through bones
    // only), or none when the chain is broken.
    NodeId skeletonOf(NodeId bone) const;
    // True when `ancestor` is `node` or one of its ancestors.
    bool isAncestorOrSelf(NodeId ancestor, NodeId node) const;
    // Nodes of the subtree rooted at `top`, parents before children, in child order.
    std::vector<NodeId> subtree(NodeId top) const;
};

} // namespace hyperrig::core::model
