#include "core/edit/commands/NodeCommandSupport.h"

#include "core/math/NumberFormat.h"

#include <cmath>
#include <span>
#include <type_traits>

namespace hyperrig::core::edit {
namespace {

template <typename T>
std::size_t vectorBytes(const std::vector<T>& values) {
    return values.capacity() * sizeof(T);
}

Result<void> checkFinite(const char* property, std::span<const double> values) {
    for (std::size_t i = 0; i < values.size(); ++i)
        if (!std::isfinite(values[i]))
            return Error(std::string(property) + "[" + std::to_string(i) +
                         "] is not a finite number");
    return {};
}

} // namespace

std::string nodeLabel(const model::Document& document, model::NodeId node) {
    const model::Node* item = document.nodes.find(node);
    if (!item)
        return "(removed node)";
    if (item->name && !item->name->empty())
        return "'" + *item->name + "'";
    return "#" + std::to_string(document.nodes.positionOf(node));
}

std::string componentKind(const model::Component& component) {
    return std::visit(
        [](const auto& value) -> std::string {
            using T = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<T, std::monostate>)
                return "no component";
            else if constexpr (std::is_same_v<T, model::Bone>)
                return "a bone";
            else if constexpr (std::is_same_v<T, model::Skeleton>)
                return "a skeleton";
            else if constexpr (std::is_same_v<T, model::MeshInstance>)
                return "a mesh instance";
            else if constexpr (std::is_same_v<T, model::LightComponent>)
                return "a light";
            else if constexpr (std::is_same_v<T, model::ModelComponent>)
                return "a model instance";
            else
                return value.property == "physics" ? "a physics body" : "a " + value.property;
        },
        component);
}

bool parentTakesBone(const model::Document& document, model::NodeId parent) {
    const model::Node* node = document.nodes.find(parent);
    return node && (node->isBone() || node->isSkeleton());
}

bool parentTakesSkeleton(const model::Document& document, model::NodeId parent) {
    const model::Node* node = document.nodes.find(parent);
    return !node || !node->isBone();
}

Result<void> checkTransformValues(int dimension, const model::NodeTransform& transform) {
    using Form = model::NodeTransform::Form;
    if (transform.form == Form::None &&
        !(transform.basis.empty() && transform.rotor.empty() && transform.scale.empty()))
        return Error("a transform without basis or rotor carries only a position");
    if (transform.form == Form::Basis && !(transform.rotor.empty() && transform.scale.empty()))
        return Error("basis excludes rotor and scale");
    if (transform.form == Form::RotorScale && !transform.basis.empty())
        return Error("rotor and scale exclude basis");
    for (const auto& [property, values] :
         {std::pair{"position", &transform.position}, std::pair{"basis", &transform.basis},
          std::pair{"rotor", &transform.rotor}, std::pair{"scale", &transform.scale}}) {
        auto finite = checkFinite(property, *values);
        if (!finite)
            return finite;
    }
    auto affine = transform.toAffine(dimension);
    if (!affine)
        return affine.error();
    return {};
}

Result<void> checkNodeTransform(const model::Document& document, model::NodeId node,
                                const model::NodeTransform& transform) {
    const std::string label = nodeLabel(document, node);
    const bool writesNothing = transform.position.empty() && transform.basis.empty() &&
                               transform.rotor.empty() && transform.scale.empty();
    if (node == document.root() && !writesNothing)
        return Error(label + " is the root node, and G4MF's node 0 carries no transform");
    return checkTransformValues(document.dimension(), transform).withContext(label);
}

Result<void> checkBoneNumber(const std::optional<double>& value, const char* what,
                             const char* unit) {
    if (!value || (std::isfinite(*value) && *value >= 0.0))
        return {};
    return Error(std::string("a bone ") + what + " must be a finite number >= 0 (" + unit +
                 "), not " + math::formatNumber(*value));
}

Result<void> checkBoneValues(const model::Document& document, const model::Bone& bone) {
    auto length = checkBoneNumber(bone.length, "length", "metres");
    if (!length)
        return length;
    auto mass = checkBoneNumber(bone.mass, "mass", "kilograms");
    if (!mass)
        return mass;
    if (bone.shape && !document.shapes.find(bone.shape))
        return Error("the bone's shape does not exist");
    if (bone.shape && !bone.length)
        return Error("a bone's shape sits at the middle of its length, so a bone with a shape "
                     "needs a length");
    return {};
}

