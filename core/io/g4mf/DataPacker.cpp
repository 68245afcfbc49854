#include "core/io/g4mf/DataPacker.h"

#include "core/io/g4mf/AccessorDigest.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <unordered_map>

namespace hyperrig::core::io::detail {
namespace {

constexpr std::size_t kViewAlignment = 16;

// Wider types to try, in order, when values do not fit the stored type.
std::vector<model::ComponentType> candidateTypes(model::ComponentType stored) {
    using CT = model::ComponentType;
    switch (stored) {
    case CT::Uint8:
        return {CT::Uint8, CT::Uint16, CT::Uint32, CT::Uint64};
    case CT::Uint16:
        return {CT::Uint16, CT::Uint32, CT::Uint64};
    case CT::Uint32:
        return {CT::Uint32, CT::Uint64};
    case CT::Int8:
        return {CT::Int8, CT::Int16, CT::Int32, CT::Int64, CT::Float64};
    case CT::Int16:
        return {CT::Int16, CT::Int32, CT::Int64, CT::Float64};
    case CT::Int32:
        return {CT::Int32, CT::Int64, CT::Float64};
    case CT::Float8:
        return {CT::Float8, CT::Float16, CT::Float32, CT::Float64};
    case CT::Float16:
        return {CT::Float16, CT::Float32, CT::Float64};
    case CT::Float32:
        return {CT::Float32, CT::Float64};
    default:
        return {stored};
    }
}

// Encodes every value exactly in `type`, or fails. Float types must round-trip exactly too, so
// an edited float8 vertex that needs more precision moves to a wider type instead of rounding.
bool encodeExactly(const std::vector<double>& values, model::ComponentType type,
                   std::vector<std::byte>& out) {
    const std::size_t size = componentSize(type);
    out.resize(values.size() * size);
    for (std::size_t i = 0; i < values.size(); ++i) {
        std::byte* at = out.data() + i * size;
        if (!writeFromDouble(type, values[i], at).ok())
            return false;
        const double back = readAsDouble(type, at);
        if (!(back == values[i]) && !(back != back && values[i] != values[i]))
            return false;
    }
    return true;
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](double x, double y) {
        return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
    });
}

} // namespace

DataPacker::DataPacker(const model::PreservedData& preserved) : m_preserved(preserved) {}

std::size_t DataPacker::add(std::vector<double> values, int vectorSize, model::ComponentType type,
                            std::optional<model::AccessorSource> source,
                            model::OrderedJson accessorExtra) {
    const bool hint = source.has_value();
    m_arrays.push_back(Array{std::move(values), vectorSize, type, source, std::move(accessorExtra),
                             hint, std::nullopt, 0, 0});
    return m_arrays.size() - 1;
}

std::size_t DataPacker::accessorIndex(std::size_t ticket) const {
    const Array& array = m_arrays[ticket];
    return array.sharedWith ? m_arrays[*array.sharedWith].accessor : array.accessor;
}

