// mesh.blend (g4mf.md §10) and meshInstance.blendAmounts -> model::BlendShapes. Structure the
// model cannot hold (a target that is not an object, an accessor that does not exist, amounts
// that are not numbers) is refused with its JSON pointer; data the model can hold although it is
// wrong (indices out of range, counts that differ) is read as stored and left to the validator.
#include "core/io/g4mf/BindPosesExtension.h"
#include "core/io/g4mf/ReadContext.h"

namespace hyperrig::core::io::detail {
namespace {

Result<model::BlendTarget> readBlendTarget(ReadContext& context, const OrderedJson& json,
                                           const std::string& pointer) {
    if (!json.is_object())
        return errorAt(pointer, "a blend target must be an object {indices, offsets}");
    if (!json.contains("offsets"))
        return errorAt(pointer, "a blend target needs 'offsets'");
    model::BlendTarget target;
    auto offsets = ownedAccessor(context, json["offsets"], pointer + "/offsets");
    if (!offsets)
        return offsets.error();
    target.offsets = std::move(*offsets);
    if (json.contains("indices")) {
        auto indices = ownedAccessor(context, json["indices"], pointer + "/indices");
        if (!indices)
            return indices.error();
        target.indices = std::move(*indices);
    }
    target.extra = unknownMembers(json, {"indices", "offsets"});
    return target;
}

// The targets of a shape or an in-between: `position` and `surfaces`; other members stay with
// the caller.
Result<model::BlendTargets> readBlendTargets(ReadContext& context, const OrderedJson& json,
                                             const std::string& pointer) {
    model::BlendTargets targets;
    if (json.contains("position")) {
        auto position = readBlendTarget(context, json["position"], pointer + "/position");
        if (!position)
            return position.error();
        targets.position = std::move(*position);
    }
    if (const auto surfaces = json.find("surfaces"); surfaces != json.end()) {
        if (!surfaces->is_array())
            return errorAt(pointer + "/surfaces", "must be an array");
        for (std::size_t s = 0; s < surfaces->size(); ++s) {
            const OrderedJson& entry = (*surfaces)[s];
            const std::string at = appendPointer(pointer + "/surfaces", s);
            if (!entry.is_object() || !entry.contains("surface"))
                return errorAt(at, "a blend surface entry must be an object with 'surface'");
            const OrderedJson& index = entry["surface"];
            if (!index.is_number_unsigned())
                return errorAt(at + "/surface", "must be a non-negative integer");
            model::BlendSurfaceTargets surface;
            surface.surface = static_cast<std::size_t>(index.get<std::uint64_t>());
            if (entry.contains("normal")) {
                auto normal = readBlendTarget(context, entry["normal"], at + "/normal");
                if (!normal)
                    return normal.error();
                surface.normal = std::move(*normal);
            }
            surface.extra = unknownMembers(entry, {"surface", "normal"});
            targets.surfaces.push_back(std::move(surface));
        }
    }
    return targets;
}

Result<std::vector<model::BlendInbetween>>
readInbetweens(ReadContext& context, const OrderedJson& json, const std::string& pointer) {
    if (!json.is_object() || !json.contains("inbetweens") || !json["inbetweens"].is_array())
        return errorAt(pointer, "must be an object with an 'inbetweens' array");
    std::vector<model::BlendInbetween> list;
    const OrderedJson& items = json["inbetweens"];
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string at = appendPointer(pointer + "/inbetweens", i);
        const OrderedJson& item = items[i];
        if (!item.is_object() || !item.contains("weight") || !item["weight"].is_number())
            return errorAt(at, "an in-between must be an object with a number 'weight'");
        model::BlendInbetween inbetween;
        inbetween.weight = item["weight"].get<double>();
        if (item.contains("name")) {
            if (!item["name"].is_string())
                return errorAt(at + "/name", "must be a string");
            inbetween.name = item["name"].get<std::string>();
        }
        auto targets = readBlendTargets(context, item, at);
        if (!targets)
            return targets.error();
        inbetween.targets = std::move(*targets);
        inbetween.extra = unknownMembers(item, {"name", "weight", "position", "surfaces"});
        list.push_back(std::move(inbetween));
    }
    return list;
}

Result<model::BlendShape> readBlendShape(ReadContext& context, const OrderedJson& json,
                                         const std::string& pointer) {
    if (!json.is_object())
        return errorAt(pointer, "a blend shape must be an object");
    model::BlendShape shape;
    if (json.contains("name")) {
        if (!json["name"].is_string())
            return errorAt(pointer + "/name", "must be a string");
        shape.name = json["name"].get<std::string>();
    }
    auto targets = readBlendTargets(context, json, pointer);
    if (!targets)
        return targets.error();
    shape.targets = std::move(*targets);
    shape.extra = unknownMembers(json, {"name", "position", "surfaces"});
    // The older form's shape-level normal/textureMap targets index the concatenated values of
    // every surface's binding; kept as stored (their accessors stay preserved), not applied.
    if (shape.extra.contains("normal") || shape.extra.contains("textureMap"))
        context.warn("blend.legacy-targets", pointer,
                     "shape-level normal/textureMap targets are the older blend form; kept as "
                     "stored, not applied");
    if (shape.extra.contains("extensions") && shape.extra["extensions"].is_object() &&
        shape.extra["extensions"].contains(kBlendInbetweensExtension)) {
        auto inbetweens =
            readInbetweens(context, shape.extra["extensions"][kBlendInbetweensExtension],
                           pointer + "/extensions/" + kBlendInbetweensExtension);
        if (!inbetweens)
            return inbetweens.error();
        shape.inbetweens = std::move(*inbetweens);
        shape.extra["extensions"].erase(kBlendInbetweensExtension);
        if (shape.extra["extensions"].empty())
            shape.extra.erase("extensions");
    }
    return shape;
}

} // namespace

Result<std::vector<double>> readBlendAmounts(const OrderedJson& json, const std::string& pointer) {
    return numberArray(json, pointer);
}

Result<model::BlendShapes> readBlend(ReadContext& context, const OrderedJson& json,
                                     const std::string& pointer) {
    if (!json.is_object())
        return errorAt(pointer, "blend must be an object {shapes, amounts?}");
    model::BlendShapes blend;
    if (const auto shapes = json.find("shapes"); shapes != json.end()) {
        if (!shapes->is_array())
            return errorAt(pointer + "/shapes", "must be an array");
        for (std::size_t s = 0; s < shapes->size(); ++s) {
            auto shape =
                readBlendShape(context, (*shapes)[s], appendPointer(pointer + "/shapes", s));
            if (!shape)
                return shape.error();
            blend.shapes.push_back(std::move(*shape));
        }
    }
    if (json.contains("amounts")) {
        auto amounts = readBlendAmounts(json["amounts"], pointer + "/amounts");
        if (!amounts)
            return amounts.error();
        blend.amounts = std::move(*amounts);
    }
    blend.extra = unknownMembers(json, {"shapes", "amounts"});
    return blend;
}

} // namespace hyperrig::core::io::detail
