#include "core/edit/commands/NodeCommandSupport.h"
#include "core/edit/commands/NodeCommands.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace hyperrig::core::edit {
namespace {

// NameRules' uniqueName convention ("LeftArm" -> "LeftArm2"), also avoiding the names already
// given to earlier copies of the same duplicate, which are not in the document yet.
std::string freshName(const model::Document& document, const std::string& base,
                      std::unordered_set<std::string>& taken) {
    const auto unused = [&](const std::string& name) {
        return !document.nameInUse(name) && !taken.contains(name);
    };
    std::string name = base;
    for (int suffix = 2; !unused(name); ++suffix)
        name = base + std::to_string(suffix);
    taken.insert(name);
    return name;
}

// Copies a subtree with fresh ids and unique names; the copy goes right after the original among
// its siblings and at the end of document order (existing file indices stay). A skeleton copied
// with its bones gets joints that name the copied bones. The first apply builds the copies; undo
// moves them into the command, and redo puts them back with the same ids and positions.
class DuplicateNodeCommand final : public Command {
public:
    DuplicateNodeCommand(model::NodeId node, model::NodeId* created)
        : m_node(node), m_created(created) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        if (m_ids.empty()) {
            auto checked = check(document);
            if (!checked)
                return std::move(checked).withContext(displayName());
            buildCopies(document);
        }
        for (std::size_t i = 0; i < m_kept.size(); ++i) {
            changes.nodesAdded.push_back(m_ids[i]);
            document.nodes.insert(std::move(m_kept[i]), m_positions[i]);
        }
        m_kept.clear();
        auto& siblings = document.node(m_parent).children;
        siblings.insert(siblings.begin() + static_cast<std::ptrdiff_t>(m_childIndex), m_ids[0]);
        if (m_created) {
            // Only once: the caller's variable may be gone by the time a redo runs.
            *m_created = m_ids[0];
            m_created = nullptr;
        }
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        auto& siblings = document.node(m_parent).children;
        siblings.erase(siblings.begin() + static_cast<std::ptrdiff_t>(m_childIndex));
        // Reverse order of insertion, so the positions recorded stay valid for redo.
        m_kept.resize(m_ids.size());
        for (std::size_t i = m_ids.size(); i-- > 0;) {
            m_kept[i] = document.nodes.take(m_ids[i]).first;
            changes.nodesRemoved.push_back(m_ids[i]);
        }
    }

    std::string displayName() const override { return "Duplicate"; }

    std::size_t byteSize() const override {
        std::size_t total = sizeof(*this) + m_ids.capacity() * sizeof(model::NodeId) +
                            m_positions.capacity() * sizeof(std::size_t) +
                            m_kept.capacity() * sizeof(std::unique_ptr<model::Node>);
        for (const auto& node : m_kept)
            if (node)
                total += nodeBytes(*node);
        return total;
    }

private:
    Result<void> check(const model::Document& document) {
        const model::Node* node = document.nodes.find(m_node);
        if (!node)
            return Error("the node no longer exists");
        const std::string label = nodeLabel(document, m_node);
        if (m_node == document.root())
            return Error(label + " is the root node; a G4MF file has one root");
        const model::Node* parent = document.nodes.find(node->parent);
        if (!parent)
            return Error(label + " is outside the node tree, so there is no place beside it");
        const auto at = std::find(parent->children.begin(), parent->children.end(), m_node);
        if (at == parent->children.end())
            return Error(label + " is not among its parent's children");
        m_parent = parent->id;
        m_childIndex = static_cast<std::size_t>(at - parent->children.begin()) + 1;
        return {};
    }

    void buildCopies(model::Document& document) {
        const std::vector<model::NodeId> originals = document.subtree(m_node);
        std::unordered_map<model::NodeId, model::NodeId> copyOf;
        for (model::NodeId original : originals)
            copyOf.emplace(original, document.nodes.allocateId());
        std::unordered_set<std::string> names;
        for (model::NodeId original : originals) {
            auto copy = std::make_unique<model::Node>(document.node(original));
            copy->id = copyOf.at(original);
            if (original != m_node)
                copy->parent = copyOf.at(copy->parent);
            std::erase_if(copy->children,
                          [&copyOf](model::NodeId child) { return !copyOf.contains(child); });
            for (model::NodeId& child : copy->children)
                child = copyOf.at(child);
            if (copy->name && !copy->name->empty())
                copy->name = freshName(document, *copy->name, names);
            if (model::Skeleton* skeleton = copy->skeleton())
                for (model::JointSlot& slot : skeleton->joints)
                    if (slot) {
                        const auto mapped = copyOf.find(*slot);
                        slot = mapped != copyOf.end() ? model::JointSlot(mapped->second)
                                                      : std::nullopt;
                    }
            m_ids.push_back(copy->id);
            m_positions.push_back(document.nodes.size() + m_kept.size());
            m_kept.push_back(std::move(copy));
        }
    }

    model::NodeId m_node;
    model::NodeId* m_created;
    model::NodeId m_parent;
    std::size_t m_childIndex = 0;         // where the copy goes among the parent's children
    std::vector<model::NodeId> m_ids;     // the copies, parents first
    std::vector<std::size_t> m_positions; // their document positions
    std::vector<std::unique_ptr<model::Node>> m_kept; // the copies while not in the document
};

} // namespace

std::unique_ptr<Command> duplicateNode(model::NodeId node, model::NodeId* created) {
    return std::make_unique<DuplicateNodeCommand>(node, created);
}

} // namespace hyperrig::core::edit
