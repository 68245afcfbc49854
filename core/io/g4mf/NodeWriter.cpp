#include "core/io/g4mf/BindPosesExtension.h"
#include "core/io/g4mf/WriteContext.h"

#include <cmath>

namespace hyperrig::core::io::detail {
namespace {

void appendMembers(OrderedJson& target, const OrderedJson& extra) {
    for (auto it = extra.begin(); it != extra.end(); ++it)
        target[it.key()] = it.value();
}

OrderedJson boneJson(WriteContext& context, const model::Bone& bone) {
    OrderedJson json = OrderedJson::object();
    if (bone.length)
        json["length"] = number(*bone.length);
    if (bone.mass)
        json["mass"] = number(*bone.mass);
    if (bone.shape)
        json["shape"] = context.shapeIndex.at(bone.shape);
    appendMembers(json, bone.extra);
    return json;
}

OrderedJson bindPosesJson(const std::vector<model::BindPose>& poses) {
    OrderedJson list = OrderedJson::array();
    for (const model::BindPose& pose : poses) {
        OrderedJson entries = OrderedJson::array();
        for (const model::JointPose& joint : pose.joints) {
            OrderedJson entry = OrderedJson::object();
            entry["position"] = numbers(joint.position);
            entry["basis"] = numbers(joint.basis);
            appendMembers(entry, joint.extra);
            entries.push_back(std::move(entry));
        }
        OrderedJson json = OrderedJson::object();
        json["poseType"] = std::string(model::poseTypeName(pose.type));
        json["bindPoses"] = std::move(entries);
        appendMembers(json, pose.extra);
        list.push_back(std::move(json));
    }
    OrderedJson extension = OrderedJson::object();
    extension["poses"] = std::move(list);
    return extension;
}

OrderedJson skeletonJson(WriteContext& context, const model::Skeleton& skeleton) {
    OrderedJson json = OrderedJson::object();
    if (skeleton.writeJoints || !skeleton.joints.empty()) {
        OrderedJson joints = OrderedJson::array();
        for (const model::JointSlot& slot : skeleton.joints) {
            if (slot)
                joints.push_back(context.nodeIndex.at(*slot));
            else
                joints.push_back(-1);
        }
        json["joints"] = std::move(joints);
    }
    appendMembers(json, skeleton.extra);
    if (!skeleton.bindPoses.empty()) {
        context.usesBindPoses = true;
        if (!json.contains("extensions") || !json["extensions"].is_object())
            json["extensions"] = OrderedJson::object();
        json["extensions"][kBindPosesExtension] = bindPosesJson(skeleton.bindPoses);
    }
    return json;
}

std::string nodeLabel(const model::Node& node, std::size_t index) {
    return node.name && !node.name->empty() ? "'" + *node.name + "'" : "#" + std::to_string(index);
}

void writeComponent(WriteContext& context, const model::Node& node, OrderedJson& json) {
    const bool classic = context.options.schema == G4mfSchema::Classic;
    const std::size_t index = context.nodeIndex.at(node.id);
    std::visit(
        [&](const auto& component) {
            using T = std::decay_t<decltype(component)>;
            if constexpr (std::is_same_v<T, model::Bone>) {
                json["bone"] = boneJson(context, component);
            } else if constexpr (std::is_same_v<T, model::Skeleton>) {
                json["skeleton"] = skeletonJson(context, component);
            } else if constexpr (std::is_same_v<T, model::MeshInstance>) {
                const std::size_t mesh = context.meshIndex.at(component.mesh);
                if (classic) {
                    json["mesh"] = mesh;
                    if (!component.extra.empty() || component.blendAmounts)
                        context.warnings.push_back(
                            "node " + nodeLabel(node, index) +
                            ": mesh instance properties (materials, blend amounts) have no "
                            "classic form and were not written; save with --schema current");
                } else {
                    OrderedJson instance = OrderedJson::object();
                    instance["mesh"] = mesh;
                    appendMembers(instance, component.extra);
                    if (component.blendAmounts)
                        instance["blendAmounts"] = numbers(*component.blendAmounts);
                    json["meshInstance"] = std::move(instance);
                }
            } else if constexpr (std::is_same_v<T, model::LightComponent>) {
                if (classic)
                    json["light"] = findOrAppend(context.lights, component.light);
                else
                    json["light"] = component.light;
            } else if constexpr (std::is_same_v<T, model::ModelComponent>) {
                if (classic) {
                    json["model"] = findOrAppend(context.models, component.file);
                    if (!component.instance.empty())
                        context.warnings.push_back(
                            "node " + nodeLabel(node, index) +
                            ": model instance overrides have no classic form and were not "
                            "written; save with --schema current");
                } else {
                    OrderedJson instance = OrderedJson::object();
                    instance["file"] = findOrAppend(context.files, component.file);
                    appendMembers(instance, component.instance);
                    json["modelInstance"] = std::move(instance);
                }
            } else if constexpr (std::is_same_v<T, model::OpaqueComponent>) {
                json[component.property] = component.value;
            }
        },
        node.component);
}

} // namespace

OrderedJson number(double value) {
    if (std::isfinite(value) && std::nearbyint(value) == value && std::fabs(value) < 9.0e15)
        return static_cast<std::int64_t>(value);
    return value;
}

OrderedJson numbers(const std::vector<double>& values) {
    OrderedJson list = OrderedJson::array();
    for (double value : values)
        list.push_back(number(value));
    return list;
}

std::size_t findOrAppend(OrderedJson& array, const OrderedJson& entry) {
    if (!array.is_array())
        array = OrderedJson::array();
    for (std::size_t i = 0; i < array.size(); ++i)
        if (array[i] == entry)
            return i;
    array.push_back(entry);
    return array.size() - 1;
}

OrderedJson nodeJson(WriteContext& context, const model::Node& node) {
    OrderedJson json = OrderedJson::object();
    if (node.name)
        json["name"] = *node.name;
    const model::NodeTransform& transform = node.transform;
    if (!transform.position.empty())
        json["position"] = numbers(transform.position);
    if (transform.form == model::NodeTransform::Form::Basis) {
        json["basis"] = numbers(transform.basis);
    } else if (transform.form == model::NodeTransform::Form::RotorScale) {
        if (!transform.rotor.empty())
            json["rotor"] = numbers(transform.rotor);
        if (!transform.scale.empty())
            json["scale"] = numbers(transform.scale);
    }
    if (node.visible)
        json["visible"] = *node.visible;
    writeComponent(context, node, json);
    if (!node.children.empty()) {
        OrderedJson children = OrderedJson::array();
        for (model::NodeId child : node.children)
            children.push_back(context.nodeIndex.at(child));
        json["children"] = std::move(children);
    }
    appendMembers(json, node.extra);
    return json;
}

} // namespace hyperrig::core::io::detail
