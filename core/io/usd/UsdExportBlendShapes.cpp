// Blend shapes of a Mesh prim: the one place the writer places and binds them (docs/interop-usd.md,
// "Writing"). Today these are the BlendShape prims the import kept as JSON in the mesh's
// extras.usd.blendShapes (decision 0043), written back as read: offsets stay in the prim's own
// space, which the writer keeps by writing points in that space (UsdExportMeshes.cpp).
#include "core/io/usd/UsdExportContext.h"
#include "core/io/usd/UsdaText.h"

namespace hyperrig::core::io::usd {
namespace {

const model::OrderedJson* usdKeptBlendShapes(const UsdExportContext& context,
                                             const OutPrim& meshPrim) {
    const auto& node = context.document.node(meshPrim.node);
    if (!node.meshInstance() || !context.document.meshes.find(node.meshInstance()->mesh))
        return nullptr;
    const auto* shapes =
        usdKeptMember(context.document.mesh(node.meshInstance()->mesh).extra, "blendShapes");
    return shapes && shapes->is_array() && !shapes->empty() ? shapes : nullptr;
}

} // namespace

void usdPlaceBlendShapes(UsdExportContext& context, std::size_t meshPrim) {
    const auto* shapes = usdKeptBlendShapes(context, context.prims[meshPrim]);
    if (!shapes)
        return;
    for (const auto& shape : *shapes) {
        if (!shape.is_object())
            continue;
        const std::string path = shape.value("path", std::string());
        // At its USD path when its parent is written (usually the Mesh itself), else below the
        // Mesh; skel:blendShapeTargets names wherever it went.
        std::size_t parent = meshPrim;
        if (const auto parentPath = usdParentPath(path); parentPath && !parentPath->empty())
            if (const auto found = context.primOfKeptPath.find(*parentPath);
                found != context.primOfKeptPath.end() &&
                context.prims[found->second].parent != kUsdNoPrim)
                parent = found->second;
        const std::string name =
            path.empty() ? shape.value("name", std::string("Shape")) : usdLastElement(path);
        if (context.hasChild(parent, name))
            parent = meshPrim;
        const std::size_t prim = context.addPrim("BlendShape", {});
        context.prims[prim].kept = &shape;
        context.attach(prim, parent, name);
    }
}

void usdWriteBlendShapeBinding(UsdExportContext& context, OutPrim& meshPrim) {
    const auto* shapes = usdKeptBlendShapes(context, meshPrim);
    if (!shapes)
        return;
    std::vector<std::pair<std::string, std::string>> bound; // token, target path
    for (const auto& shape : *shapes)
        for (std::size_t prim = 1; prim < context.prims.size(); ++prim)
            if (context.prims[prim].kept == &shape)
                bound.emplace_back(shape.value("name", context.prims[prim].name),
                                   context.prims[prim].path);
    // The binding is the mesh's own (not inherited, usdskel.md §9). A mesh the import did not
    // skin kept its own skel:blendShapes properties; they are written with the others.
    const auto& node = context.document.node(meshPrim.node);
    const auto* properties =
        usdKeptMember(context.document.mesh(node.meshInstance()->mesh).extra, "properties");
    if (properties && properties->contains("skel:blendShapes"))
        return;
    std::string tokens = "uniform token[] skel:blendShapes = [";
    std::string targets = "rel skel:blendShapeTargets = [";
    for (std::size_t i = 0; i < bound.size(); ++i) {
        tokens += (i == 0 ? "" : ", ") + usdQuoted(bound[i].first);
        targets += std::string(i == 0 ? "" : ", ") + "<" + bound[i].second + ">";
    }
    meshPrim.properties.push_back(tokens + "]");
    meshPrim.properties.push_back(targets + "]");
    meshPrim.written.insert({"skel:blendShapes", "skel:blendShapeTargets"});
    usdApplySchema(meshPrim.metadata, "SkelBindingAPI");
}

} // namespace hyperrig::core::io::usd
