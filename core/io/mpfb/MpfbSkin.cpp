#include "core/io/mpfb/MpfbSkin.h"

#include "core/base/Contracts.h"
#include "core/io/mpfb/MpfbBaseMesh.h"
#include "core/io/mpfb/MpfbExtras.h"
#include "core/model/NameRules.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

namespace hyperrig::core::io {
namespace {

using model::OrderedJson;

std::map<std::string, model::NodeId, std::less<>> bonesByMpfbName(const MpfbImport& imported) {
    std::map<std::string, model::NodeId, std::less<>> bones;
    for (model::NodeId id : imported.bones) {
        const OrderedJson& extra = imported.document.node(id).extra;
        bones.emplace(extra.at(mpfb_extras::kExtras)
                          .at(mpfb_extras::kMpfb)
                          .at(mpfb_extras::kName)
                          .get<std::string>(),
                      id);
    }
    return bones;
}

model::NodeId boneForGroup(const std::map<std::string, model::NodeId, std::less<>>& bones,
                           const std::string& group) {
    if (const auto found = bones.find(group); found != bones.end())
        return found->second;
    const std::string toggled = group.starts_with("DEF-") ? group.substr(4) : "DEF-" + group;
    if (const auto found = bones.find(toggled); found != bones.end())
        return found->second;
    return {};
}

model::Mesh bodyMesh(const ObjMesh& obj) {
    model::Mesh mesh;
    mesh.vertices.componentType = model::ComponentType::Float32;
    mesh.vertices.vectorSize = 3;
    mesh.vertices.values.reserve(obj.positions.size() * 3);
    // G4MF (x, y, z) = Blender (x, z, -y) = 0.1 · OBJ (docs/interop-mpfb.md).
    for (const auto& p : obj.positions)
        for (double value : p)
            mesh.vertices.values.push_back(kMpfbBodyScale * value);
    const auto body = std::find(obj.groupNames.begin(), obj.groupNames.end(), "body");
    const auto bodyGroup = static_cast<std::uint32_t>(body - obj.groupNames.begin());
    model::NumericArray simplexes;
    simplexes.componentType = model::ComponentType::Uint32;
    simplexes.vectorSize = 3;
    for (std::size_t t = 0; t < obj.triangles.size(); ++t)
        if (body == obj.groupNames.end() || obj.triangleGroups[t] == bodyGroup)
            for (std::uint32_t v : obj.triangles[t])
                simplexes.values.push_back(v);
    model::Surface surface;
    surface.simplexes = std::move(simplexes);
    mesh.surfaces.push_back(std::move(surface));
    return mesh;
}

} // namespace

void addMpfbSkinnedBody(MpfbImport& imported, const ObjMesh& obj,
                        const std::vector<MpfbWeightGroup>& weights) {
    model::Document& document = imported.document;
    const auto bones = bonesByMpfbName(imported);
    model::Skeleton& skeleton = *document.node(imported.skeleton).skeleton();
    // Every bone gets a joints slot, in node order: G4MF wants the first listing of each bone in
    // increasing node order with parents first, which the importer's parents-first node order
    // gives. Group i is then slot i and is named after its bone.
    std::map<model::NodeId, std::uint32_t> slotOf;
    model::Skin skin;
    skin.groupNames.emplace();
    const std::set<model::NodeId> rigBones(imported.bones.begin(), imported.bones.end());
    skeleton.joints.clear();
    for (model::NodeId id : document.nodes.order()) {
        if (!rigBones.count(id))
            continue;
        slotOf.emplace(id, static_cast<std::uint32_t>(skeleton.joints.size()));
        skeleton.joints.emplace_back(id);
        skin.groupNames->push_back(document.node(id).displayName());
    }
    std::vector<std::vector<std::pair<std::uint32_t, double>>> perVertex(obj.positions.size());
    for (const MpfbWeightGroup& group : weights) {
        if (group.name.starts_with("mhmask-"))
            continue;
        const model::NodeId bone = boneForGroup(bones, group.name);
        if (!bone) {
            imported.warnings.push_back(
                {Diagnostic::Severity::Warning, "mpfb.weights.no-bone",
                 appendPointer("/weights", group.name),
                 "no bone is called \"" + group.name +
                     "\" (nor with DEF- toggled); its weights are skipped"});
            continue;
        }
        const std::uint32_t slot = slotOf.at(bone);
        for (const auto& [vertex, weight] : group.entries) {
            HYPERRIG_EXPECTS(vertex < perVertex.size() && weight >= 0.0 && weight <= 1.0);
            auto& influences = perVertex[vertex];
            const auto same = std::find_if(influences.begin(), influences.end(),
                                           [&](const auto& i) { return i.first == slot; });
            if (same != influences.end())
                same->second += weight; // duplicate mappings sum, as MPFB adds them
            else
                influences.emplace_back(slot, weight);
        }
    }
    skeleton.writeJoints = true;

    skin.offsets.push_back(0);
    for (auto& influences : perVertex) {
        double sum = 0.0;
        for (const auto& influence : influences)
            sum += influence.second;
        std::stable_sort(influences.begin(), influences.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
        for (const auto& [slot, weight] : influences) {
            if (sum <= 0.0 || weight <= 0.0)
                continue;
            skin.groups.push_back(slot);
            skin.weights.push_back(weight / sum);
        }
        skin.offsets.push_back(static_cast<std::uint32_t>(skin.groups.size()));
    }

    auto mesh = std::make_unique<model::Mesh>(bodyMesh(obj));
    mesh->id = document.meshes.allocateId();
    mesh->name = model::uniqueName(document, "BodyMesh");
    mesh->skin = std::move(skin);
    const model::MeshId meshId = mesh->id;
    document.meshes.append(std::move(mesh));

    auto node = std::make_unique<model::Node>();
    node->id = document.nodes.allocateId();
    node->name = model::uniqueName(document, "Body");
    node->parent = imported.skeleton;
    model::MeshInstance instance;
    instance.mesh = meshId;
    node->component = std::move(instance);
    const model::NodeId nodeId = node->id;
    document.nodes.append(std::move(node));
    document.node(imported.skeleton).children.push_back(nodeId);
}

} // namespace hyperrig::core::io
