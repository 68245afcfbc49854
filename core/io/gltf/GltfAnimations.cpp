// glTF animations kept through a document (docs/interop-gltf.md, "Animations"): their accessors
// are decoded into the JSON (a self-contained form that survives a G4MF save), and the nodes they
// target carry extras.gltf.source, the glTF index the channels name.
#include "core/io/gltf/GltfAccessor.h"
#include "core/io/gltf/GltfImportContext.h"
#include "core/io/gltf/GltfJson.h"

namespace hyperrig::core::io::gltf {
namespace {

constexpr const char* kAccessorTypes[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};

Result<model::OrderedJson> inlineAccessor(const ImportContext& context,
                                          const model::OrderedJson& index,
                                          const std::string& pointer) {
    auto checked =
        checkedIndex(index, pointer, topLevelCount(context.file.json, "accessors"), "accessor");
    if (!checked)
        return checked.error();
    auto data = readAccessor(context.file, *checked, context.limits);
    if (!data)
        return data.error();
    if (data->components > 4)
        return Error(pointer + ": an animation accessor of " + std::to_string(data->components) +
                     " components");
    return model::OrderedJson{{"type", kAccessorTypes[data->components]}, {"values", data->values}};
}

Result<model::OrderedJson> keptAnimation(ImportContext& context, const model::OrderedJson& json,
                                         const std::string& pointer) {
    if (!json.is_object())
        return Error(pointer + ": not an object");
    model::OrderedJson kept = model::OrderedJson::object();
    for (const auto& [key, value] : json.items()) {
        if (key == "samplers") {
            if (!value.is_array())
                return Error(pointer + "/samplers: not an array");
            auto& samplers = kept["samplers"] = model::OrderedJson::array();
            for (std::size_t s = 0; s < value.size(); ++s) {
                const std::string where = pointer + "/samplers/" + std::to_string(s);
                model::OrderedJson sampler = value[s];
                for (const char* side : {"input", "output"}) {
                    const auto* index = member(value[s], side);
                    if (!index)
                        return Error(where + ": no " + side);
                    auto data = inlineAccessor(context, *index, where + "/" + side);
                    if (!data)
                        return data.error();
                    sampler[side] = std::move(*data);
                }
                samplers.push_back(std::move(sampler));
            }
        } else if (key == "channels") {
            if (!value.is_array())
                return Error(pointer + "/channels: not an array");
            for (std::size_t c = 0; c < value.size(); ++c) {
                const auto* target = member(value[c], "target");
                const auto* node = target ? member(*target, "node") : nullptr;
                if (!node)
                    continue; // KHR_animation_pointer and the like: kept as written
                auto index =
                    checkedIndex(*node, pointer + "/channels/" + std::to_string(c) + "/target/node",
                                 context.nodeCount, "node");
                if (!index)
                    return index.error();
                gltfExtras(context.document.node(context.ids[*index]).extra)["source"] = *index;
            }
            kept[key] = value;
        } else {
            kept[key] = value;
        }
    }
    return kept;
}

} // namespace

model::OrderedJson keepAnimations(ImportContext& context) {
    model::OrderedJson kept = model::OrderedJson::array();
    for (std::size_t a = 0; a < topLevelCount(context.file.json, "animations"); ++a) {
        const auto& json = topLevelItem(context.file.json, "animations", a);
        const std::string pointer = "/animations/" + std::to_string(a);
        const auto* extensions = member(json, "extensions");
        if (extensions && member(*extensions, "KHR_character_reference_pose"))
            continue; // read as a bind pose; --reference-pose writes it again
        auto animation = keptAnimation(context, json, pointer);
        if (!animation) {
            // The message starts with the precise pointer: report it there.
            std::string message = animation.error().message();
            std::string where = pointer;
            if (const auto colon = message.find(": ");
                message.rfind("/", 0) == 0 && colon != std::string::npos) {
                where = message.substr(0, colon);
                message = message.substr(colon + 2);
            }
            context.warn("gltf.animation.not-kept", where, message + "; the animation is not kept");
            continue;
        }
        kept.push_back(std::move(*animation));
    }
    return kept;
}

} // namespace hyperrig::core::io::gltf