Result<void> checkJointBone(const model::Document& document, model::NodeId skeleton,
                            const model::JointSlot& bone) {
    if (!bone)
        return {};
    const model::Node* node = document.nodes.find(*bone);
    if (!node)
        return Error("the bone no longer exists");
    if (!node->isBone())
        return Error(nodeLabel(document, *bone) + " is not a bone; joints slots hold bones");
    if (document.skeletonOf(*bone) != skeleton)
        return Error(nodeLabel(document, *bone) + " is not a bone of skeleton " +
                     nodeLabel(document, skeleton));
    return {};
}

std::optional<JointUse> findJointUse(const model::Document& document, model::NodeId bone) {
    for (model::NodeId id : document.nodes.order()) {
        const model::Skeleton* skeleton = document.node(id).skeleton();
        if (!skeleton)
            continue;
        for (std::size_t slot = 0; slot < skeleton->joints.size(); ++slot)
            if (skeleton->joints[slot] == bone)
                return JointUse{id, slot};
    }
    return std::nullopt;
}

model::JointPose identityJointPose(int dimension) {
    const auto n = static_cast<std::size_t>(dimension);
    model::JointPose entry;
    entry.position.assign(n, 0.0);
    entry.basis.assign(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        entry.basis[i * n + i] = 1.0;
    entry.extra = model::OrderedJson::object(); // as the reader gives entries without unknown keys
    return entry;
}

std::size_t heapBytesOf(const std::string& text) {
    return text.capacity();
}

std::size_t heapBytesOf(const model::OrderedJson& json) {
    std::size_t total = 0;
    if (json.is_string())
        return heapBytesOf(json.get_ref<const std::string&>()) + sizeof(std::string);
    if (json.is_object()) {
        for (auto it = json.begin(); it != json.end(); ++it)
            total += sizeof(model::OrderedJson) + sizeof(std::string) + heapBytesOf(it.key()) +
                     heapBytesOf(it.value());
    } else if (json.is_array()) {
        for (const auto& item : json)
            total += sizeof(model::OrderedJson) + heapBytesOf(item);
    }
    return total;
}

std::size_t heapBytesOf(const model::NodeTransform& transform) {
    return vectorBytes(transform.position) + vectorBytes(transform.basis) +
           vectorBytes(transform.rotor) + vectorBytes(transform.scale);
}

std::size_t heapBytesOf(const model::Component& component) {
    return std::visit(
        [](const auto& value) -> std::size_t {
            using T = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                return 0;
            } else if constexpr (std::is_same_v<T, model::Bone>) {
                return heapBytesOf(value.extra);
            } else if constexpr (std::is_same_v<T, model::MeshInstance>) {
                return heapBytesOf(value.extra) +
                       (value.blendAmounts ? vectorBytes(*value.blendAmounts) : 0);
            } else if constexpr (std::is_same_v<T, model::Skeleton>) {
                std::size_t total = vectorBytes(value.joints) + heapBytesOf(value.extra) +
                                    vectorBytes(value.bindPoses);
                for (const model::BindPose& pose : value.bindPoses) {
                    total += vectorBytes(pose.joints) + heapBytesOf(pose.extra);
                    for (const model::JointPose& entry : pose.joints)
                        total += vectorBytes(entry.position) + vectorBytes(entry.basis) +
                                 heapBytesOf(entry.extra);
                }
                return total;
            } else if constexpr (std::is_same_v<T, model::LightComponent>) {
                return heapBytesOf(value.light);
            } else if constexpr (std::is_same_v<T, model::ModelComponent>) {
                return heapBytesOf(value.file) + heapBytesOf(value.instance);
            } else {
                return heapBytesOf(value.property) + heapBytesOf(value.value);
            }
        },
        component);
}

std::size_t nodeBytes(const model::Node& node) {
    return sizeof(model::Node) + (node.name ? heapBytesOf(*node.name) : 0) +
           vectorBytes(node.children) + heapBytesOf(node.transform) + heapBytesOf(node.component) +
           heapBytesOf(node.extra);
}

} // namespace hyperrig::core::edit