// Only sources named by more than one array need work. Each of those arrays is hashed once and
// compared in full only with the first array of an equal digest, so the cost is one pass over
// the shared data, never a comparison of every array with every other.
void DataPacker::shareEqualArrays() {
    std::unordered_map<std::size_t, std::vector<std::size_t>> bySource; // in queue order
    for (std::size_t i = 0; i < m_arrays.size(); ++i)
        if (m_arrays[i].source)
            bySource[m_arrays[i].source->index].push_back(i);
    const auto sameContent = [this](std::size_t a, std::size_t b) {
        const Array& x = m_arrays[a];
        const Array& y = m_arrays[b];
        return x.type == y.type && x.vectorSize == y.vectorSize && sameBits(x.values, y.values) &&
               x.extra == y.extra;
    };
    struct Content {
        std::uint64_t digest = 0;
        std::size_t first = 0; // the array the others with this content are written as
    };
    for (const auto& [index, members] : bySource) {
        if (members.size() < 2)
            continue;
        std::vector<Content> contents;
        for (std::size_t i : members) {
            const Array& array = m_arrays[i];
            const std::uint64_t digest =
                accessorDigest(array.type, array.vectorSize, array.values, array.extra);
            const auto same = std::find_if(contents.begin(), contents.end(), [&](const Content& c) {
                return c.digest == digest && sameContent(c.first, i);
            });
            if (same != contents.end())
                m_arrays[i].sharedWith = same->first;
            else
                contents.push_back({digest, i});
        }
        // What the source still holds keeps its index, whichever mesh comes first; when every
        // copy was edited, the first one keeps it (as a lone edited array does).
        auto keeper = std::find_if(contents.begin(), contents.end(), [&](const Content& c) {
            return c.digest == m_arrays[c.first].source->digest;
        });
        if (keeper == contents.end())
            keeper = contents.begin();
        for (std::size_t i : members)
            m_arrays[i].hint = i == keeper->first;
    }
}

Result<void> DataPacker::layout() {
    shareEqualArrays();
    // Accessor indices: preserved ones are fixed.
    std::vector<bool> accessorTaken;
    const auto take = [](std::vector<bool>& taken, std::size_t index) {
        if (taken.size() <= index)
            taken.resize(index + 1, false);
        taken[index] = true;
    };
    for (const auto& accessor : m_preserved.accessors)
        take(accessorTaken, accessor.index);
    std::vector<bool> placed(m_arrays.size(), false);
    for (std::size_t i = 0; i < m_arrays.size(); ++i) {
        placed[i] = m_arrays[i].sharedWith.has_value();
        if (placed[i] || !m_arrays[i].hint)
            continue;
        const std::size_t hint = m_arrays[i].source->index;
        if (hint >= accessorTaken.size() || !accessorTaken[hint]) {
            m_arrays[i].accessor = hint;
            take(accessorTaken, hint);
            placed[i] = true;
        }
    }
    std::size_t nextFree = 0;
    const auto firstFree = [&nextFree](std::vector<bool>& taken) {
        while (nextFree < taken.size() && taken[nextFree])
            ++nextFree;
        return nextFree;
    };
    for (std::size_t i = 0; i < m_arrays.size(); ++i) {
        if (placed[i])
            continue;
        m_arrays[i].accessor = firstFree(accessorTaken);
        take(accessorTaken, m_arrays[i].accessor);
    }
    // Hints can leave holes (an earlier mesh was deleted). Move the last-placed document arrays
    // down into them; a hole below a preserved accessor that nothing can fill gets an empty
    // uint8 accessor, since preserved indices must not move.
    for (std::size_t hole = 0; hole < accessorTaken.size(); ++hole) {
        if (accessorTaken[hole])
            continue;
        Array* last = nullptr;
        for (Array& array : m_arrays)
            if (!array.sharedWith && array.accessor > hole &&
                (!last || array.accessor > last->accessor))
                last = &array;
        if (last) {
            accessorTaken[last->accessor] = false;
            last->accessor = hole;
            accessorTaken[hole] = true;
        } else {
            m_arrays.push_back(Array{{},
                                     1,
                                     model::ComponentType::Uint8,
                                     std::nullopt,
                                     model::OrderedJson::object(),
                                     false,
                                     std::nullopt,
                                     hole,
                                     0});
            accessorTaken[hole] = true;
        }
        while (!accessorTaken.empty() && !accessorTaken.back())
            accessorTaken.pop_back();
    }
    m_accessorCount = accessorTaken.size();

    // Buffer views: preserved fixed, document views fill holes then append.
    std::vector<bool> viewTaken;
    for (const auto& view : m_preserved.bufferViews)
        take(viewTaken, view.index);
    nextFree = 0;
    for (Array& array : m_arrays) {
        if (array.sharedWith)
            continue;
        array.view = firstFree(viewTaken);
        take(viewTaken, array.view);
    }
    m_viewCount = viewTaken.size();

    // Encode, then place views in index order so the buffer reads front to back.
    std::vector<std::vector<std::byte>> encoded(m_arrays.size());
    for (std::size_t i = 0; i < m_arrays.size(); ++i) {
        Array& array = m_arrays[i];
        if (array.sharedWith)
            continue;
        bool done = false;
        for (model::ComponentType type : candidateTypes(array.type)) {
            if (encodeExactly(array.values, type, encoded[i])) {
                array.type = type;
                done = true;
                break;
            }
        }
        if (!done)
            return Error("accessor " + std::to_string(array.accessor) +
                         ": values cannot be stored as " +
                         std::string(componentTypeName(array.type)) + " or any wider type");
    }
    std::vector<const std::vector<std::byte>*> viewBytes(m_viewCount, nullptr);
    for (const auto& view : m_preserved.bufferViews)
        viewBytes[view.index] = &view.bytes;
    for (std::size_t i = 0; i < m_arrays.size(); ++i)
        if (!m_arrays[i].sharedWith)
            viewBytes[m_arrays[i].view] = &encoded[i];
    m_views.assign(m_viewCount, ViewPlacement{});
    m_buffer.clear();
    for (std::size_t v = 0; v < m_viewCount; ++v) {
        m_buffer.resize((m_buffer.size() + kViewAlignment - 1) / kViewAlignment * kViewAlignment);
        m_views[v].offset = m_buffer.size();
        if (viewBytes[v]) {
            m_views[v].length = viewBytes[v]->size();
            m_buffer.insert(m_buffer.end(), viewBytes[v]->begin(), viewBytes[v]->end());
        }
    }
    return {};
}

