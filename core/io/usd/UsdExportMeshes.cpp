// Meshes -> Mesh prims with their SkelBindingAPI bindings and kept primvars (docs/interop-usd.md,
// "Writing"); a cross-section's static meshes.
#include "core/base/AtomicFile.h"
#include "core/io/usd/UsdExport.h"
#include "core/io/usd/UsdExportContext.h"
#include "core/io/usd/UsdKeptText.h"
#include "core/io/usd/UsdaText.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace hyperrig::core::io::usd {
namespace {

// The mesh's faces as USD polygons: the triangles of every surface (G4MF winding, which is USD's
// rightHanded one; reversed back where the import flipped a leftHanded mesh), merged back into
// the polygons the import fan-triangulated when it kept their corner counts and the triangles
// still form exactly those fans.
void usdMeshFaces(const model::Mesh& mesh, std::vector<long long>& counts,
                  std::vector<long long>& indices) {
    const auto* flipped = usdKeptMember(mesh.extra, "windingFlipped");
    const bool unflip = flipped && flipped->is_boolean() && flipped->get<bool>();
    std::vector<long long> triangles;
    for (const auto& surface : mesh.surfaces) {
        if (!surface.simplexes || surface.simplexes->vectorSize != 3)
            continue;
        const auto& values = surface.simplexes->values;
        for (std::size_t t = 0; t + 2 < values.size(); t += 3) {
            const auto a = static_cast<long long>(values[t]);
            const auto b = static_cast<long long>(values[t + 1]);
            const auto c = static_cast<long long>(values[t + 2]);
            triangles.insert(triangles.end(), {a, unflip ? c : b, unflip ? b : c});
        }
    }
    const auto* kept = usdKeptMember(mesh.extra, "faceVertexCounts");
    if (kept && kept->is_array()) {
        std::vector<long long> keptCounts;
        std::vector<long long> polygonIndices;
        std::size_t at = 0; // triangle
        bool fans = true;
        for (const auto& count : *kept) {
            const long long corners = count.is_number_integer() ? count.get<long long>() : 0;
            if (corners < 3 || at + static_cast<std::size_t>(corners - 2) > triangles.size() / 3) {
                fans = false;
                break;
            }
            // Face corners c0..c(n-1) were triangulated as (c0, c_i, c_(i+1)), i = 1..n-2.
            const long long first = triangles[3 * at];
            polygonIndices.insert(polygonIndices.end(),
                                  {first, triangles[3 * at + 1], triangles[3 * at + 2]});
            for (long long i = 1; i < corners - 2; ++i) {
                const std::size_t t = at + static_cast<std::size_t>(i);
                if (triangles[3 * t] != first || triangles[3 * t + 1] != polygonIndices.back()) {
                    fans = false;
                    break;
                }
                polygonIndices.push_back(triangles[3 * t + 2]);
            }
            if (!fans)
                break;
            at += static_cast<std::size_t>(corners - 2);
            keptCounts.push_back(corners);
        }
        if (fans && at == triangles.size() / 3) {
            counts = std::move(keptCounts);
            indices = std::move(polygonIndices);
            return;
        }
    }
    counts.assign(triangles.size() / 3, 3);
    indices = std::move(triangles);
}

// Elements of a kept value: a list's length, or its first time sample's.
std::optional<std::size_t> usdKeptLength(const model::OrderedJson& property) {
    if (property.contains("value") && property["value"].is_array())
        return property["value"].size();
    if (property.contains("timeSamples") && property["timeSamples"].is_object() &&
        !property["timeSamples"].empty() && property["timeSamples"].begin()->is_array())
        return property["timeSamples"].begin()->size();
    return std::nullopt;
}

// The kept properties of a mesh whose interpolation still fits the geometry written: vertex
// data one per point, faceVarying one per face corner, uniform one per face (times elementSize;
// indexed primvars by their indices). What no longer fits is left out with a warning.
model::OrderedJson usdFittingProperties(UsdExportContext& context, const model::Node& node,
                                        const model::OrderedJson& properties, std::size_t points,
                                        std::size_t faces, std::size_t corners) {
    model::OrderedJson fitting = model::OrderedJson::object();
    for (const auto& [name, property] : properties.items()) {
        const bool isIndices = name.size() > 8 && name.compare(name.size() - 8, 8, ":indices") == 0;
        const std::string owner = isIndices ? name.substr(0, name.size() - 8) : name;
        const auto* ownerJson = properties.contains(owner) ? &properties[owner] : &property;
        std::string interpolation;
        double elementSize = 1;
        if (ownerJson->contains("metadata") && (*ownerJson)["metadata"].is_object()) {
            const auto& metadata = (*ownerJson)["metadata"];
            if (metadata.contains("interpolation") && metadata["interpolation"].is_string())
                interpolation = metadata["interpolation"].get<std::string>();
            if (metadata.contains("elementSize") && metadata["elementSize"].is_number())
                elementSize = metadata["elementSize"].get<double>();
        }
        std::size_t expected = 0;
        if (interpolation == "vertex" || interpolation == "varying")
            expected = points;
        else if (interpolation == "faceVarying")
            expected = corners;
        else if (interpolation == "uniform")
            expected = faces;
        const std::string lengthOf =
            properties.contains(owner + ":indices") ? owner + ":indices" : owner;
        const auto length =
            properties.contains(lengthOf) ? usdKeptLength(properties[lengthOf]) : std::nullopt;
        const std::size_t values = length.value_or(0);
        const double wanted =
            static_cast<double>(expected) * (lengthOf == owner ? std::max(1.0, elementSize) : 1.0);
        if (!interpolation.empty() && interpolation != "constant" && length.has_value() &&
            static_cast<double>(values) != wanted) {
            context.warnings.push_back("mesh '" + node.displayName() + "': the kept " +
                                       interpolation + " property '" + name + "' has " +
                                       std::to_string(values) +
                                       " values and no longer fits the mesh; not written");
            continue;
        }
        fitting[name] = property;
    }
    return fitting;
}

// primvars:skel:jointIndices / jointWeights (usdskel.md §7's export recipe): per vertex its
// influences in joint order of the Skeleton, weights normalised, sorted descending, padded to
// elementSize with index 0 / weight 0; vertex interpolation and elementSize always authored.
void usdWriteInfluences(const OutSkeleton& skeleton, const model::Skin& skin, OutPrim& prim) {
    std::vector<std::vector<std::pair<std::size_t, double>>> perVertex(skin.vertexCount());
    std::size_t width = 1;
    for (std::size_t v = 0; v < skin.vertexCount(); ++v) {
        auto& list = perVertex[v];
        for (auto i = skin.offsets[v]; i < skin.offsets[v + 1]; ++i) {
            if (!(skin.weights[i] > 0.0))
                continue;
            const auto group = skin.groups[i];
            std::size_t joint =
                group < skeleton.jointOfSlot.size() ? skeleton.jointOfSlot[group] : kUsdNoPrim;
            if (joint == kUsdNoPrim)
                joint = skeleton.staticJoint;
            auto same = std::find_if(list.begin(), list.end(),
                                     [&](const auto& entry) { return entry.first == joint; });
            if (same != list.end())
                same->second += skin.weights[i];
            else
                list.emplace_back(joint, skin.weights[i]);
        }
        if (list.empty())
            list.emplace_back(skeleton.staticJoint, 1.0);
        double sum = 0.0;
        for (const auto& entry : list)
            sum += entry.second;
        for (auto& entry : list)
            entry.second /= sum;
        std::stable_sort(list.begin(), list.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
        width = std::max(width, list.size());
    }
    std::string indices = "int[] primvars:skel:jointIndices = [";
    std::string weights = "float[] primvars:skel:jointWeights = [";
    bool first = true;
    for (const auto& list : perVertex)
        for (std::size_t k = 0; k < width; ++k) {
            const bool real = k < list.size();
            indices += (first ? "" : ", ") + std::to_string(real ? list[k].first : 0);
            weights += (first ? "" : ", ") + (real ? usdFloatText(list[k].second) : "0");
            first = false;
        }
    const std::string metadata =
        "] (\n    elementSize = " + std::to_string(width) + "\n    interpolation = \"vertex\"\n)";
    prim.properties.push_back(indices + metadata);
    prim.properties.push_back(weights + metadata);
}

// The skin's group names as `hyperrig:groupNames`, one per Skeleton joint (the import reads them
// back), when each named group is one joint and no joint gets two names; a warning otherwise.
void usdWriteGroupNames(UsdExportContext& context, const model::Node& node,
                        const OutSkeleton& skeleton, const model::Skin& skin, OutPrim& prim) {
    if (!skin.groupNames || skin.groupNames->empty())
        return;
    std::vector<std::optional<std::string>> byJoint(skeleton.tokens.size());
    for (std::size_t group = 0; group < skin.groupNames->size(); ++group) {
        const std::string& name = (*skin.groupNames)[group];
        const std::size_t joint =
            group < skeleton.jointOfSlot.size() ? skeleton.jointOfSlot[group] : kUsdNoPrim;
        if (joint == kUsdNoPrim || (byJoint[joint] && *byJoint[joint] != name)) {
            if (name.empty())
                continue;
            context.warnings.push_back("mesh '" + node.displayName() +
                                       "': its skin group names do not map one to one onto the "
                                       "Skeleton's joints; not written");
            return;
        }
        byJoint[joint] = name;
    }
    std::string text = "uniform token[] hyperrig:groupNames = [";
    for (std::size_t joint = 0; joint < byJoint.size(); ++joint)
        text += (joint == 0 ? "" : ", ") + usdQuoted(byJoint[joint].value_or(""));
    prim.properties.push_back(text + "]");
    prim.written.insert("hyperrig:groupNames");
}

} // namespace

bool usdIsSkinnedInstance(const model::Document& document, model::NodeId id) {
    const auto& node = document.node(id);
    const auto* instance = node.meshInstance();
    return instance && document.meshes.find(instance->mesh) && document.mesh(instance->mesh).skin &&
           node.parent && document.node(node.parent).isSkeleton();
}

math::AffineN usdGeomBind(const UsdExportContext& context, const OutPrim& prim,
                          const math::AffineN& nodeWorld) {
    const auto& mesh = context.document.mesh(context.document.node(prim.node).meshInstance()->mesh);
    const auto* skel = usdKeptMember(mesh.extra, "skel");
    if (skel && skel->is_object() && skel->contains("geomBindTransform")) {
        const auto& property = (*skel)["geomBindTransform"];
        if (property.contains("value") && property["value"].is_array() &&
            property["value"].size() == 4) {
            std::vector<double> numbers;
            for (const auto& row : property["value"])
                if (row.is_array() && row.size() == 4)
                    for (const auto& number : row)
                        if (number.is_number())
                            numbers.push_back(number.get<double>());
            // Affine rows only: (·, ·, ·, 0) and (tx, ty, tz, 1).
            if (numbers.size() == 16 && numbers[3] == 0 && numbers[7] == 0 && numbers[11] == 0 &&
                numbers[15] == 1) {
                const std::vector<double> columns{numbers[0], numbers[1], numbers[2],
                                                  numbers[4], numbers[5], numbers[6],
                                                  numbers[8], numbers[9], numbers[10]};
                if (auto basis = math::BasisN::fromColumnMajor(3, columns);
                    basis && std::abs(basis->determinant()) > 1e-12)
                    return math::AffineN(*basis,
                                         math::VectorN{numbers[12], numbers[13], numbers[14]});
            }
        }
    }
    return nodeWorld;
}

Result<void> usdWriteMesh(UsdExportContext& context, OutPrim& prim) {
    const auto& document = context.document;
    const model::Node& node = document.node(prim.node);
    const model::Mesh& mesh = document.mesh(node.meshInstance()->mesh);
    if (mesh.vertices.vectorSize != 3)
        return Error("mesh '" + (mesh.name ? *mesh.name : std::string()) +
                     "' does not have 3D vertices");
    const bool skinned = prim.skeleton != kUsdNoPrim;
    if (!skinned && mesh.skin)
        context.warnings.push_back("mesh '" + node.displayName() +
                                   "' has a skin but its node is not a child of a skeleton "
                                   "(G4MF skins only there): written unskinned");
    // Points in the prim's own space. A skinned mesh binds at geomBindTransform G (its prim's
    // world); G4MF vertices v are in the skeleton node's space through the mesh node's
    // transform M, so p = G⁻¹ ∘ W_skeleton ∘ M (v), exactly v when G is W_skeleton ∘ M.
    std::vector<double> points = mesh.vertices.values;
    math::BasisN meshToPrim = math::BasisN::identity(3); // blend-shape offsets follow the points
    if (skinned) {
        const auto& skeletonPrim = context.prims[context.skeletons[prim.skeleton].prim];
        auto local = node.transform.toAffine(3);
        if (!local)
            return local.error().withContext("node '" + node.displayName() + "'");
        const auto bound = math::AffineN::compose(skeletonPrim.world, *local);
        if (!(bound == prim.world)) {
            auto inverse = prim.world.inverse();
            if (!inverse)
                return Error("the geomBindTransform of mesh '" + node.displayName() +
                             "' is singular");
            const auto toPrim = math::AffineN::compose(*inverse, bound);
            meshToPrim = toPrim.basis();
            for (std::size_t v = 0; v + 2 < points.size(); v += 3) {
                const auto moved =
                    toPrim.applyPoint(math::VectorN{points[v], points[v + 1], points[v + 2]});
                points[v] = moved[0];
                points[v + 1] = moved[1];
                points[v + 2] = moved[2];
            }
        }
    }
    std::vector<long long> counts;
    std::vector<long long> indices;
    usdMeshFaces(mesh, counts, indices);
    prim.properties.push_back(usdIntArrayText("int[] faceVertexCounts", counts));
    prim.properties.push_back(usdIntArrayText("int[] faceVertexIndices", indices));
    prim.properties.push_back(usdPointsText("point3f[] points", points));
    prim.written.insert({"faceVertexCounts", "faceVertexIndices", "points"});

    if (skinned) {
        const auto& skeleton = context.skeletons[prim.skeleton];
        usdApplySchema(prim.metadata, "SkelBindingAPI");
        prim.properties.push_back("rel skel:skeleton = <" + context.prims[skeleton.prim].path +
                                  ">");
        usdWriteInfluences(skeleton, *mesh.skin, prim);
        usdWriteGroupNames(context, node, skeleton, *mesh.skin, prim);
        const auto* skel = usdKeptMember(mesh.extra, "skel");
        const bool keptBind = skel && skel->contains("geomBindTransform");
        if (keptBind) {
            for (auto& statement : usdKeptPropertyText("primvars:skel:geomBindTransform",
                                                       (*skel)["geomBindTransform"]))
                prim.properties.push_back(std::move(statement));
        } else if (!skel || !(prim.world == math::AffineN::identity(3))) {
            prim.properties.push_back("matrix4d primvars:skel:geomBindTransform = " +
                                      usdMatrixText(prim.world));
        }
        if (skel && skel->contains("skinningMethod"))
            for (auto& statement :
                 usdKeptPropertyText("primvars:skel:skinningMethod", (*skel)["skinningMethod"]))
                prim.properties.push_back(std::move(statement));
        prim.written.insert({"skel:skeleton", "primvars:skel:jointIndices",
                             "primvars:skel:jointWeights", "primvars:skel:geomBindTransform",
                             "primvars:skel:skinningMethod", "skel:joints"});
    }
    const auto meshPrim = static_cast<std::size_t>(&prim - context.prims.data());
    if (auto shapes = usdWriteBlendShapes(context, meshPrim, meshToPrim); !shapes)
        return shapes.error().withContext("mesh '" + node.displayName() + "'");
    if (const auto* properties = usdKeptMember(mesh.extra, "properties");
        properties && properties->is_object()) {
        const auto fitting = usdFittingProperties(context, node, *properties, points.size() / 3,
                                                  counts.size(), indices.size());
        usdWriteKeptProperties(prim, &fitting);
    }
    return {};
}

} // namespace hyperrig::core::io::usd

