#include "core/edit/commands/NodeCommandSupport.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/edit/commands/NodeTransformConversion.h"

namespace hyperrig::core::edit {
namespace {

using Form = model::NodeTransform::Form;

// The decomposition default: conversions act on authored values, where a basis orthogonal to
// 1e-9 relative is meant to be a rotation.
constexpr double kTolerance = 1e-9;

std::string formName(Form form) {
    switch (form) {
    case Form::None:
        return "a position only";
    case Form::Basis:
        return "a basis";
    case Form::RotorScale:
        break;
    }
    return "a rotor and scale";
}

// Rewrites a node's transform in another representation. The target is computed on the first
// apply, from the transform the node has then; redo replays the same before/after pair.
class ConvertTransformCommand final : public Command {
public:
    ConvertTransformCommand(model::NodeId node, Form form) : m_node(node), m_form(form) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        model::Node* node = document.nodes.find(m_node);
        if (!node)
            return Error(displayName() + ": the node no longer exists");
        if (!m_after) {
            auto converted = convert(document, *node);
            if (!converted)
                return converted.error().withContext(displayName());
            m_before = node->transform;
            m_after = std::move(*converted);
        }
        node->transform = *m_after;
        changes.nodeChanged(m_node, ChangeSet::Transform);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        document.node(m_node).transform = *m_before;
        changes.nodeChanged(m_node, ChangeSet::Transform);
    }

    std::string displayName() const override { return "Convert Transform"; }
    bool isNoOp() const override { return m_after && *m_before == *m_after; }
    std::size_t byteSize() const override {
        return sizeof(*this) + (m_before ? heapBytesOf(*m_before) : 0) +
               (m_after ? heapBytesOf(*m_after) : 0);
    }

private:
    Result<model::NodeTransform> convert(const model::Document& document,
                                         const model::Node& node) const {
        const std::string label = nodeLabel(document, m_node);
        auto placement = node.transform.toAffine(document.dimension());
        if (!placement)
            return Error(placement.error()).withContext(label);
        auto converted =
            transformInForm(placement->basis(), node.transform.position, m_form, kTolerance);
        if (!converted)
            return Error(label + " cannot be written as " + formName(m_form) + ": " +
                         converted.error().message());
        auto allowed = checkNodeTransform(document, m_node, *converted);
        if (!allowed)
            return allowed.error();
        return converted;
    }

    model::NodeId m_node;
    Form m_form;
    std::optional<model::NodeTransform> m_before;
    std::optional<model::NodeTransform> m_after;
};

} // namespace

std::unique_ptr<Command> convertTransform(model::NodeId node, model::NodeTransform::Form form) {
    return std::make_unique<ConvertTransformCommand>(node, form);
}

} // namespace hyperrig::core::edit
