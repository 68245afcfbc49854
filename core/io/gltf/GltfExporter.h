#pragma once

// The exporter's internals, shared by GltfExport.cpp (nodes, top level), GltfExportSkins.cpp
// (skins and meshes) and GltfExportAnimations.cpp (reference poses and kept animations).

#include "core/io/gltf/GltfBinary.h"
#include "core/io/gltf/GltfExport.h"
#include "core/math/AffineN.h"
#include "core/model/Document.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace hyperrig::core::io::gltf {

using model::NodeId;
using model::OrderedJson;

// What the glTF import kept at extra["extras"]["gltf"][key], or null.
const OrderedJson* keptGltf(const OrderedJson& extra, const char* key);
// The Custom pose a glTF import made of the file's node pose (extras.gltf.nodePose).
bool isNodePose(const model::BindPose& pose);
// The local transforms that put the bones of `skeleton` in `pose` (bones in a joints slot only).
std::unordered_map<NodeId, math::AffineN> poseLocals(const model::Document& document,
                                                     NodeId skeleton, const model::BindPose& pose);
// Skeleton-space transforms of the bones under `skeleton` (reached through bones only), composed
// top-down from their local transforms, G_b = G_parent * L_b, except that a bone listed in
// `placed` sits where the map says (and its children follow it). A malformed local counts as the
// identity. With nothing placed: the rest pose.
std::unordered_map<NodeId, math::AffineN>
boneGlobals(const model::Document& document, NodeId skeleton,
            const std::unordered_map<NodeId, math::AffineN>& placed = {});
// A mesh instance whose mesh has a skin, directly under a skeleton.
bool isSkinnedInstance(const model::Document& document, NodeId id);

// A vertex array the import kept (attribute or morph target offsets) in the form the
// exporter writes: element-major numbers stored as `componentType`.
struct KeptVertexArray {
    std::string type; // SCALAR, VEC2, VEC3 or VEC4
    int width = 0;
    int componentType = 0;
    bool normalized = false;
    std::vector<double> numbers;
};
// The kept array {componentType, normalized, type, values}, when it still has `vertexCount`
// elements.
std::optional<KeptVertexArray> keptVertexArray(const OrderedJson& data, std::size_t vertexCount);
// Whether kept morph `weights` (mesh or node) go with the `targets` written: one per target.
bool morphWeightsFit(const OrderedJson& weights, const OrderedJson& targets);

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
    OrderedJson writeMorphTargets(const model::Mesh& mesh, std::size_t vertexCount,
                                  const math::BasisN* baked);
    // GltfBlendShapes.cpp: the mesh's blend shapes as targets (writeMorphTargets calls it).
    OrderedJson writeBlendTargets(const model::Mesh& mesh, std::size_t vertexCount,
                                  const math::BasisN* baked);
    std::size_t addVertexArray(const KeptVertexArray& array, bool minMax);
    // The primitive's `targets`: per target, each attribute's offsets as an accessor.
    using TargetArrays = std::vector<std::vector<std::pair<std::string, KeptVertexArray>>>;
    OrderedJson writeTargetAccessors(const TargetArrays& arrays);
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
    std::set<std::size_t> m_morphedNodes; // nodes whose mesh has morph targets (weights channels)
    bool m_usesBindPoses = false;
    bool m_referencePoses = false;
    bool m_keepMaterials = true;
    std::optional<std::size_t> m_characterRoot;
};

} // namespace hyperrig::core::io::gltf
