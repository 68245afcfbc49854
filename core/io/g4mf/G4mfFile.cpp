#include "core/io/g4mf/G4mfFile.h"

#include "core/io/Base64.h"
#include "core/io/FileBytes.h"
#include "core/io/JsonText.h"
#include "core/io/Zstd.h"
#include "core/io/g4mf/AccessorDigest.h"
#include "core/io/g4mf/G4bContainer.h"

#include <fstream>
#include <limits>
#include <string_view>

namespace hyperrig::core::io {
namespace {

using model::OrderedJson;

Result<OrderedJson> parseJson(std::string_view text, const LoadLimits& limits) {
    auto json = parseJsonText(text, limits.maxJsonDepth);
    if (!json)
        return json.error();
    if (!json->is_object())
        return Error("line 1, column 1: a G4MF file is a JSON object, this is " +
                     std::string(json->type_name()));
    return json;
}

std::string bufferPointer(std::size_t index) {
    return "/buffers/" + std::to_string(index);
}

// `folder` made absolute with symlinks resolved: what "inside the document's folder" is
// measured against. Empty when it cannot be resolved (then every relative uri is refused).
std::filesystem::path resolvedFolder(const std::filesystem::path& folder) {
    std::error_code error;
    std::filesystem::path absolute =
        std::filesystem::absolute(folder.empty() ? "." : folder, error);
    if (error)
        return {};
    std::filesystem::path resolved = std::filesystem::weakly_canonical(absolute, error);
    if (error)
        return {};
    // "/doc/" iterates as "/", "doc", "": drop the empty last element so prefixes compare.
    if (resolved.has_relative_path() && resolved.filename().empty())
        resolved = resolved.parent_path();
    return resolved;
}

// Whether `target` lies in `folder` or below it (both absolute and resolved).
bool liesInside(const std::filesystem::path& target, const std::filesystem::path& folder) {
    auto targetPart = target.begin();
    for (auto folderPart = folder.begin(); folderPart != folder.end(); ++folderPart, ++targetPart)
        if (targetPart == target.end() || *targetPart != *folderPart)
            return false;
    return true;
}

// Where one buffer's relative uri leads. The path is resolved as the OS would open it ("..",
// then symlinks, in order: "link/../x" is next to the link's target, not the link), so what is
// checked is what would be read; a path that does not exist resolves as far as it exists.
struct UriTarget {
    std::filesystem::path path; // absolute and resolved
    bool inside = false;
};

Result<UriTarget> resolveUri(const std::filesystem::path& folder, const std::string& uri) {
    if (folder.empty())
        return Error("uri '" + uri + "': the document's folder cannot be resolved");
    std::error_code error;
    std::filesystem::path target = std::filesystem::weakly_canonical(folder / uri, error);
    if (error)
        return Error("uri '" + uri + "' cannot be resolved: " + error.message());
    return UriTarget{target, liesInside(target, folder)};
}

// What loading a buffer needs to know besides the buffer itself.
struct BufferSource {
    const std::filesystem::path& folder; // resolved, see resolvedFolder
    const G4bFile* binary;               // null for a .g4tf
    const ReadOptions& options;
    Diagnostics& diagnostics;
    std::vector<OutsideReference>& outsideReferences;
};

// Loads one buffer's bytes according to the container rules; the error says why not.
Result<std::vector<std::byte>> loadBuffer(const OrderedJson& buffer, std::size_t index,
                                          const BufferSource& source) {
    const G4bFile* binary = source.binary;
    const LoadLimits& limits = source.options.limits;
    Diagnostics& diagnostics = source.diagnostics;
    if (!buffer.is_object())
        return Error("a buffer must be an object");
    const auto lengthIt = buffer.find("byteLength");
    if (lengthIt == buffer.end() || !lengthIt->is_number_unsigned())
        return Error("byteLength is missing or not a non-negative integer");
    const auto byteLength = lengthIt->get<std::uint64_t>();
    if (byteLength > limits.maxBufferBytes)
        return Error("byteLength " + std::to_string(byteLength) + " exceeds the " +
                     std::to_string(limits.maxBufferBytes) + " bytes HyperRig reads");
    const auto decodedSize = static_cast<std::size_t>(byteLength);

    std::uint32_t encoding = kChunkEncodingPlain;
    if (const auto it = buffer.find("encoding"); it != buffer.end()) {
        if (!it->is_string())
            return Error("encoding must be a string");
        const auto code = fourCCFromName(it->get<std::string>());
        if (!code)
            return Error("encoding '" + it->get<std::string>() + "' is not a FourCC");
        encoding = *code;
    }
    const bool hasUri = buffer.contains("uri");
    const bool hasChunk = buffer.contains("chunk");
    if (hasUri && hasChunk)
        return Error("a buffer has either uri or chunk, not both");

    std::vector<std::byte> stored;
    if (hasChunk || (binary && !hasUri)) {
        if (!binary)
            return Error("chunk is only allowed in binary .g4b files");
        std::size_t chunkIndex = index + 1;
        if (hasChunk) {
            if (!buffer["chunk"].is_number_unsigned())
                return Error("chunk must be a non-negative integer");
            chunkIndex = buffer["chunk"].get<std::size_t>();
        } else {
            diagnostics.push_back({Diagnostic::Severity::Warning, "buffer.legacy-implicit-chunk",
                                   bufferPointer(index),
                                   "buffer has neither uri nor chunk; assuming chunk " +
                                       std::to_string(chunkIndex) + " as godot-4d does"});
        }
        if (chunkIndex >= binary->chunks.size())
            return Error("chunk " + std::to_string(chunkIndex) + " does not exist (the file has " +
                         std::to_string(binary->chunks.size()) + " chunks)");
        const G4bChunk& chunk = binary->chunks[chunkIndex];
        if (chunk.encoding != encoding)
            return Error("encoding " + fourCCName(encoding) + " differs from chunk " +
                         std::to_string(chunkIndex) + "'s encoding " + fourCCName(chunk.encoding));
        return decodeChunk(chunk, decodedSize, limits.maxBufferBytes);
    }
    if (!hasUri)
        return Error("a buffer in a .g4tf file needs a uri");
    if (!buffer["uri"].is_string())
        return Error("uri must be a string");
    const std::string uri = buffer["uri"].get<std::string>();
    if (uri.rfind("data:", 0) == 0) {
        auto decoded = parseDataUri(uri);
        if (!decoded)
            return decoded.error().withContext("uri");
        stored = std::move(*decoded);
    } else if (uri.find("://") != std::string::npos) {
        return Error("uri '" + uri + "' names a remote resource; HyperRig reads local files only");
    } else {
        const std::filesystem::path relative(uri);
        if (relative.is_absolute())
            return Error("uri '" + uri + "' is absolute; G4MF buffer paths are relative");
        if (uri.find('\0') != std::string::npos)
            return Error("uri contains a NUL character");
        auto target = resolveUri(source.folder, uri);
        if (!target)
            return target.error();
        if (!target->inside) {
            const bool allowed = source.options.allowOutsideReferences;
            const std::string pointer = bufferPointer(index) + "/uri";
            source.outsideReferences.push_back({index, pointer, uri, target->path, !allowed});
            const std::string where = "uri '" + uri + "' reads " + target->path.string() +
                                      ", outside the folder " + source.folder.string() +
                                      " of the file that names it";
            if (!allowed)
                return Error(where + "; such a file is read only when outside references are "
                                     "allowed",
                             kOutsideReferenceError);
            diagnostics.push_back({Diagnostic::Severity::Warning,
                                   "buffer.uri.outside-folder-allowed", pointer,
                                   where + " (allowed)"});
        }
        // The resolved path, so the file read is the one just checked.
        auto bytes = readWholeFile(target->path, limits.maxFileBytes);
        if (!bytes)
            return bytes.error();
        stored = std::move(*bytes);
    }
    if (encoding == kChunkEncodingZstd)
        return decompressZstd(stored, decodedSize, limits.maxBufferBytes);
    if (encoding != kChunkEncodingPlain)
        return Error("unsupported encoding " + fourCCName(encoding));
    if (stored.size() < decodedSize)
        return Error("has " + std::to_string(stored.size()) + " bytes, byteLength says " +
                     std::to_string(decodedSize));
    stored.resize(decodedSize);
    return stored;
}

} // namespace

const OutsideReference* G4mfFile::firstRefusedReference() const {
    for (const OutsideReference& reference : outsideReferences)
        if (reference.refused)
            return &reference;
    return nullptr;
}

Result<G4mfFile> parseG4mfBytes(std::span<const std::byte> bytes,
                                const std::filesystem::path& baseFolder,
                                const ReadOptions& options) {
    const LoadLimits& limits = options.limits;
    G4mfFile file;
    std::optional<G4bFile> binary;
    std::string text;
    if (hasG4bMagic(bytes)) {
        file.container = G4mfContainer::Binary;
        auto parsed = parseG4b(bytes);
        if (!parsed)
            return parsed.error();
        binary = std::move(*parsed);
        if (binary->version != kG4bDraftVersion)
            file.loadDiagnostics.push_back(
                {Diagnostic::Severity::Warning, "container.version", "",
                 "binary container version " + std::to_string(binary->version) +
                     " is newer than the draft version 0 HyperRig knows"});
        if (binary->trailingBytes > 0)
            file.loadDiagnostics.push_back(
                {Diagnostic::Severity::Warning, "container.trailing-bytes", "",
                 std::to_string(binary->trailingBytes) +
                     " bytes follow the declared end of the file and were ignored"});
        auto jsonChunk = firstJsonChunk(*binary);
        if (!jsonChunk)
            return jsonChunk.error();
        auto jsonBytes = decodeChunk(binary->chunks[*jsonChunk], std::nullopt, limits.maxFileBytes);
        if (!jsonBytes)
            return jsonBytes.error();
        text.assign(reinterpret_cast<const char*>(jsonBytes->data()), jsonBytes->size());
    } else {
        text.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }
    auto json = parseJson(text, limits);
    if (!json)
        return json.error();
    file.json = std::move(*json);

    if (const auto buffers = file.json.find("buffers"); buffers != file.json.end()) {
        if (buffers->is_array()) {
            file.buffers.resize(buffers->size());
            const std::filesystem::path folder = resolvedFolder(baseFolder);
            const BufferSource source{folder, binary ? &*binary : nullptr, options,
                                      file.loadDiagnostics, file.outsideReferences};
            for (std::size_t i = 0; i < buffers->size(); ++i) {
                auto loaded = loadBuffer((*buffers)[i], i, source);
                if (loaded)
                    file.buffers[i].bytes = std::move(*loaded);
                else
                    file.buffers[i].error = loaded.error().message();
            }
        }
    }
    return file;
}

Result<G4mfFile> loadG4mfFile(const std::filesystem::path& path, const ReadOptions& options) {
    auto bytes = readWholeFile(path, options.limits.maxFileBytes);
    if (!bytes)
        return bytes.error();
    auto file = parseG4mfBytes(*bytes, path.parent_path(), options);
    if (!file)
        return std::move(file).withContext(path.string());
    file->path = path;
    return file;
}

Result<AccessorView> accessorView(const G4mfFile& file, std::size_t accessorIndex) {
    const std::string pointer = "/accessors/" + std::to_string(accessorIndex);
    const auto fail = [&pointer](const std::string& message) {
        return Error(pointer + ": " + message);
    };
    const auto accessors = file.json.find("accessors");
    if (accessors == file.json.end() || !accessors->is_array() ||
        accessorIndex >= accessors->size())
        return fail("no such accessor");
    const OrderedJson& accessor = (*accessors)[accessorIndex];
    if (!accessor.is_object())
        return fail("an accessor must be an object");

    // "componentType" since 2025-12; older files say "primitiveType".
    auto typeIt = accessor.find("componentType");
    if (typeIt == accessor.end())
        typeIt = accessor.find("primitiveType");
    if (typeIt == accessor.end() || !typeIt->is_string())
        return fail("componentType is missing or not a string");
    auto type = model::parseComponentType(typeIt->get<std::string>());
    if (!type)
        return fail(type.error().message());

    int vectorSize = 1;
    if (const auto it = accessor.find("vectorSize"); it != accessor.end()) {
        if (!it->is_number_unsigned() || it->get<std::uint64_t>() == 0 ||
            it->get<std::uint64_t>() > 4096)
            return fail("vectorSize must be a positive integer (at most 4096)");
        vectorSize = it->get<int>();
    }
    const auto viewIt = accessor.find("bufferView");
    if (viewIt == accessor.end() || !viewIt->is_number_unsigned())
        return fail("bufferView is missing or not a non-negative integer");
    const auto viewIndex = viewIt->get<std::size_t>();
    const auto views = file.json.find("bufferViews");
    if (views == file.json.end() || !views->is_array() || viewIndex >= views->size())
        return fail("bufferView " + std::to_string(viewIndex) + " does not exist");
    const OrderedJson& view = (*views)[viewIndex];
    const std::string viewPointer = "/bufferViews/" + std::to_string(viewIndex);
    if (!view.is_object())
        return Error(viewPointer + ": a buffer view must be an object");
    const auto unsignedField = [&view](const char* key, std::uint64_t fallback,
                                       bool required) -> std::optional<std::uint64_t> {
        const auto it = view.find(key);
        if (it == view.end())
            return required ? std::nullopt : std::optional<std::uint64_t>(fallback);
        if (!it->is_number_unsigned())
            return std::nullopt;
        return it->get<std::uint64_t>();
    };
    const auto bufferIndex = unsignedField("buffer", 0, false);
    const auto byteOffset = unsignedField("byteOffset", 0, false);
    const auto byteLength = unsignedField("byteLength", 0, true);
    if (!bufferIndex || !byteOffset || !byteLength)
        return Error(viewPointer +
                     ": buffer, byteOffset and byteLength must be non-negative integers "
                     "(byteLength is required)");
    if (*bufferIndex >= file.buffers.size())
        return Error(viewPointer + ": buffer " + std::to_string(*bufferIndex) + " does not exist");
    const G4mfFile::Buffer& buffer = file.buffers[static_cast<std::size_t>(*bufferIndex)];
    if (!buffer.available())
        return Error(bufferPointer(static_cast<std::size_t>(*bufferIndex)) + ": " + *buffer.error);
    if (*byteOffset > buffer.bytes.size() || *byteLength > buffer.bytes.size() - *byteOffset)
        return Error(viewPointer + ": bytes " + std::to_string(*byteOffset) + ".." +
                     std::to_string(*byteOffset + *byteLength) + " lie outside the " +
                     std::to_string(buffer.bytes.size()) + "-byte buffer");
    const std::size_t componentBytes = componentSize(*type);
    const std::size_t elementBytes = componentBytes * static_cast<std::size_t>(vectorSize);
    if (*byteOffset % componentBytes != 0)
        return fail("its buffer view starts at byte " + std::to_string(*byteOffset) +
                    ", not a multiple of the " + std::to_string(componentBytes) +
                    "-byte component size");
    if (*byteLength % elementBytes != 0)
        return fail("its buffer view holds " + std::to_string(*byteLength) +
                    " bytes, not a multiple of the " + std::to_string(elementBytes) +
                    "-byte element size");
    AccessorView result;
    result.componentType = *type;
    result.vectorSize = vectorSize;
    result.count = static_cast<std::size_t>(*byteLength) / elementBytes;
    result.bytes =
        std::span(buffer.bytes)
            .subspan(static_cast<std::size_t>(*byteOffset), static_cast<std::size_t>(*byteLength));
    return result;
}

Result<model::NumericArray> decodeAccessor(const G4mfFile& file, std::size_t accessorIndex) {
    auto view = accessorView(file, accessorIndex);
    if (!view)
        return view.error();
    model::NumericArray array;
    array.componentType = view->componentType;
    array.vectorSize = view->vectorSize;
    const model::OrderedJson& accessor = file.json["accessors"][accessorIndex];
    for (auto it = accessor.begin(); it != accessor.end(); ++it)
        if (it.key() != "bufferView" && it.key() != "componentType" &&
            it.key() != "primitiveType" && it.key() != "vectorSize")
            array.accessorExtra[it.key()] = it.value();
    const std::size_t componentBytes = componentSize(view->componentType);
    const std::size_t components = view->bytes.size() / componentBytes;
    array.values.resize(components);
    for (std::size_t i = 0; i < components; ++i)
        array.values[i] =
            readAsDouble(view->componentType, view->bytes.data() + i * componentBytes);
    array.sourceAccessor = model::AccessorSource{
        accessorIndex, detail::accessorDigest(array.componentType, array.vectorSize, array.values,
                                              array.accessorExtra)};
    return array;
}

} // namespace hyperrig::core::io
