// The .usda writer: placing prims, paths, transforms, kept data and the text itself
// (docs/interop-usd.md, "Writing"; usdskel.md §13). Skeletons, meshes and blend shapes have their
// own files.
#include "core/io/usd/UsdExport.h"

#include "core/base/AtomicFile.h"
#include "core/io/usd/UsdExportContext.h"
#include "core/io/usd/UsdKeptText.h"
#include "core/io/usd/UsdaText.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <span>
#include <unordered_map>

namespace hyperrig::core::io {
namespace usd {

std::size_t UsdExportContext::addPrim(std::string type, model::NodeId node) {
    OutPrim prim;
    prim.type = std::move(type);
    prim.node = node;
    prims.push_back(std::move(prim));
    return prims.size() - 1;
}

bool UsdExportContext::hasChild(std::size_t parent, const std::string& name) const {
    return std::any_of(
        prims[parent].children.begin(), prims[parent].children.end(),
        [&](std::size_t child) { return child != kUsdNoPrim && prims[child].name == name; });
}

void UsdExportContext::attach(std::size_t prim, std::size_t parent, const std::string& preferred,
                              std::size_t position) {
    const std::string base = isUsdIdentifier(preferred) ? preferred : usdIdentifier(preferred);
    std::string name = base;
    for (int n = 1; hasChild(parent, name); ++n)
        name = base + "_" + std::to_string(n);
    prims[prim].name = name;
    prims[prim].parent = parent;
    auto& children = prims[parent].children;
    if (position >= children.size())
        children.push_back(prim);
    else
        children.insert(children.begin() + static_cast<std::ptrdiff_t>(position), prim);
}

void UsdExportContext::warnOnce(const std::string& message) {
    if (std::find(warnings.begin(), warnings.end(), message) == warnings.end())
        warnings.push_back(message);
}

const model::OrderedJson* usdKept(const model::OrderedJson& extra) {
    if (!extra.is_object() || !extra.contains("extras") || !extra["extras"].is_object())
        return nullptr;
    const auto& extras = extra["extras"];
    return extras.contains("usd") && extras["usd"].is_object() ? &extras["usd"] : nullptr;
}

const model::OrderedJson* usdKeptMember(const model::OrderedJson& extra, const char* key) {
    const auto* usd = usdKept(extra);
    return usd && usd->contains(key) ? &(*usd)[key] : nullptr;
}

std::optional<std::string> usdParentPath(const std::string& path) {
    if (path.size() < 2 || path[0] != '/')
        return std::nullopt;
    const auto slash = path.rfind('/');
    return path.substr(0, slash);
}

std::string usdLastElement(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

void usdApplySchema(model::OrderedJson& metadata, const std::string& name) {
    if (!metadata.is_object())
        metadata = model::OrderedJson::object();
    if (metadata.contains("apiSchemas")) {
        auto& entry = metadata["apiSchemas"];
        auto* list = &entry;
        if (entry.is_object() && entry.contains("value")) {
            const auto op = entry.value("listOp", std::string());
            if (op == "delete" || op == "reorder") {
                // Folding would need the ops before it; an explicit list says it plainly.
                entry = model::OrderedJson::array({name});
                return;
            }
            list = &entry["value"];
        }
        if (!list->is_array())
            *list = model::OrderedJson::array();
        for (const auto& schema : *list)
            if (schema == name)
                return;
        list->push_back(name);
        return;
    }
    metadata["apiSchemas"] = {{"listOp", "prepend"}, {"value", model::OrderedJson::array({name})}};
}

void usdWriteKeptProperties(OutPrim& prim, const model::OrderedJson* properties) {
    if (!properties || !properties->is_object())
        return;
    for (const auto& [name, property] : properties->items()) {
        if (prim.written.count(name) != 0) {
            // Written from model data; an animated `points` keeps its time samples.
            if (name == "points" && property.is_object() && property.contains("timeSamples")) {
                auto samples = property;
                samples.erase("value");
                samples.erase("metadata");
                for (auto& statement : usdKeptPropertyText(name, samples))
                    if (statement.find(".timeSamples") != std::string::npos)
                        prim.properties.push_back(std::move(statement));
            }
            continue;
        }
        for (auto& statement : usdKeptPropertyText(name, property))
            prim.properties.push_back(std::move(statement));
    }
}

namespace {

constexpr double kUsdIdentityTolerance = 1e-12;

bool usdIsIdentity(const math::AffineN& affine) {
    for (int r = 0; r < 3; ++r) {
        if (std::abs(affine.position()[r]) > kUsdIdentityTolerance)
            return false;
        for (int c = 0; c < 3; ++c)
            if (std::abs(affine.basis().at(r, c) - (r == c ? 1.0 : 0.0)) > kUsdIdentityTolerance)
                return false;
    }
    return true;
}

std::string usdTuple3(double a, double b, double c) {
    return "(" + usdDoubleText(a) + ", " + usdDoubleText(b) + ", " + usdDoubleText(c) + ")";
}

// The G4MF rotor [s, xy, xz, yz] of a 3D node as a USD quaternion (w, x, y, z) = (s, yz, -xz,
// xy): the sign rule of g4mf.md §4.2 that the glTF bridge uses (GltfTransform.h), glTF's (x, y, z,
// w) being the same quaternion in another order. Normalised, as OpenUSD expects to read them.
std::optional<std::array<double, 4>> usdQuaternionOfRotor(const std::vector<double>& rotor) {
    if (rotor.size() != 4)
        return std::nullopt;
    const double norm = std::sqrt(rotor[0] * rotor[0] + rotor[1] * rotor[1] + rotor[2] * rotor[2] +
                                  rotor[3] * rotor[3]);
    if (!(norm > 1e-12) || !std::isfinite(norm))
        return std::nullopt;
    return std::array<double, 4>{rotor[0] / norm, rotor[3] / norm, -rotor[2] / norm,
                                 rotor[1] / norm};
}

} // namespace

Result<void> usdWriteTransform(OutPrim& prim, const model::NodeTransform* own,
                               const math::AffineN& local) {
    if (usdIsIdentity(local))
        return {};
    std::vector<std::string> order;
    const bool trs = own && own->form != model::NodeTransform::Form::Basis &&
                     (own->rotor.empty() || usdQuaternionOfRotor(own->rotor)) &&
                     (own->scale.empty() || own->scale.size() == 1 || own->scale.size() == 3);
    if (trs) {
        // T ∘ R ∘ S: xformOpOrder lists the outermost op first (usdskel.md §1: row vectors
        // apply S · R · T, the same map).
        if (own->position.size() == 3) {
            prim.properties.push_back("double3 xformOp:translate = " + usdTuple3(own->position[0],
                                                                                 own->position[1],
                                                                                 own->position[2]));
            order.emplace_back("xformOp:translate");
        }
        if (const auto q = usdQuaternionOfRotor(own->rotor)) {
            prim.properties.push_back("quatd xformOp:orient = (" + usdDoubleText((*q)[0]) + ", " +
                                      usdDoubleText((*q)[1]) + ", " + usdDoubleText((*q)[2]) +
                                      ", " + usdDoubleText((*q)[3]) + ")");
            order.emplace_back("xformOp:orient");
        }
        if (!own->scale.empty()) {
            const auto& s = own->scale;
            prim.properties.push_back(
                "double3 xformOp:scale = " +
                (s.size() == 1 ? usdTuple3(s[0], s[0], s[0]) : usdTuple3(s[0], s[1], s[2])));
            order.emplace_back("xformOp:scale");
        }
    } else {
        prim.properties.push_back("matrix4d xformOp:transform = " + usdMatrixText(local));
        order.emplace_back("xformOp:transform");
    }
    std::string list = "uniform token[] xformOpOrder = [";
    for (std::size_t i = 0; i < order.size(); ++i)
        list += (i == 0 ? "" : ", ") + usdQuoted(order[i]);
    prim.properties.push_back(list + "]");
    prim.written.insert("xformOpOrder");
    return {};
}

namespace {

// The root the USD import made: a plain identity node with extras.usd but no prim path.
bool usdIsStageRoot(const model::Document& document, model::NodeId root) {
    const auto& node = document.node(root);
    const auto* kept = usdKept(node.extra);
    return std::holds_alternative<std::monostate>(node.component) &&
           node.transform.isIdentityByConstruction() && kept && !kept->contains("path");
}

std::string usdPreferredName(const model::Node& node) {
    if (const auto* path = usdKeptMember(node.extra, "path"); path && path->is_string()) {
        const auto last = usdLastElement(path->get<std::string>());
        if (isUsdIdentifier(last))
            return last;
    }
    return node.displayName().empty() ? std::string("Prim") : node.displayName();
}

std::string usdKeptPath(const model::Node& node) {
    const auto* path = usdKeptMember(node.extra, "path");
    return path && path->is_string() ? path->get<std::string>() : std::string();
}

// Component types: a skeleton is a Skeleton, a mesh instance a Mesh; other nodes keep the type
// their prim had (Xform, Scope, SkelRoot, Sphere, ...) or become an Xform.
std::string usdPrimType(const model::Node& node) {
    if (node.isSkeleton())
        return "Skeleton";
    if (node.meshInstance())
        return "Mesh";
    const auto* type = usdKeptMember(node.extra, "type");
    if (usdKept(node.extra) && usdKept(node.extra)->contains("path") && !type)
        return ""; // a typeless prim stays typeless
    if (type && type->is_string() && *type != "Skeleton" && *type != "SkelAnimation" &&
        *type != "BlendShape")
        return type->get<std::string>();
    return "Xform";
}

class UsdPlacement {
public:
    explicit UsdPlacement(UsdExportContext& context) : m_context(context) {}

    Result<void> place(model::NodeId id, std::size_t parentPrim, const math::AffineN& parentWorld,
                       bool natural) {
        const auto& document = m_context.document;
        const model::Node& node = document.node(id);
        auto local = node.transform.toAffine(3);
        if (!local)
            return local.error().withContext("node '" + node.displayName() + "'");
        const auto world = math::AffineN::compose(parentWorld, *local);
        const std::size_t prim = m_context.addPrim(usdPrimType(node), id);
        m_context.prims[prim].world = world;
        m_context.prims[prim].nodeTransform = natural;
        const std::string keptPath = usdKeptPath(node);
        if (!keptPath.empty())
            m_context.primOfKeptPath.emplace(keptPath, prim);
        if (usdIsSkinnedInstance(document, id)) {
            const std::size_t skeleton = m_context.skeletonOfNode.at(node.parent);
            m_context.prims[prim].skeleton = skeleton;
            m_context.prims[prim].world = usdGeomBind(m_context, m_context.prims[prim], world);
            m_context.prims[prim].nodeTransform = false;
            // Back at its USD path once every prim is placed, when that place exists.
            if (!keptPath.empty()) {
                m_deferred.push_back(
                    {prim, parentPrim, m_context.prims[parentPrim].children.size()});
                m_context.prims[parentPrim].children.push_back(kUsdNoPrim); // reserved
                return {};
            }
        }
        m_context.attach(prim, parentPrim, usdPreferredName(node));
        if (node.isSkeleton()) {
            auto& skeleton = m_context.skeletons[m_context.skeletonOfNode.at(id)];
            skeleton.prim = prim;
            m_context.prims[prim].skeleton = m_context.skeletonOfNode.at(id);
            // Bones are joints, not prims; what hangs below them or beside them goes next to the
            // Skeleton (UsdSkel skins prims that are not below a Skeleton).
            for (model::NodeId child : node.children) {
                if (document.node(child).isBone()) {
                    auto placed = placeBelowBones(child, parentPrim, world);
                    if (!placed)
                        return placed;
                    continue;
                }
                auto placed = place(child, parentPrim, world, false);
                if (!placed)
                    return placed;
            }
            return {};
        }
        for (model::NodeId child : node.children) {
            auto placed = place(child, prim, world, true);
            if (!placed)
                return placed;
        }
        return {};
    }

    // Skinned meshes back at their USD paths (the import moved them under their skeleton), or
    // beside their Skeleton when that path is gone.
    void placeDeferred() {
        for (const auto& deferred : m_deferred) {
            auto& prim = m_context.prims[deferred.prim];
            const model::Node& node = m_context.document.node(prim.node);
            const std::string keptPath = usdKeptPath(node);
            const auto parentPath = usdParentPath(keptPath);
            std::size_t parent = kUsdNoPrim;
            if (parentPath && parentPath->empty())
                parent = 0;
            else if (parentPath)
                if (const auto found = m_context.primOfKeptPath.find(*parentPath);
                    found != m_context.primOfKeptPath.end() &&
                    m_context.prims[found->second].parent != kUsdNoPrim &&
                    m_context.prims[found->second].type != "Mesh")
                    parent = found->second;
            auto& reserved = m_context.prims[deferred.parent].children;
            const auto slot = std::find(reserved.begin(), reserved.end(), kUsdNoPrim);
            const std::size_t position = static_cast<std::size_t>(slot - reserved.begin());
            reserved.erase(slot);
            const auto name = usdPreferredName(node);
            if (parent != kUsdNoPrim && !m_context.hasChild(parent, name))
                m_context.attach(deferred.prim, parent, name,
                                 positionByNodeOrder(parent, prim.node));
            else
                m_context.attach(deferred.prim, deferred.parent, name, position);
        }
    }

private:
    // Before the first sibling whose node the document holds later: the import creates nodes in
    // the stage's order, so this is the prim's place in the file it came from.
    std::size_t positionByNodeOrder(std::size_t parent, model::NodeId node) {
        if (m_order.empty()) {
            const auto& order = m_context.document.nodes.order();
            for (std::size_t i = 0; i < order.size(); ++i)
                m_order[order[i]] = i;
        }
        const auto& children = m_context.prims[parent].children;
        for (std::size_t i = 0; i < children.size(); ++i) {
            if (children[i] == kUsdNoPrim)
                continue; // a place kept for another deferred prim
            const auto& sibling = m_context.prims[children[i]];
            if (sibling.node && m_order.at(sibling.node) > m_order.at(node))
                return i;
        }
        return kUsdNoPrim;
    }

    struct Deferred {
        std::size_t prim;
        std::size_t parent;
        std::size_t position;
    };

    // Non-bone nodes below bones: written beside the Skeleton at their rest place (USD has no
    // prims below joints), with a warning that they no longer follow the bone.
    Result<void> placeBelowBones(model::NodeId bone, std::size_t parentPrim,
                                 const math::AffineN& parentWorld) {
        const auto& node = m_context.document.node(bone);
        auto local = node.transform.toAffine(3);
        if (!local)
            return local.error().withContext("bone '" + node.displayName() + "'");
        const auto world = math::AffineN::compose(parentWorld, *local);
        for (model::NodeId child : node.children) {
            const auto& childNode = m_context.document.node(child);
            if (childNode.isBone()) {
                auto placed = placeBelowBones(child, parentPrim, world);
                if (!placed)
                    return placed;
                continue;
            }
            m_context.warnings.push_back(
                "node '" + childNode.displayName() + "' hangs below bone '" + node.displayName() +
                "': written at its rest place beside the Skeleton (USD has no prims below "
                "joints), so it does not follow the bone");
            auto placed = place(child, parentPrim, world, false);
            if (!placed)
                return placed;
        }
        return {};
    }

    UsdExportContext& m_context;
    std::vector<Deferred> m_deferred;
    std::unordered_map<model::NodeId, std::size_t> m_order;
};

bool usdHasSkelRootAbove(const UsdExportContext& context, std::size_t prim) {
    for (std::size_t at = context.prims[prim].parent; at != kUsdNoPrim && at != 0;
         at = context.prims[at].parent)
        if (context.prims[at].type == "SkelRoot")
            return true;
    return false;
}

// UsdSkel binds and draws only below a SkelRoot (usdskel.md §9): the topmost plain Xform above
// a skinned mesh (or a skeleton HyperRig made) becomes one; failing that, a SkelRoot is put
// around the prim.
void usdEnsureSkelRoots(UsdExportContext& context) {
    const std::size_t count = context.prims.size();
    for (std::size_t prim = 1; prim < count; ++prim) {
        const auto& out = context.prims[prim];
        const bool skinnedMesh = out.type == "Mesh" && out.skeleton != kUsdNoPrim;
        const bool newSkeleton = out.type == "Skeleton" && out.node &&
                                 !usdKeptMember(context.document.node(out.node).extra, "path");
        if ((!skinnedMesh && !newSkeleton) || out.parent == kUsdNoPrim ||
            usdHasSkelRootAbove(context, prim))
            continue;
        std::size_t topPlain = kUsdNoPrim;
        for (std::size_t at = out.parent; at != kUsdNoPrim && at != 0;
             at = context.prims[at].parent) {
            const auto& above = context.prims[at];
            if (above.type == "Xform" &&
                (!above.node || !usdKeptMember(context.document.node(above.node).extra, "type")))
                topPlain = at;
        }
        if (topPlain != kUsdNoPrim) {
            context.prims[topPlain].type = "SkelRoot";
            context.prims[topPlain].synthesized = true;
            continue;
        }
        const std::size_t parent = out.parent;
        auto& siblings = context.prims[parent].children;
        const auto at = std::find(siblings.begin(), siblings.end(), prim);
        const std::size_t position = static_cast<std::size_t>(at - siblings.begin());
        siblings.erase(at);
        const std::size_t wrapper = context.addPrim("SkelRoot", {});
        context.prims[wrapper].synthesized = true;
        context.prims[wrapper].world = context.prims[parent].world;
        context.attach(wrapper, parent, context.prims[prim].name + "_SkelRoot", position);
        context.prims[prim].parent = wrapper;
        context.prims[wrapper].children.push_back(prim);
    }
}

void usdAssignPaths(UsdExportContext& context, std::size_t prim) {
    for (std::size_t child : context.prims[prim].children) {
        context.prims[child].path = context.prims[prim].path + "/" + context.prims[child].name;
        usdAssignPaths(context, child);
    }
}

Result<void> usdWritePrim(UsdExportContext& context, std::size_t index) {
    auto& prim = context.prims[index];
    const model::Node* node = prim.node ? &context.document.node(prim.node) : nullptr;
    if (node)
        if (const auto* metadata = usdKeptMember(node->extra, "metadata"))
            prim.metadata = *metadata;
    if (prim.synthesized && !prim.metadata.contains("kind"))
        prim.metadata["kind"] = "component";
    if (prim.kept) {
        // A kept SkelAnimation or BlendShape: written back as read.
        if (prim.kept->contains("properties"))
            usdWriteKeptProperties(prim, &(*prim.kept)["properties"]);
    } else if (node) {
        const auto parentWorld = context.prims[prim.parent].world;
        auto inverse = parentWorld.inverse();
        if (!inverse)
            return Error("the world transform above node '" + node->displayName() +
                         "' is singular");
        auto local = math::AffineN::compose(*inverse, prim.world);
        if (prim.nodeTransform) {
            auto own = node->transform.toAffine(3); // exact, not recomposed
            if (!own)
                return own.error().withContext("node '" + node->displayName() + "'");
            local = *own;
        }
        auto written =
            usdWriteTransform(prim, prim.nodeTransform ? &node->transform : nullptr, local);
        if (!written)
            return written;
        if (prim.type == "Skeleton") {
            auto skeleton = usdWriteSkeleton(context, context.skeletons[prim.skeleton]);
            if (!skeleton)
                return skeleton;
        } else if (prim.type == "Mesh" && node->meshInstance()) {
            auto mesh = usdWriteMesh(context, context.prims[index]);
            if (!mesh)
                return mesh;
        } else {
            usdWriteKeptProperties(context.prims[index], usdKeptMember(node->extra, "properties"));
        }
        const auto* kept = usdKeptMember(node->extra, "properties");
        if (!node->isVisible() && !(kept && kept->contains("visibility")))
            context.prims[index].properties.push_back("token visibility = \"invisible\"");
    }
    for (std::size_t child : context.prims[index].children) {
        auto written = usdWritePrim(context, child);
        if (!written)
            return written;
    }
    return {};
}

void usdAppendIndented(std::string& out, const std::string& text, int depth) {
    const std::string indent(static_cast<std::size_t>(depth) * 4, ' ');
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = text.find('\n', start);
        out += indent + text.substr(start, end - start) + "\n";
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
}

void usdSerializePrim(const UsdExportContext& context, std::size_t index, int depth,
                      std::string& out) {
    const auto& prim = context.prims[index];
    std::string head =
        prim.specifier + (prim.type.empty() ? "" : " " + prim.type) + " " + usdQuoted(prim.name);
    const auto metadata = usdKeptMetadataText(prim.metadata);
    if (!metadata.empty()) {
        head += " (";
        usdAppendIndented(out, head, depth);
        for (const auto& line : metadata)
            usdAppendIndented(out, line, depth + 1);
        usdAppendIndented(out, ")", depth);
    } else {
        usdAppendIndented(out, head, depth);
    }
    usdAppendIndented(out, "{", depth);
    for (const auto& property : prim.properties)
        usdAppendIndented(out, property, depth + 1);
    for (std::size_t i = 0; i < prim.children.size(); ++i) {
        if (i > 0 || !prim.properties.empty())
            out += "\n";
        usdSerializePrim(context, prim.children[i], depth + 1, out);
    }
    usdAppendIndented(out, "}", depth);
}

std::string usdSerialize(const UsdExportContext& context, const model::OrderedJson& layer) {
    std::string out = "#usda 1.0\n";
    const auto lines = usdKeptMetadataText(layer);
    if (!lines.empty()) {
        out += "(\n";
        for (const auto& line : lines)
            usdAppendIndented(out, line, 1);
        out += ")\n";
    }
    for (std::size_t child : context.prims[0].children) {
        out += "\n";
        usdSerializePrim(context, child, 0, out);
    }
    return out;
}

// What the document holds that .usda does not: said once each before writing.
void usdWarnDropped(UsdExportContext& context) {
    const auto& document = context.document;
    for (model::NodeId id : document.nodes.order()) {
        const auto& node = document.node(id);
        if (const auto* skeleton = node.skeleton())
            for (const auto& pose : skeleton->bindPoses) {
                const bool usdRest = pose.extra.is_object() && pose.extra.contains("extras") &&
                                     pose.extra["extras"].contains("usd");
                if (!usdRest)
                    context.warnOnce("the stored bind poses (" +
                                     std::string(model::poseTypeName(pose.type)) +
                                     ", ...) are not written: UsdSkel has no stored poses");
            }
        if (const auto* instance = node.meshInstance();
            instance && instance->blendAmounts &&
            std::any_of(instance->blendAmounts->begin(), instance->blendAmounts->end(),
                        [](double amount) { return amount != 0.0; }))
            context.warnOnce("blend-shape amounts of mesh instances (meshInstance.blendAmounts) "
                             "are not written: UsdSkel takes blend-shape weights only from a "
                             "SkelAnimation");
        if (const auto* bone = node.bone(); bone && (bone->mass || bone->shape))
            context.warnOnce("bone masses and physics shapes are not written (UsdSkel has none)");
        if (std::holds_alternative<model::LightComponent>(node.component) ||
            std::holds_alternative<model::ModelComponent>(node.component) ||
            std::holds_alternative<model::OpaqueComponent>(node.component))
            context.warnOnce("lights, cameras, model instances and physics are written as plain "
                             "Xform prims without them");
    }
    for (model::MeshId id : document.meshes.order()) {
        const auto& mesh = document.mesh(id);
        if (mesh.blend) {
            bool amounts = false;
            for (std::size_t s = 0; s < mesh.blend->shapes.size(); ++s)
                amounts |= model::blendAmountOf(*mesh.blend, std::nullopt, s) != 0.0;
            bool normals = false;
            for (const auto& shape : mesh.blend->shapes) {
                normals |= !shape.targets.surfaces.empty();
                for (const auto& inbetween : shape.inbetweens)
                    normals |= !inbetween.targets.surfaces.empty();
            }
            if (amounts)
                context.warnOnce("blend-shape amounts (mesh.blend.amounts) are not written: "
                                 "UsdSkel takes blend-shape weights only from a SkelAnimation");
            if (normals)
                context.warnOnce("blend-shape normal targets of surfaces are not written "
                                 "(UsdSkel's normalOffsets are per point)");
        }
        for (const auto& surface : mesh.surfaces)
            if (surface.extra.is_object() && !surface.extra.empty())
                context.warnOnce("surface normals, materials and texture maps are not written");
    }
}

model::OrderedJson usdLayerMetadata(const UsdExportContext& context, bool stageRoot) {
    const auto& document = context.document;
    if (stageRoot) {
        if (const auto* layer = usdKeptMember(document.node(document.root()).extra, "layer");
            layer && layer->is_object())
            return *layer;
        return model::OrderedJson::object();
    }
    model::OrderedJson layer = model::OrderedJson::object();
    if (!context.prims[0].children.empty())
        layer["defaultPrim"] = context.prims[context.prims[0].children.front()].name;
    layer["metersPerUnit"] = 1;
    layer["upAxis"] = "Y";
    return layer;
}

} // namespace
} // namespace usd

Result<EncodedUsda> encodeUsda(const model::Document& document) {
    if (document.dimension() != 3)
        return Error(".usda holds 3D scenes; this document is " +
                     std::to_string(document.dimension()) +
                     "D (a 4D..8D document's 3D cross-section can be written as static meshes: "
                     "hyperrig-cli convert IN OUT.usda --cross-section)");
    usd::UsdExportContext context(document);
    const model::NodeId root = document.root();
    EncodedUsda encoded;
    if (!root) {
        encoded.text = "#usda 1.0\n";
        return encoded;
    }
    for (model::NodeId id : document.nodes.order())
        if (document.node(id).isSkeleton()) {
            auto collected = usd::usdCollectSkeleton(context, id);
            if (!collected)
                return collected.error();
        }
    const bool stageRoot = usd::usdIsStageRoot(document, root);
    usd::UsdPlacement placement(context);
    const auto identity = math::AffineN::identity(3);
    if (stageRoot) {
        for (model::NodeId child : document.node(root).children) {
            auto placed = placement.place(child, 0, identity, true);
            if (!placed)
                return placed.error();
        }
    } else {
        auto placed = placement.place(root, 0, identity, true);
        if (!placed)
            return placed.error();
    }
    placement.placeDeferred();
    usd::usdPlaceAnimations(context);
    for (std::size_t prim = 1; prim < context.prims.size(); ++prim)
        if (context.prims[prim].type == "Mesh" && context.prims[prim].node)
            usd::usdPlaceBlendShapes(context, prim);
    usd::usdEnsureSkelRoots(context);
    usd::usdAssignPaths(context, 0);
    for (std::size_t child : context.prims[0].children) {
        auto written = usd::usdWritePrim(context, child);
        if (!written)
            return written.error();
    }
    usd::usdWarnDropped(context);
    encoded.text = usd::usdSerialize(context, usd::usdLayerMetadata(context, stageRoot));
    encoded.warnings = std::move(context.warnings);
    return encoded;
}

Result<std::vector<std::string>> writeUsda(const model::Document& document,
                                           const std::filesystem::path& path) {
    auto encoded = encodeUsda(document);
    if (!encoded)
        return encoded.error().withContext("writing " + path.filename().string());
    auto written = writeFileAtomically(
        path, std::as_bytes(std::span(encoded->text.data(), encoded->text.size())));
    if (!written)
        return written.error();
    return encoded->warnings;
}

} // namespace hyperrig::core::io
