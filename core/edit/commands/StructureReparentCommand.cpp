#include "core/edit/commands/NodeCommandSupport.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/edit/commands/NodeTransformConversion.h"
#include "core/edit/commands/NodeWorldTransform.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace hyperrig::core::edit {
namespace {

// The skeleton `bone` would belong to once `moved` hangs under `newParent`: the same walk as
// Document::skeletonOf, taking the new parent at `moved`.
model::NodeId skeletonAfterMove(const model::Document& document, model::NodeId bone,
                                model::NodeId moved, model::NodeId newParent) {
    const model::Node* current = document.nodes.find(bone);
    if (!current || !current->isBone())
        return {};
    // Bounded by the node count, so a corrupt parent cycle cannot loop forever.
    for (std::size_t steps = 0; steps <= document.nodes.size(); ++steps) {
        const model::Node* parent =
            document.nodes.find(current->id == moved ? newParent : current->parent);
        if (!parent || parent->isSkeleton())
            return parent ? parent->id : model::NodeId{};
        if (!parent->isBone())
            return {};
        current = parent;
    }
    return {};
}

// Moves a node under another parent, or to another place among its siblings. By default the
// node keeps its world placement, as Blender's "keep transform" does:
//   new local = inverse(newParentWorld) ∘ oldWorld,
// written in the node's current representation when that can express it (NodeTransformConversion)
// so its children, whose local transforms do not change, keep theirs too. `index` is the place
// the node ends at among its new siblings (counted without it), clamped. Undo data: the old
// parent, the old place among its children and, when it changed, the old transform.
class ReparentNodeCommand final : public Command {
public:
    ReparentNodeCommand(model::NodeId node, model::NodeId parent, std::optional<std::size_t> index,
                        bool keepLocal)
        : m_node(node), m_parent(parent),
          m_index(index.value_or(std::numeric_limits<std::size_t>::max())), m_keepLocal(keepLocal) {
    }

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto checked = check(document);
        if (!checked)
            return std::move(checked).withContext(displayName());
        std::optional<model::NodeTransform> transform;
        if (!m_keepLocal) {
            auto kept = keptWorldTransform(document);
            if (!kept)
                return kept.error().withContext(displayName());
            transform = std::move(*kept);
        }

        model::Node& node = document.node(m_node);
        m_oldParent = {};
        if (model::Node* oldParent = document.nodes.find(node.parent)) {
            auto& siblings = oldParent->children;
            const auto at = std::find(siblings.begin(), siblings.end(), m_node);
            if (at != siblings.end()) {
                m_oldParent = oldParent->id;
                m_oldIndex = static_cast<std::size_t>(at - siblings.begin());
                siblings.erase(at);
            }
        }
        auto& siblings = document.node(m_parent).children;
        m_newIndex = std::min(m_index, siblings.size());
        siblings.insert(siblings.begin() + static_cast<std::ptrdiff_t>(m_newIndex), m_node);
        m_oldParentLink = node.parent;
        node.parent = m_parent;
        changes.nodesMoved.push_back(m_node);

        m_oldTransform.reset();
        if (transform && *transform != node.transform) {
            m_oldTransform = std::exchange(node.transform, std::move(*transform));
            changes.nodeChanged(m_node, ChangeSet::Transform);
        }
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        model::Node& node = document.node(m_node);
        auto& siblings = document.node(m_parent).children;
        siblings.erase(siblings.begin() + static_cast<std::ptrdiff_t>(m_newIndex));
        node.parent = m_oldParentLink;
        if (model::Node* oldParent = document.nodes.find(m_oldParent))
            oldParent->children.insert(
                oldParent->children.begin() + static_cast<std::ptrdiff_t>(m_oldIndex), m_node);
        changes.nodesMoved.push_back(m_node);
        if (m_oldTransform) {
            node.transform = *m_oldTransform;
            changes.nodeChanged(m_node, ChangeSet::Transform);
        }
    }

    std::string displayName() const override { return "Reparent"; }

