#include "core/io/mpfb/MpfbBaseMesh.h"

#include "core/base/Diagnostic.h"
#include "core/io/JsonText.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hyperrig::core::io {

Result<MpfbVertexGroups> parseMpfbVertexGroups(std::string_view text, std::string_view sourceName,
                                               std::size_t vertexCount) {
    const std::string source(sourceName);
    auto parsed = parseJsonText(text);
    if (!parsed)
        return parsed.error().withContext(source);
    if (!parsed->is_object())
        return Error(source + ": /: expected an object of vertex groups");
    MpfbVertexGroups groups;
    for (auto it = parsed->begin(); it != parsed->end(); ++it) {
        const std::string pointer = appendPointer("", it.key());
        if (!it.value().is_array())
            return Error(source + ": " + pointer + ": expected a list of [first, last] ranges");
        std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
        for (std::size_t r = 0; r < it.value().size(); ++r) {
            const auto& range = it.value()[r];
            const std::string rangePointer = appendPointer(pointer, r);
            if (!range.is_array() || range.size() != 2 || !range[0].is_number_unsigned() ||
                !range[1].is_number_unsigned())
                return Error(source + ": " + rangePointer +
                             ": expected [first, last], two vertex indices (integers >= 0)");
            const auto first = range[0].get<std::uint64_t>();
            const auto last = range[1].get<std::uint64_t>();
            for (std::size_t k = 0; k < 2; ++k) {
                const auto index = range[k].get<std::uint64_t>();
                if (index >= vertexCount)
                    return Error(source + ": " + appendPointer(rangePointer, k) + ": vertex " +
                                 std::to_string(index) + " is past the base mesh's " +
                                 std::to_string(vertexCount) + " vertices");
            }
            if (first > last)
                return Error(source + ": " + rangePointer + ": the range " + std::to_string(first) +
                             ".." + std::to_string(last) + " ends before it starts");
            ranges.emplace_back(static_cast<std::uint32_t>(first),
                                static_cast<std::uint32_t>(last));
        }
        groups.emplace_back(it.key(), std::move(ranges));
    }
    return groups;
}

MpfbBaseMesh mpfbBaseMesh(const ObjMesh& obj, const MpfbVertexGroups& groups) {
    MpfbBaseMesh mesh;
    mesh.vertices.reserve(obj.positions.size());
    // OBJ is Y up with the face towards +Z; Blender is Z up with the face towards -Y.
    for (const auto& p : obj.positions)
        mesh.vertices.emplace_back(kMpfbBodyScale * p[0], -kMpfbBodyScale * p[2],
                                   kMpfbBodyScale * p[1]);
    for (const auto& [name, ranges] : groups) {
        if (name.find("joint") == std::string::npos)
            continue;
        glm::dvec3 sum(0.0);
        std::size_t count = 0;
        for (const auto& [first, last] : ranges)
            for (std::uint64_t v = first; v <= last; ++v, ++count)
                sum += mesh.vertices.at(v);
        if (count > 0)
            mesh.jointCentres[name] = sum / static_cast<double>(count);
    }
    const auto body = std::find_if(groups.begin(), groups.end(),
                                   [](const auto& group) { return group.first == "body"; });
    double lowest = std::numeric_limits<double>::infinity();
    if (body != groups.end()) {
        for (const auto& [first, last] : body->second)
            for (std::uint64_t v = first; v <= last; ++v)
                lowest = std::min(lowest, mesh.vertices.at(v).z);
    } else {
        for (const glm::dvec3& v : mesh.vertices)
            lowest = std::min(lowest, v.z);
    }
    mesh.groundLift = std::isfinite(lowest) ? -lowest : 0.0;
    return mesh;
}

} // namespace hyperrig::core::io
