// Skins and meshes of a glTF export (docs/interop-gltf.md, "Export").
#include "core/io/gltf/GltfExporter.h"
#include "core/io/gltf/GltfJson.h"
#include "core/io/gltf/GltfTransform.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::core::io::gltf {

std::unordered_map<NodeId, math::AffineN>
boneGlobals(const model::Document& document, NodeId skeleton,
            const std::unordered_map<NodeId, math::AffineN>& placed) {
    std::unordered_map<NodeId, math::AffineN> globals;
    std::vector<std::pair<NodeId, math::AffineN>> stack;
    for (NodeId child : document.node(skeleton).children)
        stack.emplace_back(child, math::AffineN::identity(3));
    while (!stack.empty()) {
        auto [id, parent] = stack.back();
        stack.pop_back();
        const auto& node = document.node(id);
        if (!node.isBone())
            continue;
        math::AffineN global = math::AffineN::identity(3);
        if (const auto at = placed.find(id); at != placed.end()) {
            global = at->second;
        } else {
            auto local = node.transform.toAffine(3);
            global = math::AffineN::compose(parent, local ? *local : math::AffineN::identity(3));
        }
        globals.insert_or_assign(id, global);
        for (NodeId child : node.children)
            stack.emplace_back(child, global);
    }
    return globals;
}

Result<void> Exporter::writeSkin(NodeId skeletonId) {
    const auto& node = m_document.node(skeletonId);
    const auto& skeleton = *node.skeleton();
    const auto rest = boneGlobals(m_document, skeletonId);
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

std::optional<KeptVertexArray> keptVertexArray(const OrderedJson& data, std::size_t vertexCount) {
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
        values->size() != vertexCount * static_cast<std::size_t>(width))
        return std::nullopt;
    KeptVertexArray array;
    array.type = type;
    array.width = width;
    array.componentType = componentType->get<int>();
    const auto* normalized = gltf::member(data, "normalized");
    array.normalized = normalized && normalized->is_boolean() && normalized->get<bool>();
    array.numbers.reserve(values->size());
    for (const auto& value : *values)
        array.numbers.push_back(value.is_number() ? value.get<double>() : 0.0);
    return array;
}

std::size_t Exporter::addVertexArray(const KeptVertexArray& array, bool minMax) {
    return m_binary.addAccessor(array.numbers, array.componentType, array.type.c_str(), array.width,
                                array.normalized, 34962, minMax);
}

// Morph targets kept by the import (GltfMeshes.cpp), shared by every primitive as the vertex
// attributes are. Position offsets turn with a baked mesh transform (they are vectors:
// offset' = B · offset); normal and tangent offsets cannot follow a baked transform and drop
// the targets, as does any array that no longer has one value per vertex (a warning).
OrderedJson Exporter::writeMorphTargets(const model::Mesh& mesh, std::size_t vertexCount,
                                        const math::BasisN* baked) {
    if (mesh.blend)
        return mesh.blend->shapes.empty() ? OrderedJson::array()
                                          : writeBlendTargets(mesh, vertexCount, baked);
    // Documents saved before blend shapes were model data (decision 0051) still carry the
    // targets of decision 0029 in extras.gltf.targets.
    const auto* kept = keptGltf(mesh.extra, "targets");
    if (!kept || !kept->is_array() || kept->empty())
        return OrderedJson::array();
    TargetArrays arrays;
    for (const auto& target : *kept) {
        auto& written = arrays.emplace_back();
        if (target.is_object())
            for (const auto& [name, data] : target.items()) {
                auto array = keptVertexArray(data, vertexCount);
                const bool turns = name == "POSITION" && array && array->width == 3;
                if (!array || (baked && !turns && (name == "NORMAL" || name == "TANGENT"))) {
                    m_encoded.warnings.push_back(
                        "mesh '" + mesh.name.value_or("") + "': morph target " + name +
                        " offsets no longer match the vertices; the morph targets are dropped");
                    return OrderedJson::array();
                }
                if (baked && turns)
                    for (std::size_t v = 0; v < vertexCount; ++v) {
                        const auto turned =
                            *baked * math::VectorN{array->numbers[3 * v], array->numbers[3 * v + 1],
                                                   array->numbers[3 * v + 2]};
                        for (std::size_t c = 0; c < 3; ++c)
                            array->numbers[3 * v + c] = turned[static_cast<int>(c)];
                    }
                written.emplace_back(name, std::move(*array));
            }
        if (written.empty()) {
            m_encoded.warnings.push_back("mesh '" + mesh.name.value_or("") +
                                         "': a morph target has no offsets; the morph targets "
                                         "are dropped");
            return OrderedJson::array();
        }
    }
    return writeTargetAccessors(arrays);
}

