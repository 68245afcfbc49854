// glTF meshes -> G4MF meshes, instances and skins (docs/interop-gltf.md, "Meshes").
#include "core/base/Contracts.h"
#include "core/io/gltf/GltfAccessor.h"
#include "core/io/gltf/GltfImportContext.h"
#include "core/io/gltf/GltfJson.h"
#include "core/model/NameRules.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>

namespace hyperrig::core::io::gltf {
namespace {

constexpr const char* kTypeNames[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};

struct Influence {
    std::uint32_t joint = 0;
    double weight = 0.0;
};

// Vertex arrays kept for export, by attribute name: {componentType, normalized, type, values}
// with `values` over all the mesh's vertices (the primitives' vertices one after the other).
using KeptVertexArrays = std::map<std::string, model::OrderedJson>;

struct MeshBuild {
    std::vector<double> positions;
    std::vector<model::Surface> surfaces;
    std::vector<std::vector<Influence>> influences; // per vertex (skinned meshes)
    KeptVertexArrays attributes;                    // other vertex attributes
    std::vector<KeptVertexArrays> targets;          // morph targets: offsets per attribute
    std::vector<std::size_t> targetCounts;          // per primitive, to report a mismatch
    std::size_t vertexCount = 0;
    std::size_t unnormalised = 0;
    std::string firstUnnormalised;
};

// The accessor `attributes[name]` (a primitive's attributes or one of its morph targets, at
// `pointer`), with `vertexCount` elements unless that is 0. Contract: `attributes` has `name`.
Result<GltfAccessor> attribute(const ImportContext& context, const model::OrderedJson& attributes,
                               const std::string& name, const std::string& pointer,
                               std::size_t vertexCount) {
    const auto* value = member(attributes, name);
    HYPERRIG_EXPECTS(value != nullptr);
    auto index = checkedIndex(*value, pointer + "/" + name,
                              topLevelCount(context.file.json, "accessors"), "accessor");
    if (!index)
        return index.error();
    auto data = readAccessor(context.file, *index, context.limits);
    if (!data)
        return data.error();
    if (vertexCount != 0 && data->count != vertexCount)
        return Error(pointer + "/" + name + ": accessor " + std::to_string(*index) + " has " +
                     std::to_string(data->count) + " elements, POSITION has " +
                     std::to_string(vertexCount));
    return data;
}

// JOINTS_n/WEIGHTS_n of a primitive; joint k of the glTF skin is the skeleton's slot
// skin.slots[k] (the same k when the skeleton serves that skin alone).
Result<void> readInfluences(const ImportContext& context, const model::OrderedJson& attributes,
                            const std::string& pointer, const SkinUse& skin,
                            std::size_t vertexCount, std::size_t offset, MeshBuild& build) {
    const std::size_t skinJoints = skin.slots.size();
    for (int set = 0;; ++set) {
        const std::string joints = "JOINTS_" + std::to_string(set);
        const std::string weights = "WEIGHTS_" + std::to_string(set);
        const bool hasJoints = member(attributes, joints) != nullptr;
        const bool hasWeights = member(attributes, weights) != nullptr;
        if (!hasJoints && !hasWeights)
            break;
        if (hasJoints != hasWeights)
            return Error(pointer + "/attributes: " + (hasJoints ? joints : weights) +
                         " has no matching " + (hasJoints ? weights : joints));
        auto j = attribute(context, attributes, joints, pointer + "/attributes", vertexCount);
        if (!j)
            return j.error();
        auto w = attribute(context, attributes, weights, pointer + "/attributes", vertexCount);
        if (!w)
            return w.error();
        if (j->components != 4 || j->normalized ||
            (j->componentType != kUnsignedByte && j->componentType != kUnsignedShort))
            return Error(pointer + "/attributes/" + joints +
                         ": JOINTS must be VEC4 unsigned byte or short, not normalised");
        if (w->components != 4 || !(w->componentType == kFloat ||
                                    (w->normalized && (w->componentType == kUnsignedByte ||
                                                       w->componentType == kUnsignedShort))))
            return Error(pointer + "/attributes/" + weights +
                         ": WEIGHTS must be VEC4 float or normalised unsigned byte or short");
        for (std::size_t v = 0; v < vertexCount; ++v)
            for (int c = 0; c < 4; ++c) {
                const double weight = w->at(v, c);
                if (weight < 0)
                    return Error(pointer + "/attributes/" + weights + ": vertex " +
                                 std::to_string(v) + " has the negative weight " +
                                 std::to_string(weight));
                if (weight == 0.0)
                    continue;
                const double joint = j->at(v, c);
                if (joint >= static_cast<double>(skinJoints))
                    return Error(pointer + "/attributes/" + joints + ": vertex " +
                                 std::to_string(v) + " names joint " +
                                 std::to_string(static_cast<long long>(joint)) + ", the skin has " +
                                 std::to_string(skinJoints) + " joints");
                auto& list = build.influences[offset + v];
                const auto joint32 = skin.slots[static_cast<std::size_t>(joint)];
                const auto same = std::find_if(list.begin(), list.end(), [&](const Influence& i) {
                    return i.joint == joint32;
                });
                if (same != list.end())
                    same->weight += weight; // a repeat: the validator's error; we add them
                else
                    list.push_back({joint32, weight});
            }
    }
    return {};
}

std::size_t keptWidth(const model::OrderedJson& kept) {
    const auto& type = kept["type"];
    return type == "SCALAR" ? 1 : type == "VEC2" ? 2 : type == "VEC3" ? 3 : 4;
}

// Pads every kept array with zeros up to `vertexCount` vertices (a primitive without that
// attribute or morph target contributes zeros: no colour, no offset).
void growKept(KeptVertexArrays& arrays, std::size_t vertexCount) {
    for (auto& [name, kept] : arrays)
        kept["values"].get_ref<model::OrderedJson::array_t&>().resize(vertexCount * keptWidth(kept),
                                                                      0.0);
}

// Keeps `data`, read for the primitive whose vertices start at `offset`, as arrays[name].
void keepVertexArray(KeptVertexArrays& arrays, std::size_t vertexCount, const std::string& name,
                     const GltfAccessor& data, std::size_t offset) {
    auto& kept = arrays[name];
    if (kept.is_null()) {
        kept = {{"componentType", data.componentType},
                {"normalized", data.normalized},
                {"type", kTypeNames[std::min(data.components, 4)]},
                {"values", model::OrderedJson::array()}};
    }
    auto& values = kept["values"];
    const std::size_t width = static_cast<std::size_t>(data.components);
    values.get_ref<model::OrderedJson::array_t&>().resize(vertexCount * width, 0.0);
    for (std::size_t i = 0; i < data.values.size(); ++i)
        values[offset * width + i] = data.values[i];
}

// Morph targets: offsets per attribute, kept over the whole mesh for export (decision 0029;
// HyperRig itself does not apply them).
Result<void> readMorphTargets(const ImportContext& context, const model::OrderedJson& primitive,
                              const std::string& pointer, std::size_t count, std::size_t offset,
                              MeshBuild& build) {
    const auto* targets = member(primitive, "targets");
    build.targetCounts.push_back(targets && targets->is_array() ? targets->size() : 0);
    if (!targets)
        return {};
    if (!targets->is_array())
        return Error(pointer + "/targets: not an array");
    if (targets->size() > build.targets.size())
        build.targets.resize(targets->size());
    for (std::size_t t = 0; t < targets->size(); ++t) {
        const std::string where = pointer + "/targets/" + std::to_string(t);
        const auto& target = (*targets)[t];
        if (!target.is_object())
            return Error(where + ": not an object");
        for (const auto& [name, value] : target.items()) {
            auto data = attribute(context, target, name, where, count);
            if (!data)
                return data.error();
            if (data->components > 4)
                return Error(where + "/" + name + ": a morph target of " +
                             std::to_string(data->components) + " components");
            keepVertexArray(build.targets[t], build.vertexCount, name, *data, offset);
        }
    }
    return {};
}

Result<void> readPrimitive(const ImportContext& context, const model::OrderedJson& primitive,
                           const std::string& pointer, std::optional<std::size_t> skin,
                           MeshBuild& build) {
    if (!primitive.is_object())
        return Error(pointer + ": not an object");
    const auto* attributes = member(primitive, "attributes");
    if (!attributes || !attributes->is_object())
        return Error(pointer + "/attributes: missing or not an object");
    int mode = 4;
    if (const auto* value = member(primitive, "mode")) {
        if (!value->is_number_integer() || value->get<int>() < 0 || value->get<int>() > 6)
            return Error(pointer + "/mode: not a glTF primitive mode");
        mode = value->get<int>();
    }
    if (mode < 4) {
        context.warnings.push_back({Diagnostic::Severity::Warning, "gltf.primitive.not-triangles",
                                    pointer + "/mode",
                                    "points and lines are not kept (HyperRig meshes are made of "
                                    "triangles)"});
        return {};
    }
    if (!member(*attributes, "POSITION"))
        return Error(pointer + "/attributes: no POSITION");
    auto positions = attribute(context, *attributes, "POSITION", pointer, 0);
    if (!positions)
        return positions.error();
    if (positions->components != 3)
        return Error(pointer + "/attributes/POSITION: not VEC3");
    const std::size_t count = positions->count;
    const std::size_t offset = build.vertexCount;
    if (build.vertexCount + count > context.limits.maxElements)
        return Error(pointer + ": the mesh has more than " +
                     std::to_string(context.limits.maxElements) + " vertices");
    build.vertexCount += count;
    build.positions.insert(build.positions.end(), positions->values.begin(),
                           positions->values.end());
    build.influences.resize(build.vertexCount);
    growKept(build.attributes, build.vertexCount);
    for (auto& target : build.targets)
        growKept(target, build.vertexCount);

    // Indices (or the vertices in order), then triangles by mode.
    std::vector<std::uint32_t> indices;
    auto indexAccessor = optionalIndex(primitive, "indices", pointer,
                                       topLevelCount(context.file.json, "accessors"), "accessor");
    if (!indexAccessor)
        return indexAccessor.error();
    if (*indexAccessor) {
        auto data = readAccessor(context.file, **indexAccessor, context.limits);
        if (!data)
            return data.error();
        if (data->components != 1 || data->normalized || data->componentType == kFloat ||
            data->componentType == kByte || data->componentType == kShort)
            return Error(pointer + "/indices: accessor " + std::to_string(**indexAccessor) +
                         " is not unsigned integer SCALAR");
        for (std::size_t i = 0; i < data->count; ++i) {
            if (data->values[i] >= static_cast<double>(count))
                return Error(pointer + "/indices: index " + std::to_string(i) + " is " +
                             std::to_string(static_cast<long long>(data->values[i])) +
                             ", past the " + std::to_string(count) + " vertices");
            indices.push_back(static_cast<std::uint32_t>(data->values[i]));
        }
    } else {
        for (std::size_t i = 0; i < count; ++i)
            indices.push_back(static_cast<std::uint32_t>(i));
    }
    std::vector<double> triangles;
    auto addTriangle = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
        if (a == b || b == c || a == c)
            return; // degenerate (strip restarts)
        for (std::uint32_t v : {a, b, c})
            triangles.push_back(static_cast<double>(offset + v));
    };
    if (mode == 4) {
        for (std::size_t i = 0; i + 2 < indices.size(); i += 3)
            addTriangle(indices[i], indices[i + 1], indices[i + 2]);
    } else if (mode == 5) {
        for (std::size_t i = 0; i + 2 < indices.size(); ++i)
            if (i % 2 == 0)
                addTriangle(indices[i], indices[i + 1], indices[i + 2]);
            else
                addTriangle(indices[i + 1], indices[i], indices[i + 2]);
    } else {
        for (std::size_t i = 1; i + 1 < indices.size(); ++i)
            addTriangle(indices[0], indices[i], indices[i + 1]);
    }
    model::Surface surface;
    surface.simplexes = model::NumericArray{};
    surface.simplexes->componentType = model::smallestUnsignedTypeFor(build.vertexCount);
    surface.simplexes->vectorSize = 3;
    surface.simplexes->values = std::move(triangles);
    model::OrderedJson kept = model::OrderedJson::object();
    for (const auto& [key, value] : primitive.items())
        if (key != "attributes" && key != "indices" && key != "mode")
            kept[key] = value;
    kept.erase("targets");
    if (!kept.empty())
        gltfExtras(surface.extra)["primitive"] = std::move(kept);
    build.surfaces.push_back(std::move(surface));