model::OrderedJson DataPacker::accessorsJson() const {
    model::OrderedJson list = model::OrderedJson::array();
    std::vector<model::OrderedJson> slots(m_accessorCount);
    for (const auto& accessor : m_preserved.accessors) {
        // An accessor that is not an object (invalid, but nothing HyperRig reads uses it) is
        // written back as stored; it has no bufferView to renumber.
        if (!accessor.json.is_object()) {
            slots[accessor.index] = accessor.json;
            continue;
        }
        model::OrderedJson json = model::OrderedJson::object();
        if (accessor.view)
            json["bufferView"] = *accessor.view;
        for (auto it = accessor.json.begin(); it != accessor.json.end(); ++it)
            json[it.key()] = it.value();
        slots[accessor.index] = std::move(json);
    }
    for (const Array& array : m_arrays) {
        if (array.sharedWith)
            continue;
        model::OrderedJson json = model::OrderedJson::object();
        json["bufferView"] = array.view;
        json["componentType"] = std::string(componentTypeName(array.type));
        if (array.vectorSize != 1)
            json["vectorSize"] = array.vectorSize;
        for (auto it = array.extra.begin(); it != array.extra.end(); ++it)
            json[it.key()] = it.value();
        slots[array.accessor] = std::move(json);
    }
    for (auto& slot : slots)
        list.push_back(std::move(slot));
    return list;
}

model::OrderedJson DataPacker::bufferViewsJson() const {
    std::vector<model::OrderedJson> slots(m_viewCount);
    for (std::size_t v = 0; v < m_viewCount; ++v) {
        model::OrderedJson json = model::OrderedJson::object();
        json["buffer"] = 0;
        json["byteOffset"] = m_views[v].offset;
        json["byteLength"] = m_views[v].length;
        slots[v] = std::move(json);
    }
    for (const auto& view : m_preserved.bufferViews)
        for (auto it = view.json.begin(); it != view.json.end(); ++it)
            slots[view.index][it.key()] = it.value();
    model::OrderedJson list = model::OrderedJson::array();
    for (auto& slot : slots)
        list.push_back(std::move(slot));
    return list;
}

} // namespace hyperrig::core::io::detail
