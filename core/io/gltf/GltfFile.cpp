#include "core/io/gltf/GltfFile.h"

#include "core/io/FileBytes.h"
#include "core/io/JsonText.h"
#include "core/io/gltf/TinyGltf.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string_view>

namespace hyperrig::core::io {
namespace {

constexpr std::uint32_t kGlbMagic = 0x46546C67;    // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;   // "JSON"
constexpr std::uint32_t kChunkBinary = 0x004E4942; // "BIN\0"

std::uint32_t readUint32(std::span<const std::byte> bytes, std::size_t offset) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < 4; ++i)
        value |= static_cast<std::uint32_t>(bytes[offset + i]) << (8 * i);
    return value;
}

// Where tinygltf may read external buffers: inside `folder` (unless outside references are
// allowed), at most `maxBytes` per file. An empty folder allows nothing.
struct FileAccess {
    std::filesystem::path folder;
    bool allowOutside = false;
    std::size_t maxBytes = 0;
    std::string refusal; // why the last read was refused, for the error message
};

bool insideFolder(const FileAccess& access, const std::filesystem::path& path) {
    if (access.folder.empty())
        return false;
    if (access.allowOutside)
        return true;
    std::error_code error;
    const auto folder = std::filesystem::weakly_canonical(access.folder, error);
    if (error)
        return false;
    const auto target = std::filesystem::weakly_canonical(path, error);
    if (error)
        return false;
    const auto relative = target.lexically_relative(folder);
    return !relative.empty() && *relative.begin() != ".." && relative.is_relative();
}

bool fileExists(const std::string& path, void* user) {
    auto& access = *static_cast<FileAccess*>(user);
    std::error_code error;
    if (!insideFolder(access, path)) {
        access.refusal = access.folder.empty()
                             ? "a glTF read from memory may not name external files"
                             : "'" + path + "' lies outside the folder " + access.folder.string() +
                                   " (allowed only for a trusted file: "
                                   "--allow-outside-references)";
        return false;
    }
    return std::filesystem::is_regular_file(path, error);
}

std::string expandFilePath(const std::string& path, void*) {
    return path;
}

bool readFile(std::vector<unsigned char>* out, std::string* err, const std::string& path,
              void* user) {
    auto& access = *static_cast<FileAccess*>(user);
    if (!insideFolder(access, path)) {
        if (err)
            *err += "refused to read " + path + "\n";
        return false;
    }
    auto bytes = readWholeFile(path, access.maxBytes);
    if (!bytes) {
        if (err)
            *err += bytes.error().message() + "\n";
        return false;
    }
    out->resize(bytes->size());
    if (!bytes->empty())
        std::memcpy(out->data(), bytes->data(), bytes->size());
    return true;
}

bool writeFile(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
    if (err)
        *err += "writing through tinygltf is not used\n";
    return false;
}

// Images are kept as written (uri or buffer view), never decoded.
bool keepImage(tinygltf::Image*, const int, std::string*, std::string*, int, int,
               const unsigned char*, int, void*) {
    return true;
}

std::string oneLine(std::string text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.pop_back();
    std::replace(text.begin(), text.end(), '\n', ';');
    return text;
}

// Checks the GLB header and chunk table (glTF 2.0 §4.4) and returns the JSON chunk's text.
Result<std::string_view> glbJson(std::span<const std::byte> bytes) {
    if (bytes.size() < 12)
        return Error("a GLB file needs a 12-byte header, this one has " +
                     std::to_string(bytes.size()) + " bytes");
    if (readUint32(bytes, 4) != 2)
        return Error("GLB version " + std::to_string(readUint32(bytes, 4)) +
                     " is not supported (only 2)");
    const std::uint64_t length = readUint32(bytes, 8);
    if (length != bytes.size())
        return Error("the GLB header says the file is " + std::to_string(length) +
                     " bytes, it is " + std::to_string(bytes.size()) + " (truncated or padded)");
    if (length < 20)
        return Error("the GLB file ends before its JSON chunk header");
    const std::uint64_t jsonLength = readUint32(bytes, 12);
    if (readUint32(bytes, 16) != kChunkJson)
        return Error("the first GLB chunk is not JSON");
    if (jsonLength == 0 || 20 + jsonLength > length)
        return Error("the GLB JSON chunk says " + std::to_string(jsonLength) + " bytes, but only " +
                     std::to_string(length - 20) + " follow its header");
    const std::uint64_t next = 20 + jsonLength;
    if (next < length) {
        if (jsonLength % 4 != 0)
            return Error("the GLB JSON chunk is " + std::to_string(jsonLength) +
                         " bytes, not padded to a multiple of 4");
        if (next + 8 > length)
            return Error("the GLB file ends inside the second chunk's header");
        const std::uint64_t binLength = readUint32(bytes, static_cast<std::size_t>(next));
        if (readUint32(bytes, static_cast<std::size_t>(next + 4)) != kChunkBinary)
            return Error("the second GLB chunk is not BIN");
        if (next + 8 + binLength > length)
            return Error("the GLB BIN chunk says " + std::to_string(binLength) +
                         " bytes, but only " + std::to_string(length - next - 8) +
                         " follow its header");
        if (binLength % 4 != 0 || binLength < 4)
            return Error("the GLB BIN chunk is " + std::to_string(binLength) +
                         " bytes, not a positive multiple of 4");
    }
    return std::string_view(reinterpret_cast<const char*>(bytes.data()) + 20,
                            static_cast<std::size_t>(jsonLength));
}

