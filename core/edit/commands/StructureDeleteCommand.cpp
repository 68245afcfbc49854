#include "core/edit/commands/NodeCommandSupport.h"
#include "core/edit/commands/NodeCommands.h"

#include <algorithm>
#include <unordered_set>
#include <utility>
#include <vector>

namespace hyperrig::core::edit {
namespace {

// Removes a node and its subtree. The node objects move into the command (ItemStore::take) and
// come back on undo with their ids and document positions, so the undo cost is the subtree, never
// the document (meshes stay where they are: nodes only reference them).
class DeleteNodeCommand final : public Command {
public:
    explicit DeleteNodeCommand(model::NodeId node) : m_node(node) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        const model::Node* top = document.nodes.find(m_node);
        if (!top)
            return Error(displayName() + ": the node no longer exists");
        if (m_node == document.root())
            return Error(displayName() + ": " + nodeLabel(document, m_node) +
                         " is the root node; a G4MF file keeps its node 0");

        const std::vector<model::NodeId> subtree = document.subtree(m_node);
        const std::unordered_set<model::NodeId> removed(subtree.begin(), subtree.end());
        m_parent = {};
        if (model::Node* parent = document.nodes.find(top->parent)) {
            auto& siblings = parent->children;
            const auto at = std::find(siblings.begin(), siblings.end(), m_node);
            if (at != siblings.end()) {
                m_parent = parent->id;
                m_childIndex = static_cast<std::size_t>(at - siblings.begin());
                siblings.erase(at);
            }
        }
        clearJointSlots(document, removed, changes);
        m_taken.reserve(subtree.size());
        for (model::NodeId id : subtree) {
            m_taken.push_back(document.nodes.take(id));
            changes.nodesRemoved.push_back(id);
        }
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        // Reverse order of taking: every node goes back to the position it was taken from.
        for (auto taken = m_taken.rbegin(); taken != m_taken.rend(); ++taken) {
            changes.nodesAdded.push_back(taken->first->id);
            document.nodes.insert(std::move(taken->first), taken->second);
        }
        m_taken.clear();
        if (model::Node* parent = document.nodes.find(m_parent))
            parent->children.insert(
                parent->children.begin() + static_cast<std::ptrdiff_t>(m_childIndex), m_node);
        for (const ClearedSlot& cleared : m_cleared) {
            document.node(cleared.skeleton).skeleton()->joints[cleared.slot] = cleared.bone;
            changes.nodeChanged(cleared.skeleton, ChangeSet::Joints);
        }
        m_cleared.clear();
    }

    std::string displayName() const override { return "Delete"; }

    std::size_t byteSize() const override {
        std::size_t total = sizeof(*this) + m_taken.capacity() * sizeof(Taken) +
                            m_cleared.capacity() * sizeof(ClearedSlot);
        for (const Taken& taken : m_taken)
            total += nodeBytes(*taken.first);
        return total;
    }

private:
    using Taken = std::pair<std::unique_ptr<model::Node>, std::size_t>; // node, document position
    struct ClearedSlot {
        model::NodeId skeleton;
        std::size_t slot = 0;
        model::NodeId bone;
    };

    // Joints slots of the remaining skeletons that name a removed bone become none ("not
    // transformed"), so the skeleton's skinned meshes keep their group numbering.
    void clearJointSlots(model::Document& document,
                         const std::unordered_set<model::NodeId>& removed, ChangeSet& changes) {
        for (model::NodeId id : document.nodes.order()) {
            model::Skeleton* skeleton = document.node(id).skeleton();
            if (!skeleton || removed.contains(id))
                continue;
            for (std::size_t slot = 0; slot < skeleton->joints.size(); ++slot) {
                model::JointSlot& joint = skeleton->joints[slot];
                if (joint && removed.contains(*joint)) {
                    m_cleared.push_back({id, slot, *joint});
                    joint.reset();
                    changes.nodeChanged(id, ChangeSet::Joints);
                }
            }
        }
    }

    model::NodeId m_node;
    model::NodeId m_parent;       // none for a node outside the tree (no child entry to restore)
    std::size_t m_childIndex = 0; // among the parent's children
    std::vector<Taken> m_taken;   // while applied: the subtree, in the order it was taken
    std::vector<ClearedSlot> m_cleared;
};

} // namespace

std::unique_ptr<Command> deleteNode(model::NodeId node) {
    return std::make_unique<DeleteNodeCommand>(node);
}

} // namespace hyperrig::core::edit
