#include "core/io/gltf/GltfStaticMeshes.h"

#include "core/base/AtomicFile.h"
#include "core/io/Base64.h"
#include "core/io/gltf/GltfBinary.h"
#include "core/model/JsonDump.h"

#include <algorithm>
#include <cctype>

namespace hyperrig::core::io {

Result<EncodedGltf> encodeStaticMeshesGltf(const std::vector<GltfStaticMesh>& meshes, bool binary) {
    using model::OrderedJson;
    gltf::GltfBinary buffer;
    OrderedJson nodes = OrderedJson::array();
    OrderedJson jsonMeshes = OrderedJson::array();
    for (const auto& mesh : meshes) {
        if (mesh.positions.size() % 9 != 0 || mesh.normals.size() != mesh.positions.size())
            return Error("mesh '" + mesh.name + "': " + std::to_string(mesh.positions.size()) +
                         " position and " + std::to_string(mesh.normals.size()) +
                         " normal components are not three corners per triangle");
        if (mesh.positions.empty())
            continue;
        const std::vector<double> positions(mesh.positions.begin(), mesh.positions.end());
        const std::vector<double> normals(mesh.normals.begin(), mesh.normals.end());
        OrderedJson attributes = OrderedJson::object();
        attributes["POSITION"] = buffer.addAccessor(positions, 5126, "VEC3", 3, false, 34962, true);
        attributes["NORMAL"] = buffer.addAccessor(normals, 5126, "VEC3", 3, false, 34962, false);
        OrderedJson primitive = {{"attributes", std::move(attributes)}, {"mode", 4}};
        nodes.push_back({{"name", mesh.name}, {"mesh", jsonMeshes.size()}});
        jsonMeshes.push_back(
            {{"name", mesh.name}, {"primitives", OrderedJson::array({std::move(primitive)})}});
    }
    OrderedJson json = OrderedJson::object();
    json["asset"] = {{"version", "2.0"}, {"generator", "HyperRig"}};
    OrderedJson nodeIndices = OrderedJson::array();
    for (std::size_t i = 0; i < nodes.size(); ++i)
        nodeIndices.push_back(i);
    json["scene"] = 0;
    // A scene's node list has at least one entry (glTF schema): a cut that meets nothing is an
    // empty scene object.
    OrderedJson scene = OrderedJson::object();
    if (!nodeIndices.empty())
        scene["nodes"] = std::move(nodeIndices);
    json["scenes"] = OrderedJson::array({std::move(scene)});
    if (!nodes.empty()) {
        json["nodes"] = std::move(nodes);
        json["meshes"] = std::move(jsonMeshes);
        json["accessors"] = std::move(buffer.accessors());
        json["bufferViews"] = std::move(buffer.bufferViews());
        OrderedJson bufferJson = {{"byteLength", buffer.bytes().size()}};
        if (!binary)
            bufferJson["uri"] = makeDataUri(buffer.bytes());
        json["buffers"] = OrderedJson::array({std::move(bufferJson)});
    }
    EncodedGltf encoded;
    if (binary) {
        encoded.file = gltf::glbContainer(model::jsonText(json), buffer.bytes());
    } else {
        const std::string text = model::jsonText(json, 2) + "\n";
        encoded.file.resize(text.size());
        std::transform(text.begin(), text.end(), encoded.file.begin(),
                       [](char c) { return static_cast<std::byte>(c); });
    }
    return encoded;
}

Result<void> writeStaticMeshesGltf(const std::vector<GltfStaticMesh>& meshes,
                                   const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension != ".gltf" && extension != ".glb")
        return Error(path.string() + ": a glTF file ends in .gltf or .glb");
    auto encoded = encodeStaticMeshesGltf(meshes, extension == ".glb");
    if (!encoded)
        return encoded.error().withContext("writing " + path.filename().string());
    return writeFileAtomically(path, encoded->file);
}

} // namespace hyperrig::core::io
