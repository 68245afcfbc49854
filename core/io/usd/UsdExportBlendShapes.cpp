// Blend shapes of a Mesh prim: the one place the writer places and binds them (docs/interop-usd.md,
// "Writing"). Two kinds: the mesh's model blend shapes (mesh.blend, decision 0052), written from
// the model as UsdSkel BlendShapes (usdBlendShapesForExport: offsets, pointIndices, in-betweens
// with their weights, the properties the import kept, such as normalOffsets); and BlendShape prims
// the import could not read, kept as JSON in the mesh's extras.usd.blendShapes (decision 0043)
// and written back as read.
#include "core/io/usd/UsdBlendShapes.h"
#include "core/io/usd/UsdExportContext.h"
#include "core/io/usd/UsdaText.h"

namespace hyperrig::core::io::usd {
namespace {

const model::Mesh* usdMeshOfPrim(const UsdExportContext& context, const OutPrim& meshPrim) {
    const auto& node = context.document.node(meshPrim.node);
    if (!node.meshInstance() || !context.document.meshes.find(node.meshInstance()->mesh))
        return nullptr;
    return &context.document.mesh(node.meshInstance()->mesh);
}

const model::OrderedJson* usdKeptBlendShapes(const UsdExportContext& context,
                                             const OutPrim& meshPrim) {
    const auto* mesh = usdMeshOfPrim(context, meshPrim);
    const auto* shapes = mesh ? usdKeptMember(mesh->extra, "blendShapes") : nullptr;
    return shapes && shapes->is_array() && !shapes->empty() ? shapes : nullptr;
}

// Where a blend shape goes: at its USD path when its parent is written (usually the Mesh itself),
// else below the Mesh; skel:blendShapeTargets names wherever it went.
void usdPlaceBlendShapePrim(UsdExportContext& context, std::size_t meshPrim, std::size_t prim,
                            const std::string& keptPath, const std::string& name) {
    std::size_t parent = meshPrim;
    if (const auto parentPath = usdParentPath(keptPath); parentPath && !parentPath->empty())
        if (const auto found = context.primOfKeptPath.find(*parentPath);
            found != context.primOfKeptPath.end() &&
            context.prims[found->second].parent != kUsdNoPrim)
            parent = found->second;
    const std::string preferred = keptPath.empty() ? name : usdLastElement(keptPath);
    if (context.hasChild(parent, preferred))
        parent = meshPrim;
    context.attach(prim, parent, preferred);
}

// The number of elements of a kept array property's value, if it has one.
std::optional<std::size_t> usdKeptArraySize(const model::OrderedJson& property) {
    if (!property.is_object() || !property.contains("value") || !property["value"].is_array())
        return std::nullopt;
    return property["value"].size();
}

// A model blend shape's BlendShape prim: offsets, pointIndices and in-betweens from the model,
// then what the import kept (normalOffsets and others). Kept per-entry arrays that no longer
// have one element per written offset (the shape was edited) are dropped with a warning.
void usdWriteModelBlendShape(UsdExportContext& context, OutPrim& prim,
                             const UsdBlendShapeOut& shape) {
    prim.properties.push_back(usdPointsText("uniform vector3f[] offsets", shape.offsets));
    prim.written.insert({"offsets", "pointIndices"});
    if (!shape.pointIndices.empty())
        prim.properties.push_back(
            usdIntArrayText("uniform int[] pointIndices", shape.pointIndices));
    for (const auto& inbetween : shape.inbetweens) {
        const std::string name = "inbetweens:" + usdIdentifier(inbetween.name);
        prim.properties.push_back(usdPointsText("uniform vector3f[] " + name, inbetween.offsets) +
                                  " (\n    weight = " + usdDoubleText(inbetween.weight) + "\n)");
        prim.written.insert(name);
    }
    if (!shape.keptProperties.is_object())
        return;
    const std::size_t entries = shape.offsets.size() / 3;
    model::OrderedJson kept = model::OrderedJson::object();
    for (const auto& [name, property] : shape.keptProperties.items()) {
        const bool perEntry =
            name == "normalOffsets" || (name.rfind("inbetweens:", 0) == 0 && name.size() > 14 &&
                                        name.ends_with(":normalOffsets"));
        if (perEntry && usdKeptArraySize(property).value_or(entries) != entries) {
            context.warnOnce("the " + name + " of blend shape '" + shape.name +
                             "' are not written: the shape's points changed since import");
            continue;
        }
        kept[name] = property;
    }
    usdWriteKeptProperties(prim, &kept);
}

// A mesh the import did not skin kept its skel:blendShapes and skel:blendShapeTargets as read
// (targets may be relative paths). They are written back as they were when they still bind the
// same tokens, in order, to the prims the writer placed; else the writer writes its own.
bool usdKeptBindingStillHolds(const UsdExportContext& context, const OutPrim& meshPrim,
                              const std::vector<std::pair<std::string, std::string>>& bound) {
    const auto* mesh = usdMeshOfPrim(context, meshPrim);
    const auto* properties = mesh ? usdKeptMember(mesh->extra, "properties") : nullptr;
    if (!properties || !properties->is_object() || !properties->contains("skel:blendShapes") ||
        !properties->contains("skel:blendShapeTargets"))
        return false;
    const auto& tokens = (*properties)["skel:blendShapes"];
    const auto& targets = (*properties)["skel:blendShapeTargets"];
    if (!tokens.is_object() || !targets.is_object() || !tokens.contains("value") ||
        !targets.contains("value") || tokens.contains("timeSamples"))
        return false;
    const auto& names = tokens["value"];
    model::OrderedJson paths = targets["value"];
    if (paths.is_string())
        paths = model::OrderedJson::array({paths});
    if (!names.is_array() || !paths.is_array() || names.size() != bound.size() ||
        paths.size() != bound.size())
        return false;
    for (std::size_t i = 0; i < bound.size(); ++i) {
        if (!names[i].is_string() || names[i].get<std::string>() != bound[i].first ||
            !paths[i].is_string())
            return false;
        std::string path = paths[i].get<std::string>();
        if (path.size() < 3 || path.front() != '<' || path.back() != '>')
            return false;
        path = path.substr(1, path.size() - 2);
        if (path.find("..") != std::string::npos || path.find('.') != std::string::npos)
            return false;
        if (path.front() != '/')
            path = meshPrim.path + "/" + path;
        if (path != bound[i].second)
            return false;
    }
    return true;
}

} // namespace

void usdPlaceBlendShapes(UsdExportContext& context, std::size_t meshPrim) {
    if (const auto* mesh = usdMeshOfPrim(context, context.prims[meshPrim]); mesh && mesh->blend)
        for (std::size_t s = 0; s < mesh->blend->shapes.size(); ++s) {
            const auto& shape = mesh->blend->shapes[s];
            const auto* kept = usdKept(shape.extra);
            const std::string path = kept && kept->contains("path") && (*kept)["path"].is_string()
                                         ? (*kept)["path"].get<std::string>()
                                         : std::string();
            const std::size_t prim = context.addPrim("BlendShape", {});
            context.prims[prim].blendShape = s;
            context.prims[prim].blendMeshPrim = meshPrim;
            usdPlaceBlendShapePrim(context, meshPrim, prim, path,
                                   shape.name.value_or("Shape" + std::to_string(s)));
        }
    if (const auto* shapes = usdKeptBlendShapes(context, context.prims[meshPrim]))
        for (const auto& shape : *shapes) {
            if (!shape.is_object())
                continue;
            const std::size_t prim = context.addPrim("BlendShape", {});
            context.prims[prim].kept = &shape;
            usdPlaceBlendShapePrim(context, meshPrim, prim, shape.value("path", std::string()),
                                   shape.value("name", std::string("Shape")));
        }
}

Result<void> usdWriteBlendShapes(UsdExportContext& context, std::size_t meshPrim,
                                 const math::BasisN& meshToPrim) {
    const auto* mesh = usdMeshOfPrim(context, context.prims[meshPrim]);
    if (!mesh)
        return {};
    auto modelShapes = usdBlendShapesForExport(*mesh, meshToPrim);
    if (!modelShapes)
        return modelShapes.error();
    std::vector<std::pair<std::string, std::string>> bound; // token, target path
    for (std::size_t prim = 1; prim < context.prims.size(); ++prim) {
        auto& shapePrim = context.prims[prim];
        if (shapePrim.blendMeshPrim == meshPrim && shapePrim.blendShape < modelShapes->size()) {
            const auto& shape = (*modelShapes)[shapePrim.blendShape];
            usdWriteModelBlendShape(context, shapePrim, shape);
            bound.emplace_back(shape.name, shapePrim.path);
        }
    }
    if (const auto* shapes = usdKeptBlendShapes(context, context.prims[meshPrim]))
        for (const auto& shape : *shapes)
            for (std::size_t prim = 1; prim < context.prims.size(); ++prim)
                if (context.prims[prim].kept == &shape)
                    bound.emplace_back(shape.value("name", context.prims[prim].name),
                                       context.prims[prim].path);
    if (bound.empty() || usdKeptBindingStillHolds(context, context.prims[meshPrim], bound))
        return {};
    // The binding is the mesh's own (not inherited, usdskel.md §9); it replaces the
    // skel:blendShapes and skel:blendShapeTargets a mesh the import did not skin kept.
    auto& prim = context.prims[meshPrim];
    std::string tokens = "uniform token[] skel:blendShapes = [";
    std::string targets = "rel skel:blendShapeTargets = [";
    for (std::size_t i = 0; i < bound.size(); ++i) {
        tokens += (i == 0 ? "" : ", ") + usdQuoted(bound[i].first);
        targets += std::string(i == 0 ? "" : ", ") + "<" + bound[i].second + ">";
    }
    prim.properties.push_back(tokens + "]");
    prim.properties.push_back(targets + "]");
    prim.written.insert({"skel:blendShapes", "skel:blendShapeTargets"});
    usdApplySchema(prim.metadata, "SkelBindingAPI");
    return {};
}

} // namespace hyperrig::core::io::usd
