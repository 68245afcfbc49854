#include "core/ops/GroupTable.h"

#include "core/base/ThreadPool.h"
#include "core/model/SkinGroupNames.h"

#include <algorithm>
#include <mutex>

namespace hyperrig::core::ops {

namespace {

// usedGroupFlags over `count` groups from `groups`.
std::vector<std::uint8_t> usedGroupFlagsOf(const std::uint32_t* groups, std::size_t count) {
    // Bytes: one store per influence, no bit twiddling. Through a local pointer and size: a byte
    // store may alias anything, so the vector's own fields would be reloaded after each one.
    std::vector<std::uint8_t> used;
    std::uint8_t* flags = nullptr;
    std::size_t size = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t group = groups[i];
        if (group >= size) { // rare: once per new largest group
            used.resize(std::size_t{group} + 1, 0);
            flags = used.data();
            size = used.size();
        }
        flags[group] = 1;
    }
    return used;
}

} // namespace

std::vector<std::uint8_t> usedGroupFlags(const model::Skin& skin) {
    // Large skins in blocks on the shared pool's threads, each block's flags or-ed into the
    // result (a read-only pass: 5M influences took 4-5 ms on one thread, issue 19).
    constexpr std::size_t kInfluencesPerBlock = std::size_t{1} << 20U;
    const std::size_t count = skin.groups.size();
    if (count <= kInfluencesPerBlock)
        return usedGroupFlagsOf(skin.groups.data(), count);
    std::mutex mutex;
    std::vector<std::uint8_t> used;
    base::ThreadPool::shared().parallelFor(
        count, kInfluencesPerBlock, [&](std::size_t begin, std::size_t end) {
            const std::vector<std::uint8_t> part =
                usedGroupFlagsOf(skin.groups.data() + begin, end - begin);
            const std::lock_guard lock(mutex);
            if (part.size() > used.size())
                used.resize(part.size(), 0);
            for (std::size_t g = 0; g < part.size(); ++g)
                used[g] |= part[g];
        });
    return used;
}

std::vector<GroupEntry> meshGroups(const model::Document& document, model::MeshId mesh,
                                   model::NodeId skeleton) {
    const model::Skin& skin = *document.mesh(mesh).skin;
    const auto& joints = document.node(skeleton).skeleton()->joints;
    const std::vector<std::uint8_t> used = usedGroupFlags(skin);
    // As model::skinGroupNames counts them, without its second pass over the influences.
    const std::vector<std::string> names = model::groupNamesWithInference(
        document, mesh, std::max(used.size(), skin.groupNames ? skin.groupNames->size() : 0));
    const std::size_t count = names.size();
    std::vector<GroupEntry> entries(count);
    for (std::size_t group = 0; group < count; ++group) {
        entries[group].name = names[group];
        entries[group].driver = group < joints.size() ? joints[group] : model::JointSlot{};
        entries[group].used = group < used.size() && used[group] != 0;
    }
    return entries;
}

GroupTable::GroupTable(std::vector<GroupEntry> entries) : m_entries(std::move(entries)) {
    for (std::size_t index = 0; index < m_entries.size(); ++index)
        m_names.emplace(m_entries[index].name, static_cast<std::uint32_t>(index));
}

std::optional<std::uint32_t> GroupTable::find(const std::string& name) const {
    const auto found = m_names.find(name);
    if (found == m_names.end())
        return std::nullopt;
    return found->second;
}

void GroupTable::rename(std::size_t index, const std::string& name) {
    const auto found = m_names.find(m_entries[index].name);
    if (found != m_names.end() && found->second == index)
        m_names.erase(found);
    m_entries[index].name = name;
    m_names.emplace(name, static_cast<std::uint32_t>(index));
}

std::string GroupTable::uniqueName(const std::string& base) const {
    if (!m_names.count(base))
        return base;
    for (int suffix = 2;; ++suffix)
        if (std::string candidate = base + "_" + std::to_string(suffix); !m_names.count(candidate))
            return candidate;
}

std::vector<std::string> GroupTable::names() const {
    std::vector<std::string> result;
    result.reserve(m_entries.size());
    for (const GroupEntry& entry : m_entries)
        result.push_back(entry.name);
    return result;
}

} // namespace hyperrig::core::ops
