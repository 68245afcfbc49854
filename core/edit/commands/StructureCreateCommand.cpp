#include "core/edit/commands/NodeCommandSupport.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/model/NameRules.h"

#include <algorithm>
#include <limits>

namespace hyperrig::core::edit {
namespace {

// g4mf.md §11.4 has no default bone length; a tenth of a metre is visible in a human-sized rig.
constexpr double kDefaultBoneLength = 0.1;

std::string newNodeLabel(const model::Node& node) {
    return node.name && !node.name->empty() ? "the new node '" + *node.name + "'" : "the new node";
}

// What a node needs before it can join the document under `parent`: no children of its own (it
// arrives alone), a valid name and transform, and a component that fits there.
Result<void> checkNewNode(const model::Document& document, model::NodeId parent,
                          const model::Node& node) {
    const std::string label = newNodeLabel(node);
    if (!node.children.empty())
        return Error(label + " lists children; a node is created alone, its children after it");
    if (node.name) {
        auto name = model::checkNewName(document, *node.name);
        if (!name)
            return name;
    }
    auto transform = checkTransformValues(document.dimension(), node.transform);
    if (!transform)
        return std::move(transform).withContext(label);
    if (const model::Bone* bone = node.bone()) {
        if (!parentTakesBone(document, parent))
            return Error(label + " is a bone, and " + nodeLabel(document, parent) +
                         " is neither a bone nor a skeleton");
        return checkBoneValues(document, *bone).withContext(label);
    }
    if (const model::Skeleton* skeleton = node.skeleton()) {
        if (!parentTakesSkeleton(document, parent))
            return Error(label + " is a skeleton, and " + nodeLabel(document, parent) +
                         " is a bone; a skeleton inside another skeleton's bone chain would give "
                         "its bones two skeletons");
        for (const model::JointSlot& slot : skeleton->joints)
            if (slot)
                return Error(label + " has no bones below it yet, so its joints slots can only "
                                     "be none");
        const auto n = static_cast<std::size_t>(document.dimension());
        for (const model::BindPose& pose : skeleton->bindPoses) {
            const bool matches =
                pose.joints.size() == skeleton->joints.size() &&
                std::all_of(pose.joints.begin(), pose.joints.end(),
                            [n](const model::JointPose& entry) {
                                return entry.position.size() == n && entry.basis.size() == n * n;
                            });
            if (!matches)
                return Error(label + "'s bind poses need one entry per joints slot, each a " +
                             std::to_string(n) + "D position and basis");
        }
    }
    if (const model::MeshInstance* instance = node.meshInstance())
        if (!document.meshes.find(instance->mesh))
            return Error(label + " instances a mesh that does not exist");
    return {};
}

// Inserts one new node (Create Node, Add Bone). The first apply assigns the id and appends the
// node to document order (existing file indices stay as they are); undo moves the node object
// into the command and redo puts it back with the same id at the same places.
class CreateNodeCommand final : public Command {
public:
    // Add Bone requires a name and fills what the caller left out from the parent once it runs:
    // the position at the parent bone's tail and the parent's length.
    struct Options {
        bool addBone = false;
        bool defaultPosition = false;
        bool defaultLength = false;
    };

    CreateNodeCommand(std::string name, model::NodeId parent, std::size_t index,
                      model::Node prototype, model::NodeId* created, Options options)
        : m_name(std::move(name)), m_parent(parent), m_index(index),
          m_node(std::make_unique<model::Node>(std::move(prototype))), m_created(created),
          m_options(options) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        model::Node* parent = document.nodes.find(m_parent);
        if (!parent)
            return Error(m_name + ": the parent no longer exists");
        if (!m_id) {
            auto prepared = prepare(document);
            if (!prepared)
                return std::move(prepared).withContext(m_name);
            m_id = document.nodes.allocateId();
            m_node->id = m_id;
            m_node->parent = m_parent;
            m_position = document.nodes.size();
            m_index = std::min(m_index, parent->children.size());
        }
        parent->children.insert(parent->children.begin() + static_cast<std::ptrdiff_t>(m_index),
                                m_id);
        document.nodes.insert(std::move(m_node), m_position);
        changes.nodesAdded.push_back(m_id);
        if (m_created) {
            // Only once: the caller's variable may be gone by the time a redo runs.
            *m_created = m_id;
            m_created = nullptr;
        }
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        auto& siblings = document.node(m_parent).children;
        siblings.erase(siblings.begin() + static_cast<std::ptrdiff_t>(m_index));
        m_node = document.nodes.take(m_id).first;
        changes.nodesRemoved.push_back(m_id);
    }

    std::string displayName() const override { return m_name; }

    std::size_t byteSize() const override {
        return sizeof(*this) + m_name.capacity() + (m_node ? nodeBytes(*m_node) : 0);
    }

private:
    Result<void> prepare(const model::Document& document) {
        const model::Node& parent = document.node(m_parent);
        if (m_options.addBone) {
            if (m_node->displayName().empty())
                return Error("a new bone needs a name");
            if (!parentTakesBone(document, m_parent))
                return Error(nodeLabel(document, m_parent) +
                             " is neither a bone nor a skeleton; bones hang below one of them");
            // The parent's length, when it is a bone with one.
            const model::Bone* parentBone = parent.bone();
            const double* parentLength =
                parentBone && parentBone->length ? &*parentBone->length : nullptr;
            // g4mf.md §11.4: a lone child bone starts at its parent's tail, (0, length, 0, ...).
            if (m_options.defaultPosition && parentLength && *parentLength > 0.0) {
                m_node->transform.position.assign(static_cast<std::size_t>(document.dimension()),
                                                  0.0);
                m_node->transform.position[1] = *parentLength;
            }
            if (m_options.defaultLength)
                m_node->bone()->length = parentLength ? *parentLength : kDefaultBoneLength;
        }
        return checkNewNode(document, m_parent, *m_node);
    }

    std::string m_name;
    model::NodeId m_parent;
    std::size_t m_index;                 // among the parent's children; clamped on first apply
    std::unique_ptr<model::Node> m_node; // held while not in the document
    model::NodeId* m_created;
    Options m_options;
    model::NodeId m_id;         // assigned on the first apply
    std::size_t m_position = 0; // in document order
};

} // namespace

std::unique_ptr<Command> createNode(model::NodeId parent, std::size_t index, model::Node prototype,
                                    model::NodeId* created) {
    return std::make_unique<CreateNodeCommand>("Create Node", parent, index, std::move(prototype),
                                               created, CreateNodeCommand::Options{});
}

std::unique_ptr<Command> addBone(model::NodeId parent, std::string name,
                                 std::optional<std::vector<double>> position,
                                 std::optional<double> length, model::NodeId* created) {
    model::Node prototype;
    prototype.name = std::move(name);
    const CreateNodeCommand::Options options{true, !position, !length};
    if (position)
        prototype.transform.position = std::move(*position);
    model::Bone bone;
    bone.length = length;
    bone.extra = model::OrderedJson::object(); // as the reader gives a bone without unknown keys
    prototype.component = std::move(bone);
    return std::make_unique<CreateNodeCommand>("Add Bone", parent,
                                               std::numeric_limits<std::size_t>::max(),
                                               std::move(prototype), created, options);
}

} // namespace hyperrig::core::edit
