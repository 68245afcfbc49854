#include "core/ops/influence/InfluencePlan.h"

#include "core/edit/commands/MeshDataCommands.h"
#include "core/model/ItemLabels.h"

#include <cmath>

namespace hyperrig::core::ops {
namespace {

// The CSR layout the tools index into; a skin that breaks it would make them read out of range.
Result<void> checkLayout(const model::Skin& skin, std::size_t vertexCount) {
    if (skin.offsets.size() != vertexCount + 1 || skin.offsets.front() != 0)
        return Error("the skin does not cover exactly the mesh's " + std::to_string(vertexCount) +
                     " vertices");
    if (skin.groups.size() != skin.weights.size() || skin.offsets.back() != skin.groups.size())
        return Error("the skin's groups and weights do not match its vertex offsets");
    for (std::size_t vertex = 0; vertex < vertexCount; ++vertex) {
        if (skin.offsets[vertex + 1] < skin.offsets[vertex])
            return Error("the skin's vertex offsets go backwards at vertex " +
                         std::to_string(vertex));
        for (std::size_t entry = skin.offsets[vertex]; entry < skin.offsets[vertex + 1]; ++entry)
            if (!std::isfinite(skin.weights[entry]))
                return Error("vertex " + std::to_string(vertex) +
                             " has a weight that is not a finite number");
    }
    return {};
}

} // namespace

Error refusal(const model::Document& document, model::MeshId mesh, std::string_view tool,
              const std::string& reason) {
    return Error(reason).withContext(std::string(tool) + ": mesh " +
                                     model::describeMesh(document, mesh));
}

Result<const model::Skin*> sourceSkin(const model::Document& document, model::MeshId mesh,
                                      std::string_view tool) {
    const model::Mesh* item = document.meshes.find(mesh);
    if (!item)
        return Error(std::string(tool) + ": the mesh does not exist");
    if (!item->skin)
        return refusal(document, mesh, tool, "it has no skin");
    auto layout = checkLayout(*item->skin, item->vertexCount());
    if (!layout)
        return refusal(document, mesh, tool, layout.error().message());
    return &*item->skin;
}

std::unique_ptr<edit::CompositeCommand> planCommand(std::string_view tool) {
    return std::make_unique<edit::CompositeCommand>(std::string(tool));
}

CommandResult skinEdit(const model::Document& document, model::MeshId mesh, std::string_view tool,
                       model::Skin skin, bool changed) {
    auto command = planCommand(tool);
    if (!changed)
        return std::unique_ptr<edit::Command>(std::move(command));
    auto checked = edit::checkSkin(skin, document.mesh(mesh).vertexCount());
    if (!checked)
        return refusal(document, mesh, tool, checked.error().message());
    command->appendPending(edit::replaceSkin(mesh, std::move(skin)));
    return std::unique_ptr<edit::Command>(std::move(command));
}

} // namespace hyperrig::core::ops
