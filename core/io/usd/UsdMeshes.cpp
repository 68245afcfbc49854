// Mesh prims -> meshes, skins and kept primvars (docs/interop-usd.md, "Meshes" and "Bindings").
#include "core/io/usd/UsdImportContext.h"
#include "core/io/usd/UsdMath.h"
#include "core/io/usd/UsdValueJson.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

namespace hyperrig::core::io::usd {
namespace {

// The inherited SkelBindingAPI properties of one skinnable prim (usdskel.md §9): for each, the
// nearest ancestor-or-self up to the SkelRoot that applies the API and authors a value.
struct UsdBinding {
    const Prim* skeleton = nullptr;
    const Property* skeletonRel = nullptr;
    const Property* jointIndices = nullptr;
    const Property* jointWeights = nullptr;
    const Property* geomBindTransform = nullptr;
    const Property* joints = nullptr;
    const Property* skinningMethod = nullptr;
};

const std::set<std::string, std::less<>> kUsdBindingNames = {"skel:skeleton",
                                                             "primvars:skel:jointIndices",
                                                             "primvars:skel:jointWeights",
                                                             "primvars:skel:geomBindTransform",
                                                             "skel:joints",
                                                             "primvars:skel:skinningMethod",
                                                             "skel:blendShapes",
                                                             "skel:blendShapeTargets"};

bool usdHasBindingProperties(const Prim& prim) {
    return std::any_of(prim.properties.begin(), prim.properties.end(),
                       [](const Property& p) { return kUsdBindingNames.count(p.name) != 0; });
}

UsdBinding usdResolveBinding(ImportContext& context, const PrimSite& site) {
    UsdBinding binding;
    bool skeletonDecided = false;
    std::vector<const Prim*> chain{site.prim};
    for (const Prim* ancestor : site.ancestors) {
        chain.push_back(ancestor);
        if (ancestor == site.skelRoot)
            break;
    }
    auto authored = [](const Property* property) {
        return property && ((property->value && !property->value->isNone()) ||
                            (property->hasTimeSamples && !property->timeSamples.empty()));
    };
    for (const Prim* prim : chain) {
        if (!hasAppliedSchema(*prim, "SkelBindingAPI")) {
            if (usdHasBindingProperties(*prim))
                context.warn("usd.binding.api-missing", prim->place,
                             "the skel: properties of prim " + prim->path +
                                 " are ignored: the prim does not apply SkelBindingAPI");
            continue;
        }
        auto inherit = [&](const Property*& slot, const char* name) {
            if (!slot && authored(prim->property(name)))
                slot = prim->property(name);
        };
        inherit(binding.jointIndices, "primvars:skel:jointIndices");
        inherit(binding.jointWeights, "primvars:skel:jointWeights");
        inherit(binding.geomBindTransform, "primvars:skel:geomBindTransform");
        inherit(binding.joints, "skel:joints");
        inherit(binding.skinningMethod, "primvars:skel:skinningMethod");
        if (!skeletonDecided) {
            const Property* rel = prim->property("skel:skeleton");
            if (rel && rel->value) {
                skeletonDecided = true; // a relationship authored as None blocks
                binding.skeletonRel = rel;
                const Value& value = *rel->value;
                const Value* target = value.kind == Value::Kind::List
                                          ? (value.items.empty() ? nullptr : &value.items[0])
                                          : &value;
                if (value.kind == Value::Kind::List && value.items.size() > 1)
                    context.warn("usd.binding.several-targets", rel->place,
                                 "skel:skeleton of prim " + prim->path +
                                     " has several targets; the first is used");
                if (target && target->kind == Value::Kind::Path) {
                    const std::string path = resolvePrimPath(prim->path, target->text);
                    const Prim* skeleton = findPrim(context.stage, path);
                    if (skeleton && skeleton->typeName == "Skeleton" && !isInactive(*skeleton) &&
                        context.skeletonAt.count(skeleton->path) != 0)
                        binding.skeleton = skeleton;
                    else
                        context.warn("usd.binding.skeleton-missing", rel->place,
                                     "skel:skeleton of prim " + prim->path + " targets <" +
                                         target->text +
                                         ">, which is not an active Skeleton of the stage; "
                                         "prims bound through it are not skinned");
                }
            }
        }
    }
    return binding;
}

struct UsdInfluence {
    std::uint32_t group = 0;
    double weight = 0.0;
};

struct UsdInfluencePrimvar {
    std::vector<double> values;
    long long elementSize = 1;
    std::string interpolation = "constant"; // unauthored interpolation means constant
};

std::optional<UsdInfluencePrimvar>
usdReadInfluencePrimvar(ImportContext& context, const Prim& owner, const Property& property) {
    UsdInfluencePrimvar primvar;
    if (const auto* size = findMetadata(property.metadata, "elementSize")) {
        // Out-of-range sizes (1e30, nan) stay invalid without a float-to-integer overflow.
        const double number = size->value.kind == Value::Kind::Number ? size->value.number : 0.0;
        primvar.elementSize = std::abs(number) < 1e15 ? static_cast<long long>(number) : 0;
    }
    if (const auto* interpolation = findMetadata(property.metadata, "interpolation"))
        primvar.interpolation = interpolation->value.text;
    const Value* value = usdStaticValue(context, owner, property);
    auto numbers = value ? usdNumberList(*value, 1) : std::nullopt;
    if (!numbers)
        return std::nullopt;
    primvar.values = std::move(*numbers);
    return primvar;
}

// Influences per vertex in skeleton joint order, or none with a warning saying why the mesh is
// not skinned (OpenUSD's skinning query is invalid in the same cases, usdskel.md §9).
std::optional<std::vector<std::vector<UsdInfluence>>>
usdReadInfluences(ImportContext& context, const PrimSite& site, const UsdBinding& binding,
                  const SkeletonBuild& skeleton, std::size_t vertexCount) {
    const Prim& prim = *site.prim;
    auto refuse = [&](const TextPlace& place, const std::string& why) {
        context.warn("usd.binding.invalid-influences", place,
                     "Mesh " + prim.path + " is not skinned: " + why);
        return std::nullopt;
    };
    if (!binding.jointIndices || !binding.jointWeights)
        return refuse(binding.skeletonRel ? binding.skeletonRel->place : prim.place,
                      "it is bound to a skeleton but has no primvars:skel:jointIndices and "
                      "jointWeights");
    const TextPlace place = binding.jointIndices->place;
    auto indices = usdReadInfluencePrimvar(context, prim, *binding.jointIndices);
    auto weights = usdReadInfluencePrimvar(context, prim, *binding.jointWeights);
    if (!indices || !weights)
        return refuse(place, "jointIndices or jointWeights is not a list of numbers");
    if (indices->elementSize != weights->elementSize || indices->elementSize <= 0)
        return refuse(place, "jointIndices and jointWeights need the same elementSize > 0 "
                             "(they have " +
                                 std::to_string(indices->elementSize) + " and " +
                                 std::to_string(weights->elementSize) + ")");
    if (indices->interpolation != weights->interpolation)
        return refuse(place, "jointIndices and jointWeights need the same interpolation (they "
                             "have '" +
                                 indices->interpolation + "' and '" + weights->interpolation +
                                 "')");
    if (indices->interpolation != "vertex" && indices->interpolation != "constant")
        return refuse(place, "the influence interpolation is '" + indices->interpolation +
                                 "'; UsdSkel allows only 'vertex' and 'constant'");
    const auto n = static_cast<std::size_t>(indices->elementSize);
    const bool constant = indices->interpolation == "constant";
    if (n > indices->values.size() || (!constant && vertexCount > indices->values.size() / n))
        return refuse(place, "jointIndices has " + std::to_string(indices->values.size()) +
                                 " values, fewer than " + indices->interpolation +
                                 " interpolation with elementSize " + std::to_string(n) + " on " +
                                 std::to_string(vertexCount) + " points needs");
    const std::size_t expected = constant ? n : vertexCount * n;
    if (indices->values.size() != expected || weights->values.size() != expected)
        return refuse(place, "jointIndices and jointWeights have " +
                                 std::to_string(indices->values.size()) + " and " +
                                 std::to_string(weights->values.size()) + " values; " +
                                 (constant ? "constant" : "vertex") +
                                 " interpolation with "
                                 "elementSize " +
                                 std::to_string(n) + " on " + std::to_string(vertexCount) +
                                 " points needs " + std::to_string(expected));
    // Per-prim joint order (skel:joints) -> skeleton joint index; -1 when the token is not a
    // joint of the skeleton (an authoring error, usdskel.md §4 item 6).
    std::vector<long long> order;
    if (binding.joints) {
        const Value* value = usdStaticValue(context, prim, *binding.joints);
        auto tokens = value ? usdTokenList(*value) : std::nullopt;
        if (!tokens)
            return refuse(binding.joints->place, "skel:joints is not a token list");
        for (const auto& token : *tokens) {
            const auto at = std::find(skeleton.joints.begin(), skeleton.joints.end(), token);
            order.push_back(at == skeleton.joints.end() ? -1 : at - skeleton.joints.begin());
            if (at == skeleton.joints.end())
                context.warn("usd.binding.joint-missing", binding.joints->place,
                             "skel:joints of Mesh " + prim.path + " names \"" + token +
                                 "\", which is not a joint of " + skeleton.site.prim->path +
                                 "; its influences are dropped");
        }
    } else {
        for (std::size_t k = 0; k < skeleton.joints.size(); ++k)
            order.push_back(static_cast<long long>(k));
    }
    std::vector<std::vector<UsdInfluence>> influences(vertexCount);
    std::size_t negative = 0;
    for (std::size_t v = 0; v < vertexCount; ++v) {
        const std::size_t base = constant ? 0 : v * n;
        auto& list = influences[v];
        for (std::size_t k = 0; k < n; ++k) {
            const double index = indices->values[base + k];
            const double weight = weights->values[base + k];
            if (!std::isfinite(weight) || !std::isfinite(index) || index != std::floor(index) ||
                index < 0 || index >= static_cast<double>(order.size()))
                return refuse(place, "influence " + std::to_string(base + k) + " names joint " +
                                         std::to_string(index) + " with weight " +
                                         std::to_string(weight) + "; the " +
                                         std::to_string(order.size()) + " joints are 0.." +
                                         std::to_string(order.size()) + " - 1");
            if (weight == 0.0)
                continue;
            if (weight < 0.0) {
                ++negative;
                continue;
            }
            const long long joint = order[static_cast<std::size_t>(index)];
            if (joint < 0)
                continue;
            const auto group = static_cast<std::uint32_t>(joint);
            auto same = std::find_if(list.begin(), list.end(),
                                     [&](const UsdInfluence& i) { return i.group == group; });
            if (same != list.end())
                same->weight += weight;
            else
                list.push_back({group, weight});
        }
        std::stable_sort(
            list.begin(), list.end(), [](const UsdInfluence& a, const UsdInfluence& b) {
                return a.weight > b.weight || (a.weight == b.weight && a.group < b.group);
            });
    }
    if (negative > 0)
        context.warn("usd.weights.negative", binding.jointWeights->place,
                     "Mesh " + prim.path + " has " + std::to_string(negative) +
                         " negative weights; dropped (G4MF weights are not negative)");
    return influences;
}

model::Skin usdSkinOf(ImportContext& context, const Prim& prim, const TextPlace& place,
                      const std::vector<std::vector<UsdInfluence>>& influences,
                      std::size_t jointCount) {
    model::Skin skin;
    skin.offsets.push_back(0);
    std::size_t unnormalised = 0;
    std::string first;
    for (std::size_t v = 0; v < influences.size(); ++v) {
        double sum = 0.0;
        for (const auto& influence : influences[v]) {
            skin.groups.push_back(influence.group);
            skin.weights.push_back(influence.weight);
            sum += influence.weight;
        }
        if (!influences[v].empty() && std::abs(sum - 1.0) > 1e-5 * double(influences[v].size()))
            if (unnormalised++ == 0)
                first = "vertex " + std::to_string(v) + " sums to " + std::to_string(sum);
        skin.offsets.push_back(static_cast<std::uint32_t>(skin.groups.size()));
    }
    skin.groupIndexType = model::smallestUnsignedTypeFor(jointCount);
    skin.vertexIndexType = model::smallestUnsignedTypeFor(influences.size());
    if (unnormalised > 0)
        context.warn("usd.weights.not-normalized", place,
                     "Mesh " + prim.path + ": " + std::to_string(unnormalised) +
                         " vertices have weights that do not sum to 1 (" + first +
                         "); kept as stored: HyperRig's skinning divides by the sum, OpenUSD's "
                         "does not");
    return skin;
}

// BlendShapes named by the mesh's own skel:blendShapes / skel:blendShapeTargets (not
// inherited) become the mesh's blend shapes (usdBlendShapeOf); one that cannot be read stays JSON
// in `unread` (name, prim path, every property as written: decision 0043's form).
std::optional<model::BlendShapes> usdMeshBlendShapes(ImportContext& context, const Prim& prim,
                                                     const math::BasisN& toMesh,
                                                     std::size_t vertexCount,
                                                     model::OrderedJson& unread) {
    if (!hasAppliedSchema(prim, "SkelBindingAPI"))
        return std::nullopt;
    const Property* namesProperty = prim.property("skel:blendShapes");
    const Property* targets = prim.property("skel:blendShapeTargets");
    if (!namesProperty || !targets || !targets->value)
        return std::nullopt;
    const Value* namesValue = usdStaticValue(context, prim, *namesProperty);
    auto names = namesValue ? usdTokenList(*namesValue) : std::nullopt;
    std::vector<const Value*> paths;
    if (targets->value->kind == Value::Kind::List)
        for (const auto& item : targets->value->items)
            paths.push_back(&item);
    else if (targets->value->kind == Value::Kind::Path)
        paths.push_back(&*targets->value);
    if (!names || names->size() != paths.size()) {
        if (names && !(names->empty() && paths.empty()))
            context.warn("usd.blend-shapes.count", targets->place,
                         "Mesh " + prim.path + " names " + std::to_string(names->size()) +
                             " blend shapes but has " + std::to_string(paths.size()) +
                             " skel:blendShapeTargets; its blend shapes are not kept");
        return std::nullopt;
    }
    model::BlendShapes blend;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        if (paths[i]->kind != Value::Kind::Path)
            continue;
        const std::string path = resolvePrimPath(prim.path, paths[i]->text);
        const Prim* shape = findPrim(context.stage, path);
        if (!shape || shape->typeName != "BlendShape") {
            context.warn("usd.blend-shapes.missing", paths[i]->place,
                         "blend shape target <" + paths[i]->text + "> of Mesh " + prim.path +
                             " is not a BlendShape prim; skipped");
            continue;
        }
        if (auto converted = usdBlendShapeOf(context, (*names)[i], *shape, toMesh, vertexCount)) {
            blend.shapes.push_back(std::move(*converted));
            continue;
        }
        model::OrderedJson json = model::OrderedJson::object();
        json["name"] = (*names)[i];
        json["path"] = shape->path;
        model::OrderedJson properties = model::OrderedJson::object();
        for (const auto& property : shape->properties)
            properties[property.name] = usdPropertyJson(property);
        json["properties"] = std::move(properties);
        unread.push_back(std::move(json));
    }
    if (blend.shapes.empty())
        return std::nullopt;
    return blend;
}

Result<void> buildMesh(ImportContext& context, const PrimSite& site) {
    auto& document = context.document;
    const Prim& prim = *site.prim;
    // Geometry: points, then faces fan-triangulated.
    const Property* pointsProperty = prim.property("points");
    const Value* pointsValue =
        pointsProperty ? usdStaticValue(context, prim, *pointsProperty) : nullptr;
    std::vector<double> points;
    if (pointsValue) {
        auto numbers = usdNumberList(*pointsValue, 3);
        if (!numbers)
            return context.error(pointsProperty->place,
                                 "points of Mesh " + prim.path + " is not a list of 3-tuples");
        points = std::move(*numbers);
    }
    const std::size_t vertexCount = points.size() / 3;
    std::vector<double> counts;
    std::vector<double> indices;
    for (auto [name, out] :
         {std::pair{"faceVertexCounts", &counts}, std::pair{"faceVertexIndices", &indices}}) {
        const Property* property = prim.property(name);
        const Value* value = property ? usdStaticValue(context, prim, *property) : nullptr;
        if (!value)
            continue;
        auto numbers = usdNumberList(*value, 1);
        if (!numbers)
            return context.error(property->place, std::string(name) + " of Mesh " + prim.path +
                                                      " is not a list of integers");
        *out = std::move(*numbers);
    }
    const TextPlace facesPlace =
        prim.property("faceVertexIndices") ? prim.property("faceVertexIndices")->place : prim.place;
    bool leftHanded = false;
    if (const Property* orientation = prim.property("orientation"))
        if (const Value* value = usdStaticValue(context, prim, *orientation))
            leftHanded = value->text == "leftHanded";
    std::vector<double> triangles;
    std::size_t at = 0;
    std::size_t skippedFaces = 0;
    for (std::size_t f = 0; f < counts.size(); ++f) {
        const double count = counts[f];
        if (!(count >= 0) || count != std::floor(count) ||
            count > static_cast<double>(indices.size() - at))
            return context.error(facesPlace, "faceVertexCounts of Mesh " + prim.path +
                                                 " asks for more face corners than the " +
                                                 std::to_string(indices.size()) +
                                                 " faceVertexIndices (at face " +
                                                 std::to_string(f) + ")");
        const auto corners = static_cast<std::size_t>(count);
        for (std::size_t c = 0; c < corners; ++c) {
            const double index = indices[at + c];
            if (!(index >= 0) || index >= static_cast<double>(vertexCount) ||
                index != std::floor(index))
                return context.error(facesPlace, "faceVertexIndices[" + std::to_string(at + c) +
                                                     "] of Mesh " + prim.path + " is " +
                                                     std::to_string(index) + ", not one of the " +
                                                     std::to_string(vertexCount) + " points");
        }
        if (corners < 3)
            ++skippedFaces;
        for (std::size_t c = 1; c + 1 < corners; ++c) {
            const double a = indices[at];
            const double b = indices[at + c];
            const double d = indices[at + c + 1];
            triangles.insert(triangles.end(), {a, leftHanded ? d : b, leftHanded ? b : d});
        }
        at += corners;
    }
    if (at != indices.size())
        return context.error(facesPlace, "Mesh " + prim.path + " has " +
                                             std::to_string(indices.size()) +
                                             " faceVertexIndices but its faceVertexCounts add "
                                             "up to " +
                                             std::to_string(at));
    if (skippedFaces > 0)
        context.warn("usd.mesh.degenerate-faces", facesPlace,
                     "Mesh " + prim.path + " has " + std::to_string(skippedFaces) +
                         " faces with fewer than 3 corners; skipped");
    model::Node& node = document.node(site.node);
    usdExtras(node.extra)["path"] = prim.path;
    usdExtras(node.extra)["type"] = prim.typeName;
    if (auto metadata = usdMetadataJson(prim.metadata); !metadata.empty())
        usdExtras(node.extra)["metadata"] = std::move(metadata); // apiSchemas, kind, ...
    if (triangles.empty()) {
        context.warn("usd.mesh.empty", prim.place,
                     "Mesh " + prim.path +
                         " has no points or no faces: imported as a plain node (its properties "
                         "are kept in extras.usd)");
        model::OrderedJson kept = model::OrderedJson::object();
        for (const auto& property : prim.properties)
            kept[property.name] = usdPropertyJson(property);
        if (!kept.empty())
            usdExtras(node.extra)["properties"] = std::move(kept);
        return {};
    }

    // Skinning: the binding resolved with inheritance, then the influences.
    std::optional<std::vector<std::vector<UsdInfluence>>> influences;
    const SkeletonBuild* skeleton = nullptr;
    UsdBinding binding;
    if (site.skelRoot) {
        binding = usdResolveBinding(context, site);
        if (binding.skeleton) {
            skeleton = &context.skeletons[context.skeletonAt.at(binding.skeleton->path)];
            if (document.isAncestorOrSelf(site.node, skeleton->site.node))
                context.warn("usd.binding.skeleton-below-mesh", prim.place,
                             "Mesh " + prim.path + " is bound to Skeleton " +
                                 skeleton->site.prim->path +
                                 ", which lies below it; not skinned (G4MF skins a mesh shown "
                                 "by a child of its skeleton)");
            else
                influences = usdReadInfluences(context, site, binding, *skeleton, vertexCount);
        }
    } else if (usdHasBindingProperties(prim)) {
        context.warn("usd.binding.outside-skel-root", prim.place,
                     "Mesh " + prim.path +
                         " is not below a SkelRoot: its skel: bindings have no effect");
    }
    // Skinned points are bound in world space by geomBindTransform and skinned in skeleton
    // space: vertices := inverse(W_skeleton) ∘ G applied to the points (row-vector p · G ·
    // inverse(W)), so the instance sits under the skeleton with identity transform.
    math::AffineN toSkeleton = math::AffineN::identity(3);
    if (influences) {
        math::AffineN geomBind = math::AffineN::identity(3);
        if (binding.geomBindTransform) {
            const Value* value = usdStaticValue(context, prim, *binding.geomBindTransform);
            auto m = value ? usdMatrixNumbers(*value) : std::nullopt;
            if (!m)
                return context.error(binding.geomBindTransform->place,
                                     "primvars:skel:geomBindTransform bound to Mesh " + prim.path +
                                         " is not a 4×4 matrix");
            auto affine = affineOfUsdMatrix(*m);
            if (!affine)
                return context.error(binding.geomBindTransform->place,
                                     "primvars:skel:geomBindTransform bound to Mesh " + prim.path +
                                         ": " + affine.error().message());
            geomBind = *affine;
        }
        auto inverseSkeleton = skeleton->site.world.inverse();
        if (!inverseSkeleton)
            return context.error(skeleton->site.prim->place, "the world transform of Skeleton " +
                                                                 skeleton->site.prim->path +
                                                                 " is singular");
        toSkeleton = math::AffineN::compose(*inverseSkeleton, geomBind);
    }

    auto mesh = std::make_unique<model::Mesh>();
    mesh->id = document.meshes.allocateId();
    mesh->name = usdNodeName(document, prim.name + "Mesh");
    mesh->vertices.componentType = model::ComponentType::Float32;
    mesh->vertices.vectorSize = 3;
    mesh->vertices.values.reserve(points.size());
    for (std::size_t v = 0; v < vertexCount; ++v) {
        const auto moved = toSkeleton.applyPoint(
            math::VectorN{points[3 * v], points[3 * v + 1], points[3 * v + 2]});
        mesh->vertices.values.insert(mesh->vertices.values.end(), {moved[0], moved[1], moved[2]});
    }
    model::Surface surface;
    surface.simplexes = model::NumericArray{};
    surface.simplexes->componentType = model::smallestUnsignedTypeFor(vertexCount);
    surface.simplexes->vectorSize = 3;
    surface.simplexes->values = std::move(triangles);
    mesh->surfaces.push_back(std::move(surface));

    // Kept as JSON: every property but the geometry and the bindings the skin now holds.
    auto& usd = usdExtras(mesh->extra);
    usd["path"] = prim.path;
    model::OrderedJson kept = model::OrderedJson::object();
    const std::set<std::string, std::less<>> interpreted = {"points",
                                                            "faceVertexCounts",
                                                            "faceVertexIndices",
                                                            "skel:skeleton",
                                                            "primvars:skel:jointIndices",
                                                            "primvars:skel:jointWeights",
                                                            "primvars:skel:geomBindTransform",
                                                            "skel:joints",
                                                            "skel:blendShapes",
                                                            "skel:blendShapeTargets",
                                                            "hyperrig:groupNames",
                                                            "xformOpOrder"};
    for (const auto& property : prim.properties) {
        if (property.name.rfind("xformOp:", 0) == 0)
            continue;
        const bool skin = influences && interpreted.count(property.name) != 0;
        const bool geometry = property.name == "faceVertexCounts" ||
                              property.name == "faceVertexIndices" ||
                              (property.name == "points" && !property.hasTimeSamples);
        if (!skin && !geometry)
            kept[property.name] = usdPropertyJson(property);
    }
    if (!kept.empty())
        usd["properties"] = std::move(kept);
    if (leftHanded)
        usd["windingFlipped"] = true; // leftHanded faces were reversed into G4MF winding
    // Polygons other than triangles: their corner counts, so that a writer can put the fans back
    // together and faceVarying / uniform primvars still fit (only when no face was skipped).
    if (skippedFaces == 0 &&
        std::any_of(counts.begin(), counts.end(), [](double count) { return count != 3.0; })) {
        model::OrderedJson corners = model::OrderedJson::array();
        for (double count : counts)
            corners.push_back(static_cast<long long>(count));
        usd["faceVertexCounts"] = std::move(corners);
    }
    // Offsets are vectors: the points' map without its translation moves them (usdskel.md
    // §10: blend shapes apply to the prim's points before geomBindTransform and skinning, and
    // toSkeleton(p + o) = toSkeleton(p) + L·o for the affine map toSkeleton = L·p + t).
    model::OrderedJson unread = model::OrderedJson::array();
    mesh->blend = usdMeshBlendShapes(context, prim, toSkeleton.basis(), vertexCount, unread);
    if (!unread.empty())
        usd["blendShapes"] = std::move(unread);
    // A Mesh bound to a Skeleton without influences is not skinned, but UsdSkel still drives its
    // blend shapes with the Skeleton's animation (blendshapesWithNormals.usda): keep which one,
    // for playback (SkelAnimationSample.h, decision 0059).
    if (mesh->blend && skeleton && !influences)
        usd["boundSkeleton"] = skeleton->site.prim->path;
    if (influences) {
        model::OrderedJson skel = model::OrderedJson::object();
        skel["skeleton"] = skeleton->site.prim->path;
        if (binding.geomBindTransform)
            skel["geomBindTransform"] = usdPropertyJson(*binding.geomBindTransform);
        if (binding.skinningMethod) {
            skel["skinningMethod"] = usdPropertyJson(*binding.skinningMethod);
            const Value* method = usdStaticValue(context, prim, *binding.skinningMethod);
            if (method && method->text == "dualQuaternion")
                context.warn("usd.binding.dual-quaternion", binding.skinningMethod->place,
                             "Mesh " + prim.path +
                                 " asks for dual-quaternion skinning; HyperRig skins linearly");
        }
        usd["skel"] = std::move(skel);
        mesh->skin = usdSkinOf(context, prim, binding.jointIndices->place, *influences,
                               skeleton->joints.size());
        // HyperRig's own skin group names (one per skeleton joint, the writer's), trailing
        // empty ones dropped.
        if (const Property* names = prim.property("hyperrig:groupNames"))
            if (const Value* value = usdStaticValue(context, prim, *names))
                if (auto tokens = usdTokenList(*value);
                    tokens && tokens->size() == skeleton->joints.size()) {
                    while (!tokens->empty() && tokens->back().empty())
                        tokens->pop_back();
                    mesh->skin->groupNames = std::move(*tokens);
                }
    }
    const model::MeshId meshId = mesh->id;
    document.meshes.append(std::move(mesh));

    model::MeshInstance instance;
    instance.mesh = meshId;
    node.component = instance;
    if (influences) {
        // G4MF skins a mesh shown by a direct child of the skeleton node (usdskel.md §4 item 7:
        // USD ignores the skinned prim's own transform too).
        const model::NodeId skeletonNode = skeleton->site.node;
        if (node.parent != skeletonNode) {
            auto& siblings = document.node(node.parent).children;
            siblings.erase(std::remove(siblings.begin(), siblings.end(), node.id), siblings.end());
            node.parent = skeletonNode;
            document.node(skeletonNode).children.push_back(node.id);
        }
        node.transform = model::identityTransform();
    }
    return {};
}

} // namespace

Result<void> buildMeshes(ImportContext& context) {
    for (const auto& site : context.meshes)
        if (auto built = buildMesh(context, site); !built)
            return built;
    return {};
}

} // namespace hyperrig::core::io::usd