bool requiredExtensionSupported(const std::string& name) {
    // Extensions that change only what HyperRig keeps as written (materials, textures) or that
    // it reads itself.
    return name.rfind("KHR_materials_", 0) == 0 || name.rfind("KHR_texture_", 0) == 0 ||
           name.rfind("KHR_character", 0) == 0 || name == "KHR_mesh_quantization";
}

Result<GltfFile> parseChecked(std::span<const std::byte> bytes,
                              const std::filesystem::path& baseFolder,
                              const GltfReadOptions& options) {
    GltfFile file;
    file.binary = bytes.size() >= 4 && readUint32(bytes, 0) == kGlbMagic;
    std::string_view jsonText;
    if (file.binary) {
        auto text = glbJson(bytes);
        if (!text)
            return text.error();
        jsonText = *text;
    } else {
        jsonText = std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }
    if (bytes.size() > std::numeric_limits<unsigned int>::max())
        return Error("glTF files of 4 GiB or more are not supported");
    auto json = parseJsonText(jsonText, options.limits.maxJsonDepth);
    if (!json)
        return json.error();
    if (!json->is_object())
        return Error("the glTF JSON is not an object");
    file.json = std::move(*json);
    if (const auto required = file.json.find("extensionsRequired");
        required != file.json.end() && required->is_array()) {
        for (std::size_t i = 0; i < required->size(); ++i) {
            const auto& name = (*required)[i];
            if (name.is_string() && !requiredExtensionSupported(name.get<std::string>()))
                return Error("/extensionsRequired/" + std::to_string(i) + ": extension '" +
                             name.get<std::string>() + "' is required but not supported");
        }
    }

    FileAccess access{baseFolder, options.allowOutsideReferences, options.limits.maxFileBytes, {}};
    tinygltf::TinyGLTF loader;
    loader.SetFsCallbacks({&fileExists, &expandFilePath, &readFile, &writeFile, &access});
    loader.SetImageLoader(&keepImage, nullptr);
    tinygltf::Model model;
    std::string err;
    std::string warn;
    const std::string base = baseFolder.string();
    const bool loaded =
        file.binary
            ? loader.LoadBinaryFromMemory(&model, &err, &warn,
                                          reinterpret_cast<const unsigned char*>(bytes.data()),
                                          static_cast<unsigned int>(bytes.size()), base)
            : loader.LoadASCIIFromString(&model, &err, &warn, jsonText.data(),
                                         static_cast<unsigned int>(jsonText.size()), base);
    if (!loaded) {
        std::string message = oneLine(err.empty() ? warn : err);
        if (!access.refusal.empty())
            message += " (" + access.refusal + ")";
        return Error("tinygltf: " + message);
    }
    const auto buffers = file.json.find("buffers");
    const std::size_t bufferCount =
        buffers != file.json.end() && buffers->is_array() ? buffers->size() : 0;
    if (model.buffers.size() != bufferCount)
        return Error("/buffers: tinygltf loaded " + std::to_string(model.buffers.size()) +
                     " buffers, the JSON lists " + std::to_string(bufferCount));
    for (auto& buffer : model.buffers) {
        std::vector<std::byte> data(buffer.data.size());
        if (!data.empty())
            std::memcpy(data.data(), buffer.data.data(), data.size());
        file.buffers.push_back(std::move(data));
    }
    return file;
}

} // namespace

bool isGltfPath(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".gltf" || extension == ".glb";
}

Result<GltfFile> parseGltfBytes(std::span<const std::byte> bytes, const std::string& sourceName,
                                const std::filesystem::path& baseFolder,
                                const GltfReadOptions& options) {
    auto file = parseChecked(bytes, baseFolder, options);
    if (!file)
        return std::move(file).withContext(sourceName);
    file->sourceName = sourceName;
    return file;
}

Result<GltfFile> loadGltfFile(const std::filesystem::path& path, const GltfReadOptions& options) {
    auto bytes = readWholeFile(path, options.limits.maxFileBytes);
    if (!bytes)
        return bytes.error();
    std::filesystem::path folder = path.parent_path();
    if (folder.empty())
        folder = ".";
    return parseGltfBytes(*bytes, path.filename().string(), folder, options);
}

} // namespace hyperrig::core::io
