#include "core/io/g4mf/ReadContext.h"

#include <algorithm>
#include <numeric>

namespace hyperrig::core::io::detail {
namespace {

Result<model::Surface> readSurface(ReadContext& context, const OrderedJson& json,
                                   const std::string& pointer) {
    if (!json.is_object())
        return errorAt(pointer, "a surface must be an object");
    model::Surface surface;
    // "cells" is the name before 2025; both mean the same accessor.
    const char* simplexKey = json.contains("simplexes") ? "simplexes" : "cells";
    if (json.contains("simplexes") && json.contains("cells"))
        return errorAt(pointer, "has both simplexes and its old name cells");
    if (json.contains(simplexKey)) {
        if (std::string(simplexKey) == "cells")
            context.warn("surface.legacy-cells", pointer + "/cells",
                         "'cells' is the old name of 'simplexes'; saving writes 'simplexes'");
        auto simplexes = ownedAccessor(context, json[simplexKey], pointer + "/" + simplexKey);
        if (!simplexes)
            return simplexes.error();
        surface.simplexes = std::move(*simplexes);
    }
    if (json.contains("edges")) {
        auto edges = ownedAccessor(context, json["edges"], pointer + "/edges");
        if (!edges)
            return edges.error();
        surface.edges = std::move(*edges);
    }
    surface.extra = unknownMembers(json, {"simplexes", "cells", "edges"});
    return surface;
}

Result<std::vector<std::uint32_t>> indexList(const model::NumericArray& array,
                                             const std::string& pointer) {
    if (array.vectorSize != 1)
        return errorAt(pointer, "skin accessors have vectorSize 1");
    std::vector<std::uint32_t> indices(array.values.size());
    for (std::size_t i = 0; i < array.values.size(); ++i) {
        const double value = array.values[i];
        if (!(value >= 0.0) || value > 4294967295.0 ||
            value != static_cast<double>(static_cast<std::uint64_t>(value)))
            return errorAt(pointer, "entry " + std::to_string(i) + " (" + std::to_string(value) +
                                        ") is not an unsigned 32-bit index");
        indices[i] = static_cast<std::uint32_t>(value);
    }
    return indices;
}

// Skin triples become CSR by vertex. Entries are grouped by vertex with a stable sort, so the
// order within a vertex is the stored order (the validator judges it); a file whose vertices
// were not ascending is reported here because saving will write them ascending.
Result<model::Skin> readSkin(ReadContext& context, const OrderedJson& json,
                             const std::string& pointer, std::size_t vertexCount) {
    if (!json.is_object())
        return errorAt(pointer, "the skin must be an object");
    for (const char* key : {"vertices", "groups", "weights"})
        if (!json.contains(key))
            return errorAt(pointer, std::string("the skin needs '") + key + "'");
    auto vertices = ownedAccessor(context, json["vertices"], pointer + "/vertices");
    if (!vertices)
        return vertices.error();
    auto groups = ownedAccessor(context, json["groups"], pointer + "/groups");
    if (!groups)
        return groups.error();
    auto weights = ownedAccessor(context, json["weights"], pointer + "/weights");
    if (!weights)
        return weights.error();
    auto vertexIndices = indexList(*vertices, pointer + "/vertices");
    if (!vertexIndices)
        return vertexIndices.error();
    auto groupIndices = indexList(*groups, pointer + "/groups");
    if (!groupIndices)
        return groupIndices.error();
    if (weights->vectorSize != 1)
        return errorAt(pointer + "/weights", "skin accessors have vectorSize 1");
    const std::size_t count = vertexIndices->size();
    if (groupIndices->size() != count || weights->values.size() != count)
        return errorAt(pointer, "vertices, groups and weights have " + std::to_string(count) +
                                    ", " + std::to_string(groupIndices->size()) + " and " +
                                    std::to_string(weights->values.size()) +
                                    " entries; they must be equally long");

    model::Skin skin;
    skin.vertexIndexType = vertices->componentType;
    skin.groupIndexType = groups->componentType;
    skin.weightType = weights->componentType;
    skin.sourceVertices = vertices->sourceAccessor;
    skin.sourceGroups = groups->sourceAccessor;
    skin.sourceWeights = weights->sourceAccessor;
    skin.accessorExtra = {vertices->accessorExtra, groups->accessorExtra, weights->accessorExtra};
    skin.offsets.assign(vertexCount + 1, 0);
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t vertex = (*vertexIndices)[i];
        if (vertex >= vertexCount)
            return errorAt(pointer + "/vertices", "entry " + std::to_string(i) + " names vertex " +
                                                      std::to_string(vertex) + ", the mesh has " +
                                                      std::to_string(vertexCount));
        ++skin.offsets[vertex + 1];
    }
    std::partial_sum(skin.offsets.begin(), skin.offsets.end(), skin.offsets.begin());
    const bool ascending = std::is_sorted(vertexIndices->begin(), vertexIndices->end());
    if (!ascending)
        context.warn("skin.vertices.order", pointer + "/vertices",
                     "skin vertices are not in ascending order; saving writes them sorted");
    skin.groups.resize(count);
    skin.weights.resize(count);
    std::vector<std::uint32_t> next(skin.offsets.begin(), skin.offsets.end() - 1);
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t slot = next[(*vertexIndices)[i]]++;
        skin.groups[slot] = (*groupIndices)[i];
        skin.weights[slot] = weights->values[i];
    }
    if (const auto names = json.find("groupNames"); names != json.end()) {
        if (!names->is_array())
            return errorAt(pointer + "/groupNames", "must be an array of strings");
        std::vector<std::string> list;
        for (std::size_t i = 0; i < names->size(); ++i) {
            if (!(*names)[i].is_string())
                return errorAt(appendPointer(pointer + "/groupNames", i), "must be a string");
            list.push_back((*names)[i].get<std::string>());
        }
        skin.groupNames = std::move(list);
    }
    skin.extra = unknownMembers(json, {"vertices", "groups", "weights", "groupNames"});
    return skin;
}

} // namespace

