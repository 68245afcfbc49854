#include "core/edit/commands/RestPoseCommand.h"

#include "core/edit/commands/DataCommandSupport.h"

#include <string>

namespace hyperrig::core::edit {
namespace {

// Holds the values that are NOT in the document: the new ones before apply, the old ones after.
// apply and revert both swap, so undo and redo are exact by construction.
class RestPoseCommand final : public Command {
public:
    explicit RestPoseCommand(RestPoseChange change) : m_change(std::move(change)) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto checked = check(document);
        if (!checked)
            return std::move(checked).withContext(displayName());
        swap(document, changes);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override { swap(document, changes); }

    std::string displayName() const override { return "Apply Pose as Rest"; }

    std::size_t byteSize() const override {
        std::size_t total = sizeof(*this);
        for (const auto& [node, transform] : m_change.bones)
            total += sizeof(node) + sizeof(transform) +
                     (transform.position.capacity() + transform.basis.capacity() +
                      transform.rotor.capacity() + transform.scale.capacity()) *
                         sizeof(double);
        for (const auto& [mesh, values] : m_change.meshVertices)
            total += sizeof(mesh) + sizeof(values) + values.capacity() * sizeof(double);
        return total;
    }

private:
    Result<void> check(const model::Document& document) const {
        const int n = document.dimension();
        for (const auto& [id, transform] : m_change.bones) {
            const model::Node* node = document.nodes.find(id);
            if (!node)
                return Error("a posed bone no longer exists");
            if (!node->isBone())
                return Error("node " + describeNode(document, id) + " is not a bone");
            auto affine = transform.toAffine(n);
            if (!affine)
                return affine.error().withContext("bone " + describeNode(document, id));
        }
        for (const auto& [id, values] : m_change.meshVertices) {
            const model::Mesh* mesh = document.meshes.find(id);
            if (!mesh)
                return Error("a deformed mesh no longer exists");
            if (values.size() != mesh->vertices.values.size())
                return Error("mesh " + describeMesh(document, id) + " has " +
                             std::to_string(mesh->vertices.values.size()) +
                             " vertex values but the pose gives " + std::to_string(values.size()));
        }
        return {};
    }

    void swap(model::Document& document, ChangeSet& changes) {
        for (auto& [id, transform] : m_change.bones) {
            std::swap(document.node(id).transform, transform);
            changes.nodeChanged(id, ChangeSet::Transform);
        }
        for (auto& [id, values] : m_change.meshVertices) {
            std::swap(document.mesh(id).vertices.values, values);
            changes.meshesChanged.push_back(id);
        }
    }

    RestPoseChange m_change;
};

} // namespace

std::unique_ptr<Command> applyPoseAsRest(RestPoseChange change) {
    return std::make_unique<RestPoseCommand>(std::move(change));
}

} // namespace hyperrig::core::edit
