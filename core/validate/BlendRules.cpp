// mesh.blend (g4mf.md §10), meshInstance.blendAmounts and HyperRig's in-between extension
// (docs/extensions/HYPERRIG_blend_inbetweens.md). Normal targets index a surface's normals
// binding, whose values HyperRig does not decode; their indices are checked for type only.
#include "core/io/g4mf/BindPosesExtension.h"
#include "core/math/NumberFormat.h"
#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <cmath>
#include <set>

namespace hyperrig::core::validate {

namespace {

struct BlendMeshFacts {
    std::size_t meshIndex = 0;
    std::string label;
    std::optional<std::size_t> vertexCount;
    std::size_t surfaceCount = 0;
};

const model::NumericArray* blendAccessor(ValidationContext& context, const std::string& pointer,
                                         const std::string& owner, const OrderedJson& value) {
    const auto index = asIndex(value);
    if (!index || *index >= context.count("accessors")) {
        context.report(rules::kBlendSchema, pointer,
                       owner + " refers to accessor " + describe(value) +
                           ", which is not the index of one of the file's " +
                           countOf(context.count("accessors"), "accessor", "accessors"));
        return nullptr;
    }
    return context.accessorData(static_cast<std::size_t>(*index));
}

// One target {indices?, offsets}. `vertexCount` is set for position targets only: their indices
// address the mesh vertices, and a dense target has one offset per vertex.
void checkBlendTarget(ValidationContext& context, const BlendMeshFacts& mesh,
                      const std::string& pointer, const std::string& owner,
                      const OrderedJson& target, bool position) {
    if (!target.is_object() || !member(target, "offsets")) {
        context.report(rules::kBlendSchema, pointer,
                       owner + " must be an object {indices, offsets}, not " + describe(target));
        return;
    }
    const model::NumericArray* offsets =
        blendAccessor(context, pointer + "/offsets", owner, *member(target, "offsets"));
    if (offsets && context.dimension &&
        static_cast<std::size_t>(offsets->vectorSize) != *context.dimension)
        context.report(rules::kBlendTargetData, pointer + "/offsets",
                       owner + ": offsets have vectorSize " + std::to_string(offsets->vectorSize) +
                           ", but the file is " + std::to_string(*context.dimension) +
                           "-dimensional");
    const OrderedJson* indicesValue = member(target, "indices");
    if (!indicesValue) {
        if (position && offsets && mesh.vertexCount && offsets->elementCount() != *mesh.vertexCount)
            context.report(rules::kBlendTargetData, pointer + "/offsets",
                           owner + " has no indices, so it needs one offset per vertex: " +
                               std::to_string(offsets->elementCount()) + " offsets for " +
                               std::to_string(*mesh.vertexCount) + " vertices");
        return;
    }
    const model::NumericArray* indices =
        blendAccessor(context, pointer + "/indices", owner, *indicesValue);
    if (!indices)
        return;
    if (!model::isUnsigned(indices->componentType) || indices->vectorSize != 1) {
        context.report(rules::kBlendTargetData, pointer + "/indices",
                       owner + ": indices are " +
                           std::string(model::componentTypeName(indices->componentType)) +
                           " with vectorSize " + std::to_string(indices->vectorSize) +
                           "; they must be unsigned integers with vectorSize 1");
        return;
    }
    if (offsets && offsets->elementCount() != indices->values.size())
        context.report(rules::kBlendTargetData, pointer,
                       owner + " has " + std::to_string(indices->values.size()) + " indices but " +
                           std::to_string(offsets->elementCount()) +
                           " offsets; they must be equally many");
    if (!position || !mesh.vertexCount)
        return;
    std::size_t bad = 0;
    std::size_t first = 0;
    for (std::size_t i = 0; i < indices->values.size(); ++i)
        if (!(indices->values[i] < static_cast<double>(*mesh.vertexCount)) && bad++ == 0)
            first = i;
    if (bad > 0)
        context.report(
            rules::kBlendIndicesRange, pointer + "/indices",
            owner + " moves vertex " + math::formatNumber(indices->values[first]) + " (entry " +
                std::to_string(first) + "), but the mesh has " + std::to_string(*mesh.vertexCount) +
                " vertices" +
                (bad > 1 ? " (" + std::to_string(bad) + " indices out of range)" : std::string()));
}

// `position` and `surfaces` of a shape or an in-between.
void checkBlendTargets(ValidationContext& context, const BlendMeshFacts& mesh,
                       const std::string& pointer, const std::string& owner,
                       const OrderedJson& json) {
    if (const OrderedJson* position = member(json, "position"))
        checkBlendTarget(context, mesh, pointer + "/position", owner + " position target",
                         *position, true);
    const OrderedJson* surfaces = member(json, "surfaces");
    if (!surfaces)
        return;
    if (!surfaces->is_array()) {
        context.report(rules::kBlendSchema, pointer + "/surfaces",
                       owner + ": surfaces must be an array, not " + describe(*surfaces));
        return;
    }
    std::set<std::uint64_t> seen;
    for (std::size_t s = 0; s < surfaces->size(); ++s) {
        const OrderedJson& entry = (*surfaces)[s];
        const std::string at = appendPointer(pointer + "/surfaces", s);
        const OrderedJson* surface = entry.is_object() ? member(entry, "surface") : nullptr;
        const auto index = surface ? asIndex(*surface) : std::nullopt;
        if (!index || *index >= mesh.surfaceCount) {
            context.report(rules::kBlendSchema, surface ? at + "/surface" : at,
                           owner + ": surfaces entry " + std::to_string(s) +
                               " must name one of the mesh's " +
                               countOf(mesh.surfaceCount, "surface", "surfaces") + ", not " +
                               describe(surface ? *surface : entry));
            continue;
        }
        if (!seen.insert(*index).second)
            context.report(rules::kBlendSchema, at + "/surface",
                           owner + " lists surface " + std::to_string(*index) +
                               " twice; each surface appears at most once per shape");
        if (const OrderedJson* normal = member(entry, "normal"))
            checkBlendTarget(context, mesh, at + "/normal",
                             owner + " surface " + std::to_string(*index) + " normal target",
                             *normal, false);
    }
}

void checkInbetweens(ValidationContext& context, const BlendMeshFacts& mesh,
                     const std::string& pointer, const std::string& owner,
                     const OrderedJson& extension) {
    const OrderedJson* list = extension.is_object() ? member(extension, "inbetweens") : nullptr;
    if (!list || !list->is_array()) {
        context.report(rules::kBlendSchema, pointer,
                       owner + ": " + io::kBlendInbetweensExtension +
                           " must be an object with an inbetweens array");
        return;
    }
    std::set<double> weights;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const OrderedJson& item = (*list)[i];
        const std::string at = appendPointer(pointer + "/inbetweens", i);
        const std::string what = owner + " in-between " + std::to_string(i);
        const OrderedJson* weight = item.is_object() ? member(item, "weight") : nullptr;
        const auto value = weight ? asNumber(*weight) : std::nullopt;
        // The null shape (0) and the shape itself (1) are implicit; two in-betweens at one
        // weight leave the interpolation ambiguous (UsdSkel's BlendShape schema).
        if (!value || !std::isfinite(*value) || *value == 0.0 || *value == 1.0 ||
            !weights.insert(*value).second) {
            context.report(rules::kBlendSchema, weight ? at + "/weight" : at,
                           what +
                               " needs a weight other than 0, 1 and the other in-betweens', "
                               "not " +
                               describe(weight ? *weight : item));
            continue;
        }
        checkBlendTargets(context, mesh, at, what, item);
    }
}

void checkAmounts(ValidationContext& context, const std::string& pointer, const std::string& owner,
                  const OrderedJson& amounts, std::size_t shapeCount) {
    if (!isNumberArray(amounts)) {
        context.report(rules::kBlendAmountsCount, pointer,
                       owner + " must be an array of numbers, not " + describe(amounts));
        return;
    }
    if (amounts.size() != shapeCount)
        context.report(rules::kBlendAmountsCount, pointer,
                       owner + " has " + countOf(amounts.size(), "amount", "amounts") +
                           ", but the mesh has " +
                           countOf(shapeCount, "blend shape", "blend shapes"));
}

// The number of shapes of mesh `index`, when its blend is readable enough to say.
std::size_t blendShapeCount(const OrderedJson* mesh) {
    const OrderedJson* blend = mesh ? member(*mesh, "blend") : nullptr;
    const OrderedJson* shapes = blend && blend->is_object() ? member(*blend, "shapes") : nullptr;
    return shapes && shapes->is_array() ? shapes->size() : 0;
}

void checkBlend(ValidationContext& context, std::size_t meshIndex, const OrderedJson& meshJson,
                const OrderedJson& blend) {
    const std::string pointer = "/meshes/" + std::to_string(meshIndex) + "/blend";
    BlendMeshFacts mesh;
    mesh.meshIndex = meshIndex;
    mesh.label = context.meshLabel(meshIndex);
    if (const OrderedJson* vertices = member(meshJson, "vertices"))
        if (const auto index = asIndex(*vertices); index && *index < context.count("accessors"))
            if (const auto* data = context.accessorData(static_cast<std::size_t>(*index)))
                mesh.vertexCount = data->elementCount();
    if (const OrderedJson* surfaces = member(meshJson, "surfaces");
        surfaces && surfaces->is_array())
        mesh.surfaceCount = surfaces->size();
    const OrderedJson* shapes = blend.is_object() ? member(blend, "shapes") : nullptr;
    if (!shapes || !shapes->is_array()) {
        context.report(rules::kBlendSchema, shapes ? pointer + "/shapes" : pointer,
                       mesh.label + ": blend must be an object with a shapes array");
        return;
    }
    for (std::size_t s = 0; s < shapes->size(); ++s) {
        const OrderedJson& shape = (*shapes)[s];
        const std::string at = appendPointer(pointer + "/shapes", s);
        const std::string owner =
            mesh.label + " blend shape " + std::to_string(s) +
            (shape.is_object() && member(shape, "name") ? " " + describe(*member(shape, "name"))
                                                        : std::string());
        if (!shape.is_object()) {
            context.report(rules::kBlendSchema, at,
                           owner + " must be an object, not " + describe(shape));
            continue;
        }
        checkBlendTargets(context, mesh, at, owner, shape);
        const OrderedJson* extensions = member(shape, "extensions");
        if (const OrderedJson* ours = extensions && extensions->is_object()
                                          ? member(*extensions, io::kBlendInbetweensExtension)
                                          : nullptr)
            checkInbetweens(context, mesh,
                            at + "/extensions/" + std::string(io::kBlendInbetweensExtension), owner,
                            *ours);
    }
    if (const OrderedJson* amounts = member(blend, "amounts"))
        checkAmounts(context, pointer + "/amounts", mesh.label + " blend amounts", *amounts,
                     shapes->size());
}

} // namespace

void checkBlendShapes(ValidationContext& context) {
    if (const OrderedJson* meshes = context.array("meshes"))
        for (std::size_t i = 0; i < meshes->size(); ++i)
            if ((*meshes)[i].is_object())
                if (const OrderedJson* blend = member((*meshes)[i], "blend"))
                    checkBlend(context, i, (*meshes)[i], *blend);
    const OrderedJson* nodes = context.array("nodes");
    for (std::size_t n = 0; nodes && n < nodes->size(); ++n) {
        const OrderedJson* node = context.item("nodes", n);
        const OrderedJson* instance = node ? member(*node, "meshInstance") : nullptr;
        const OrderedJson* amounts =
            instance && instance->is_object() ? member(*instance, "blendAmounts") : nullptr;
        const auto shown = context.meshInstance(n);
        if (!amounts || !shown)
            continue;
        checkAmounts(context, shown->pointer + "/blendAmounts",
                     context.nodeLabel(n) + " blendAmounts", *amounts,
                     blendShapeCount(context.item("meshes", shown->mesh)));
    }
}

} // namespace hyperrig::core::validate