Result<void> readMeshes(ReadContext& context) {
    const auto meshes = context.file.json.find("meshes");
    if (meshes == context.file.json.end())
        return {};
    if (!meshes->is_array())
        return errorAt("/meshes", "must be an array");
    for (std::size_t i = 0; i < meshes->size(); ++i) {
        const OrderedJson& json = (*meshes)[i];
        const std::string pointer = appendPointer("/meshes", i);
        if (!json.is_object())
            return errorAt(pointer, "a mesh must be an object");
        auto mesh = std::make_unique<model::Mesh>();
        mesh->id = context.document.meshes.allocateId();
        if (const auto name = json.find("name"); name != json.end()) {
            if (!name->is_string())
                return errorAt(pointer + "/name", "must be a string");
            mesh->name = name->get<std::string>();
        }
        if (!json.contains("vertices"))
            return errorAt(pointer, "a mesh needs 'vertices'");
        auto vertices = ownedAccessor(context, json["vertices"], pointer + "/vertices");
        if (!vertices)
            return vertices.error();
        mesh->vertices = std::move(*vertices);
        if (const auto surfaces = json.find("surfaces"); surfaces != json.end()) {
            if (!surfaces->is_array())
                return errorAt(pointer + "/surfaces", "must be an array");
            for (std::size_t s = 0; s < surfaces->size(); ++s) {
                auto surface =
                    readSurface(context, (*surfaces)[s], appendPointer(pointer + "/surfaces", s));
                if (!surface)
                    return surface.error();
                mesh->surfaces.push_back(std::move(*surface));
            }
        }
        if (const auto skin = json.find("skin"); skin != json.end()) {
            auto read = readSkin(context, *skin, pointer + "/skin", mesh->vertexCount());
            if (!read)
                return read.error();
            mesh->skin = std::move(*read);
        }
        if (const auto blend = json.find("blend"); blend != json.end()) {
            auto read = readBlend(context, *blend, pointer + "/blend");
            if (!read)
                return read.error();
            mesh->blend = std::move(*read);
        }
        mesh->extra = unknownMembers(json, {"name", "vertices", "surfaces", "skin", "blend"});
        context.meshIds.push_back(mesh->id);
        context.document.meshes.append(std::move(mesh));
    }
    return {};
}

} // namespace hyperrig::core::io::detail
