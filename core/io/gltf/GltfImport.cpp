#include "core/io/gltf/GltfImport.h"

#include "core/io/gltf/GltfImportContext.h"
#include "core/io/gltf/GltfJson.h"
#include "core/io/gltf/GltfTransform.h"
#include "core/model/NameRules.h"

#include <algorithm>
#include <memory>
#include <string>

namespace hyperrig::core::io {
namespace gltf {

model::OrderedJson& gltfExtras(model::OrderedJson& extra) {
    if (!extra.is_object())
        extra = model::OrderedJson::object();
    auto& extras = extra["extras"];
    if (!extras.is_object())
        extras = model::OrderedJson::object();
    auto& gltf = extras["gltf"];
    if (!gltf.is_object())
        gltf = model::OrderedJson::object();
    return gltf;
}

namespace {

std::string nodePointer(std::size_t index) {
    return "/nodes/" + std::to_string(index);
}

// Reads the node graph: children, parents (one each), no cycles, node-default transforms.
Result<void> readNodeGraph(ImportContext& context) {
    const auto& json = context.file.json;
    context.nodeCount = topLevelCount(json, "nodes");
    const std::size_t n = context.nodeCount;
    context.parent.assign(n, std::nullopt);
    context.children.assign(n, {});
    context.local.assign(n, math::AffineN::identity(3));
    context.world.assign(n, math::AffineN::identity(3));
    context.boneOf.assign(n, -1);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& node = topLevelItem(json, "nodes", i);
        const std::string pointer = nodePointer(i);
        if (!node.is_object())
            return Error(pointer + ": not an object");
        auto transform = gltf::transformFromGltfNode(node, pointer);
        if (!transform)
            return transform.error();
        auto affine = transform->toAffine(3);
        if (!affine)
            return affine.error().withContext(pointer);
        context.local[i] = *affine;
        if (const auto* children = member(node, "children")) {
            if (!children->is_array())
                return Error(pointer + "/children: not an array");
            for (std::size_t c = 0; c < children->size(); ++c) {
                const std::string childPointer = pointer + "/children/" + std::to_string(c);
                auto child = checkedIndex((*children)[c], childPointer, n, "node");
                if (!child)
                    return child.error();
                if (context.parent[*child])
                    return Error(childPointer + ": node " + std::to_string(*child) +
                                 " already has parent " + std::to_string(*context.parent[*child]) +
                                 " (a glTF node has at most one parent)");
                context.parent[*child] = i;
                context.children[i].push_back(*child);
            }
        }
    }
    // Every node must be reachable from a parentless node; one that is not sits in a cycle.
    // Depth is bounded because everything downstream (G4MF writing, evaluation) walks trees.
    std::vector<bool> reached(n, false);
    std::vector<std::size_t> depth(n, 0);
    std::vector<std::size_t> stack;
    for (std::size_t i = 0; i < n; ++i)
        if (!context.parent[i])
            stack.push_back(i);
    while (!stack.empty()) {
        const std::size_t node = stack.back();
        stack.pop_back();
        reached[node] = true;
        if (context.parent[node])
            depth[node] = depth[*context.parent[node]] + 1;
        if (depth[node] > context.limits.maxNodeDepth)
            return Error(nodePointer(node) + ": the node hierarchy is deeper than " +
                         std::to_string(context.limits.maxNodeDepth) + " levels");
        const auto& parent = context.parent[node];
        context.world[node] =
            parent ? math::AffineN::compose(context.world[*parent], context.local[node])
                   : context.local[node];
        for (std::size_t child : context.children[node])
            stack.push_back(child);
    }
    for (std::size_t i = 0; i < n; ++i)
        if (!reached[i])
            return Error(nodePointer(i) + "/children: node " + std::to_string(i) +
                         " is its own ancestor (the node graph has a cycle)");
    return {};
}

// A G4MF name for a glTF name: forbidden characters become '_' and clashes get a number.
std::string g4mfName(const model::Document& document, const std::string& name) {
    return model::uniqueName(document, model::allowedName(name));
}

model::Node& addNode(model::Document& document, std::optional<std::string> name) {
    auto node = std::make_unique<model::Node>();
    node->id = document.nodes.allocateId();
    node->name = std::move(name);
    model::Node& added = *node;
    document.nodes.append(std::move(node));
    return added;
}

// glTF node members kept for export (everything but what the document models).
void keepNodeJson(const model::OrderedJson& json, model::Node& node, const std::string& g4mf) {
    model::OrderedJson kept = model::OrderedJson::object();
    for (const auto& [key, value] : json.items()) {
        if (key == "children" || key == "matrix" || key == "translation" || key == "rotation" ||
            key == "scale" || key == "mesh" || key == "skin")
            continue;
        if (key == "name" && value.is_string() && value.get<std::string>() == g4mf)
            continue; // the G4MF name says it
        if (key == "extras" && value.is_object() && value.contains("hyperrig")) {
            model::OrderedJson extras = value;
            extras.erase("hyperrig");
            if (!extras.empty())
                kept[key] = extras;
            continue;
        }
        kept[key] = value;
    }
    if (!kept.empty())
        gltf::gltfExtras(node.extra)["node"] = std::move(kept);
}

Result<void> buildNodes(ImportContext& context) {
    auto& document = context.document;
    const auto& json = context.file.json;
    // The root: the default scene.
    std::size_t sceneIndex = 0;
    const std::size_t sceneCount = topLevelCount(json, "scenes");
    if (const auto* scene = member(json, "scene")) {
        auto index = checkedIndex(*scene, "/scene", sceneCount, "scene");
        if (!index)
            return index.error();
        sceneIndex = *index;
    }
    model::OrderedJson sceneJson = model::OrderedJson::object();
    if (sceneCount > 0)
        sceneJson = topLevelItem(json, "scenes", sceneIndex);
    const auto sceneName = stringMember(sceneJson, "name");
    model::Node& root = addNode(document, std::string("Scene"));
    const model::NodeId rootId = root.id;
    if (sceneJson.is_object()) {
        model::OrderedJson kept = sceneJson;
        kept.erase("nodes");
        if (!kept.empty())
            gltf::gltfExtras(root.extra)["scene"] = std::move(kept);
    }
    if (sceneCount > 1)
        context.warn("gltf.scenes.several", "/scenes",
                     "the file has " + std::to_string(sceneCount) +
                         " scenes; HyperRig shows scene " + std::to_string(sceneIndex) +
                         " and keeps the other scenes' nodes under the same root");

    // One G4MF node per glTF node, in file order, then the new skeleton nodes.
    context.ids.assign(context.nodeCount, {});
    for (std::size_t i = 0; i < context.nodeCount; ++i) {
        const auto& nodeJson = topLevelItem(json, "nodes", i);
        std::optional<std::string> name;
        if (const auto written = stringMember(nodeJson, "name"))
            name = g4mfName(document, *written);
        model::Node& node = addNode(document, name);
        context.ids[i] = node.id;
        auto transform = gltf::transformFromGltfNode(nodeJson, nodePointer(i));
        if (!transform)
            return transform.error();
        node.transform = *transform;
        keepNodeJson(nodeJson, node, name.value_or(""));
    }
    std::vector<std::vector<model::NodeId>> newSkeletonChildren(context.skins.size());
    for (auto& skin : context.skins) {
        if (skin.skeletonFromNode) {
            skin.skeleton = context.ids[*skin.skeletonFromNode];
            skin.world = context.world[*skin.skeletonFromNode];
            continue;
        }
        const auto skinName = stringMember(topLevelItem(json, "skins", skin.index), "name");
        model::Node& node = addNode(document, g4mfName(document, skinName.value_or("Skeleton")));
        skin.skeleton = node.id;
        skin.world =
            skin.insertUnder ? context.world[*skin.insertUnder] : math::AffineN::identity(3);
        gltf::gltfExtras(node.extra)["createdSkeleton"] = true;
    }

    // Where each glTF node goes: root bones under a new skeleton node, skinned mesh nodes under
    // their skeleton (after the bones), everything else under its glTF parent or the root.
    auto skinOfMeshNode = [&](std::size_t i) -> std::optional<std::size_t> {
        const auto* skin = member(topLevelItem(json, "nodes", i), "skin");
        if (!skin || !skin->is_number_unsigned())
            return std::nullopt;
        return static_cast<std::size_t>(skin->get<std::uint64_t>());
    };
    std::vector<const SkinPlan*> newSkeletonOf(context.nodeCount, nullptr);
    for (const auto& skin : context.skins)
        if (!skin.skeletonFromNode)
            for (std::size_t bone : skin.rootBones)
                newSkeletonOf[bone] = &skin;
    auto newSkeletonOfRootBone = [&](std::size_t i) {
        return newSkeletonOf[i];
    };
    std::vector<std::vector<model::NodeId>> childLists(context.nodeCount);
    std::vector<model::NodeId> rootChildren;
    std::vector<std::vector<model::NodeId>> skinMeshes(context.skins.size());
    std::vector<bool> skeletonPlaced(context.skins.size(), false);
    auto place = [&](std::size_t i, std::vector<model::NodeId>& list) {
        if (const auto skin = skinOfMeshNode(i); skin && *skin < context.skinUses.size()) {
            // glTF ignores the skinned mesh node's transform; the mesh sits where the skin binds
            // it relative to its skeleton (identity, unless it shares the skeleton, 0029).
            const auto& use = context.skinUses[*skin];
            skinMeshes[use.plan].push_back(context.ids[i]);
            document.node(context.ids[i]).transform =
                approxEqual(use.meshToSkeleton, math::AffineN::identity(3), 0.0)
                    ? model::identityTransform()
                    : gltf::transformFromAffine(use.meshToSkeleton);
            return;
        }
        if (const SkinPlan* skin = newSkeletonOfRootBone(i)) {
            const auto s = static_cast<std::size_t>(skin - context.skins.data());
            newSkeletonChildren[s].push_back(context.ids[i]);
            if (!skeletonPlaced[s]) {
                skeletonPlaced[s] = true;
                list.push_back(skin->skeleton);
            }
            return;
        }
        list.push_back(context.ids[i]);
    };
    std::vector<bool> placedRoot(context.nodeCount, false);
    if (sceneCount > 0) {
        const auto* nodes = member(sceneJson, "nodes");
        if (nodes && nodes->is_array())
            for (std::size_t k = 0; k < nodes->size(); ++k) {
                auto index = checkedIndex((*nodes)[k],
                                          "/scenes/" + std::to_string(sceneIndex) + "/nodes/" +
                                              std::to_string(k),
                                          context.nodeCount, "node");
                if (!index)
                    return index.error();
                if (context.parent[*index] || placedRoot[*index])
                    continue;
                placedRoot[*index] = true;
                place(*index, rootChildren);
            }
    }
    for (std::size_t i = 0; i < context.nodeCount; ++i)
        if (!context.parent[i] && !placedRoot[i])
            place(i, rootChildren);
    for (std::size_t i = 0; i < context.nodeCount; ++i)
        for (std::size_t child : context.children[i])
            place(child, childLists[i]);

    auto link = [&](model::NodeId parentId, const std::vector<model::NodeId>& children) {
        for (model::NodeId child : children) {
            document.node(child).parent = parentId;
            document.node(parentId).children.push_back(child);
        }
    };
    link(rootId, rootChildren);
    for (std::size_t i = 0; i < context.nodeCount; ++i)
        link(context.ids[i], childLists[i]);
    for (std::size_t s = 0; s < context.skins.size(); ++s) {
        const auto& skin = context.skins[s];
        if (!skin.skeletonFromNode && !skeletonPlaced[s]) // joints outside every placed node
            link(rootId, {skin.skeleton});
        link(skin.skeleton, newSkeletonChildren[s]);
        link(skin.skeleton, skinMeshes[s]);
    }
    // New skeleton nodes sit where the root bone was: the local transform is identity, so the
    // skeleton's world is its parent's.
    return {};
}

void keepTopLevel(ImportContext& context) {
    // Top-level members that the document does not model go to the root's extras, so that an
    // export can write them back.
    model::OrderedJson kept = model::OrderedJson::object();
    for (const auto& [key, value] : context.file.json.items()) {
        if (key == "nodes" || key == "meshes" || key == "skins" || key == "accessors" ||
            key == "bufferViews" || key == "buffers" || key == "scenes" || key == "scene" ||
            key == "extensionsRequired")
            continue;
        if (key == "animations") {
            auto animations = gltf::keepAnimations(context);
            if (!animations.empty())
                kept[key] = std::move(animations);
            continue;
        }
        kept[key] = value;
    }
    if (!kept.empty())
        gltf::gltfExtras(context.document.preserved.topLevel)["topLevel"] = std::move(kept);
}

} // namespace
} // namespace gltf

Result<GltfImport> importGltf(const GltfFile& file, const GltfLimits& limits) {
    GltfImport imported;
    imported.document.asset.dimension = 3;
    imported.document.asset.generator = "HyperRig glTF import";
    gltf::ImportContext context{
        file, limits, imported.document, imported.warnings, {}, {}, {}, {}, {}, {}, {}, {}, {}};
    auto result = gltf::readNodeGraph(context);
    if (result)
        result = gltf::planSkins(context);
    if (result)
        result = gltf::buildNodes(context);
    if (result)
        result = gltf::buildSkeletons(context);
    if (result)
        result = gltf::buildMeshes(context);
    if (result)
        result = gltf::importBindPoses(context);
    if (!result)
        return std::move(result).withContext(file.sourceName).error();
    gltf::keepTopLevel(context);
    return imported;
}

Result<GltfImport> readGltf(const std::filesystem::path& path, const GltfReadOptions& options) {
    auto file = loadGltfFile(path, options);
    if (!file)
        return file.error();
    return importGltf(*file, options.limits);
}

} // namespace hyperrig::core::io