OrderedJson Exporter::writeTargetAccessors(const TargetArrays& arrays) {
    OrderedJson targets = OrderedJson::array();
    for (const auto& target : arrays) {
        OrderedJson json = OrderedJson::object();
        for (const auto& [name, array] : target)
            json[name] = addVertexArray(array, name == "POSITION"); // POSITION needs min/max
        targets.push_back(std::move(json));
    }
    return targets;
}

bool morphWeightsFit(const OrderedJson& weights, const OrderedJson& targets) {
    return weights.is_array() && !targets.empty() && weights.size() == targets.size();
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
    math::BasisN bakedBasis = math::BasisN::identity(3);
    if (skinned) {
        // glTF ignores the skinned node's transform: bake the G4MF mesh transform (mesh space
        // -> skeleton space) into the vertices.
        auto local = node.transform.toAffine(3);
        if (local && !approxEqual(*local, math::AffineN::identity(3), 0.0)) {
            baked = true;
            bakedBasis = local->basis();
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
            auto array = keptVertexArray(data, vertexCount);
            if (!array || (baked && (name == "NORMAL" || name == "TANGENT"))) {
                m_encoded.warnings.push_back("mesh '" + mesh.name.value_or("") + "': attribute " +
                                             name + " no longer matches the vertices; dropped");
                continue;
            }
            attributes[name] = addVertexArray(*array, false);
        }
    }
    const OrderedJson targets = writeMorphTargets(mesh, vertexCount, baked ? &bakedBasis : nullptr);
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
        if (!targets.empty())
            primitive["targets"] = targets;
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
            if (key != "weights" || (!mesh.blend && morphWeightsFit(value, targets)))
                json[key] = value;
    if (mesh.blend && !targets.empty()) {
        // The shapes' amounts and names: glTF's mesh weights and the extras.targetNames
        // convention (Blender, three.js).
        if (mesh.blend->amounts && morphWeightsFit(OrderedJson(*mesh.blend->amounts), targets))
            json["weights"] = *mesh.blend->amounts;
        const auto& shapes = mesh.blend->shapes;
        if (std::any_of(shapes.begin(), shapes.end(), [](const auto& s) { return s.name; })) {
            OrderedJson names = OrderedJson::array();
            for (const auto& shape : shapes)
                names.push_back(shape.name.value_or(""));
            if (!json.contains("extras") || !json["extras"].is_object())
                json["extras"] = OrderedJson::object();
            json["extras"]["targetNames"] = std::move(names);
        }
    }
    auto& nodeJson = m_nodes[m_index.at(instanceNode)];
    // The node's morph weights: kept on the glTF node that showed the mesh (the bone, when the
    // import moved the mesh onto a child of it).
    const auto& shownBy = keptGltf(node.extra, "meshOf") ? m_document.node(node.parent) : node;
    if (const auto& amounts = node.meshInstance()->blendAmounts;
        mesh.blend && amounts && morphWeightsFit(OrderedJson(*amounts), targets))
        nodeJson["weights"] = *amounts;
    else if (const auto* kept = keptGltf(shownBy.extra, "node"))
        if (const auto* weights = gltf::member(*kept, "weights");
            weights && morphWeightsFit(*weights, targets))
            nodeJson["weights"] = *weights;
    if (!targets.empty())
        m_morphedNodes.insert(m_index.at(instanceNode));
    nodeJson["mesh"] = m_meshes.size();
    if (skinned)
        nodeJson["skin"] = m_skinOf.at(skinned->skeleton);
    m_meshes.push_back(std::move(json));
    return {};
}

} // namespace hyperrig::core::io::gltf
