#include "core/edit/commands/DataCommandSupport.h"
#include "core/edit/commands/DataCommands.h"
#include "core/model/SkinGroupNames.h"

namespace hyperrig::core::edit {
namespace {

// Undo data: whether the skin had groupNames, how many, and the one name replaced. Names the
// rename had to infer first are dropped again by cutting the list back to its old length.
class RenameGroupCommand final : public Command {
public:
    RenameGroupCommand(model::MeshId mesh, std::size_t group, std::string name)
        : m_mesh(mesh), m_group(group), m_name(std::move(name)) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto checked = check(document);
        if (!checked)
            return std::move(checked).withContext(displayName());
        model::Skin& skin = *document.mesh(m_mesh).skin;
        m_hadNames = skin.groupNames.has_value();
        m_oldCount = m_hadNames ? skin.groupNames->size() : 0;
        m_oldName = m_group < m_oldCount ? (*skin.groupNames)[m_group] : std::string();
        skin.groupNames = std::move(m_names);
        m_names.clear();
        (*skin.groupNames)[m_group] = m_name;
        changes.skinsChanged.push_back(m_mesh);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        model::Skin& skin = *document.mesh(m_mesh).skin;
        if (!m_hadNames) {
            skin.groupNames.reset();
        } else {
            skin.groupNames->resize(m_oldCount);
            if (m_group < m_oldCount)
                (*skin.groupNames)[m_group] = m_oldName;
        }
        changes.skinsChanged.push_back(m_mesh);
    }

    std::string displayName() const override { return "Rename Group"; }

    std::size_t byteSize() const override {
        return sizeof(*this) + m_name.capacity() + m_oldName.capacity();
    }

private:
    // Validates and leaves in m_names the names the skin will have before the rename.
    Result<void> check(const model::Document& document) {
        const model::Mesh* mesh = document.meshes.find(m_mesh);
        if (!mesh)
            return Error("the mesh no longer exists");
        if (!mesh->skin)
            return Error("mesh " + describeMesh(document, m_mesh) + " has no skin");
        auto text = model::checkGroupNameText(m_name);
        if (!text)
            return text;
        const std::size_t capacity = model::namedGroupCapacity(document, m_mesh);
        if (m_group >= capacity)
            return Error("mesh " + describeMesh(document, m_mesh) + " has " +
                         std::to_string(capacity) + " groups; there is no group " +
                         std::to_string(m_group));
        // A skin without names gets all of them; one with too few gets those up to the group.
        const std::size_t count = mesh->skin->groupNames
                                      ? std::max(mesh->skin->groupNames->size(), m_group + 1)
                                      : capacity;
        std::vector<std::string> names = model::groupNamesWithInference(document, m_mesh, count);
        for (std::size_t other = 0; other < names.size(); ++other)
            if (other != m_group && names[other] == m_name)
                return Error("'" + m_name + "' is already group " + std::to_string(other) +
                             " of mesh " + describeMesh(document, m_mesh));
        m_names = std::move(names);
        return {};
    }

    model::MeshId m_mesh;
    std::size_t m_group;
    std::string m_name;
    std::vector<std::string> m_names; // scratch between check and mutation
    bool m_hadNames = false;
    std::size_t m_oldCount = 0;
    std::string m_oldName;
};

} // namespace

std::unique_ptr<Command> renameGroup(model::MeshId mesh, std::size_t group, std::string name) {
    return std::make_unique<RenameGroupCommand>(mesh, group, std::move(name));
}

} // namespace hyperrig::core::edit
