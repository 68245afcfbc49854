#pragma once

#include "core/model/Ids.h"

#include <cstdint>
#include <vector>

namespace hyperrig::core::edit {

// What one apply, revert or redo changed, so every view (panels, the compiled rig, the renderer)
// updates only what it must. Views never poll the document.
struct ChangeSet {
    // Which properties of a node changed.
    enum Field : std::uint32_t {
        Name = 1U << 0,
        Transform = 1U << 1,
        Visible = 1U << 2,
        Component = 1U << 3,      // the kind of component (made a bone, cleared, ...)
        BoneProperties = 1U << 4, // length, mass, shape
        Joints = 1U << 5,
        MeshInstance = 1U << 6,
        Extra = 1U << 7,
        BlendAmounts = 1U << 8, // the instance's blendAmounts (not structural: re-evaluate only)
    };
    struct NodeFields {
        model::NodeId node;
        std::uint32_t fields = 0;
    };

    std::vector<model::NodeId> nodesAdded;
    std::vector<model::NodeId> nodesRemoved;
    std::vector<model::NodeId> nodesMoved; // new parent or new place among siblings
    std::vector<NodeFields> nodesChanged;
    std::vector<model::MeshId> skinsChanged;   // influences, groups or group names
    std::vector<model::MeshId> meshesChanged;  // vertex positions or surfaces
    std::vector<model::NodeId> posesChanged;   // skeletons whose bind poses changed
    std::vector<model::ShapeId> shapesChanged; // added, removed or edited
    bool documentReplaced = false;

    void nodeChanged(model::NodeId node, std::uint32_t fields);
    // Appends `other` (keeping order; masks of the same node are combined).
    void append(const ChangeSet& other);
    bool empty() const;
    // The field mask recorded for `node`, 0 when unchanged.
    std::uint32_t fieldsOf(model::NodeId node) const;
};

} // namespace hyperrig::core::edit
