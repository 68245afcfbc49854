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
            // MPFB writes clamp(round(w, 5), 0, 1) (mpfb.md §11.3) and Blender's vertex groups
            // hold nothing else. Anything outside is not a weights file of MPFB's, and keeping it
            // would let the per-bone sums in addMpfbSkinnedBody overflow (1e308 twice is inf, and
            // inf / inf a NaN weight) or go negative.
            const double weight = entry[1].get<double>();
            if (!(weight >= 0.0 && weight <= 1.0))
                return Error(source + ": " + appendPointer(entryPointer, 1) + ": weight " +
                             entry[1].dump() + " is outside [0, 1]");
            group.entries.emplace_back(static_cast<std::uint32_t>(vertex), weight);
        }
        groups.push_back(std::move(group));
    }
    return groups;
}

} // namespace hyperrig::core::io
