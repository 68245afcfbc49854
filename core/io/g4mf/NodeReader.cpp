#include "core/io/g4mf/BindPosesExtension.h"
#include "core/io/g4mf/ReadContext.h"
#include "core/model/BindPose.h"
#include "core/model/JsonDump.h"

namespace hyperrig::core::io::detail {
namespace {

// Looks `index` up in a top-level array (classic "lights"/"models", current "files").
Result<OrderedJson> topLevelEntry(const ReadContext& context, const char* array,
                                  const OrderedJson& index, const std::string& pointer) {
    const auto it = context.file.json.find(array);
    const std::size_t count = it != context.file.json.end() && it->is_array() ? it->size() : 0;
    auto checked = indexValue(index, count, pointer, array);
    if (!checked)
        return checked.error();
    return (*it)[*checked];
}

Result<model::Bone> readBone(ReadContext& context, const OrderedJson& json,
                             const std::string& pointer) {
    if (!json.is_object())
        return errorAt(pointer, "bone must be an object");
    model::Bone bone;
    for (const char* key : {"length", "mass"}) {
        const auto it = json.find(key);
        if (it == json.end())
            continue;
        if (!it->is_number())
            return errorAt(pointer + "/" + key, "must be a number");
        (std::string(key) == "length" ? bone.length : bone.mass) = it->get<double>();
    }
    if (const auto it = json.find("shape"); it != json.end()) {
        auto index = indexValue(*it, context.shapeIds.size(), pointer + "/shape", "shape");
        if (!index)
            return index.error();
        bone.shape = context.shapeIds[*index];
    }
    bone.extra = unknownMembers(json, {"length", "mass", "shape"});
    return bone;
}

Result<std::vector<model::BindPose>> readBindPoses(const OrderedJson& json,
                                                   const std::string& pointer) {
    if (!json.is_object() || !json.contains("poses") || !json["poses"].is_array())
        return errorAt(pointer, "needs a 'poses' array");
    std::vector<model::BindPose> poses;
    const OrderedJson& list = json["poses"];
    for (std::size_t p = 0; p < list.size(); ++p) {
        const std::string posePointer = appendPointer(pointer + "/poses", p);
        const OrderedJson& entry = list[p];
        if (!entry.is_object() || !entry.contains("poseType") || !entry["poseType"].is_string() ||
            !entry.contains("bindPoses") || !entry["bindPoses"].is_array())
            return errorAt(posePointer, "a pose needs a poseType string and a bindPoses array");
        model::BindPose pose;
        if (!model::parsePoseType(entry["poseType"].get<std::string>(), pose.type))
            return errorAt(posePointer + "/poseType", "'" + entry["poseType"].get<std::string>() +
                                                          "' is not TPose, APose, IPose or Custom");
        const OrderedJson& joints = entry["bindPoses"];
        for (std::size_t j = 0; j < joints.size(); ++j) {
            const std::string jointPointer = appendPointer(posePointer + "/bindPoses", j);
            if (!joints[j].is_object() || !joints[j].contains("position") ||
                !joints[j].contains("basis"))
                return errorAt(jointPointer, "needs position and basis");
            model::JointPose joint;
            auto position = numberArray(joints[j]["position"], jointPointer + "/position");
            if (!position)
                return position.error();
            auto basis = numberArray(joints[j]["basis"], jointPointer + "/basis");
            if (!basis)
                return basis.error();
            joint.position = std::move(*position);
            joint.basis = std::move(*basis);
            joint.extra = unknownMembers(joints[j], {"position", "basis"});
            pose.joints.push_back(std::move(joint));
        }
        pose.extra = unknownMembers(entry, {"poseType", "bindPoses"});
        poses.push_back(std::move(pose));
    }
    return poses;
}

Result<model::Skeleton> readSkeleton(ReadContext& context, const OrderedJson& json,
                                     const std::string& pointer) {
    if (!json.is_object())
        return errorAt(pointer, "skeleton must be an object");
    model::Skeleton skeleton;
    if (const auto joints = json.find("joints"); joints != json.end()) {
        if (!joints->is_array())
            return errorAt(pointer + "/joints", "must be an array of node indices");
        skeleton.writeJoints = true;
        for (std::size_t i = 0; i < joints->size(); ++i) {
            const OrderedJson& value = (*joints)[i];
            const std::string slotPointer = appendPointer(pointer + "/joints", i);
            if (value.is_number_integer() && value.get<long long>() == -1) {
                skeleton.joints.emplace_back(std::nullopt);
                continue;
            }
            auto index = indexValue(value, context.nodeIds.size(), slotPointer, "node");
            if (!index)
                return index.error();
            skeleton.joints.emplace_back(context.nodeIds[*index]);
        }
    }
    skeleton.extra = unknownMembers(json, {"joints"});
    if (skeleton.extra.contains("extensions") && skeleton.extra["extensions"].is_object() &&
        skeleton.extra["extensions"].contains(kBindPosesExtension)) {
        auto poses = readBindPoses(skeleton.extra["extensions"][kBindPosesExtension],
                                   pointer + "/extensions/" + kBindPosesExtension);
        if (!poses)
            return poses.error();
        skeleton.bindPoses = std::move(*poses);
        skeleton.extra["extensions"].erase(kBindPosesExtension);
        // The writer recreates "extensions" for the poses; an object that only held them goes.
        if (skeleton.extra["extensions"].empty())
            skeleton.extra.erase("extensions");
    }
    return skeleton;
}

// The component of a node, in whichever revision it was written (g4mf.md §3).
Result<model::Component> readComponent(ReadContext& context, const OrderedJson& json,
                                       const std::string& pointer) {
    constexpr const char* kComponentKeys[] = {
        "bone",  "camera",        "light",   "mesh",     "meshInstance",
        "model", "modelInstance", "physics", "skeleton", "boneLength"};
    std::string found;
    for (const char* key : kComponentKeys) {
        if (!json.contains(key))
            continue;
        if (std::string(key) == "boneLength" && json[key].is_number() &&
            json[key].get<double>() == -1.0)
            continue; // the oldest revision's "not a bone"
        if (!found.empty())
            return errorAt(pointer, "has both '" + found + "' and '" + key +
                                        "'; a node is at most one thing");
        found = key;
    }
    if (found.empty())
        return model::Component{};
    const OrderedJson& value = json[found];
    const std::string at = pointer + "/" + found;
    if (found == "bone") {
        auto bone = readBone(context, value, at);
        if (!bone)
            return bone.error();
        return model::Component{std::move(*bone)};
    }
    if (found == "boneLength") {
        if (!value.is_number() || value.get<double>() < 0.0)
            return errorAt(at, "boneLength must be a number >= 0, or -1 for no bone");
        context.warn("node.legacy-bone-length", at,
                     "'boneLength' is the oldest bone form; saving writes 'bone': {'length'}");
        model::Bone bone;
        bone.length = value.get<double>();
        return model::Component{bone};
    }
    if (found == "skeleton") {
        auto skeleton = readSkeleton(context, value, at);
        if (!skeleton)
            return skeleton.error();
        return model::Component{std::move(*skeleton)};
    }
    if (found == "mesh" || found == "meshInstance") {
        model::MeshInstance instance;
        const OrderedJson* index = &value;
        if (found == "meshInstance") {
            context.sawCurrentForm = true;
            if (!value.is_object() || !value.contains("mesh"))
                return errorAt(at, "meshInstance must be an object with 'mesh'");
            index = &value["mesh"];
            if (value.contains("blendAmounts")) {
                auto amounts = readBlendAmounts(value["blendAmounts"], at + "/blendAmounts");
                if (!amounts)
                    return amounts.error();
                instance.blendAmounts = std::move(*amounts);
            }
            instance.extra = unknownMembers(value, {"mesh", "blendAmounts"});
        } else {
            context.sawClassicForm = true;
        }
        auto mesh =
            indexValue(*index, context.meshIds.size(), found == "mesh" ? at : at + "/mesh", "mesh");
        if (!mesh)
            return mesh.error();
        instance.mesh = context.meshIds[*mesh];
        return model::Component{instance};
    }
    if (found == "light") {
        model::LightComponent light;
        if (value.is_object()) {
            context.sawCurrentForm = true;
            light.light = value;
        } else {
            context.sawClassicForm = true;
            auto entry = topLevelEntry(context, "lights", value, at);
            if (!entry)
                return entry.error();
            // The current revision writes the light inline, where anything but an object
            // would read back as a classic index.
            if (!entry->is_object())
                return errorAt(at, "names lights item " + model::jsonText(value) + ", which is " +
                                       std::string(entry->type_name()) + ", not an object");
            light.light = std::move(*entry);
        }
        return model::Component{light};
    }
    if (found == "model" || found == "modelInstance") {
        model::ModelComponent component;
        if (found == "model") {
            context.sawClassicForm = true;
            auto entry = topLevelEntry(context, "models", value, at);
            if (!entry)
                return entry.error();
            component.file = std::move(*entry);
            return model::Component{component};
        }
        context.sawCurrentForm = true;
        if (!value.is_object() || !(value.contains("file") || value.contains("model")))
            return errorAt(at, "modelInstance must be an object with 'file'");
        // 'model' indexes models[] (2026-01 to 2026-03); 'file' indexes files[].
        const bool byFile = value.contains("file");
        auto entry =
            topLevelEntry(context, byFile ? "files" : "models", value[byFile ? "file" : "model"],
                          at + (byFile ? "/file" : "/model"));
        if (!entry)
            return entry.error();
        component.file = std::move(*entry);
        component.instance = unknownMembers(value, {"file", "model"});
        return model::Component{component};
    }
    return model::Component{model::OpaqueComponent{found, value}};
}

Result<void> readTransform(const OrderedJson& json, const std::string& pointer,
                           model::NodeTransform& transform) {
    for (const char* key : {"position", "basis", "rotor", "scale"}) {
        if (!json.contains(key))
            continue;
        auto numbers = numberArray(json[key], pointer + "/" + key);
        if (!numbers)
            return numbers.error();
        const std::string name(key);
        if (name == "position")
            transform.position = std::move(*numbers);
        else if (name == "basis")
            transform.basis = std::move(*numbers);
        else if (name == "rotor")
            transform.rotor = std::move(*numbers);
        else
            transform.scale = std::move(*numbers);
    }
    const bool hasBasis = json.contains("basis");
    if (hasBasis && (json.contains("rotor") || json.contains("scale")))
        return errorAt(pointer + "/basis", "basis excludes rotor and scale");
    transform.form = hasBasis ? model::NodeTransform::Form::Basis
                     : (json.contains("rotor") || json.contains("scale"))
                         ? model::NodeTransform::Form::RotorScale
                         : model::NodeTransform::Form::None;
    return {};
}

} // namespace

Result<void> readNodes(ReadContext& context) {
    const auto nodes = context.file.json.find("nodes");
    if (nodes == context.file.json.end())
        return {};
    if (!nodes->is_array())
        return errorAt("/nodes", "must be an array");
    model::Document& document = context.document;
    // Ids first, so children and joints can refer to nodes later in the array.
    for (std::size_t i = 0; i < nodes->size(); ++i) {
        auto node = std::make_unique<model::Node>();
        node->id = document.nodes.allocateId();
        context.nodeIds.push_back(node->id);
        document.nodes.append(std::move(node));
    }
    for (std::size_t i = 0; i < nodes->size(); ++i) {
        const OrderedJson& json = (*nodes)[i];
        const std::string pointer = appendPointer("/nodes", i);
        if (!json.is_object())
            return errorAt(pointer, "a node must be an object");
        model::Node& node = document.node(context.nodeIds[i]);
        if (const auto name = json.find("name"); name != json.end()) {
            if (!name->is_string())
                return errorAt(pointer + "/name", "must be a string");
            node.name = name->get<std::string>();
        }
        if (const auto visible = json.find("visible"); visible != json.end()) {
            if (!visible->is_boolean())
                return errorAt(pointer + "/visible", "must be true or false");
            node.visible = visible->get<bool>();
        }
        auto transform = readTransform(json, pointer, node.transform);
        if (!transform)
            return transform.error();
        auto component = readComponent(context, json, pointer);
        if (!component)
            return component.error();
        node.component = std::move(*component);
        if (const auto children = json.find("children"); children != json.end()) {
            if (!children->is_array())
                return errorAt(pointer + "/children", "must be an array of node indices");
            for (std::size_t c = 0; c < children->size(); ++c) {
                const std::string childPointer = appendPointer(pointer + "/children", c);
                auto index = indexValue((*children)[c], nodes->size(), childPointer, "node");
                if (!index)
                    return index.error();
                if (*index == 0)
                    return errorAt(childPointer, "node 0 is the root and cannot be a child");
                model::Node& child = document.node(context.nodeIds[*index]);
                if (child.parent)
                    return errorAt(childPointer,
                                   "node " + std::to_string(*index) +
                                       " already has a parent; a node has at most one");
                child.parent = node.id;
                node.children.push_back(child.id);
            }
        }
        node.extra =
            unknownMembers(json, {"name", "visible", "position", "basis", "rotor", "scale",
                                  "children", "bone", "camera", "light", "mesh", "meshInstance",
                                  "model", "modelInstance", "physics", "skeleton", "boneLength"});
    }
    // One parent each is guaranteed above; a cycle is a chain of parents that never ends.
    for (std::size_t i = 0; i < nodes->size(); ++i) {
        const model::Node* current = &document.node(context.nodeIds[i]);
        for (std::size_t steps = 0; current->parent; ++steps) {
            if (steps > nodes->size())
                return errorAt(appendPointer("/nodes", i),
                               "the node is part of a cycle of children");
            current = &document.node(current->parent);
        }
    }
    return {};
}

} // namespace hyperrig::core::io::detail