    for (const auto& [name, value] : attributes->items()) {
        if (name == "POSITION" || name.rfind("JOINTS_", 0) == 0 || name.rfind("WEIGHTS_", 0) == 0)
            continue;
        auto data = attribute(context, *attributes, name, pointer + "/attributes", count);
        if (!data)
            return data.error();
        if (data->components > 4)
            continue;
        keepVertexArray(build.attributes, build.vertexCount, name, *data, offset);
    }
    auto morphed = readMorphTargets(context, primitive, pointer, count, offset, build);
    if (!morphed)
        return morphed;
    if (skin)
        return readInfluences(context, *attributes, pointer, context.skinUses[*skin], count, offset,
                              build);
    if (member(*attributes, "JOINTS_0"))
        context.warnings.push_back({Diagnostic::Severity::Warning, "gltf.mesh.joints-without-skin",
                                    pointer + "/attributes/JOINTS_0",
                                    "the mesh has joints but the node showing it has no skin; "
                                    "the influences are not kept"});
    return {};
}

Result<model::MeshId> buildMesh(ImportContext& context, std::size_t meshIndex,
                                std::optional<std::size_t> skin) {
    const std::string pointer = "/meshes/" + std::to_string(meshIndex);
    const auto& json = topLevelItem(context.file.json, "meshes", meshIndex);
    if (!json.is_object())
        return Error(pointer + ": not an object");
    const auto* primitives = member(json, "primitives");
    if (!primitives || !primitives->is_array())
        return Error(pointer + "/primitives: missing or not an array");
    MeshBuild build;
    for (std::size_t p = 0; p < primitives->size(); ++p) {
        auto read = readPrimitive(context, (*primitives)[p],
                                  pointer + "/primitives/" + std::to_string(p), skin, build);
        if (!read)
            return read.error();
    }
    auto mesh = std::make_unique<model::Mesh>();
    mesh->id = context.document.meshes.allocateId();
    if (const auto name = stringMember(json, "name")) {
        mesh->name = model::uniqueName(context.document, model::allowedName(*name));
        if (*mesh->name != *name)
            gltfExtras(mesh->extra)["name"] = *name;
    }
    mesh->vertices.componentType = model::ComponentType::Float32;
    mesh->vertices.vectorSize = 3;
    mesh->vertices.values = std::move(build.positions);
    mesh->surfaces = std::move(build.surfaces);
    model::OrderedJson kept = model::OrderedJson::object();
    for (const auto& [key, value] : json.items())
        if (key != "primitives" && key != "name")
            kept[key] = value;
    if (!kept.empty())
        gltfExtras(mesh->extra)["mesh"] = std::move(kept);
    if (!build.attributes.empty()) {
        auto& attributes = gltfExtras(mesh->extra)["attributes"];
        for (auto& [name, value] : build.attributes)
            attributes[name] = std::move(value);
    }
    if (!build.targets.empty()) {
        for (auto& target : build.targets)
            growKept(target, build.vertexCount);
        // Names (extras.targetNames) and amounts (weights) move into the blend shapes; the
        // kept mesh JSON no longer carries them (the export writes them from the shapes).
        model::OrderedJson* keptMesh = nullptr;
        if (mesh->extra.contains("extras") && gltfExtras(mesh->extra).contains("mesh"))
            keptMesh = &gltfExtras(mesh->extra)["mesh"];
        const model::OrderedJson* names = nullptr;
        if (const auto* extras = member(json, "extras"))
            names = member(*extras, "targetNames");
        mesh->blend = blendFromMorphTargets(build.targets, build.vertexCount, names);
        const auto* weights = member(json, "weights");
        if (weights && weights->is_array() && weights->size() == build.targets.size() &&
            std::all_of(weights->begin(), weights->end(),
                        [](const model::OrderedJson& w) { return w.is_number(); }))
            mesh->blend->amounts = weights->get<std::vector<double>>();
        if (keptMesh && keptMesh->is_object()) {
            if (mesh->blend->amounts)
                keptMesh->erase("weights");
            if (names && keptMesh->contains("extras") && (*keptMesh)["extras"].is_object()) {
                (*keptMesh)["extras"].erase("targetNames");
                if ((*keptMesh)["extras"].empty())
                    keptMesh->erase("extras");
            }
            if (keptMesh->empty())
                gltfExtras(mesh->extra).erase("mesh");
            if (gltfExtras(mesh->extra).empty())
                mesh->extra["extras"].erase("gltf");
            if (mesh->extra["extras"].empty())
                mesh->extra.erase("extras");
        }
        if (std::any_of(build.targetCounts.begin(), build.targetCounts.end(),
                        [&](std::size_t n) { return n != build.targets.size(); }))
            context.warn("gltf.mesh.morph-target-count", pointer + "/primitives",
                         "the primitives have different numbers of morph targets; HyperRig "
                         "keeps " +
                             std::to_string(build.targets.size()) +
                             " for the whole mesh, zero where a primitive has none");
    }
    if (skin) {
        model::Skin result;
        result.offsets.push_back(0);
        for (std::size_t v = 0; v < build.vertexCount; ++v) {
            auto& list = build.influences[v];
            std::stable_sort(list.begin(), list.end(), [](const Influence& a, const Influence& b) {
                return a.weight > b.weight;
            });
            double sum = 0.0;
            for (const auto& influence : list) {
                result.groups.push_back(influence.joint);
                result.weights.push_back(influence.weight);
                sum += influence.weight;
            }
            if (!list.empty() && std::abs(sum - 1.0) > 1e-5 * static_cast<double>(list.size())) {
                if (build.unnormalised++ == 0)
                    build.firstUnnormalised =
                        "vertex " + std::to_string(v) + " sums to " + std::to_string(sum);
            }
            result.offsets.push_back(static_cast<std::uint32_t>(result.groups.size()));
        }
        result.groupIndexType = model::smallestUnsignedTypeFor(
            context.skins[context.skinUses[*skin].plan].joints.size());
        result.vertexIndexType = model::smallestUnsignedTypeFor(build.vertexCount);
        if (build.unnormalised > 0)
            context.warn("gltf.weights.not-normalized", pointer,
                         std::to_string(build.unnormalised) +
                             " vertices have weights that do not sum to 1 (" +
                             build.firstUnnormalised +
                             "); kept as stored: HyperRig's skinning divides by the sum");
        mesh->skin = std::move(result);
    }
    const model::MeshId id = mesh->id;
    context.document.meshes.append(std::move(mesh));
    return id;
}

// The node's morph weights become the instance's blend amounts when they fit the shapes. They
// also stay in the node's kept glTF JSON: a classic G4MF save has no place for blendAmounts, and
// the export then writes the kept ones (it prefers the instance's when there are any).
void takeNodeMorphWeights(const model::OrderedJson& json, const model::Mesh& mesh,
                          model::MeshInstance& instance) {
    const auto* weights = member(json, "weights");
    if (!weights || !mesh.blend || !weights->is_array() ||
        weights->size() != mesh.blend->shapes.size() ||
        !std::all_of(weights->begin(), weights->end(),
                     [](const model::OrderedJson& w) { return w.is_number(); }))
        return;
    instance.blendAmounts = weights->get<std::vector<double>>();
}

} // namespace

