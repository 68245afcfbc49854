#include "core/io/mpfb/MpfbWeights.h"

#include "core/base/Diagnostic.h"
#include "core/io/JsonText.h"

namespace hyperrig::core::io {

Result<std::vector<MpfbWeightGroup>>
parseMpfbWeights(std::string_view text, std::string_view sourceName, std::size_t vertexCount) {
    const std::string source(sourceName);
    auto parsed = parseJsonText(text);
    if (!parsed)
        return parsed.error().withContext(source);
    const auto weights = parsed->is_object() ? parsed->find("weights") : parsed->end();
    if (!parsed->is_object() || weights == parsed->end() || !weights->is_object())
        return Error(source + ": /weights: expected an object of vertex groups");
    std::vector<MpfbWeightGroup> groups;
    for (auto it = weights->begin(); it != weights->end(); ++it) {
        const std::string pointer = appendPointer("/weights", it.key());
        if (!it.value().is_array())
            return Error(source + ": " + pointer + ": expected a list of [vertex, weight]");
        MpfbWeightGroup group{it.key(), {}};
        group.entries.reserve(it.value().size());
        for (std::size_t e = 0; e < it.value().size(); ++e) {
            const auto& entry = it.value()[e];
            const std::string entryPointer = appendPointer(pointer, e);
            if (!entry.is_array() || entry.size() != 2 || !entry[0].is_number_unsigned() ||
                !entry[1].is_number())
                return Error(source + ": " + entryPointer +
                             ": expected [vertex, weight], a vertex index and a number");
            const auto vertex = entry[0].get<std::uint64_t>();
            if (vertex >= vertexCount)
                return Error(source + ": " + appendPointer(entryPointer, 0) + ": vertex " +
                             std::to_string(vertex) + " is past the base mesh's " +
                             std::to_string(vertexCount) + " vertices");
            group.entries.emplace_back(static_cast<std::uint32_t>(vertex), entry[1].get<double>());
        }
        groups.push_back(std::move(group));
    }
    return groups;
}

} // namespace hyperrig::core::io
