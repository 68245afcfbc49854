#include "core/io/gltf/GltfExport.h"

#include "core/base/AtomicFile.h"
#include "core/io/Base64.h"
#include "core/io/gltf/GltfBinary.h"
#include "core/io/gltf/GltfExporter.h"
#include "core/io/gltf/GltfFile.h"
#include "core/io/gltf/GltfJson.h"
#include "core/io/gltf/GltfTransform.h"
#include "core/model/JsonDump.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <unordered_map>

namespace hyperrig::core::io {
namespace gltf {

const OrderedJson* keptGltf(const OrderedJson& extra, const char* key) {
    const auto* extras = gltf::member(extra, "extras");
    const auto* ours = extras ? gltf::member(*extras, "gltf") : nullptr;
    return ours ? gltf::member(*ours, key) : nullptr;
}

bool isSkinnedInstance(const model::Document& document, NodeId id) {
    const auto& node = document.node(id);
    const auto* instance = node.meshInstance();
    return instance && document.meshes.find(instance->mesh) && document.mesh(instance->mesh).skin &&
           node.parent && document.node(node.parent).isSkeleton();
}

namespace {

bool isPlainRoot(const model::Document& document, NodeId root) {
    const auto& node = document.node(root);
    return std::holds_alternative<std::monostate>(node.component) &&
           node.transform.isIdentityByConstruction();
}

} // namespace

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

static OrderedJson extrasFor(const model::Node& node, const OrderedJson* kept) {
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
        // need) nor morph weights (writeMesh writes them with the targets they weigh).
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

static void addUnique(OrderedJson& list, const std::string& name) {
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
        m_encoded.file = gltf::glbContainer(model::jsonText(json), m_binary.bytes());
    } else {
        const std::string text = model::jsonText(json, 2) + "\n";
        m_encoded.file.resize(text.size());
        std::transform(text.begin(), text.end(), m_encoded.file.begin(),
                       [](char c) { return static_cast<std::byte>(c); });
    }
    return std::move(m_encoded);
}

} // namespace gltf

Result<EncodedGltf> encodeGltf(const model::Document& document, const GltfExportOptions& options) {
    return gltf::Exporter(document, options).run();
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
