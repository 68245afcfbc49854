#include "core/edit/commands/DataCommandSupport.h"
#include "core/edit/commands/DataCommands.h"
#include "core/model/ComponentType.h"

#include <algorithm>
#include <limits>

namespace hyperrig::core::edit {
namespace {

// Largest value an unsigned index type holds (the group accessor's component type).
std::uint64_t maxIndexFor(model::ComponentType type) {
    switch (type) {
    case model::ComponentType::Uint8:
        return std::numeric_limits<std::uint8_t>::max();
    case model::ComponentType::Uint16:
        return std::numeric_limits<std::uint16_t>::max();
    default:
        return std::numeric_limits<std::uint32_t>::max();
    }
}

// Groups a renumbering must cover: every group the influences use and every named group.
std::size_t renumberableCount(const model::Skin& skin) {
    return std::max(skin.groupCount(), skin.groupNames ? skin.groupNames->size() : 0);
}

// Applies `newIndex` (group g becomes newIndex[g]) to influences and names, in O(influences).
void permute(model::Skin& skin, const std::vector<std::uint32_t>& newIndex) {
    for (std::uint32_t& group : skin.groups)
        group = newIndex[group];
    if (skin.groupNames) {
        std::vector<std::string> names(skin.groupNames->size());
        for (std::size_t g = 0; g < names.size(); ++g)
            names[newIndex[g]] = std::move((*skin.groupNames)[g]);
        skin.groupNames = std::move(names);
    }
}

// Renumbers a skin's groups by a permutation; its inverse undoes it. A reorder (move one group,
// shift the others) builds its permutation from the skin it first applies to.
class RenumberGroupsCommand final : public Command {
public:
    RenumberGroupsCommand(model::MeshId mesh, std::vector<std::uint32_t> newIndex)
        : m_mesh(mesh), m_newIndex(std::move(newIndex)) {}
    RenumberGroupsCommand(model::MeshId mesh, std::size_t from, std::size_t to)
        : m_mesh(mesh), m_move(std::pair{from, to}) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        auto checked = check(document);
        if (!checked) {
            if (m_move)
                m_newIndex.clear(); // built from a skin the command never changed
            return std::move(checked).withContext(displayName());
        }
        model::Skin& skin = *document.mesh(m_mesh).skin;
        permute(skin, m_newIndex);
        // A group index beyond what the stored type holds widens the accessor, as a save of
        // fresh data would choose it; undo restores the type.
        m_oldGroupType = skin.groupIndexType;
        const std::uint64_t largest =
            skin.groups.empty() ? 0 : *std::max_element(skin.groups.begin(), skin.groups.end());
        if (largest > maxIndexFor(skin.groupIndexType))
            skin.groupIndexType = model::smallestUnsignedTypeFor(largest);
        changes.skinsChanged.push_back(m_mesh);
        return {};
    }

    void revert(model::Document& document, ChangeSet& changes) override {
        model::Skin& skin = *document.mesh(m_mesh).skin;
        std::vector<std::uint32_t> inverse(m_newIndex.size());
        for (std::size_t g = 0; g < m_newIndex.size(); ++g)
            inverse[m_newIndex[g]] = static_cast<std::uint32_t>(g);
        permute(skin, inverse);
        skin.groupIndexType = m_oldGroupType;
        changes.skinsChanged.push_back(m_mesh);
    }

    std::string displayName() const override {
        return m_move ? "Reorder Group" : "Renumber Groups";
    }

    std::size_t byteSize() const override {
        return sizeof(*this) + m_newIndex.capacity() * sizeof(std::uint32_t);
    }

private:
    Result<void> check(const model::Document& document) {
        const model::Mesh* mesh = document.meshes.find(m_mesh);
        if (!mesh)
            return Error("the mesh no longer exists");
        if (!mesh->skin)
            return Error("mesh " + describeMesh(document, m_mesh) + " has no skin");
        const model::Skin& skin = *mesh->skin;
        const std::size_t count = renumberableCount(skin);
        if (m_move && m_newIndex.empty()) {
            const auto [from, to] = *m_move;
            if (from >= count || to >= count)
                return Error("mesh " + describeMesh(document, m_mesh) + " has " +
                             std::to_string(count) + " groups; there is no group " +
                             std::to_string(std::max(from, to)));
            m_newIndex = reorderPermutation(count, from, to);
        }
        const std::size_t n = m_newIndex.size();
        if (n < skin.groupCount())
            return Error("the new numbering has " + std::to_string(n) + " entries, but mesh " +
                         describeMesh(document, m_mesh) + " uses groups up to " +
                         std::to_string(skin.groupCount() - 1));
        if (skin.groupNames && skin.groupNames->size() != n)
            return Error("mesh " + describeMesh(document, m_mesh) + " names " +
                         std::to_string(skin.groupNames->size()) +
                         " groups; the new numbering must have one entry per named group, not " +
                         std::to_string(n));
        std::vector<std::size_t> source(n, n);
        for (std::size_t g = 0; g < n; ++g) {
            const std::uint32_t target = m_newIndex[g];
            if (target >= n)
                return Error("group " + std::to_string(g) + " would become group " +
                             std::to_string(target) + ", past the last group " +
                             std::to_string(n - 1));
            if (source[target] != n)
                return Error("groups " + std::to_string(source[target]) + " and " +
                             std::to_string(g) + " would both become group " +
                             std::to_string(target));
            source[target] = g;
        }
        return {};
    }

    static std::vector<std::uint32_t> reorderPermutation(std::size_t count, std::size_t from,
                                                         std::size_t to) {
        std::vector<std::uint32_t> order(count);
        for (std::size_t g = 0; g < count; ++g)
            order[g] = static_cast<std::uint32_t>(g);
        // order = group numbers in their new sequence; newIndex is its inverse.
        const auto moved = order[from];
        order.erase(order.begin() + static_cast<std::ptrdiff_t>(from));
        order.insert(order.begin() + static_cast<std::ptrdiff_t>(to), moved);
        std::vector<std::uint32_t> newIndex(count);
        for (std::size_t position = 0; position < count; ++position)
            newIndex[order[position]] = static_cast<std::uint32_t>(position);
        return newIndex;
    }

    model::MeshId m_mesh;
    std::vector<std::uint32_t> m_newIndex;
    std::optional<std::pair<std::size_t, std::size_t>> m_move;
    model::ComponentType m_oldGroupType = model::ComponentType::Uint32;
};

} // namespace

std::unique_ptr<Command> renumberGroups(model::MeshId mesh, std::vector<std::uint32_t> newIndex) {
    return std::make_unique<RenumberGroupsCommand>(mesh, std::move(newIndex));
}

std::unique_ptr<Command> reorderGroup(model::MeshId mesh, std::size_t from, std::size_t to) {
    return std::make_unique<RenumberGroupsCommand>(mesh, from, to);
}

} // namespace hyperrig::core::edit
