#include "core/io/mpfb/MpfbFiles.h"

#include "core/io/FileBytes.h"
#include "core/io/obj/ObjReader.h"

#include <string_view>

namespace hyperrig::core::io {
namespace {

// Rig and vertex-group files are a few hundred kilobytes; weights files a few megabytes.
constexpr std::size_t kMaxJsonFileBytes = std::size_t{256} << 20;

Result<std::string> readText(const std::filesystem::path& path) {
    auto bytes = readWholeFile(path, kMaxJsonFileBytes);
    if (!bytes)
        return bytes.error();
    return std::string(reinterpret_cast<const char*>(bytes->data()), bytes->size());
}

} // namespace

Result<MpfbBaseMeshFiles> readMpfbBaseMesh(const std::filesystem::path& objPath,
                                           const std::filesystem::path& vertexGroupsPath) {
    auto obj = readObjFile(objPath);
    if (!obj)
        return obj.error();
    auto text = readText(vertexGroupsPath);
    if (!text)
        return text.error();
    auto groups =
        parseMpfbVertexGroups(*text, vertexGroupsPath.filename().string(), obj->positions.size());
    if (!groups)
        return groups.error();
    MpfbBaseMesh mesh = mpfbBaseMesh(*obj, *groups);
    return MpfbBaseMeshFiles{std::move(obj).value(), std::move(mesh)};
}

Result<MpfbRig> readMpfbRigFile(const std::filesystem::path& path) {
    auto text = readText(path);
    if (!text)
        return text.error();
    return parseMpfbRig(*text, path.filename().string());
}

Result<MpfbImport> importMpfbRigFile(const std::filesystem::path& rigPath,
                                     const MpfbBaseMesh& mesh) {
    auto rig = readMpfbRigFile(rigPath);
    if (!rig)
        return rig.error();
    const std::string fileName = rigPath.filename().string();
    return importMpfbRig(*rig, mesh, mpfbRigNameFromPath(fileName), fileName);
}

Result<std::vector<MpfbWeightGroup>> readMpfbWeightsFile(const std::filesystem::path& path,
                                                         std::size_t vertexCount) {
    auto text = readText(path);
    if (!text)
        return text.error();
    return parseMpfbWeights(*text, path.filename().string(), vertexCount);
}

} // namespace hyperrig::core::io
