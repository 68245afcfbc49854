#include "core/ops/DimensionLiftCommand.h"

#include "core/edit/ChangeSet.h"

#include <cmath>
#include <utility>

namespace hyperrig::core::ops {
namespace {

class SwapDocumentCommand : public edit::Command {
public:
    SwapDocumentCommand(model::Document other, std::string name)
        : m_other(std::move(other)), m_name(std::move(name)) {}

    Result<void> apply(model::Document& document, edit::ChangeSet& changes) override {
        swapIn(document, changes);
        return {};
    }
    void revert(model::Document& document, edit::ChangeSet& changes) override {
        swapIn(document, changes);
    }
    std::string displayName() const override { return m_name; }
    std::size_t byteSize() const override {
        std::size_t bytes = sizeof(*this) + m_other.nodes.size() * sizeof(model::Node);
        for (model::MeshId id : m_other.meshes.order()) {
            const model::Mesh& mesh = m_other.mesh(id);
            bytes += mesh.vertices.values.size() * sizeof(double);
            for (const model::Surface& surface : mesh.surfaces)
                if (surface.simplexes)
                    bytes += surface.simplexes->values.size() * sizeof(double);
            if (mesh.skin)
                bytes += mesh.skin->groups.size() * (sizeof(std::uint32_t) + sizeof(double));
        }
        return bytes;
    }

private:
    void swapIn(model::Document& document, edit::ChangeSet& changes) {
        std::swap(document, m_other);
        changes.documentReplaced = true;
    }

    model::Document m_other;
    std::string m_name;
};

Result<std::unique_ptr<edit::Command>> wrap(Result<model::Document> changed, const char* name) {
    if (!changed)
        return changed.error();
    return std::unique_ptr<edit::Command>(
        std::make_unique<SwapDocumentCommand>(std::move(changed).value(), name));
}

Result<std::unique_ptr<edit::Command>> buildLift(const edit::ScriptFields& fields,
                                                 const model::Document& document) {
    LiftOptions options;
    if (fields.has("thickness")) {
        auto thickness = fields.numberOrNull("thickness");
        if (!thickness)
            return thickness.error();
        if (*thickness && !(**thickness > 0.0 && std::isfinite(**thickness)))
            return Error(edit::fieldLabel("thickness") + " must be a positive number of metres");
        options.thickness = *thickness;
    }
    return liftTo4DCommand(document, options);
}

Result<std::unique_ptr<edit::Command>> buildDrop(const edit::ScriptFields&,
                                                 const model::Document& document) {
    return dropTo3DCommand(document);
}

} // namespace

Result<std::unique_ptr<edit::Command>> liftTo4DCommand(const model::Document& document,
                                                       const LiftOptions& options) {
    return wrap(liftTo4D(document, options), "Lift into 4D");
}

Result<std::unique_ptr<edit::Command>> dropTo3DCommand(const model::Document& document) {
    return wrap(dropTo3D(document), "Drop W");
}

const std::vector<edit::ScriptOp>& dimensionScriptOps() {
    static const std::vector<edit::ScriptOp> ops{
        {"liftTo4D", {}, {"thickness"}, &buildLift},
        {"dropTo3D", {}, {}, &buildDrop},
    };
    return ops;
}

} // namespace hyperrig::core::ops
