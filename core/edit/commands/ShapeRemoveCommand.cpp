#include "core/edit/commands/DataCommandSupport.h"
#include "core/edit/commands/DataCommands.h"

#include <array>
#include <cstdint>

namespace hyperrig::core::edit {
namespace {

// G4MF node physics names shapes by file index from its "collider" and "trigger" objects
// (specification/parts/physics/node_physics.md). HyperRig keeps the physics object as JSON.
constexpr std::array<const char*, 2> kPhysicsShapeUsers{"collider", "trigger"};

// The shape index the physics object's `user` names, if it names one.
std::optional<std::size_t> physicsShapeIndex(const model::OrderedJson& physics, const char* user) {
    if (!physics.is_object())
        return std::nullopt;
    const auto found = physics.find(user);
    if (found == physics.end() || !found->is_object())
        return std::nullopt;
    const auto shape = found->find("shape");
    if (shape == found->end())
        return std::nullopt;
    if (shape->is_number_unsigned() ||
        (shape->is_number_integer() && shape->get<std::int64_t>() >= 0))
        return shape->get<std::size_t>();
    return std::nullopt;
}

// Removes a shape. The shape moves into the command and comes back on undo with its id at its
// place, so the file indices of the shapes after it are restored too.
class RemoveShapeCommand final : public Command {
public:
    explicit RemoveShapeCommand(model::ShapeId shape) : m_shape(shape) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto checked = check(document);
        if (!checked)
            return std::move(checked).withContext(displayName());
        auto [shape, position] = document.shapes.take(m_shape);
        m_taken = std::move(shape);
        m_position = position;
        changes.shapesChanged.push_back(m_shape);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        document.shapes.insert(std::move(m_taken), m_position);
        changes.shapesChanged.push_back(m_shape);
    }

    std::string displayName() const override { return "Remove Shape"; }
    std::size_t byteSize() const override {
        if (!m_taken)
            return sizeof(*this);
        return sizeof(*this) + sizeof(model::Shape) +
               (m_taken->name ? m_taken->name->capacity() : 0) + jsonBytes(m_taken->value);
    }

private:
    Result<void> check(const model::Document& document) const {
        if (!document.shapes.find(m_shape))
            return Error("the shape no longer exists");
        const std::string label = describeShape(document, m_shape);
        const std::size_t index = document.shapes.positionOf(m_shape);
        for (model::NodeId id : document.nodes.order()) {
            const model::Node& node = document.node(id);
            if (const model::Bone* bone = node.bone(); bone && bone->shape == m_shape)
                return Error("bone " + describeNode(document, id) + " uses shape " + label +
                             "; clear the bone's shape first");
            const auto* opaque = std::get_if<model::OpaqueComponent>(&node.component);
            if (!opaque || opaque->property != "physics")
                continue;
            for (const char* user : kPhysicsShapeUsers) {
                const auto used = physicsShapeIndex(opaque->value, user);
                if (!used || *used < index)
                    continue;
                const std::string physics =
                    "the physics " + std::string(user) + " of node " + describeNode(document, id);
                if (*used == index)
                    return Error(physics + " uses shape " + label);
                // Bones follow a removal (they hold ids); kept JSON holds file indices, which
                // HyperRig does not rewrite, so the collider would silently get another shape.
                return Error(physics + " names shape #" + std::to_string(*used) +
                             " by its file index, which removing shape " + label +
                             " would shift; HyperRig keeps physics as written and does not "
                             "renumber it");
            }
        }
        return {};
    }

    model::ShapeId m_shape;
    std::unique_ptr<model::Shape> m_taken; // the shape while it is not in the document
    std::size_t m_position = 0;            // its place among the shapes
};

} // namespace

std::unique_ptr<Command> removeShape(model::ShapeId shape) {
    return std::make_unique<RemoveShapeCommand>(shape);
}

} // namespace hyperrig::core::edit
