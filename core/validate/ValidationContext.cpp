#include "core/validate/ValidationContext.h"

#include "core/validate/RuleCatalog.h"

namespace hyperrig::core::validate {

ValidationContext::ValidationContext(const io::G4mfFile& loaded)
    : file(loaded), root(loaded.json) {}

void ValidationContext::report(const Rule& rule, std::string pointer, std::string message) {
    diagnostics.push_back(
        {rule.severity, std::string(rule.id), std::move(pointer), std::move(message)});
}

const OrderedJson* ValidationContext::array(std::string_view key) const {
    const OrderedJson* value = member(root, key);
    return value && value->is_array() ? value : nullptr;
}

std::size_t ValidationContext::count(std::string_view key) const {
    const OrderedJson* value = array(key);
    return value ? value->size() : 0;
}

const OrderedJson* ValidationContext::item(std::string_view key, std::size_t index) const {
    const OrderedJson* values = array(key);
    if (!values || index >= values->size())
        return nullptr;
    const OrderedJson& value = (*values)[index];
    return value.is_object() ? &value : nullptr;
}

std::string ValidationContext::label(std::string_view key, std::string_view kind,
                                     std::size_t index) const {
    const OrderedJson* value = item(key, index);
    const std::string name = value ? quotedName(*value) : std::string();
    if (name.empty())
        return std::string(kind) + " " + std::to_string(index);
    return std::string(kind) + " " + name + " (index " + std::to_string(index) + ")";
}

bool ValidationContext::isChildEdge(std::size_t parentIndex, std::size_t slot,
                                    std::size_t child) const {
    return child < parent.size() && parent[child] == parentIndex && parentSlot[child] == slot;
}

bool ValidationContext::isBone(std::size_t nodeIndex) const {
    const OrderedJson* node = item("nodes", nodeIndex);
    if (!node)
        return false;
    if (member(*node, "bone"))
        return true;
    const OrderedJson* legacyLength = member(*node, "boneLength");
    const auto length = legacyLength ? asNumber(*legacyLength) : std::nullopt;
    return length && *length >= 0.0;
}

bool ValidationContext::isSkeleton(std::size_t nodeIndex) const {
    const OrderedJson* node = item("nodes", nodeIndex);
    return node && member(*node, "skeleton");
}

std::vector<std::int64_t> ValidationContext::joints(std::size_t skeletonNode) const {
    std::vector<std::int64_t> result;
    const OrderedJson* node = item("nodes", skeletonNode);
    const OrderedJson* skeleton = node ? member(*node, "skeleton") : nullptr;
    const OrderedJson* entries = skeleton ? member(*skeleton, "joints") : nullptr;
    if (!entries || !entries->is_array())
        return result;
    result.reserve(entries->size());
    for (const OrderedJson& entry : *entries) {
        const auto index = asIndex(entry);
        const bool bone =
            index && *index < count("nodes") && isBone(static_cast<std::size_t>(*index));
        result.push_back(bone ? static_cast<std::int64_t>(*index) : -1);
    }
    return result;
}

std::optional<ValidationContext::MeshInstance>
ValidationContext::meshInstance(std::size_t nodeIndex) const {
    const OrderedJson* node = item("nodes", nodeIndex);
    if (!node)
        return std::nullopt;
    const std::string nodePointer = "/nodes/" + std::to_string(nodeIndex);
    std::optional<std::uint64_t> mesh;
    std::string pointer;
    if (const OrderedJson* classic = member(*node, "mesh")) {
        mesh = asIndex(*classic);
        pointer = nodePointer + "/mesh";
    } else if (const OrderedJson* current = member(*node, "meshInstance")) {
        if (const OrderedJson* index = member(*current, "mesh"))
            mesh = asIndex(*index);
        pointer = nodePointer + "/meshInstance";
    }
    if (!mesh || *mesh >= count("meshes"))
        return std::nullopt;
    return MeshInstance{static_cast<std::size_t>(*mesh), pointer};
}

const model::NumericArray* ValidationContext::accessorData(std::size_t accessorIndex) {
    if (accessorIndex >= accessorChecked.size() || !accessorChecked[accessorIndex])
        return nullptr;
    auto [it, inserted] = m_accessorCache.try_emplace(accessorIndex);
    if (inserted) {
        auto decoded = io::decodeAccessor(file, accessorIndex);
        if (decoded) {
            it->second = std::move(*decoded);
        } else {
            // AccessorRules mirrors accessorView's checks; if they ever drift apart, say so
            // instead of silently skipping the data rules.
            report(rules::kAccessorSchema, "/accessors/" + std::to_string(accessorIndex),
                   "accessor " + std::to_string(accessorIndex) +
                       " cannot be read: " + decoded.error().message());
        }
    }
    return it->second ? &*it->second : nullptr;
}

} // namespace hyperrig::core::validate
