// UsdSkel BlendShape prims -> model blend shapes (docs/interop-usd.md, "Blend shapes";
// decisions 0052, 0053), and the model's shapes back in UsdSkel's form for the .usda writer.
#include "core/io/usd/UsdBlendShapes.h"

#include "core/io/usd/UsdImportContext.h"
#include "core/io/usd/UsdMath.h"
#include "core/io/usd/UsdValueJson.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_map>

namespace hyperrig::core::io::usd {
namespace {

constexpr const char* kUsdInbetweenPrefix = "inbetweens:";
constexpr const char* kUsdNormalOffsetsSuffix = ":normalOffsets";
// UsdSkel's tolerance for an in-between at the implicit weights 0 and 1 (usdskel.md §10).
constexpr double kUsdInbetweenEpsilon = 1e-6;

bool usdEndsWith(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Offsets (3-tuples) of `property`, moved into mesh space as vectors.
std::optional<std::vector<double>> usdShapeOffsets(ImportContext& context, const Prim& shape,
                                                   const Property& property,
                                                   const math::BasisN& toMesh) {
    const Value* value = usdStaticValue(context, shape, property);
    auto numbers = value ? usdNumberList(*value, 3) : std::nullopt;
    if (!numbers)
        return std::nullopt;
    for (std::size_t i = 0; i + 2 < numbers->size(); i += 3) {
        const auto moved =
            toMesh * math::VectorN{(*numbers)[i], (*numbers)[i + 1], (*numbers)[i + 2]};
        for (std::size_t c = 0; c < 3; ++c)
            (*numbers)[i + c] = moved[static_cast<int>(c)];
    }
    return numbers;
}

model::BlendTarget usdTarget(const model::NumericArray& indices, std::vector<double> offsets) {
    model::BlendTarget target;
    target.indices = indices;
    target.offsets.componentType = model::ComponentType::Float32;
    target.offsets.vectorSize = 3;
    target.offsets.values = std::move(offsets);
    return target;
}

} // namespace

std::optional<model::BlendShape> usdBlendShapeOf(ImportContext& context, const std::string& token,
                                                 const Prim& shape, const math::BasisN& toMesh,
                                                 std::size_t vertexCount) {
    auto refuse = [&](const TextPlace& place, const std::string& why) {
        context.warn("usd.blend-shapes.unreadable", place,
                     "BlendShape " + shape.path + " " + why +
                         "; kept as JSON in the mesh's extras.usd.blendShapes, not applied");
        return std::nullopt;
    };
    // offsets may be unauthored: the shape then moves no point at weight 1 (its in-betweens and
    // normal offsets still count; OpenUSD's test file blendshapesWithNormals does this).
    const Property* offsetsProperty = shape.property("offsets");
    std::optional<std::vector<double>> offsets;
    if (offsetsProperty) {
        offsets = usdShapeOffsets(context, shape, *offsetsProperty, toMesh);
        if (!offsets)
            return refuse(offsetsProperty->place, "has offsets that are not a list of 3-tuples");
    }

    // pointIndices, or every point in order: G4MF targets always carry their indices.
    model::NumericArray indices;
    indices.componentType = model::smallestUnsignedTypeFor(vertexCount);
    indices.vectorSize = 1;
    if (const Property* property = shape.property("pointIndices")) {
        const Value* value = usdStaticValue(context, shape, *property);
        auto numbers = value ? usdNumberList(*value, 1) : std::nullopt;
        if (!numbers)
            return refuse(property->place, "has pointIndices that are not a list of integers");
        for (std::size_t i = 0; i < numbers->size(); ++i) {
            const double index = (*numbers)[i];
            if (!(index >= 0) || index >= static_cast<double>(vertexCount) ||
                index != std::floor(index))
                return refuse(property->place, "has pointIndices[" + std::to_string(i) + "] = " +
                                                   std::to_string(index) + ", not one of the " +
                                                   std::to_string(vertexCount) + " points");
        }
        if (offsets && numbers->size() != offsets->size() / 3)
            return refuse(property->place, "has " + std::to_string(numbers->size()) +
                                               " pointIndices but " +
                                               std::to_string(offsets->size() / 3) + " offsets");
        indices.values = std::move(*numbers);
    } else {
        if (offsets && offsets->size() / 3 != vertexCount)
            return refuse(offsetsProperty->place, "has " + std::to_string(offsets->size() / 3) +
                                                      " offsets and no pointIndices, but " +
                                                      std::to_string(vertexCount) + " points");
        for (std::size_t v = 0; v < vertexCount; ++v)
            indices.values.push_back(static_cast<double>(v));
    }
    const std::size_t count = indices.values.size();

    model::BlendShape result;
    result.name = token;
    if (offsets)
        result.targets.position = usdTarget(indices, std::move(*offsets));
    model::OrderedJson kept = model::OrderedJson::object();
    bool normals = false;
    for (const Property& property : shape.properties) {
        const bool inbetween = property.name.rfind(kUsdInbetweenPrefix, 0) == 0 &&
                               !usdEndsWith(property.name, kUsdNormalOffsetsSuffix);
        normals |= usdEndsWith(property.name, "normalOffsets");
        if (!inbetween) {
            if (property.name != "offsets" && property.name != "pointIndices")
                kept[property.name] = usdPropertyJson(property);
            continue;
        }
        const auto* weight = findMetadata(property.metadata, "weight");
        const bool numeric = weight && weight->value.kind == Value::Kind::Number &&
                             std::isfinite(weight->value.number);
        const std::string name = property.name.substr(std::string(kUsdInbetweenPrefix).size());
        auto values = usdShapeOffsets(context, shape, property, toMesh);
        std::string problem;
        if (!numeric)
            problem = "has no weight";
        else if (std::abs(weight->value.number) < kUsdInbetweenEpsilon ||
                 std::abs(weight->value.number - 1.0) < kUsdInbetweenEpsilon)
            problem = "has weight " + std::to_string(weight->value.number) +
                      ", which UsdSkel reserves for the null shape (0) and the shape (1)";
        else if (!values || values->size() != 3 * count)
            problem = "does not have one 3-tuple per offset of the shape";
        if (!problem.empty()) {
            context.warn("usd.blend-shapes.inbetween", property.place,
                         "in-between " + property.name + " of BlendShape " + shape.path + " " +
                             problem + "; ignored, as OpenUSD ignores it (kept in extras.usd)");
            kept[property.name] = usdPropertyJson(property);
            continue;
        }
        model::BlendInbetween item;
        item.name = name;
        item.weight = weight->value.number;
        item.targets.position = usdTarget(indices, std::move(*values));
        result.inbetweens.push_back(std::move(item));
    }
    if (normals)
        context.warn("usd.blend-shapes.normal-offsets", shape.place,
                     "the normalOffsets of BlendShape " + shape.path +
                         " are kept in the shape's extras.usd.properties, not applied: the "
                         "mesh's normals are kept as a primvar, not as G4MF normals");
    auto& usd = usdExtras(result.extra);
    usd["path"] = shape.path;
    if (!kept.empty())
        usd["properties"] = std::move(kept);
    return result;
}

Result<std::vector<UsdBlendShapeOut>> usdBlendShapesForExport(const model::Mesh& mesh,
                                                              const math::BasisN& meshToPrim) {
    std::vector<UsdBlendShapeOut> shapes;
    if (!mesh.blend)
        return shapes;
    const std::size_t vertexCount = mesh.vertexCount();
    const std::string label = "mesh '" + mesh.name.value_or("") + "'";
    for (std::size_t s = 0; s < mesh.blend->shapes.size(); ++s) {
        const model::BlendShape& shape = mesh.blend->shapes[s];
        UsdBlendShapeOut out;
        out.name = shape.name.value_or("Shape" + std::to_string(s));
        if (const auto* usd = shape.extra.contains("extras") && shape.extra["extras"].is_object() &&
                                      shape.extra["extras"].contains("usd")
                                  ? &shape.extra["extras"]["usd"]
                                  : nullptr;
            usd && usd->is_object() && usd->contains("properties"))
            out.keptProperties = (*usd)["properties"];
        // One offset per point of the union of every sub-shape's indices (UsdSkel's in-betweens
        // share the shape's pointIndices): offset sums per point, zeros where a sub-shape has none.
        // The shape's own entries keep their order (normalOffsets the import kept follow it);
        // points only an in-between moves come after them.
        std::vector<const model::BlendTargets*> subShapes{&shape.targets};
        for (const auto& inbetween : shape.inbetweens)
            subShapes.push_back(&inbetween.targets);
        std::vector<std::size_t> order;
        std::unordered_map<std::size_t, std::size_t> entryOf;
        std::vector<std::vector<std::array<double, 3>>> entries;
        for (std::size_t k = 0; k < subShapes.size(); ++k) {
            const auto& target = subShapes[k]->position;
            if (!target)
                continue;
            const auto width = static_cast<std::size_t>(std::max(target->offsets.vectorSize, 0));
            if (width < 3)
                return Error(label + ", blend shape '" + out.name + "': offsets are not 3-vectors");
            for (std::size_t i = 0; i < target->entryCount(); ++i) {
                const double at = target->indices ? target->indices->values[i] : double(i);
                if (!(at >= 0.0) || at >= static_cast<double>(vertexCount))
                    return Error(label + ", blend shape '" + out.name + "' moves vertex " +
                                 std::to_string(at) + "; the mesh has " +
                                 std::to_string(vertexCount));
                const auto point = static_cast<std::size_t>(at);
                auto [slot, added] = entryOf.try_emplace(point, order.size());
                if (added) {
                    order.push_back(point);
                    entries.emplace_back(subShapes.size(), std::array<double, 3>{0.0, 0.0, 0.0});
                }
                const auto moved =
                    meshToPrim * math::VectorN{target->offsets.values[i * width],
                                               target->offsets.values[i * width + 1],
                                               target->offsets.values[i * width + 2]};
                for (std::size_t c = 0; c < 3; ++c)
                    entries[slot->second][k][c] += moved[static_cast<int>(c)];
            }
        }
        bool dense = order.size() == vertexCount && vertexCount > 0;
        for (std::size_t i = 0; dense && i < order.size(); ++i)
            dense = order[i] == i;
        out.inbetweens.resize(shape.inbetweens.size());
        for (std::size_t k = 1; k < subShapes.size(); ++k) {
            out.inbetweens[k - 1].name =
                shape.inbetweens[k - 1].name.value_or("inbetween" + std::to_string(k - 1));
            out.inbetweens[k - 1].weight = shape.inbetweens[k - 1].weight;
        }
        for (std::size_t e = 0; e < order.size(); ++e) {
            if (!dense)
                out.pointIndices.push_back(static_cast<long long>(order[e]));
            out.offsets.insert(out.offsets.end(), entries[e][0].begin(), entries[e][0].end());
            for (std::size_t k = 1; k < subShapes.size(); ++k)
                out.inbetweens[k - 1].offsets.insert(out.inbetweens[k - 1].offsets.end(),
                                                     entries[e][k].begin(), entries[e][k].end());
        }
        shapes.push_back(std::move(out));
    }
    return shapes;
}

} // namespace hyperrig::core::io::usd