namespace hyperrig::core::io {

Result<std::string> encodeStaticMeshesUsda(const std::vector<GltfStaticMesh>& meshes) {
    std::string text = "#usda 1.0\n(\n    defaultPrim = \"CrossSection\"\n    metersPerUnit = "
                       "1\n    upAxis = \"Y\"\n)\n\ndef Xform \"CrossSection\"\n{\n";
    std::vector<std::string> names;
    for (const auto& mesh : meshes) {
        if (mesh.positions.size() % 9 != 0 || mesh.normals.size() != mesh.positions.size())
            return Error("cross-section mesh '" + mesh.name +
                         "' does not hold whole triangles with one normal per corner");
        if (mesh.positions.empty())
            continue;
        std::string name = usd::usdIdentifier(mesh.name.empty() ? "Mesh" : mesh.name);
        const std::string base = name;
        for (int n = 1; std::find(names.begin(), names.end(), name) != names.end(); ++n)
            name = base + "_" + std::to_string(n);
        names.push_back(name);
        const std::size_t corners = mesh.positions.size() / 3;
        std::vector<double> positions(mesh.positions.begin(), mesh.positions.end());
        std::vector<double> normals(mesh.normals.begin(), mesh.normals.end());
        std::vector<std::size_t> counts(corners / 3, 3);
        std::vector<std::size_t> indices(corners);
        for (std::size_t i = 0; i < corners; ++i)
            indices[i] = i;
        text += (names.size() > 1 ? "\n" : "") + std::string("    def Mesh ") +
                usd::usdQuoted(name) + "\n    {\n";
        text += "        " + usd::usdIntArrayText("int[] faceVertexCounts", counts) + "\n";
        text += "        " + usd::usdIntArrayText("int[] faceVertexIndices", indices) + "\n";
        text += "        " + usd::usdPointsText("point3f[] points", positions) + "\n";
        text += "        " + usd::usdPointsText("normal3f[] normals", normals) +
                " (\n            interpolation = \"faceVarying\"\n        )\n";
        text += "        uniform token subdivisionScheme = \"none\"\n    }\n";
    }
    return text + "}\n";
}

Result<void> writeStaticMeshesUsda(const std::vector<GltfStaticMesh>& meshes,
                                   const std::filesystem::path& path) {
    auto text = encodeStaticMeshesUsda(meshes);
    if (!text)
        return text.error().withContext("writing " + path.filename().string());
    return writeFileAtomically(path, std::as_bytes(std::span(text->data(), text->size())));
}

} // namespace hyperrig::core::io