    std::size_t byteSize() const override {
        return sizeof(*this) + (m_oldTransform ? heapBytesOf(*m_oldTransform) : 0);
    }

private:
    Result<void> check(const model::Document& document) const {
        const model::Node* node = document.nodes.find(m_node);
        if (!node)
            return Error("the node no longer exists");
        const model::Node* parent = document.nodes.find(m_parent);
        if (!parent)
            return Error("the new parent no longer exists");
        const std::string label = nodeLabel(document, m_node);
        const std::string parentLabel = nodeLabel(document, m_parent);
        if (m_node == document.root())
            return Error(label + " is the root node, which cannot move");
        if (m_node == m_parent)
            return Error(label + " cannot move under itself");
        if (document.isAncestorOrSelf(m_node, m_parent))
            return Error(label + " cannot move under " + parentLabel +
                         ", which is inside its own subtree");
        if (node->isBone() && !parentTakesBone(document, m_parent))
            return Error("bone " + label + " cannot move under " + parentLabel +
                         ", which is neither a bone nor a skeleton; a bone's parent must be a "
                         "bone or a skeleton");
        if (node->isSkeleton() && !parentTakesSkeleton(document, m_parent))
            return Error("skeleton " + label + " cannot move under bone " + parentLabel +
                         "; a skeleton inside another skeleton's bone chain would give its bones "
                         "two skeletons");
        return checkJointMembership(document);
    }

    // A joints slot holds a bone of its own skeleton: a move that takes such a bone into another
    // skeleton (or out of every skeleton) is refused rather than breaking the slot.
    Result<void> checkJointMembership(const model::Document& document) const {
        for (model::NodeId id : document.nodes.order()) {
            const model::Skeleton* skeleton = document.node(id).skeleton();
            if (!skeleton)
                continue;
            for (std::size_t slot = 0; slot < skeleton->joints.size(); ++slot) {
                const model::JointSlot& bone = skeleton->joints[slot];
                if (!bone || !document.isAncestorOrSelf(m_node, *bone) ||
                    document.skeletonOf(*bone) != id ||
                    skeletonAfterMove(document, *bone, m_node, m_parent) == id)
                    continue;
                return Error(nodeLabel(document, *bone) + " fills joints slot " +
                             std::to_string(slot) + " of skeleton " + nodeLabel(document, id) +
                             ", and moving " + nodeLabel(document, m_node) + " under " +
                             nodeLabel(document, m_parent) +
                             " would take it out of that skeleton; remove it from the joints "
                             "first");
            }
        }
        return {};
    }

    // The local transform that keeps the node's world placement under the new parent; the
    // current one when the parent does not change.
    Result<model::NodeTransform> keptWorldTransform(const model::Document& document) const {
        const model::Node& node = document.node(m_node);
        if (node.parent == m_parent)
            return node.transform;
        auto world = worldTransform(document, m_node);
        if (!world)
            return world.error();
        auto parentWorld = worldTransform(document, m_parent);
        if (!parentWorld)
            return parentWorld.error();
        auto parentInverse = parentWorld->inverse();
        if (!parentInverse)
            return Error("the world transform of " + nodeLabel(document, m_parent) +
                         " squashes space, so " + nodeLabel(document, m_node) +
                         " cannot keep its world placement under it; move it keeping its local "
                         "transform instead");
        const math::AffineN local = math::AffineN::compose(*parentInverse, *world);
        // Between parents with the same world placement nothing needs rewriting: keep the
        // numbers as authored (an unnormalised rotor stays as it was written).
        auto current = node.transform.toAffine(document.dimension());
        if (current && math::approxEqual(local, *current, 1e-12))
            return node.transform;
        return transformLike(local, node.transform.form);
    }

    model::NodeId m_node;
    model::NodeId m_parent;
    std::size_t m_index; // wanted place among the new siblings, clamped when applied
    bool m_keepLocal;
    // Undo data, recorded by apply.
    model::NodeId m_oldParentLink; // the node's parent field before the move
    model::NodeId m_oldParent;     // the parent whose children listed the node (none if none did)
    std::size_t m_oldIndex = 0;
    std::size_t m_newIndex = 0;
    std::optional<model::NodeTransform> m_oldTransform;
};

} // namespace

std::unique_ptr<Command> reparentNode(model::NodeId node, model::NodeId parent,
                                      std::optional<std::size_t> index, bool keepLocal) {
    return std::make_unique<ReparentNodeCommand>(node, parent, index, keepLocal);
}

} // namespace hyperrig::core::edit
