// Bind poses as reference-pose animations, and the animations a glTF import kept.
#include "core/io/gltf/GltfExporter.h"
#include "core/io/gltf/GltfJson.h"
#include "core/io/gltf/GltfTransform.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::core::io::gltf {

bool isNodePose(const model::BindPose& pose) {
    const auto* extras = gltf::member(pose.extra, "extras");
    const auto* ours = extras ? gltf::member(*extras, "gltf") : nullptr;
    const auto* flag = ours ? gltf::member(*ours, "nodePose") : nullptr;
    return flag && flag->is_boolean() && flag->get<bool>();
}

// The local transforms that put the bones of `skeleton` in `pose` (skeleton-space entries per
// joints slot; a bone in no slot keeps its rest local under its posed parent):
//   L_b = inverse(G_parent) * G_b.
std::unordered_map<NodeId, math::AffineN>
poseLocals(const model::Document& document, NodeId skeletonId, const model::BindPose& pose) {
    const auto& skeleton = *document.node(skeletonId).skeleton();
    std::unordered_map<NodeId, math::AffineN> entries;
    for (std::size_t s = 0; s < skeleton.joints.size() && s < pose.joints.size(); ++s) {
        if (!skeleton.joints[s] || entries.count(*skeleton.joints[s]))
            continue;
        auto basis = math::BasisN::fromColumnMajor(3, pose.joints[s].basis);
        auto position = math::VectorN::fromSpan(pose.joints[s].position);
        if (basis && position && position->dimension() == 3)
            entries.insert_or_assign(*skeleton.joints[s], math::AffineN(*basis, *position));
    }
    const auto globals = boneGlobals(document, skeletonId, entries);
    std::unordered_map<NodeId, math::AffineN> locals;
    for (const auto& [bone, global] : entries) {
        if (globals.count(bone) == 0)
            continue; // in a slot but not a bone of this skeleton
        // A bone's parent is the skeleton or a bone boneGlobals reached.
        const NodeId parent = document.node(bone).parent;
        const math::AffineN parentGlobal =
            parent == skeletonId ? math::AffineN::identity(3) : globals.at(parent);
        if (auto inverse = parentGlobal.inverse())
            locals.insert_or_assign(bone, math::AffineN::compose(*inverse, global));
    }
    return locals;
}

// gltf.md §6.4: one animation per pose, one single-key STEP sampler per (bone, path).
void Exporter::writeReferencePoses(NodeId skeletonId) {
    const auto& skeleton = *m_document.node(skeletonId).skeleton();
    for (const auto& pose : skeleton.bindPoses) {
        if (isNodePose(pose))
            continue;
        const auto locals = poseLocals(m_document, skeletonId, pose);
        OrderedJson samplers = OrderedJson::array();
        OrderedJson channels = OrderedJson::array();
        const std::size_t time =
            m_binary.addAccessor({0.0}, 5126, "SCALAR", 1, false, std::nullopt, true);
        bool expressible = true;
        for (NodeId bone : m_order) {
            const auto local = locals.find(bone);
            if (local == locals.end())
                continue;
            OrderedJson trs = OrderedJson::object();
            const auto transform = gltf::transformFromAffine(local->second);
            if (transform.form == model::NodeTransform::Form::Basis ||
                !gltf::writeGltfTransform(transform, trs)) {
                expressible = false;
                break;
            }
            if (!trs.contains("scale"))
                trs["scale"] = {1.0, 1.0, 1.0};
            if (!trs.contains("rotation"))
                trs["rotation"] = {0.0, 0.0, 0.0, 1.0};
            if (!trs.contains("translation"))
                trs["translation"] = {0.0, 0.0, 0.0};
            for (const char* path : {"translation", "rotation", "scale"}) {
                const auto values = trs[path].get<std::vector<double>>();
                const bool rotation = values.size() == 4;
                const std::size_t output =
                    m_binary.addAccessor(values, 5126, rotation ? "VEC4" : "VEC3", rotation ? 4 : 3,
                                         false, std::nullopt, false);
                channels.push_back({{"sampler", samplers.size()},
                                    {"target", {{"node", m_index.at(bone)}, {"path", path}}}});
                samplers.push_back(
                    {{"input", time}, {"output", output}, {"interpolation", "STEP"}});
            }
        }
        const std::string type(model::poseTypeName(pose.type));
        if (!expressible || channels.empty()) {
            m_encoded.warnings.push_back("skeleton '" + m_document.node(skeletonId).displayName() +
                                         "': the " + type +
                                         " pose is not written as a reference pose (shear, "
                                         "mirroring or no bone moved)");
            continue;
        }
        m_referencePoses = true;
        m_animations.push_back(
            {{"name", "RefPose_" + type},
             {"extensions", {{"KHR_character_reference_pose", {{"poseType", type}}}}},
             {"samplers", std::move(samplers)},
             {"channels", std::move(channels)}});
    }
}

