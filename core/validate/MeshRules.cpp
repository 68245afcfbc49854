#include "core/math/NumberFormat.h"
#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

namespace hyperrig::core::validate {

namespace {

std::string componentName(const model::NumericArray& data) {
    return std::string(model::componentTypeName(data.componentType));
}

// An accessor reference of a mesh or surface; nullptr (after reporting) when it is not usable.
const model::NumericArray* referencedAccessor(ValidationContext& context,
                                              const std::string& pointer, const std::string& owner,
                                              const OrderedJson& value) {
    const auto index = asIndex(value);
    if (!index || *index >= context.count("accessors")) {
        context.report(rules::kMeshAccessorIndex, pointer,
                       owner + " refers to accessor " + describe(value) +
                           ", which is not the index of one of the file's " +
                           countOf(context.count("accessors"), "accessor", "accessors"));
        return nullptr;
    }
    return context.accessorData(static_cast<std::size_t>(*index));
}

// Simplex or edge indices: unsigned integers below the vertex count. Out-of-range indices are
// counted and reported once per accessor with the first offender.
void checkIndices(ValidationContext& context, const std::string& pointer, const std::string& what,
                  const model::NumericArray& data, std::optional<std::size_t> vertexCount) {
    if (!model::isUnsigned(data.componentType)) {
        context.report(rules::kMeshIndicesType, pointer,
                       what + " are stored as " + componentName(data) +
                           "; vertex indices must be an unsigned integer type (uint8 … uint64)");
        return;
    }
    if (!vertexCount)
        return;
    std::size_t bad = 0;
    std::size_t first = 0;
    for (std::size_t i = 0; i < data.values.size(); ++i)
        if (!(data.values[i] < static_cast<double>(*vertexCount)) && bad++ == 0)
            first = i;
    if (bad > 0)
        context.report(
            rules::kMeshIndicesRange, pointer,
            what + " use vertex index " + math::formatNumber(data.values[first]) + " (component " +
                std::to_string(first) + "), but the mesh has " + std::to_string(*vertexCount) +
                " vertices" +
                (bad > 1 ? " (" + std::to_string(bad) + " indices out of range)" : std::string()));
}

void checkSurface(ValidationContext& context, std::size_t meshIndex, std::size_t surfaceIndex,
                  const OrderedJson& surface, std::optional<std::size_t> vertexCount) {
    const std::string pointer =
        "/meshes/" + std::to_string(meshIndex) + "/surfaces/" + std::to_string(surfaceIndex);
    const std::string owner =
        context.meshLabel(meshIndex) + " surface " + std::to_string(surfaceIndex);
    if (!surface.is_object()) {
        context.report(rules::kMeshSchema, pointer,
                       owner + " must be an object, not " + describe(surface));
        return;
    }
    // "simplexes" since 2025; older files say "cells" (g4mf.md §3).
    const char* simplexKey = member(surface, "simplexes") ? "simplexes" : "cells";
    if (const OrderedJson* value = member(surface, simplexKey)) {
        const std::string simplexPointer = pointer + "/" + simplexKey;
        if (const auto* data = referencedAccessor(context, simplexPointer, owner, *value)) {
            const auto dimension = context.dimension;
            if (dimension && static_cast<std::size_t>(data->vectorSize) != *dimension)
                context.report(rules::kMeshSimplexesVectorSize, simplexPointer,
                               owner + ": simplexes have vectorSize " +
                                   std::to_string(data->vectorSize) + ", but a " +
                                   std::to_string(*dimension) + "D simplex has " +
                                   std::to_string(*dimension) + " vertices");
            checkIndices(context, simplexPointer, owner + " simplexes", *data, vertexCount);
        }
    }
    if (const OrderedJson* value = member(surface, "edges")) {
        const std::string edgePointer = pointer + "/edges";
        if (const auto* data = referencedAccessor(context, edgePointer, owner, *value)) {
            if (data->vectorSize != 2)
                context.report(rules::kMeshEdgesVectorSize, edgePointer,
                               owner + ": edges have vectorSize " +
                                   std::to_string(data->vectorSize) + "; an edge has 2 vertices");
            checkIndices(context, edgePointer, owner + " edges", *data, vertexCount);
        }
    }
}

void checkMesh(ValidationContext& context, std::size_t meshIndex, const OrderedJson& mesh) {
    const std::string pointer = "/meshes/" + std::to_string(meshIndex);
    const std::string label = context.meshLabel(meshIndex);
    std::optional<std::size_t> vertexCount;
    if (const OrderedJson* value = member(mesh, "vertices"); !value) {
        context.report(rules::kMeshSchema, pointer, label + " has no vertices accessor");
    } else if (const auto* data =
                   referencedAccessor(context, pointer + "/vertices", label, *value)) {
        vertexCount = data->elementCount();
        const auto dimension = context.dimension;
        if (dimension && static_cast<std::size_t>(data->vectorSize) != *dimension)
            context.report(rules::kMeshVerticesVectorSize, pointer + "/vertices",
                           label + ": vertices have vectorSize " +
                               std::to_string(data->vectorSize) + ", but the file is " +
                               std::to_string(*dimension) + "-dimensional");
        // godot-4d exports integer and float8 vertices when lossless (g4mf.md §8.2), so a
        // non-float type is legal; it is still usually a sign of quantised data.
        if (!model::isFloat(data->componentType))
            context.report(rules::kMeshVerticesType, pointer + "/vertices",
                           label + ": vertices are stored as " + componentName(*data) +
                               "; vertex positions should be a float type");
    }
    const OrderedJson* surfaces = member(mesh, "surfaces");
    if (!surfaces || !surfaces->is_array() || surfaces->empty()) {
        context.report(rules::kMeshSchema, surfaces ? pointer + "/surfaces" : pointer,
                       label + " needs a surfaces array with at least one surface" +
                           (surfaces && !surfaces->is_array() ? ", not " + describe(*surfaces)
                                                              : std::string()));
        return;
    }
    for (std::size_t s = 0; s < surfaces->size(); ++s)
        checkSurface(context, meshIndex, s, (*surfaces)[s], vertexCount);
}

} // namespace

void checkMeshes(ValidationContext& context) {
    const OrderedJson* meshes = context.array("meshes");
    if (!meshes)
        return;
    for (std::size_t i = 0; i < meshes->size(); ++i)
        if ((*meshes)[i].is_object())
            checkMesh(context, i, (*meshes)[i]);
}

} // namespace hyperrig::core::validate