Result<void> buildMeshes(ImportContext& context) {
    const std::size_t meshCount = topLevelCount(context.file.json, "meshes");
    std::map<std::pair<std::size_t, std::ptrdiff_t>, model::MeshId> built;
    for (std::size_t i = 0; i < context.nodeCount; ++i) {
        const auto& json = topLevelItem(context.file.json, "nodes", i);
        const std::string pointer = "/nodes/" + std::to_string(i);
        auto meshIndex = optionalIndex(json, "mesh", pointer, meshCount, "mesh");
        if (!meshIndex)
            return meshIndex.error();
        if (!*meshIndex)
            continue;
        std::optional<std::size_t> skin;
        if (const auto* value = member(json, "skin"))
            skin = static_cast<std::size_t>(value->get<std::uint64_t>()); // checked by planSkins
        const auto key =
            std::make_pair(**meshIndex, skin ? static_cast<std::ptrdiff_t>(*skin) : -1);
        auto found = built.find(key);
        if (found == built.end()) {
            auto mesh = buildMesh(context, **meshIndex, skin);
            if (!mesh)
                return mesh.error();
            found = built.emplace(key, *mesh).first;
        }
        model::MeshInstance instance;
        instance.mesh = found->second;
        auto& node = context.document.node(context.ids[i]);
        takeNodeMorphWeights(json, context.document.mesh(found->second), instance);
        if (std::holds_alternative<std::monostate>(node.component)) {
            node.component = instance;
            continue;
        }
        // A bone (or skeleton) that shows a mesh: G4MF components are exclusive, so the mesh
        // goes on a child node that follows it.
        auto child = std::make_unique<model::Node>();
        child->id = context.document.nodes.allocateId();
        child->name = model::uniqueName(context.document, node.displayName() + "_mesh");
        child->parent = node.id;
        child->component = instance;
        gltfExtras(child->extra)["meshOf"] = true;
        node.children.push_back(child->id);
        context.document.nodes.append(std::move(child));
    }
    return {};
}

} // namespace hyperrig::core::io::gltf