// An animation the import kept (GltfAnimations.cpp): its decoded samplers become float
// accessors again, its channels follow their nodes (extras.gltf.source); a channel whose node is
// gone is dropped, as is a morph weights channel whose node no longer shows morph targets, and
// so is an animation left without channels (warnings).
void Exporter::writeKeptAnimation(const OrderedJson& animation) {
    if (!animation.is_object())
        return;
    const std::string name = gltf::stringMember(animation, "name").value_or("(unnamed)");
    OrderedJson json = OrderedJson::object();
    std::size_t dropped = 0;
    std::size_t droppedWeights = 0;
    for (const auto& [key, value] : animation.items()) {
        if (key == "samplers" && value.is_array()) {
            OrderedJson samplers = OrderedJson::array();
            for (const auto& sampler : value) {
                OrderedJson written = sampler;
                for (const char* side : {"input", "output"}) {
                    const auto* data = gltf::member(sampler, side);
                    const auto type = data ? gltf::stringMember(*data, "type") : std::nullopt;
                    const auto* values = data ? gltf::member(*data, "values") : nullptr;
                    const int width = !type               ? 0
                                      : *type == "SCALAR" ? 1
                                      : *type == "VEC2"   ? 2
                                      : *type == "VEC3"   ? 3
                                      : *type == "VEC4"   ? 4
                                                          : 0;
                    if (width == 0 || !values || !values->is_array() || values->empty() ||
                        values->size() % static_cast<std::size_t>(width) != 0) {
                        m_encoded.warnings.push_back("animation '" + name +
                                                     "': a sampler no longer has its data; "
                                                     "the animation is not exported");
                        return;
                    }
                    std::vector<double> numbers;
                    for (const auto& number : *values)
                        numbers.push_back(number.is_number() ? number.get<double>() : 0.0);
                    written[side] =
                        m_binary.addAccessor(numbers, 5126, type->c_str(), width, false,
                                             std::nullopt, std::string(side) == "input");
                }
                samplers.push_back(std::move(written));
            }
            json[key] = std::move(samplers);
        } else if (key == "channels" && value.is_array()) {
            OrderedJson channels = OrderedJson::array();
            for (OrderedJson channel : value) {
                auto* target = channel.contains("target") ? &channel["target"] : nullptr;
                if (target && target->is_object() && target->contains("node")) {
                    const auto& node = (*target)["node"];
                    const auto found = node.is_number_unsigned()
                                           ? m_sourceNode.find(node.get<std::uint64_t>())
                                           : m_sourceNode.end();
                    if (found == m_sourceNode.end()) {
                        ++dropped;
                        continue;
                    }
                    if (gltf::stringMember(*target, "path") ==
                            std::optional<std::string>("weights") &&
                        m_morphedNodes.count(found->second) == 0) {
                        ++droppedWeights;
                        continue;
                    }
                    (*target)["node"] = found->second;
                }
                channels.push_back(std::move(channel));
            }
            json[key] = std::move(channels);
        } else {
            json[key] = value;
        }
    }
    if (dropped > 0)
        m_encoded.warnings.push_back("animation '" + name + "': " + std::to_string(dropped) +
                                     " channels target nodes that are gone; dropped");
    if (droppedWeights > 0)
        m_encoded.warnings.push_back("animation '" + name + "': " + std::to_string(droppedWeights) +
                                     " channels animate morph weights of a mesh whose morph "
                                     "targets are not exported; dropped");
    if (!json.contains("channels") || json["channels"].empty())
        return;
    m_animations.push_back(std::move(json));
}

} // namespace hyperrig::core::io::gltf
