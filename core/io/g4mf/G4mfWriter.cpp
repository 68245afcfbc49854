#include "core/io/g4mf/G4mfWriter.h"

#include "core/base/AtomicFile.h"
#include "core/io/Base64.h"
#include "core/io/JsonText.h"
#include "core/io/Zstd.h"
#include "core/io/g4mf/BindPosesExtension.h"
#include "core/io/g4mf/G4bContainer.h"
#include "core/io/g4mf/WriteContext.h"
#include "core/model/JsonDump.h"

#include <algorithm>
#include <array>
#include <map>

namespace hyperrig::core::io {
namespace {

using detail::OrderedJson;
using detail::WriteContext;

// Canonical order of the members a save generates, for keys the source file did not have.
constexpr std::array<const char*, 11> kCanonicalOrder{
    "asset", "nodes",     "meshes",      "shapes",  "lights", "models",
    "files", "accessors", "bufferViews", "buffers", "extras"};

std::size_t addArray(WriteContext& context, const model::NumericArray& array) {
    return context.packer.add(array.values, array.vectorSize, array.componentType,
                              array.sourceAccessor, array.accessorExtra);
}

std::size_t addIndices(WriteContext& context, const std::vector<std::uint32_t>& indices,
                       model::ComponentType type, std::optional<model::AccessorSource> source,
                       const OrderedJson& extra) {
    return context.packer.add(std::vector<double>(indices.begin(), indices.end()), 1, type, source,
                              extra);
}

// Queues every mesh's data and returns, per mesh, a function that writes its JSON once the
// packer has assigned accessor indices.
struct MeshTickets {
    std::size_t vertices = 0;
    std::vector<std::pair<std::optional<std::size_t>, std::optional<std::size_t>>> surfaces;
    std::optional<std::array<std::size_t, 3>> skin;
    std::vector<std::size_t> blend;
};

MeshTickets queueMesh(WriteContext& context, const model::Mesh& mesh) {
    MeshTickets tickets;
    tickets.vertices = addArray(context, mesh.vertices);
    for (const model::Surface& surface : mesh.surfaces) {
        std::optional<std::size_t> simplexes;
        std::optional<std::size_t> edges;
        if (surface.simplexes)
            simplexes = addArray(context, *surface.simplexes);
        if (surface.edges)
            edges = addArray(context, *surface.edges);
        tickets.surfaces.emplace_back(simplexes, edges);
    }
    if (mesh.skin) {
        const model::Skin& skin = *mesh.skin;
        // CSR back to the stored triples: vertex v repeated once per influence, ascending.
        std::vector<std::uint32_t> vertexOfEntry(skin.groups.size());
        for (std::size_t v = 0; v + 1 < skin.offsets.size(); ++v)
            for (std::uint32_t e = skin.offsets[v]; e < skin.offsets[v + 1]; ++e)
                vertexOfEntry[e] = static_cast<std::uint32_t>(v);
        tickets.skin = std::array<std::size_t, 3>{
            addIndices(context, vertexOfEntry, skin.vertexIndexType, skin.sourceVertices,
                       skin.accessorExtra[0]),
            addIndices(context, skin.groups, skin.groupIndexType, skin.sourceGroups,
                       skin.accessorExtra[1]),
            context.packer.add(skin.weights, 1, skin.weightType, skin.sourceWeights,
                               skin.accessorExtra[2])};
    }
    if (mesh.blend)
        tickets.blend = detail::queueBlend(context, *mesh.blend);
    return tickets;
}

OrderedJson meshJson(WriteContext& context, const model::Mesh& mesh, const MeshTickets& tickets) {
    const auto accessor = [&](std::size_t ticket) {
        return context.packer.accessorIndex(ticket);
    };
    OrderedJson json = OrderedJson::object();
    if (mesh.name)
        json["name"] = *mesh.name;
    json["vertices"] = accessor(tickets.vertices);
    OrderedJson surfaces = OrderedJson::array();
    for (std::size_t s = 0; s < mesh.surfaces.size(); ++s) {
        OrderedJson surface = OrderedJson::object();
        if (tickets.surfaces[s].first)
            surface["simplexes"] = accessor(*tickets.surfaces[s].first);
        if (tickets.surfaces[s].second)
            surface["edges"] = accessor(*tickets.surfaces[s].second);
        for (auto it = mesh.surfaces[s].extra.begin(); it != mesh.surfaces[s].extra.end(); ++it)
            surface[it.key()] = it.value();
        surfaces.push_back(std::move(surface));
    }
    json["surfaces"] = std::move(surfaces);
    if (mesh.skin) {
        OrderedJson skin = OrderedJson::object();
        if (mesh.skin->groupNames)
            skin["groupNames"] = *mesh.skin->groupNames;
        skin["vertices"] = accessor((*tickets.skin)[0]);
        skin["groups"] = accessor((*tickets.skin)[1]);
        skin["weights"] = accessor((*tickets.skin)[2]);
        for (auto it = mesh.skin->extra.begin(); it != mesh.skin->extra.end(); ++it)
            skin[it.key()] = it.value();
        json["skin"] = std::move(skin);
    }
    if (mesh.blend)
        json["blend"] = detail::blendJson(context, *mesh.blend, tickets.blend);
    for (auto it = mesh.extra.begin(); it != mesh.extra.end(); ++it)
        json[it.key()] = it.value();
    return json;
}

std::vector<std::string> extensionsUsed(const model::Asset& asset, bool usesBindPoses,
                                        bool usesInbetweens);

OrderedJson assetJson(const model::Asset& asset, bool usesBindPoses, bool usesInbetweens) {
    OrderedJson json = OrderedJson::object();
    json["dimension"] = asset.dimension;
    if (asset.version)
        json["version"] = *asset.version;
    if (asset.generator)
        json["generator"] = *asset.generator;
    const auto used = extensionsUsed(asset, usesBindPoses, usesInbetweens);
    if (!used.empty() || asset.writeExtensionsUsed)
        json["extensionsUsed"] = used;
    if (!asset.extensionsRequired.empty() || asset.writeExtensionsRequired)
        json["extensionsRequired"] = asset.extensionsRequired;
    for (auto it = asset.extra.begin(); it != asset.extra.end(); ++it)
        json[it.key()] = it.value();
    return json;
}

// extensionsUsed as authored, with each of our extensions listed exactly when the document uses
// it (a document whose poses or in-betweens were all removed no longer claims it).
std::vector<std::string> extensionsUsed(const model::Asset& asset, bool usesBindPoses,
                                        bool usesInbetweens) {
    std::vector<std::string> used = asset.extensionsUsed;
    for (auto [name, uses] : {std::pair{kBindPosesExtension, usesBindPoses},
                              std::pair{kBlendInbetweensExtension, usesInbetweens}}) {
        const auto ours = std::find(used.begin(), used.end(), name);
        if (uses && ours == used.end())
            used.emplace_back(name);
        if (!uses && ours != used.end())
            used.erase(ours);
    }
    return used;
}

} // namespace

Result<EncodedG4mf> encodeG4mf(const model::Document& document, G4mfContainer container,
                               const WriteOptions& options, const std::string& binName) {
    if (options.zstd && container != G4mfContainer::Binary)
        return Error("--zstd applies to .g4b files; a .g4tf keeps its buffer uncompressed");
    if (options.externalBin && container != G4mfContainer::Text)
        return Error("--external-bin applies to .g4tf files; a .g4b keeps its data inside");
    WriteContext context{document,
                         options,
                         detail::DataPacker(document.preserved),
                         {},
                         {},
                         {},
                         OrderedJson(),
                         OrderedJson(),
                         OrderedJson(),
                         false,
                         false,
                         {}};
    const OrderedJson& kept = document.preserved.topLevel;
    context.lights = kept.contains("lights") ? kept["lights"] : OrderedJson::array();
    context.models = kept.contains("models") ? kept["models"] : OrderedJson::array();
    context.files = kept.contains("files") ? kept["files"] : OrderedJson::array();

    for (model::NodeId id : document.nodes.order())
        context.nodeIndex.emplace(id, context.nodeIndex.size());
    for (model::MeshId id : document.meshes.order())
        context.meshIndex.emplace(id, context.meshIndex.size());
    for (model::ShapeId id : document.shapes.order())
        context.shapeIndex.emplace(id, context.shapeIndex.size());

    std::vector<MeshTickets> tickets;
    for (model::MeshId id : document.meshes.order())
        tickets.push_back(queueMesh(context, document.mesh(id)));
    auto laidOut = context.packer.layout();
    if (!laidOut)
        return laidOut.error();

    std::map<std::string, OrderedJson> generated;
    if (!document.nodes.empty()) {
        OrderedJson nodes = OrderedJson::array();
        for (model::NodeId id : document.nodes.order())
            nodes.push_back(detail::nodeJson(context, document.node(id)));
        generated["nodes"] = std::move(nodes);
    }
    if (!document.meshes.empty()) {
        OrderedJson meshes = OrderedJson::array();
        std::size_t i = 0;
        for (model::MeshId id : document.meshes.order())
            meshes.push_back(meshJson(context, document.mesh(id), tickets[i++]));
        generated["meshes"] = std::move(meshes);
    }
    if (!document.shapes.empty()) {
        OrderedJson shapes = OrderedJson::array();
        for (model::ShapeId id : document.shapes.order()) {
            const model::Shape& shape = document.shapes.at(id);
            OrderedJson json = OrderedJson::object();
            if (shape.name)
                json["name"] = *shape.name;
            for (auto it = shape.value.begin(); it != shape.value.end(); ++it)
                json[it.key()] = it.value();
            shapes.push_back(std::move(json));
        }
        generated["shapes"] = std::move(shapes);
    }
    // After the nodes and meshes: whether a skeleton uses the bind-pose extension, or a shape
    // in-betweens, is known only now.
    generated["asset"] =
        assetJson(document.asset, context.usesBindPoses, context.usesBlendInbetweens);
    for (auto [key, array] :
         {std::pair{"lights", &context.lights}, std::pair{"models", &context.models},
          std::pair{"files", &context.files}})
        if (!array->empty() || kept.contains(key))
            generated[key] = *array;

    EncodedG4mf encoded;
    encoded.warnings = context.warnings;
    const std::vector<std::byte>& data = context.packer.bufferBytes();
    const bool hasData = !context.packer.empty();
    if (hasData) {
        generated["accessors"] = context.packer.accessorsJson();
        generated["bufferViews"] = context.packer.bufferViewsJson();
        OrderedJson buffer = OrderedJson::object();
        buffer["byteLength"] = data.size();
        if (container == G4mfContainer::Binary) {
            buffer["chunk"] = 1;
            if (options.zstd)
                buffer["encoding"] = "Zstd";
        } else if (options.externalBin) {
            buffer["uri"] = binName;
            encoded.externalBin = data;
            encoded.externalBinName = binName;
        } else {
            buffer["uri"] = makeDataUri(data);
        }
        for (auto it = document.preserved.firstBufferExtra.begin();
             it != document.preserved.firstBufferExtra.end(); ++it)
            buffer[it.key()] = it.value();
        generated["buffers"] = OrderedJson::array({std::move(buffer)});
    }

    // The source file's key order first, then new generated keys, then kept unknown members.
    OrderedJson root = OrderedJson::object();
    for (const std::string& key : document.preserved.topLevelOrder) {
        if (const auto it = generated.find(key); it != generated.end())
            root[key] = it->second;
        else if (kept.contains(key) && key != "lights" && key != "models" && key != "files")
            root[key] = kept[key];
    }
    for (const char* key : kCanonicalOrder)
        if (!root.contains(key) && generated.count(key) != 0)
            root[key] = generated[key];
    for (auto it = kept.begin(); it != kept.end(); ++it)
        if (!root.contains(it.key()) && generated.count(it.key()) == 0)
            root[it.key()] = it.value();

    const std::string text = prettyJson(root);
    if (container == G4mfContainer::Binary) {
        std::vector<std::vector<std::byte>> blobs;
        if (hasData)
            blobs.push_back(data);
        // The JSON chunk carries no trailing newline: it is padded with spaces anyway.
        encoded.file = writeG4b(model::jsonText(root), blobs, options.zstd);
    } else {
        encoded.file.resize(text.size());
        std::transform(text.begin(), text.end(), encoded.file.begin(),
                       [](char c) { return static_cast<std::byte>(c); });
    }
    return encoded;
}

WriteOptions writeOptionsLike(const ReadDocument& read, G4mfContainer container) {
    WriteOptions options;
    options.schema = read.schema;
    options.externalBin = read.externalBin && container == G4mfContainer::Text;
    options.zstd = read.zstd && container == G4mfContainer::Binary;
    return options;
}

Result<G4mfContainer> containerForPath(const std::filesystem::path& path) {
    const std::string extension = path.extension().string();
    if (extension == ".g4tf")
        return G4mfContainer::Text;
    if (extension == ".g4b")
        return G4mfContainer::Binary;
    return Error(path.string() + ": unknown extension '" + extension +
                 "'; G4MF files end in .g4tf (text) or .g4b (binary)");
}

Result<EncodedG4mf> encodeG4mfForPath(const model::Document& document,
                                      const std::filesystem::path& path,
                                      const WriteOptions& options) {
    auto container = containerForPath(path);
    if (!container)
        return container.error();
    const std::string binName = path.stem().string() + ".bin";
    auto encoded = encodeG4mf(document, *container, options, binName);
    if (!encoded)
        return std::move(encoded).withContext(path.string()).error();
    return encoded;
}

Result<void> writeEncodedG4mf(const EncodedG4mf& encoded, const std::filesystem::path& path,
                              const std::atomic<bool>* cancelled) {
    if (encoded.externalBinName.empty())
        return writeFileAtomically(path, encoded.file, cancelled);
    // The .bin first: the file names it, and both change or neither does.
    const std::array<FileContents, 2> pair = {
        FileContents{path.parent_path() / encoded.externalBinName, encoded.externalBin},
        FileContents{path, encoded.file}};
    return writeFilesTogether(pair, cancelled);
}

Result<std::vector<std::string>> writeG4mf(const model::Document& document,
                                           const std::filesystem::path& path,
                                           const WriteOptions& options) {
    auto encoded = encodeG4mfForPath(document, path, options);
    if (!encoded)
        return encoded.error();
    auto written = writeEncodedG4mf(*encoded, path);
    if (!written)
        return written.error();
    return encoded->warnings;
}

} // namespace hyperrig::core::io
