#include "core/io/gltf/GltfExport.h"

#include "core/base/AtomicFile.h"
#include "core/io/Base64.h"
#include "core/io/gltf/GltfBinary.h"
#include "core/io/gltf/GltfFile.h"
#include "core/io/gltf/GltfJson.h"
#include "core/io/gltf/GltfTransform.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <unordered_map>

namespace hyperrig::core::io {
namespace {

using model::NodeId;
using model::OrderedJson;

const OrderedJson* keptGltf(const OrderedJson& extra, const char* key) {
    const auto* extras = gltf::member(extra, "extras");
    const auto* ours = extras ? gltf::member(*extras, "gltf") : nullptr;
    return ours ? gltf::member(*ours, key) : nullptr;
}

bool isPlainRoot(const model::Document& document, NodeId root) {
    const auto& node = document.node(root);
    return std::holds_alternative<std::monostate>(node.component) &&
           node.transform.isIdentityByConstruction();
}

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
    std::unordered_map<NodeId, math::AffineN> locals;
    std::vector<std::pair<NodeId, math::AffineN>> stack;
    for (NodeId child : document.node(skeletonId).children)
        stack.emplace_back(child, math::AffineN::identity(3));
    while (!stack.empty()) {
        auto [id, parent] = stack.back();
        stack.pop_back();
        const auto& node = document.node(id);
        if (!node.isBone())
            continue;
        auto rest = node.transform.toAffine(3);
        math::AffineN global =
            math::AffineN::compose(parent, rest ? *rest : math::AffineN::identity(3));
        if (const auto entry = entries.find(id); entry != entries.end()) {
            global = entry->second;
            if (auto inverse = parent.inverse())
                locals.insert_or_assign(id, math::AffineN::compose(*inverse, global));
        }
        for (NodeId child : node.children)
            stack.emplace_back(child, global);
    }
    return locals;
}

struct SkinnedInstance {
    NodeId node;
    NodeId skeleton;
};

class Exporter {
public:
    Exporter(const model::Document& document, const GltfExportOptions& options)
        : m_document(document), m_options(options) {}

    Result<EncodedGltf> run();

private:
    Result<void> collect(NodeId id, const math::AffineN& parentWorld);
    Result<void> writeNodes();
    Result<void> writeSkin(NodeId skeleton);
    Result<void> writeMesh(NodeId instanceNode, const SkinnedInstance* skinned);
    void writeReferencePoses(NodeId skeleton);
    void writeKeptAnimation(const OrderedJson& animation);
    void writeTopLevel(OrderedJson& root);
    const model::Mesh& mesh(NodeId instance) const {
        return m_document.mesh(m_document.node(instance).meshInstance()->mesh);
    }

