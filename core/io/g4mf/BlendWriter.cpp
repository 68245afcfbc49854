// model::BlendShapes -> mesh.blend (g4mf.md §10), with in-betweens in HyperRig's extension
// HYPERRIG_blend_inbetweens on their shape. Two passes like the rest of the writer: queue every
// accessor with the packer, then write JSON once the packer has assigned indices.
#include "core/io/g4mf/BindPosesExtension.h"
#include "core/io/g4mf/WriteContext.h"

namespace hyperrig::core::io::detail {
namespace {

std::size_t blendWriterAdd(WriteContext& context, const model::NumericArray& array) {
    return context.packer.add(array.values, array.vectorSize, array.componentType,
                              array.sourceAccessor, array.accessorExtra);
}

// Tickets are taken in a fixed walk (shapes; per shape its position, surfaces' normals, then
// each in-between the same way), and given back in the same walk.
void blendWriterQueueTarget(WriteContext& context, const model::BlendTarget& target,
                            std::vector<std::size_t>& tickets) {
    if (target.indices)
        tickets.push_back(blendWriterAdd(context, *target.indices));
    tickets.push_back(blendWriterAdd(context, target.offsets));
}

void blendWriterQueueTargets(WriteContext& context, const model::BlendTargets& targets,
                             std::vector<std::size_t>& tickets) {
    if (targets.position)
        blendWriterQueueTarget(context, *targets.position, tickets);
    for (const auto& surface : targets.surfaces)
        if (surface.normal)
            blendWriterQueueTarget(context, *surface.normal, tickets);
}

struct BlendJsonWriter {
    const WriteContext& context;
    const std::vector<std::size_t>& tickets;
    std::size_t next = 0;

    std::size_t accessor() { return context.packer.accessorIndex(tickets[next++]); }

    OrderedJson target(const model::BlendTarget& value) {
        OrderedJson json = OrderedJson::object();
        if (value.indices)
            json["indices"] = accessor();
        json["offsets"] = accessor();
        for (auto it = value.extra.begin(); it != value.extra.end(); ++it)
            json[it.key()] = it.value();
        return json;
    }

    void targets(const model::BlendTargets& value, OrderedJson& json) {
        if (value.position)
            json["position"] = target(*value.position);
        if (value.surfaces.empty())
            return;
        OrderedJson surfaces = OrderedJson::array();
        for (const auto& surface : value.surfaces) {
            OrderedJson entry = OrderedJson::object();
            entry["surface"] = surface.surface;
            if (surface.normal)
                entry["normal"] = target(*surface.normal);
            for (auto it = surface.extra.begin(); it != surface.extra.end(); ++it)
                entry[it.key()] = it.value();
            surfaces.push_back(std::move(entry));
        }
        json["surfaces"] = std::move(surfaces);
    }
};

} // namespace

std::vector<std::size_t> queueBlend(WriteContext& context, const model::BlendShapes& blend) {
    std::vector<std::size_t> tickets;
    for (const auto& shape : blend.shapes) {
        blendWriterQueueTargets(context, shape.targets, tickets);
        for (const auto& inbetween : shape.inbetweens)
            blendWriterQueueTargets(context, inbetween.targets, tickets);
    }
    return tickets;
}

OrderedJson blendJson(WriteContext& context, const model::BlendShapes& blend,
                      const std::vector<std::size_t>& tickets) {
    BlendJsonWriter writer{context, tickets};
    OrderedJson shapes = OrderedJson::array();
    for (const auto& shape : blend.shapes) {
        OrderedJson json = OrderedJson::object();
        if (shape.name)
            json["name"] = *shape.name;
        writer.targets(shape.targets, json);
        for (auto it = shape.extra.begin(); it != shape.extra.end(); ++it)
            json[it.key()] = it.value();
        if (!shape.inbetweens.empty()) {
            context.usesBlendInbetweens = true;
            OrderedJson list = OrderedJson::array();
            for (const auto& inbetween : shape.inbetweens) {
                OrderedJson item = OrderedJson::object();
                if (inbetween.name)
                    item["name"] = *inbetween.name;
                item["weight"] = number(inbetween.weight);
                writer.targets(inbetween.targets, item);
                for (auto it = inbetween.extra.begin(); it != inbetween.extra.end(); ++it)
                    item[it.key()] = it.value();
                list.push_back(std::move(item));
            }
            if (!json.contains("extensions") || !json["extensions"].is_object())
                json["extensions"] = OrderedJson::object();
            json["extensions"][kBlendInbetweensExtension] = {{"inbetweens", std::move(list)}};
        }
        shapes.push_back(std::move(json));
    }
    OrderedJson json = OrderedJson::object();
    json["shapes"] = std::move(shapes);
    if (blend.amounts)
        json["amounts"] = numbers(*blend.amounts);
    for (auto it = blend.extra.begin(); it != blend.extra.end(); ++it)
        json[it.key()] = it.value();
    return json;
}

} // namespace hyperrig::core::io::detail
