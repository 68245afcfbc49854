#include "core/io/usd/UsdImport.h"

#include "core/io/FileBytes.h"
#include "core/io/gltf/GltfTransform.h"
#include "core/io/usd/UsdImportContext.h"
#include "core/io/usd/UsdMath.h"
#include "core/io/usd/UsdValueJson.h"
#include "core/model/NameRules.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <numbers>
#include <set>

namespace hyperrig::core::io {
namespace usd {

std::string usdNodeName(const model::Document& document, const std::string& name) {
    return model::uniqueName(document, model::allowedName(name));
}

model::OrderedJson& usdExtras(model::OrderedJson& extra) {
    if (!extra.is_object())
        extra = model::OrderedJson::object();
    auto& extras = extra["extras"];
    if (!extras.is_object())
        extras = model::OrderedJson::object();
    auto& usd = extras["usd"];
    if (!usd.is_object())
        usd = model::OrderedJson::object();
    return usd;
}

const Value* usdStaticValue(ImportContext& context, const Prim& prim, const Property& property) {
    if (property.value)
        return property.value->isNone() ? nullptr : &*property.value;
    if (property.hasTimeSamples && !property.timeSamples.empty()) {
        const auto first =
            std::min_element(property.timeSamples.begin(), property.timeSamples.end(),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
        if (first->second.isNone())
            return nullptr;
        context.warn("usd.time-samples.first", property.place,
                     "'" + property.name + "' of prim " + prim.path +
                         " is animated; HyperRig imports its first time sample (all samples "
                         "are kept in extras.usd)");
        return &first->second;
    }
    return nullptr;
}

namespace {

// Prim types that become nodes; gprims other than Mesh become plain nodes (not geometry yet).
const std::set<std::string, std::less<>> kUsdGroupTypes = {"Xform", "Scope", "SkelRoot"};
const std::set<std::string, std::less<>> kUsdOtherGprims = {
    "Sphere",        "Cube",    "Cylinder",       "Capsule",     "Cone",
    "Plane",         "Points",  "BasisCurves",    "NurbsCurves", "NurbsPatch",
    "HermiteCurves", "TetMesh", "PointInstancer", "Cylinder_1",  "Capsule_1"};

Result<math::BasisN> usdAxisRotation(int axis, double degrees) {
    const double radians = degrees * std::numbers::pi / 180.0;
    const double c = std::cos(radians);
    const double s = std::sin(radians);
    std::vector<double> m{1, 0, 0, 0, 1, 0, 0, 0, 1}; // column-major
    const int a = (axis + 1) % 3;
    const int b = (axis + 2) % 3;
    // Right-handed rotation in the (a, b) plane: a -> b.
    m[static_cast<std::size_t>(a * 3 + a)] = c;
    m[static_cast<std::size_t>(a * 3 + b)] = s;
    m[static_cast<std::size_t>(b * 3 + a)] = -s;
    m[static_cast<std::size_t>(b * 3 + b)] = c;
    return math::BasisN::fromColumnMajor(3, m);
}

// The prim's local transform from its xformOps (xformOpOrder: the first op is outermost, so the
// column-vector product is op0 ∘ op1 ∘ …). Supported: translate, scale, orient, transform,
// rotateX/Y/Z and the six rotateABC orders, each with !invert!. Anything else is a warning.
Result<math::AffineN> usdLocalTransform(ImportContext& context, const Prim& prim) {
    math::AffineN local = math::AffineN::identity(3);
    const Property* orderProperty = prim.property("xformOpOrder");
    if (!orderProperty)
        return local;
    const Value* orderValue = usdStaticValue(context, prim, *orderProperty);
    if (!orderValue)
        return local;
    const auto order = usdTokenList(*orderValue);
    if (!order)
        return context.error(orderProperty->place,
                             "xformOpOrder of prim " + prim.path + " is not a token list");
    for (const std::string& entry : *order) {
        if (entry == "!resetXformStack!") {
            context.warn("usd.xform.reset", orderProperty->place,
                         "!resetXformStack! on prim " + prim.path +
                             " is not supported; the parent transforms still apply");
            continue;
        }
        const bool invert = entry.rfind("!invert!", 0) == 0;
        const std::string name = invert ? entry.substr(8) : entry;
        const Property* op = prim.property(name);
        const Value* value = op ? usdStaticValue(context, prim, *op) : nullptr;
        if (!value) {
            context.warn("usd.xform.missing", orderProperty->place,
                         "xformOpOrder of prim " + prim.path + " names '" + name +
                             "', which has no value; skipped");
            continue;
        }
        std::string kind = name.substr(0, name.find(':', 8));
        kind = kind.rfind("xformOp:", 0) == 0 ? kind.substr(8) : kind;
        const auto numbers = value->packed && value->kind == Value::Kind::Tuple
                                 ? std::optional(value->numbers)
                                 : std::nullopt;
        std::optional<math::AffineN> step;
        if ((kind == "translate" || kind == "scale") && numbers && numbers->size() == 3) {
            if (kind == "translate")
                step = math::AffineN(math::BasisN::identity(3),
                                     math::VectorN{(*numbers)[0], (*numbers)[1], (*numbers)[2]});
            else
                step = math::AffineN(math::BasisN::fromDiagonal(math::VectorN{
                                         (*numbers)[0], (*numbers)[1], (*numbers)[2]}),
                                     math::VectorN{0.0, 0.0, 0.0});
        } else if (kind == "orient" && numbers && numbers->size() == 4) {
            auto basis =
                basisOfUsdQuaternion((*numbers)[0], (*numbers)[1], (*numbers)[2], (*numbers)[3]);
            if (!basis)
                return context.error(op->place, name + " of prim " + prim.path + ": " +
                                                    basis.error().message());
            step = math::AffineN(*basis, math::VectorN{0.0, 0.0, 0.0});
        } else if (kind == "transform") {
            auto m = usdMatrixNumbers(*value);
            if (!m)
                return context.error(op->place,
                                     name + " of prim " + prim.path + " is not a 4×4 matrix");
            auto affine = affineOfUsdMatrix(*m);
            if (!affine)
                return context.error(op->place, name + " of prim " + prim.path + ": " +
                                                    affine.error().message());
            step = *affine;
        } else if ((kind == "rotateX" || kind == "rotateY" || kind == "rotateZ") &&
                   value->kind == Value::Kind::Number) {
            auto basis = usdAxisRotation(kind.back() - 'X', value->number);
            if (!basis)
                return basis.error();
            step = math::AffineN(*basis, math::VectorN{0.0, 0.0, 0.0});
        } else if (kind.size() == 9 && kind.rfind("rotate", 0) == 0 && numbers &&
                   numbers->size() == 3) {
            // rotateXYZ: X first, then Y, then Z (row vectors Rx·Ry·Rz) = Rz ∘ Ry ∘ Rx.
            math::AffineN rotation = math::AffineN::identity(3);
            bool valid = true;
            for (int i = 0; i < 3; ++i) {
                const int axis = kind[static_cast<std::size_t>(6 + i)] - 'X';
                if (axis < 0 || axis > 2) {
                    valid = false;
                    break;
                }
                auto basis = usdAxisRotation(axis, (*numbers)[static_cast<std::size_t>(axis)]);
                if (!basis)
                    return basis.error();
                rotation = math::AffineN::compose(
                    math::AffineN(*basis, math::VectorN{0.0, 0.0, 0.0}), rotation);
            }
            if (valid)
                step = rotation;
        }
        if (!step) {
            context.warn("usd.xform.unsupported", op->place,
                         "xform op '" + name + "' of prim " + prim.path +
                             " is not supported (translate, scale, orient, transform and "
                             "rotate* are); skipped");
            continue;
        }
        if (invert) {
            auto inverse = step->inverse();
            if (!inverse)
                return context.error(op->place,
                                     "!invert!" + name + " of prim " + prim.path + " is singular");
            step = *inverse;
        }
        local = math::AffineN::compose(local, *step);
    }
    return local;
}

model::Node& usdAddNode(model::Document& document, std::string name, model::NodeId parent) {
    auto node = std::make_unique<model::Node>();
    node->id = document.nodes.allocateId();
    node->name = std::move(name);
    node->parent = parent;
    model::Node& added = *node;
    document.nodes.append(std::move(node));
    if (parent)
        document.node(parent).children.push_back(added.id);
    return added;
}

// The prim's properties that the document does not interpret, kept in extras.usd.
void usdKeepProperties(const Prim& prim, model::Node& node) {
    auto& usd = usdExtras(node.extra);
    usd["path"] = prim.path;
    if (!prim.typeName.empty())
        usd["type"] = prim.typeName;
    auto metadata = usdMetadataJson(prim.metadata);
    if (!metadata.empty())
        usd["metadata"] = std::move(metadata);
    model::OrderedJson kept = model::OrderedJson::object();
    for (const auto& property : prim.properties) {
        if (property.name == "xformOpOrder" || property.name.rfind("xformOp:", 0) == 0)
            continue;
        kept[property.name] = usdPropertyJson(property);
    }
    if (!kept.empty())
        usd["properties"] = std::move(kept);
}

std::size_t usdDescendantCount(const Prim& prim) {
    std::size_t count = 0;
    for (const auto& child : prim.children)
        count += 1 + usdDescendantCount(child);
    return count;
}

class UsdStageWalk {
public:
    explicit UsdStageWalk(ImportContext& context) : m_context(context) {}

    Result<void> walk(const Prim& prim, model::NodeId parent, const math::AffineN& parentWorld,
                      std::vector<const Prim*>& ancestors, const Prim* skelRoot) {
        if (prim.specifier == Prim::Specifier::Class || isInactive(prim))
            return {}; // abstract, or deactivated on purpose: not part of the scene
        if (prim.specifier == Prim::Specifier::Over) {
            m_context.warn("usd.prim.over-only", prim.place,
                           "prim " + prim.path +
                               " is only an 'over' (nothing defines it): not imported");
            return {};
        }
        const std::string& type = prim.typeName;
        if (type == "SkelAnimation" || type == "BlendShape")
            return {}; // read through the skeletons and meshes that use them
        const bool known = kUsdGroupTypes.count(type) != 0 || type == "Skeleton" ||
                           type == "Mesh" || type.empty() || kUsdOtherGprims.count(type) != 0;
        if (!known) {
            const std::size_t below = usdDescendantCount(prim);
            m_context.warn(
                "usd.prim.unsupported-type", prim.place,
                "prim " + prim.path + " of type '" + type + "' is not imported" +
                    (below > 0 ? " (nor the " + std::to_string(below) + " prims below it)" : ""));
            return {};
        }
        if (type.empty())
            m_context.warn("usd.prim.typeless", prim.place,
                           "prim " + prim.path +
                               " has no type: imported as a plain node (UsdSkel ignores what is "
                               "below a typeless prim; use Xform or Scope)");
        else if (kUsdOtherGprims.count(type) != 0)
            m_context.warn("usd.prim.not-geometry", prim.place,
                           "prim " + prim.path + " (" + type +
                               ") is imported as a plain node: only Mesh prims become "
                               "HyperRig meshes (its properties are kept in extras.usd)");
        auto local = usdLocalTransform(m_context, prim);
        if (!local)
            return local.error();
        auto& document = m_context.document;
        model::Node& node = usdAddNode(document, usdNodeName(document, prim.name), parent);
        node.transform = gltf::transformFromAffine(*local);
        if (local->position() == math::VectorN{0.0, 0.0, 0.0} &&
            local->basis() == math::BasisN::identity(3))
            node.transform = model::identityTransform();
        const model::NodeId id = node.id;
        PrimSite site;
        site.prim = &prim;
        site.ancestors.assign(ancestors.rbegin(), ancestors.rend());
        site.skelRoot = type == "SkelRoot" ? &prim : skelRoot;
        site.node = id;
        site.world = math::AffineN::compose(parentWorld, *local);
        if (type == "Mesh") {
            m_context.meshes.push_back(site); // its properties are kept by buildMeshes
        } else {
            usdKeepProperties(prim, document.node(id));
        }
        if (type == "Skeleton") {
            m_context.skeletonAt[prim.path] = m_context.skeletons.size();
            SkeletonBuild build;
            build.site = site;
            m_context.skeletons.push_back(std::move(build));
        }
        ancestors.push_back(&prim);
        for (const auto& child : prim.children) {
            auto result = walk(child, id, site.world, ancestors, site.skelRoot);
            if (!result) {
                ancestors.pop_back();
                return result;
            }
        }
        ancestors.pop_back();
        return {};
    }

private:
    ImportContext& m_context;
};

void usdCheckLayerUnits(ImportContext& context, model::Node& root) {
    // Always there, even empty: it marks the root as the stage for the writer.
    usdExtras(root.extra)["layer"] = usdMetadataJson(context.stage.layerMetadata);
    for (const auto& entry : context.stage.layerMetadata) {
        if (entry.key == "upAxis" && entry.value.kind == Value::Kind::String &&
            entry.value.text != "Y")
            context.warn("usd.layer.up-axis", entry.place,
                         "the stage is " + entry.value.text +
                             "-up; HyperRig keeps the coordinates as written (no rotation to "
                             "Y-up)");
        if (entry.key == "metersPerUnit" && entry.value.kind == Value::Kind::Number &&
            entry.value.number != 1.0)
            context.warn("usd.layer.meters-per-unit", entry.place,
                         "metersPerUnit is " + std::to_string(entry.value.number) +
                             "; HyperRig keeps lengths in stage units as written (no scaling "
                             "to metres)");
    }
}

} // namespace
} // namespace usd

Result<UsdImport> importUsda(std::string_view text, const std::string& sourceName,
                             const UsdLimits& limits) {
    UsdImport imported;
    auto layer = usd::parseUsdaLayer(text, sourceName, limits, imported.warnings);
    if (!layer)
        return layer.error();
    auto stage = usd::composeStage(*layer, limits, imported.warnings);
    if (!stage)
        return stage.error();
    auto& document = imported.document;
    document.asset.dimension = 3;
    document.asset.generator = "HyperRig USD import";
    usd::ImportContext context{*stage, limits, document, imported.warnings, {}, {}, {}};
    auto root = std::make_unique<model::Node>();
    root->id = document.nodes.allocateId();
    root->name = "Stage";
    const model::NodeId rootId = root->id;
    document.nodes.append(std::move(root));
    usd::usdCheckLayerUnits(context, document.node(rootId));
    usd::UsdStageWalk walk(context);
    std::vector<const usd::Prim*> ancestors;
    for (const auto& prim : stage->prims) {
        auto walked = walk.walk(prim, rootId, math::AffineN::identity(3), ancestors, nullptr);
        if (!walked)
            return walked.error();
    }
    if (auto built = usd::buildSkeletons(context); !built)
        return built.error();
    if (auto built = usd::buildMeshes(context); !built)
        return built.error();
    return imported;
}

Result<UsdImport> readUsda(const std::filesystem::path& path, const UsdLimits& limits) {
    auto bytes = readWholeFile(path, limits.maxFileBytes);
    if (!bytes)
        return bytes.error();
    const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    return importUsda(text, path.string(), limits);
}

bool isUsdPath(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".usda" || extension == ".usd" || extension == ".usdc" ||
           extension == ".usdz";
}

} // namespace hyperrig::core::io
