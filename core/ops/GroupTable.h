#pragma once

#include "core/model/Document.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace hyperrig::core::ops {

// One skin group as the skin operations see it: its name, what drives it (the joints slot's
// bone; none for a slot of -1 and for a group beyond the joints table, both "not transformed"),
// and whether any influence uses it.
struct GroupEntry {
    std::string name;
    model::JointSlot driver;
    bool used = false;
};

// One flag per group up to the largest group an influence of `skin` uses: whether any does. One
// pass over the influences gives both the flags and the group count (1 + the largest group),
// which otherwise take two (issue 19: 10M influences).
std::vector<std::uint8_t> usedGroupFlags(const model::Skin& skin);

// The groups of a skinned mesh bound to `skeleton` (its node a direct child): one entry per group
// up to the largest of the groups its influences use, the names it has and the joints slots.
// Names are the stored ones, inferred from the joints' bone names where missing (G4MF "Group
// Names"), made unique.
std::vector<GroupEntry> meshGroups(const model::Document& document, model::MeshId mesh,
                                   model::NodeId skeleton);

// A group table under construction: entries by index plus a name index, so every lookup and
// insertion is O(1) and a whole operation stays O(influences + groups).
class GroupTable {
public:
    explicit GroupTable(std::vector<GroupEntry> entries = {});

    std::size_t size() const { return m_entries.size(); }
    const GroupEntry& at(std::size_t index) const { return m_entries[index]; }
    GroupEntry& at(std::size_t index) { return m_entries[index]; }
    const std::vector<GroupEntry>& entries() const { return m_entries; }

    std::optional<std::uint32_t> find(const std::string& name) const;
    // Grows the table to `count` entries; a new entry takes `driverOf(index)` and a free name
    // ("Group<i>", numbered further when taken).
    template <typename DriverOf>
    void growTo(std::size_t count, DriverOf driverOf) {
        while (m_entries.size() < count) {
            const std::size_t index = m_entries.size();
            m_entries.push_back({uniqueName("Group" + std::to_string(index)), driverOf(index)});
            m_names.emplace(m_entries.back().name, static_cast<std::uint32_t>(index));
        }
    }
    void rename(std::size_t index, const std::string& name);
    // `base` when no entry has it, else base + "_2", "_3", ...
    std::string uniqueName(const std::string& base) const;
    std::vector<std::string> names() const;

private:
    std::vector<GroupEntry> m_entries;
    std::unordered_map<std::string, std::uint32_t> m_names;
};

} // namespace hyperrig::core::ops