    const model::Document& m_document;
    const GltfExportOptions& m_options;
    EncodedGltf m_encoded;
    gltf::GltfBinary m_binary;
    OrderedJson m_nodes = OrderedJson::array();
    OrderedJson m_meshes = OrderedJson::array();
    OrderedJson m_skins = OrderedJson::array();
    OrderedJson m_animations = OrderedJson::array();
    std::vector<NodeId> m_order; // glTF node index -> G4MF node
    std::unordered_map<NodeId, std::size_t> m_index;
    std::unordered_map<NodeId, math::AffineN> m_world;
    std::vector<std::size_t> m_sceneNodes;
    std::vector<SkinnedInstance> m_skinned;
    std::map<NodeId, std::size_t> m_skinOf;                   // skeleton -> skin index
    std::map<NodeId, std::vector<std::uint32_t>> m_slotJoint; // skeleton -> per slot
    std::map<NodeId, std::uint32_t> m_staticJoint;            // skeleton -> joint index
    std::unordered_map<NodeId, math::AffineN> m_nodePose;     // bone -> node default (glTF import)
    std::map<std::uint64_t, std::size_t> m_sourceNode;        // glTF index at import -> now
    bool m_usesBindPoses = false;
    bool m_referencePoses = false;
    bool m_keepMaterials = true;
    std::optional<std::size_t> m_characterRoot;
};

bool isSkinnedInstance(const model::Document& document, NodeId id) {
    const auto& node = document.node(id);
    const auto* instance = node.meshInstance();
    return instance && document.meshes.find(instance->mesh) && document.mesh(instance->mesh).skin &&
           node.parent && document.node(node.parent).isSkeleton();
}

Result<void> Exporter::collect(NodeId id, const math::AffineN& parentWorld) {
    const auto& node = m_document.node(id);
    auto local = node.transform.toAffine(3);
    if (!local)
        return local.error().withContext("node '" + node.displayName() + "'");
    const auto world = math::AffineN::compose(parentWorld, *local);
    m_world.insert_or_assign(id, world);
    m_index[id] = m_order.size();
    m_order.push_back(id);
    if (isSkinnedInstance(m_document, id))
        m_skinned.push_back({id, node.parent});
    for (NodeId child : node.children) {
        auto done = collect(child, world);
        if (!done)
            return done;
    }
    return {};
}

OrderedJson extrasFor(const model::Node& node, const OrderedJson* kept) {
    OrderedJson extras;
    if (kept && kept->contains("extras"))
        extras = (*kept)["extras"];
    else if (const auto* g4mf = gltf::member(node.extra, "extras"); g4mf && g4mf->is_object()) {
        extras = *g4mf;
        extras.erase("gltf");
        if (extras.empty())
            extras = OrderedJson();
    }
    return extras;
}

Result<void> Exporter::writeNodes() {
    for (std::size_t i = 0; i < m_order.size(); ++i) {
        const NodeId id = m_order[i];
        const auto& node = m_document.node(id);
        OrderedJson json = OrderedJson::object();
        const auto* kept = keptGltf(node.extra, "node");
        if (node.name && !node.name->empty())
            json["name"] = *node.name;
        // Kept members, but not the name (G4MF names are unique, as Blender's vertex groups
        // need) nor morph weights (morph targets are not kept).
        if (kept)
            for (const auto& [key, value] : kept->items())
                if (key != "name" && key != "extras" && key != "weights")
                    json[key] = value;
        const bool skinned = isSkinnedInstance(m_document, id);
        if (const auto posed = m_nodePose.find(id); posed != m_nodePose.end()) {
            auto written = gltf::writeGltfTransform(gltf::transformFromAffine(posed->second), json);
            if (!written)
                return written.error().withContext("node '" + node.displayName() + "'");
        } else if (!skinned) {
            auto written = gltf::writeGltfTransform(node.transform, json);
            if (!written)
                return written.error().withContext("node '" + node.displayName() + "'");
        }
        OrderedJson children = OrderedJson::array();
        for (NodeId child : node.children)
            if (!isSkinnedInstance(m_document, child))
                children.push_back(m_index.at(child));
        if (!children.empty())
            json["children"] = std::move(children);
        OrderedJson extras = extrasFor(node, kept);
        if (const auto* bone = node.bone(); bone && bone->length) {
            if (extras.is_null())
                extras = OrderedJson::object();
            if (extras.is_object())
                extras["hyperrig"] = {{"boneLength", *bone->length}};
        }
        if (!extras.is_null())
            json["extras"] = std::move(extras);
        m_nodes.push_back(std::move(json));
    }
    return {};
}

// Skeleton-space rest transforms of the bones under `skeleton`.
std::unordered_map<NodeId, math::AffineN> restGlobals(const model::Document& document,
                                                      NodeId skeleton) {
    std::unordered_map<NodeId, math::AffineN> rest;
    std::vector<std::pair<NodeId, math::AffineN>> stack;
    for (NodeId child : document.node(skeleton).children)
        stack.emplace_back(child, math::AffineN::identity(3));
    while (!stack.empty()) {
        auto [id, parent] = stack.back();
        stack.pop_back();
        const auto& node = document.node(id);
        if (!node.isBone())
            continue;
        auto local = node.transform.toAffine(3);
        const auto global =
            math::AffineN::compose(parent, local ? *local : math::AffineN::identity(3));
        rest.insert_or_assign(id, global);
        for (NodeId child : node.children)
            stack.emplace_back(child, global);
    }
    return rest;
}

Result<void> Exporter::writeSkin(NodeId skeletonId) {
    const auto& node = m_document.node(skeletonId);
    const auto& skeleton = *node.skeleton();
    const auto rest = restGlobals(m_document, skeletonId);
    std::vector<NodeId> joints;
    std::vector<std::uint32_t> slotJoint;
    bool needStatic = false;
    for (const auto& slot : skeleton.joints) {
        if (!slot || rest.count(*slot) == 0) {
            needStatic = true;
            slotJoint.push_back(0); // fixed below
            continue;
        }
        auto at = std::find(joints.begin(), joints.end(), *slot);
        if (at == joints.end()) {
            joints.push_back(*slot);
            at = joints.end() - 1;
        }
        slotJoint.push_back(static_cast<std::uint32_t>(at - joints.begin()));
    }
    // Groups beyond the slots, and vertices without influences, need the static joint too.
    for (const auto& instance : m_skinned) {
        if (instance.skeleton != skeletonId)
            continue;
        const auto& skin =
            *m_document.mesh(m_document.node(instance.node).meshInstance()->mesh).skin;
        needStatic = needStatic || skin.groupCount() > skeleton.joints.size() ||
                     skin.offsets.size() < mesh(instance.node).vertexCount() + 1;
        for (std::size_t v = 0; v + 1 < skin.offsets.size(); ++v) {
            bool weighted = false;
            for (std::uint32_t i = skin.offsets[v]; i < skin.offsets[v + 1]; ++i)
                weighted = weighted || (skin.weights[i] > 0.0 && std::isfinite(skin.weights[i]));
            needStatic = needStatic || !weighted;
        }
    }
    if (joints.empty() && !needStatic)
        return {}; // no joint at all: glTF skins need one; meshes of it export unskinned
    std::vector<std::size_t> jointNodes;
    for (NodeId joint : joints)
        jointNodes.push_back(m_index.at(joint));
    std::vector<math::AffineN> jointRest;
    for (NodeId joint : joints)
        jointRest.push_back(rest.at(joint));
    if (needStatic) {
        // A joint that stays put: a child of the skeleton node with identity transform.
        OrderedJson stay = {{"name", node.displayName() + "_static"},
                            {"extras", {{"hyperrig", {{"staticJoint", true}}}}}};
        m_nodes.push_back(std::move(stay));
        const std::size_t index = m_nodes.size() - 1;
        auto& parent = m_nodes[m_index.at(skeletonId)];
        if (!parent.contains("children"))
            parent["children"] = OrderedJson::array();
        parent["children"].push_back(index);
        jointNodes.push_back(index);
        jointRest.push_back(math::AffineN::identity(3));
        m_staticJoint[skeletonId] = static_cast<std::uint32_t>(jointNodes.size() - 1);
        for (std::size_t s = 0; s < skeleton.joints.size(); ++s)
            if (!skeleton.joints[s] || rest.count(*skeleton.joints[s]) == 0)
                slotJoint[s] = m_staticJoint[skeletonId];
    }
    if (jointNodes.size() > 65536)
        return Error("skeleton '" + node.displayName() + "' has " +
                     std::to_string(jointNodes.size()) + " joints; glTF joints are 16-bit");
    std::vector<double> matrices;
    for (const auto& global : jointRest) {
        auto inverse = global.inverse();
        if (!inverse)
            return Error("skeleton '" + node.displayName() + "': a rest transform is singular");
        const auto m = gltf::matrixOf(*inverse);
        matrices.insert(matrices.end(), m.begin(), m.end());
    }
    OrderedJson skin = OrderedJson::object();
    if (const auto* kept = keptGltf(node.extra, "skin"))
        for (const auto& [key, value] : kept->items())
            skin[key] = value;
    if (!skin.contains("name") && node.name)
        skin["name"] = *node.name;
    skin["inverseBindMatrices"] =
        m_binary.addAccessor(matrices, 5126, "MAT4", 16, false, std::nullopt, false);
    skin["skeleton"] = m_index.at(skeletonId);
    skin["joints"] = jointNodes;
    // Bind poses: model-space matrices per joint (KHR_character_skeleton_bindpose, shared/spec).
    if (!skeleton.bindPoses.empty()) {
        const auto& world = m_world.at(skeletonId);
        OrderedJson poses = OrderedJson::array();
        for (const auto& pose : skeleton.bindPoses) {
            if (isNodePose(pose))
                continue; // written as the nodes' default transforms
            if (pose.joints.size() != skeleton.joints.size()) {
                m_encoded.warnings.push_back("skeleton '" + node.displayName() + "': bind pose " +
                                             std::string(model::poseTypeName(pose.type)) +
                                             " does not cover every joints slot; not exported");
                continue;
            }
            std::vector<std::optional<math::AffineN>> perJoint(jointNodes.size());
            for (std::size_t s = 0; s < skeleton.joints.size(); ++s) {
                auto basis = math::BasisN::fromColumnMajor(3, pose.joints[s].basis);
                auto position = math::VectorN::fromSpan(pose.joints[s].position);
                if (!basis || !position || position->dimension() != 3)
                    continue;
                auto& entry = perJoint[slotJoint[s]];
                if (!entry)
                    entry = math::AffineN::compose(world, math::AffineN(*basis, *position));
            }
            OrderedJson bindPoses = OrderedJson::array();
            for (auto& entry : perJoint) {
                const auto m = gltf::matrixOf(entry ? *entry : world);
                bindPoses.push_back({{"matrix", std::vector<double>(m.begin(), m.end())}});
            }
            poses.push_back({{"poseType", model::poseTypeName(pose.type)},
                             {"bindPoses", std::move(bindPoses)}});
        }
        if (!poses.empty()) {
            if (!skin.contains("extensions") || !skin["extensions"].is_object())
                skin["extensions"] = OrderedJson::object();
            skin["extensions"]["KHR_character_skeleton_bindpose"] = {{"poses", std::move(poses)}};
            m_usesBindPoses = true;
        }
    }
    if (!m_characterRoot)
        m_characterRoot = m_index.at(skeletonId);
    m_skinOf[skeletonId] = m_skins.size();
    m_slotJoint[skeletonId] = std::move(slotJoint);
    m_skins.push_back(std::move(skin));
    return {};
}

Result<void> Exporter::writeMesh(NodeId instanceNode, const SkinnedInstance* skinned) {
    const auto& node = m_document.node(instanceNode);
    const auto& mesh = m_document.mesh(node.meshInstance()->mesh);
    const std::size_t vertexCount = mesh.vertexCount();
    if (vertexCount == 0) {
        m_encoded.warnings.push_back("mesh '" + mesh.name.value_or("") +
                                     "' has no vertices; not exported");
        return {};
    }
    if (skinned && m_skinOf.count(skinned->skeleton) == 0)
        skinned = nullptr;
    std::vector<double> positions = mesh.vertices.values;
    positions.resize(vertexCount * 3, 0.0);
    bool baked = false;
    if (skinned) {
        // glTF ignores the skinned node's transform: bake the G4MF mesh transform (mesh space
        // -> skeleton space) into the vertices.
        auto local = node.transform.toAffine(3);
        if (local && !approxEqual(*local, math::AffineN::identity(3), 0.0)) {
            baked = true;
            for (std::size_t v = 0; v < vertexCount; ++v) {
                const auto p = local->applyPoint(
                    {positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]});
                for (int c = 0; c < 3; ++c)
                    positions[3 * v + static_cast<std::size_t>(c)] = p[c];
            }
        }
    }
    OrderedJson attributes = OrderedJson::object();
    attributes["POSITION"] = m_binary.addAccessor(positions, 5126, "VEC3", 3, false, 34962, true);
    if (const auto* kept = keptGltf(mesh.extra, "attributes"); kept && kept->is_object()) {
        for (const auto& [name, data] : kept->items()) {
            const auto* values = gltf::member(data, "values");
            const auto type = gltf::stringMember(data, "type").value_or("");
            const int width = type == "SCALAR" ? 1
                              : type == "VEC2" ? 2
                              : type == "VEC3" ? 3
                              : type == "VEC4" ? 4
                                               : 0;
            const auto* componentType = gltf::member(data, "componentType");
            if (!values || !values->is_array() || width == 0 || !componentType ||
                !componentType->is_number_integer() ||
                values->size() != vertexCount * static_cast<std::size_t>(width) ||
                (baked && (name == "NORMAL" || name == "TANGENT"))) {
                m_encoded.warnings.push_back("mesh '" + mesh.name.value_or("") + "': attribute " +
                                             name + " no longer matches the vertices; dropped");
                continue;
            }
            std::vector<double> numbers;
            for (const auto& value : *values)
                numbers.push_back(value.is_number() ? value.get<double>() : 0.0);
            const auto* normalized = gltf::member(data, "normalized");
            attributes[name] = m_binary.addAccessor(
                numbers, componentType->get<int>(), type.c_str(), width,
                normalized && normalized->is_boolean() && normalized->get<bool>(), 34962, false);
        }
    }
    if (skinned) {
        const auto& skin = *mesh.skin;
        const auto& slotJoint = m_slotJoint.at(skinned->skeleton);
        const auto staticJoint = m_staticJoint.find(skinned->skeleton);
        const bool hasStatic = staticJoint != m_staticJoint.end();
        std::vector<std::vector<gltf::JointWeight>> perVertex(vertexCount);
        std::size_t widest = 1;
        for (std::size_t v = 0; v < vertexCount; ++v) {
            std::vector<gltf::JointWeight> influences;
            if (v + 1 < skin.offsets.size())
                for (std::uint32_t i = skin.offsets[v]; i < skin.offsets[v + 1]; ++i) {
                    const std::uint32_t group = skin.groups[i];
                    if (group >= slotJoint.size() && !hasStatic)
                        return Error("mesh '" + mesh.name.value_or("") + "': group " +
                                     std::to_string(group) + " has no joint");
                    const std::uint32_t joint =
                        group < slotJoint.size() ? slotJoint[group] : staticJoint->second;
                    influences.push_back({joint, skin.weights[i]});
                }
            auto weights = gltf::gltfVertexWeights(std::move(influences), m_options.weights);
            if (weights.empty() && !hasStatic)
                return Error("mesh '" + mesh.name.value_or("") + "': vertex " + std::to_string(v) +
                             " has no weight and no joint stays put");
            if (weights.empty())
                weights.push_back({staticJoint->second,
                                   m_options.weights == gltf::WeightFormat::Float     ? 1.0
                                   : m_options.weights == gltf::WeightFormat::Unorm16 ? 65535.0
                                                                                      : 255.0});
            widest = std::max(widest, weights.size());
            perVertex[v] = std::move(weights);
        }
        const std::size_t sets = (widest + 3) / 4;
        const std::size_t jointCount = m_skins[m_skinOf.at(skinned->skeleton)]["joints"].size();
        const int jointType = jointCount <= 256 ? 5121 : 5123;
        const int weightType = m_options.weights == gltf::WeightFormat::Float     ? 5126
                               : m_options.weights == gltf::WeightFormat::Unorm16 ? 5123
                                                                                  : 5121;
        for (std::size_t set = 0; set < sets; ++set) {
            std::vector<double> joints(vertexCount * 4, 0.0);
            std::vector<double> weights(vertexCount * 4, 0.0);
            for (std::size_t v = 0; v < vertexCount; ++v)
                for (std::size_t k = 0; k < 4; ++k) {
                    const std::size_t i = set * 4 + k;
                    if (i < perVertex[v].size()) {
                        joints[v * 4 + k] = perVertex[v][i].joint;
                        weights[v * 4 + k] = perVertex[v][i].weight;
                    }
                }
            attributes["JOINTS_" + std::to_string(set)] =
                m_binary.addAccessor(joints, jointType, "VEC4", 4, false, 34962, false);
            attributes["WEIGHTS_" + std::to_string(set)] = m_binary.addAccessor(
                weights, weightType, "VEC4", 4, weightType != 5126, 34962, false);
        }
    }
    OrderedJson primitives = OrderedJson::array();
    for (const auto& surface : mesh.surfaces) {
        if (!surface.simplexes)
            continue;
        std::vector<double> indices = surface.simplexes->values;
        indices.resize(indices.size() / 3 * 3);
        if (indices.empty())
            continue;
        bool inRange = true;
        for (double index : indices)
            inRange = inRange && index >= 0 && index < static_cast<double>(vertexCount);
        if (!inRange)
            return Error("mesh '" + mesh.name.value_or("") + "': a triangle names a vertex past " +
                         std::to_string(vertexCount));
        OrderedJson primitive = OrderedJson::object();
        primitive["attributes"] = attributes;
        primitive["indices"] = m_binary.addAccessor(indices, vertexCount <= 65535 ? 5123 : 5125,
                                                    "SCALAR", 1, false, 34963, false);
        primitive["mode"] = 4;
        if (const auto* kept = keptGltf(surface.extra, "primitive"))
            for (const auto& [key, value] : kept->items())
                if (key != "material" || m_keepMaterials)
                    primitive[key] = value;
        primitives.push_back(std::move(primitive));
    }
    if (primitives.empty()) {
        OrderedJson primitive = {{"attributes", attributes}, {"mode", 0}};
        primitives.push_back(std::move(primitive));
    }
    OrderedJson json = OrderedJson::object();
    if (const auto* kept = keptGltf(mesh.extra, "name"); kept && kept->is_string())
        json["name"] = *kept;
    else if (mesh.name)
        json["name"] = *mesh.name;
    json["primitives"] = std::move(primitives);
    if (const auto* kept = keptGltf(mesh.extra, "mesh"))
        for (const auto& [key, value] : kept->items())
            json[key] = value;
    auto& nodeJson = m_nodes[m_index.at(instanceNode)];
    nodeJson["mesh"] = m_meshes.size();
    if (skinned)
        nodeJson["skin"] = m_skinOf.at(skinned->skeleton);
    m_meshes.push_back(std::move(json));
    return {};
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
// gone is dropped, and so is an animation left without channels (warnings).
void Exporter::writeKeptAnimation(const OrderedJson& animation) {
    if (!animation.is_object())
        return;
    const std::string name = gltf::stringMember(animation, "name").value_or("(unnamed)");
    OrderedJson json = OrderedJson::object();
    std::size_t dropped = 0;
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
    if (!json.contains("channels") || json["channels"].empty())
        return;
    m_animations.push_back(std::move(json));
}

void addUnique(OrderedJson& list, const std::string& name) {
    for (const auto& item : list)
        if (item == name)
            return;
    list.push_back(name);
}

void Exporter::writeTopLevel(OrderedJson& root) {
    const auto* kept = keptGltf(m_document.preserved.topLevel, "topLevel");
    OrderedJson asset = {{"version", "2.0"}};
    if (kept && kept->contains("asset") && (*kept)["asset"].is_object())
        for (const auto& [key, value] : (*kept)["asset"].items())
            if (key != "version" && key != "generator" && key != "minVersion")
                asset[key] = value;
    asset["generator"] = "HyperRig";
    root["asset"] = std::move(asset);
    OrderedJson used = OrderedJson::array();
    OrderedJson extensions = OrderedJson::object();
    if (kept) {
        if (const auto* list = gltf::member(*kept, "extensionsUsed"); list && list->is_array())
            for (const auto& name : *list)
                if (name.is_string() && name != "KHR_avatar_skeleton_bindpose" &&
                    name != "KHR_character_reference_pose")
                    addUnique(used, name.get<std::string>());
        if (const auto* top = gltf::member(*kept, "extensions"); top && top->is_object()) {
            extensions = *top;
            extensions.erase("KHR_avatar_skeleton_bindpose");
        }
        for (const auto& [key, value] : kept->items()) {
            if (key == "asset" || key == "extensionsUsed" || key == "extensions")
                continue;
            if (key == "animations") {
                if (value.is_array())
                    for (const auto& animation : value)
                        writeKeptAnimation(animation);
                continue;
            }
            if ((key == "materials" || key == "textures" || key == "images" || key == "samplers") &&
                !m_keepMaterials)
                continue;
            root[key] = value;
        }
    }
    if (m_usesBindPoses) {
        addUnique(used, "KHR_character");
        addUnique(used, "KHR_character_skeleton_bindpose");
    }
    if (m_referencePoses) {
        addUnique(used, "KHR_character");
        addUnique(used, "KHR_character_reference_pose");
    }
    if (!m_animations.empty())
        root["animations"] = std::move(m_animations);
    // KHR_character's rootNode is a node index: the first skeleton's (indices of the imported
    // file mean nothing after a rewrite). Other kept extensions are not remapped.
    if (m_usesBindPoses || extensions.contains("KHR_character") || m_referencePoses) {
        if (!extensions["KHR_character"].is_object())
            extensions["KHR_character"] = OrderedJson::object();
        extensions["KHR_character"]["rootNode"] = m_characterRoot.value_or(0);
    }
    if (!used.empty())
        root["extensionsUsed"] = std::move(used);
    if (!extensions.empty())
        root["extensions"] = std::move(extensions);
}

Result<EncodedGltf> Exporter::run() {
    if (m_document.dimension() != 3)
        return Error("glTF holds 3D scenes; this document is " +
                     std::to_string(m_document.dimension()) +
                     "D (export a 3D document, or slice a 4D one first)");
    if (const auto* kept = keptGltf(m_document.preserved.topLevel, "topLevel")) {
        if (const auto* images = gltf::member(*kept, "images"); images && images->is_array())
            for (const auto& image : *images)
                if (gltf::member(image, "bufferView"))
                    m_keepMaterials = false;
        if (!m_keepMaterials)
            m_encoded.warnings.push_back("materials and textures are not exported: an image "
                                         "lives in a buffer view, which HyperRig does not keep");
    }
    const NodeId root = m_document.root();
    if (root) {
        const bool plain = isPlainRoot(m_document, root);
        if (plain) {
            for (NodeId child : m_document.node(root).children) {
                auto done = collect(child, math::AffineN::identity(3));
                if (!done)
                    return done.error();
            }
        } else {
            auto done = collect(root, math::AffineN::identity(3));
            if (!done)
                return done.error();
        }
        for (NodeId id : m_order)
            if (const auto* skeleton = m_document.node(id).skeleton())
                for (const auto& pose : skeleton->bindPoses)
                    if (isNodePose(pose))
                        for (auto& [bone, local] : poseLocals(m_document, id, pose))
                            m_nodePose.insert_or_assign(bone, local);
        auto written = writeNodes();
        if (!written)
            return written.error();
        for (NodeId child : plain ? m_document.node(root).children : std::vector<NodeId>{root})
            if (!isSkinnedInstance(m_document, child))
                m_sceneNodes.push_back(m_index.at(child));
    }
    // One skin per skeleton with joints, used or not (its joints and bind poses travel with it).
    std::vector<NodeId> skeletons;
    for (NodeId id : m_order)
        if (const auto* skeleton = m_document.node(id).skeleton();
            skeleton && !skeleton->joints.empty())
            skeletons.push_back(id);
    for (const auto& instance : m_skinned)
        if (std::find(skeletons.begin(), skeletons.end(), instance.skeleton) == skeletons.end())
            skeletons.push_back(instance.skeleton);
    for (NodeId skeleton : skeletons) {
        auto written = writeSkin(skeleton);
        if (!written)
            return written.error();
        if (m_options.referencePose)
            writeReferencePoses(skeleton);
    }
    for (NodeId id : m_order) {
        if (!m_document.node(id).meshInstance() ||
            !m_document.meshes.find(m_document.node(id).meshInstance()->mesh))
            continue;
        const SkinnedInstance* skinned = nullptr;
        for (const auto& instance : m_skinned)
            if (instance.node == id)
                skinned = &instance;
        auto written = writeMesh(id, skinned);
        if (!written)
            return written.error();
        if (skinned) // a scene root whether its skin was written or not
            m_sceneNodes.push_back(m_index.at(id));
    }

    for (NodeId id : m_order)
        if (const auto* source = keptGltf(m_document.node(id).extra, "source");
            source && source->is_number_unsigned())
            m_sourceNode.emplace(source->get<std::uint64_t>(), m_index.at(id));
    OrderedJson json = OrderedJson::object();
    writeTopLevel(json);
    OrderedJson scene = OrderedJson::object();
    if (root)
        if (const auto* kept = keptGltf(m_document.node(root).extra, "scene"))
            scene = *kept;
    scene["nodes"] = m_sceneNodes;
    json["scene"] = 0;
    json["scenes"] = OrderedJson::array({std::move(scene)});
    json["nodes"] = std::move(m_nodes);
    if (!m_meshes.empty())
        json["meshes"] = std::move(m_meshes);
    if (!m_skins.empty())
        json["skins"] = std::move(m_skins);
    if (!m_binary.accessors().empty()) {
        json["accessors"] = std::move(m_binary.accessors());
        json["bufferViews"] = std::move(m_binary.bufferViews());
        OrderedJson buffer = {{"byteLength", m_binary.bytes().size()}};
        if (!m_options.binary)
            buffer["uri"] = makeDataUri(m_binary.bytes());
        json["buffers"] = OrderedJson::array({std::move(buffer)});
    }
    if (m_options.binary) {
        m_encoded.file = gltf::glbContainer(json.dump(), m_binary.bytes());
    } else {
        const std::string text = json.dump(2) + "\n";
        m_encoded.file.resize(text.size());
        std::transform(text.begin(), text.end(), m_encoded.file.begin(),
                       [](char c) { return static_cast<std::byte>(c); });
    }
    return std::move(m_encoded);
}

} // namespace

Result<EncodedGltf> encodeGltf(const model::Document& document, const GltfExportOptions& options) {
    return Exporter(document, options).run();
}

Result<std::vector<std::string>> writeGltf(const model::Document& document,
                                           const std::filesystem::path& path,
                                           GltfExportOptions options) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension != ".gltf" && extension != ".glb")
        return Error(path.string() + ": a glTF file ends in .gltf or .glb");
    options.binary = extension == ".glb";
    auto encoded = encodeGltf(document, options);
    if (!encoded)
        return encoded.error().withContext("writing " + path.filename().string());
    auto written = writeFileAtomically(path, encoded->file);
    if (!written)
        return written.error();
    return encoded->warnings;
}

} // namespace hyperrig::core::io
