#include "ui/panels/validation/DiagnosticTarget.h"

#include "core/model/ItemLabels.h"

#include <charconv>
#include <optional>
#include <vector>

namespace hyperrig::ui {
namespace {

namespace model = core::model;

// The pointer's tokens; only the first three matter here, and none of those the resolver reads
// can hold an escaped '/' or '~', so no unescaping is needed.
std::vector<std::string_view> tokensOf(std::string_view pointer) {
    std::vector<std::string_view> tokens;
    if (pointer.empty() || pointer.front() != '/')
        return tokens;
    pointer.remove_prefix(1);
    while (true) {
        const auto slash = pointer.find('/');
        tokens.push_back(pointer.substr(0, slash));
        if (slash == std::string_view::npos)
            break;
        pointer.remove_prefix(slash + 1);
    }
    return tokens;
}

// An array index token: digits only, no sign, no leading zero (RFC 6901).
std::optional<std::size_t> indexOf(std::string_view token) {
    if (token.empty() || (token.size() > 1 && token.front() == '0'))
        return std::nullopt;
    std::size_t value = 0;
    const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (error != std::errc() || end != token.data() + token.size())
        return std::nullopt;
    return value;
}

template <typename IdT, typename Item>
IdT atPosition(const model::ItemStore<IdT, Item>& store, std::optional<std::size_t> index) {
    if (!index || *index >= store.size())
        return {};
    return store.order()[*index];
}

std::string nodeKind(const model::Node& node) {
    if (node.isBone())
        return "bone";
    if (node.isSkeleton())
        return "skeleton";
    if (node.meshInstance())
        return "mesh node";
    return "node";
}

model::NodeId firstInstanceOf(const model::Document& document, model::MeshId mesh) {
    for (model::NodeId id : document.nodes.order()) {
        const model::MeshInstance* instance = document.node(id).meshInstance();
        if (instance && instance->mesh == mesh)
            return id;
    }
    return {};
}

model::NodeId firstBoneWith(const model::Document& document, model::ShapeId shape) {
    for (model::NodeId id : document.nodes.order()) {
        const model::Bone* bone = document.node(id).bone();
        if (bone && bone->shape == shape)
            return id;
    }
    return {};
}

} // namespace

DiagnosticTarget resolveDiagnosticPointer(const model::Document& document,
                                          std::string_view pointer) {
    DiagnosticTarget target;
    const std::vector<std::string_view> tokens = tokensOf(pointer);
    if (tokens.size() < 2)
        return target;
    const std::optional<std::size_t> index = indexOf(tokens[1]);
    if (tokens[0] == "nodes") {
        target.node = atPosition(document.nodes, index);
        if (target.node) {
            target.selectable = target.node;
            target.label = nodeKind(document.node(target.node)) + " " +
                           model::describeNode(document, target.node);
        }
    } else if (tokens[0] == "meshes") {
        target.mesh = atPosition(document.meshes, index);
        if (target.mesh) {
            target.skin = tokens.size() > 2 && tokens[2] == "skin";
            target.selectable = firstInstanceOf(document, target.mesh);
            target.label = std::string(target.skin ? "skin of mesh " : "mesh ") +
                           model::describeMesh(document, target.mesh);
        }
    } else if (tokens[0] == "shapes") {
        target.shape = atPosition(document.shapes, index);
        if (target.shape) {
            target.selectable = firstBoneWith(document, target.shape);
            target.label = "shape " + model::describeShape(document, target.shape);
        }
    }
    return target;
}

} // namespace hyperrig::ui
