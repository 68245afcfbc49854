#include "core/edit/commands/NodeCommands.h"
#include "core/model/ItemLabels.h"

#include <cmath>

namespace hyperrig::core::edit {
namespace {

// Sets one entry of a mesh instance's blendAmounts. The delta is the instance's list before and
// after (one number per shape: small), taken on the first apply; redo writes the same after-list.
class SetBlendAmountCommand final : public Command {
public:
    SetBlendAmountCommand(model::NodeId node, std::size_t shape, double amount)
        : m_node(node), m_shape(shape), m_amount(amount) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        model::Node* node = document.nodes.find(m_node);
        if (!node)
            return Error("Set Blend Amount: the node no longer exists");
        auto* instance = std::get_if<model::MeshInstance>(&node->component);
        const model::Mesh* mesh = instance ? document.meshes.find(instance->mesh) : nullptr;
        const std::string label = "Set Blend Amount: node " + model::describeNode(document, m_node);
        if (!mesh)
            return Error(label + " shows no mesh");
        const std::size_t shapes = mesh->blend ? mesh->blend->shapes.size() : 0;
        if (m_shape >= shapes)
            return Error(label + ": its mesh has " + std::to_string(shapes) +
                         " blend shapes, so there is no shape " + std::to_string(m_shape));
        if (!std::isfinite(m_amount))
            return Error(label + ": a blend amount must be a finite number");
        if (!m_applied) {
            m_before = instance->blendAmounts;
            std::vector<double> after(shapes, 0.0);
            for (std::size_t s = 0; s < shapes; ++s)
                after[s] = model::blendAmountOf(*mesh->blend, instance->blendAmounts, s);
            after[m_shape] = m_amount;
            m_after = std::move(after);
            m_applied = true;
        }
        instance->blendAmounts = m_after;
        changes.nodeChanged(m_node, ChangeSet::BlendAmounts);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        std::get<model::MeshInstance>(document.node(m_node).component).blendAmounts = m_before;
        changes.nodeChanged(m_node, ChangeSet::BlendAmounts);
    }

    std::string displayName() const override { return "Set Blend Amount"; }

    bool canMerge(const Command& next) const override {
        const auto* same = dynamic_cast<const SetBlendAmountCommand*>(&next);
        return same && same->m_node == m_node && same->m_shape == m_shape;
    }
    bool tryMerge(const Command& next) override {
        if (!canMerge(next))
            return false;
        const auto& same = static_cast<const SetBlendAmountCommand&>(next);
        m_amount = same.m_amount;
        m_after = same.m_after;
        return true;
    }

    bool isNoOp() const override {
        return m_applied && m_before.has_value() && *m_before == m_after;
    }

    std::size_t byteSize() const override {
        return sizeof(*this) + (m_before ? m_before->capacity() * sizeof(double) : 0) +
               m_after.capacity() * sizeof(double);
    }

private:
    model::NodeId m_node;
    std::size_t m_shape;
    double m_amount;
    bool m_applied = false;
    std::optional<std::vector<double>> m_before;
    std::vector<double> m_after;
};

// Swaps the mesh's blend shapes and the listed instances' amounts with the ones it holds: apply
// and revert are the same swap.
class ReplaceBlendShapesCommand final : public Command {
public:
    ReplaceBlendShapesCommand(model::MeshId mesh, std::optional<model::BlendShapes> blend,
                              std::vector<InstanceBlendAmounts> amounts)
        : m_mesh(mesh), m_blend(std::move(blend)), m_amounts(std::move(amounts)) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        if (!document.meshes.find(m_mesh))
            return Error("Replace Blend Shapes: the mesh no longer exists");
        for (const auto& [node, amounts] : m_amounts) {
            const model::Node* found = document.nodes.find(node);
            if (!found || !found->meshInstance())
                return Error("Replace Blend Shapes: a mesh instance no longer exists");
        }
        swap(document, changes);
        return {};
    }
    void revert(model::Document& document, ChangeSet& changes) override { swap(document, changes); }
    std::string displayName() const override { return "Replace Blend Shapes"; }
    std::size_t byteSize() const override {
        std::size_t total = sizeof(*this);
        if (m_blend)
            for (const auto& shape : m_blend->shapes)
                if (shape.targets.position)
                    total += (shape.targets.position->offsets.values.size() +
                              (shape.targets.position->indices
                                   ? shape.targets.position->indices->values.size()
                                   : 0)) *
                             sizeof(double);
        return total;
    }

private:
    void swap(model::Document& document, ChangeSet& changes) {
        std::swap(document.mesh(m_mesh).blend, m_blend);
        changes.meshesChanged.push_back(m_mesh);
        for (auto& [node, amounts] : m_amounts) {
            std::swap(std::get<model::MeshInstance>(document.node(node).component).blendAmounts,
                      amounts);
            changes.nodeChanged(node, ChangeSet::BlendAmounts);
        }
    }

    model::MeshId m_mesh;
    std::optional<model::BlendShapes> m_blend;
    std::vector<InstanceBlendAmounts> m_amounts;
};

} // namespace

std::unique_ptr<Command> replaceBlendShapes(model::MeshId mesh,
                                            std::optional<model::BlendShapes> blend,
                                            std::vector<InstanceBlendAmounts> instanceAmounts) {
    return std::make_unique<ReplaceBlendShapesCommand>(mesh, std::move(blend),
                                                       std::move(instanceAmounts));
}

std::unique_ptr<Command> setBlendAmount(model::NodeId node, std::size_t shape, double amount) {
    return std::make_unique<SetBlendAmountCommand>(node, shape, amount);
}

} // namespace hyperrig::core::edit
