#include "core/model/SkinGroupNames.h"
#include "core/ops/influence/InfluencePlan.h"
#include "core/ops/influence/InfluenceTools.h"

#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace hyperrig::core::ops {
namespace {

constexpr std::string_view kInferGroupNamesTool = "Infer Group Names";

// Sets a skin's groupNames and nothing else, so undo keeps O(groups) names instead of the
// O(influences) copy edit::replaceSkin would keep, and a skin read with unsorted weights can
// still be named.
class SetGroupNamesCommand final : public edit::Command {
public:
    SetGroupNamesCommand(model::MeshId mesh, std::vector<std::string> names)
        : m_mesh(mesh), m_other(std::move(names)) {}

    Result<void> apply(model::Document& document, edit::ChangeSet& changes) override {
        model::Mesh* mesh = document.meshes.find(m_mesh);
        if (!mesh)
            return Error(displayName() + ": the mesh no longer exists");
        if (!mesh->skin)
            return refusal(document, m_mesh, kInferGroupNamesTool, "it has no skin");
        auto checked = checkNames();
        if (!checked)
            return refusal(document, m_mesh, kInferGroupNamesTool, checked.error().message());
        swap(*mesh, changes);
        return {};
    }
    void revert(model::Document& document, edit::ChangeSet& changes) override {
        swap(document.mesh(m_mesh), changes);
    }
    std::string displayName() const override { return std::string(kInferGroupNamesTool); }
    std::size_t byteSize() const override {
        std::size_t total = sizeof(*this);
        if (m_other)
            for (const std::string& name : *m_other)
                total += sizeof(name) + name.capacity();
        return total;
    }

private:
    // The names come from model::groupNamesWithInference, which makes them unique and non-empty;
    // checked again because apply() must refuse what replaceSkin would refuse.
    Result<void> checkNames() const {
        if (!m_other)
            return {};
        std::unordered_set<std::string_view> seen;
        for (const std::string& name : *m_other) {
            auto text = model::checkGroupNameText(name);
            if (!text)
                return text;
            if (!seen.insert(name).second)
                return Error("group name '" + name + "' is used twice");
        }
        return {};
    }

    void swap(model::Mesh& mesh, edit::ChangeSet& changes) {
        std::swap(mesh.skin->groupNames, m_other);
        changes.skinsChanged.push_back(m_mesh);
    }

    model::MeshId m_mesh;
    std::optional<std::vector<std::string>> m_other; // the names not in the document
};

} // namespace

CommandResult inferGroupNames(const model::Document& document, model::MeshId mesh,
                              InfluenceReport* report) {
    auto source = sourceSkin(document, mesh, kInferGroupNamesTool);
    if (!source)
        return source.error();
    const model::Skin& skin = **source;
    if (skin.groupNames && !skin.groupNames->empty())
        return refusal(document, mesh, kInferGroupNamesTool,
                       "the skin already has group names; rename groups one by one instead");
    if (!model::boundSkeleton(document, mesh))
        return refusal(document, mesh, kInferGroupNamesTool,
                       "no node showing it is a direct child of a skeleton node, so there are "
                       "no joints to take bone names from");

    // No names yet, so the helper infers every one: one per group the influences use and one
    // per joints slot, whichever is more.
    const std::size_t count = model::namedGroupCapacity(document, mesh);
    if (count == 0) {
        deliver({}, report);
        return std::unique_ptr<edit::Command>(planCommand(kInferGroupNamesTool));
    }
    InfluenceReport counted;
    counted.groupsNamed = count;
    deliver(counted, report);
    return std::unique_ptr<edit::Command>(std::make_unique<SetGroupNamesCommand>(
        mesh, model::groupNamesWithInference(document, mesh, count)));
}

} // namespace hyperrig::core::ops
