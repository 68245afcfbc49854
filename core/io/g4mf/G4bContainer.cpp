#include "core/io/g4mf/G4bContainer.h"

#include "core/io/HexBytes.h"
#include "core/io/Zstd.h"

#include <cstdio>

namespace hyperrig::core::io {

namespace {

constexpr std::uint64_t kSizeMsb = std::uint64_t{1} << 63;
constexpr std::size_t kMinimumFileSize = kG4bHeaderSize + kG4bChunkHeaderSize;

std::uint32_t loadU32(std::span<const std::byte> bytes, std::size_t offset) {
    std::uint32_t value = 0;
    for (std::size_t i = 4; i-- > 0;)
        value = (value << 8) | std::to_integer<std::uint32_t>(bytes[offset + i]);
    return value;
}

std::uint64_t loadU64(std::span<const std::byte> bytes, std::size_t offset) {
    std::uint64_t value = 0;
    for (std::size_t i = 8; i-- > 0;)
        value = (value << 8) | std::to_integer<std::uint64_t>(bytes[offset + i]);
    return value;
}

void appendU32(std::vector<std::byte>& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<std::byte>((value >> (8 * i)) & 0xFFu));
}

void appendU64(std::vector<std::byte>& out, std::uint64_t value) {
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<std::byte>((value >> (8 * i)) & 0xFFu));
}

std::size_t roundUpToAlignment(std::size_t offset) {
    return (offset + kG4bAlignment - 1) / kG4bAlignment * kG4bAlignment;
}

std::string hex64(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016llX", static_cast<unsigned long long>(value));
    return text;
}

std::string hex32(std::uint32_t value) {
    char text[12];
    std::snprintf(text, sizeof text, "0x%08X", static_cast<unsigned>(value));
    return text;
}

// "'LZ4 ' (0x20345A4C)" when printable, else just the hex.
std::string describeFourCC(std::uint32_t code) {
    const std::string name = fourCCName(code);
    const std::string hex = hex32(code);
    return name == hex ? hex : "'" + name + "' (" + hex + ")";
}

std::string chunkWhere(std::size_t index, std::size_t offset) {
    return "chunk " + std::to_string(index) + " at offset " + std::to_string(offset);
}

// A writer that forgot the padding puts the next chunk header right after the data. Spec
// padding is spaces or zeros, so a known chunk type there can only be such a header; naming the
// mistake beats the confusing error the aligned offset would give.
bool unpaddedHeaderFollows(std::span<const std::byte> file, std::size_t dataEnd) {
    if (dataEnd % kG4bAlignment == 0 || file.size() - dataEnd < kG4bChunkHeaderSize)
        return false;
    const std::uint32_t type = loadU32(file, dataEnd);
    return type == kChunkTypeJson || type == kChunkTypeBlob;
}

void appendChunk(std::vector<std::byte>& out, std::uint32_t type, std::uint32_t encoding,
                 std::span<const std::byte> data, bool anotherFollows, std::byte padding) {
    appendU32(out, type);
    appendU32(out, encoding);
    appendU64(out, data.size());
    out.insert(out.end(), data.begin(), data.end());
    if (anotherFollows)
        out.resize(roundUpToAlignment(out.size()), padding);
}

} // namespace

bool hasG4bMagic(std::span<const std::byte> bytes) {
    return bytes.size() >= 4 && loadU32(bytes, 0) == kG4bMagic;
}

Result<G4bFile> parseG4b(std::span<const std::byte> bytes) {
    if (bytes.size() >= 4 && !hasG4bMagic(bytes))
        return Error("offset 0: bad magic " + hexBytes(bytes.first(4)) +
                     ", a .g4b file starts with \"G4MF\" (47 34 4D 46)");
    if (bytes.size() < kMinimumFileSize)
        return Error("file is " + std::to_string(bytes.size()) +
                     " bytes, shorter than the 32 bytes of a .g4b header and one chunk header");

    G4bFile file;
    file.version = loadU32(bytes, 4);
    const std::uint64_t declaredSize = loadU64(bytes, 8);
    if ((declaredSize & kSizeMsb) != 0)
        return Error("offset 8: declared file size " + hex64(declaredSize) +
                     " has its most significant bit set");
    if (declaredSize < kMinimumFileSize)
        return Error("offset 8: declared file size " + std::to_string(declaredSize) +
                     " is smaller than the 32 bytes of a .g4b header and one chunk header");
    if (declaredSize > bytes.size())
        return Error("offset 8: declared file size " + std::to_string(declaredSize) +
                     " exceeds the " + std::to_string(bytes.size()) + " bytes of data");
    const auto total = static_cast<std::size_t>(declaredSize);
    file.trailingBytes = bytes.size() - total;
    const std::span<const std::byte> declared = bytes.first(total);

    std::size_t offset = kG4bHeaderSize;
    while (offset < total) {
        const std::size_t index = file.chunks.size();
        const std::size_t left = total - offset;
        if (left < kG4bChunkHeaderSize)
            return Error(chunkWhere(index, offset) + ": truncated chunk header: " +
                         std::to_string(left) + " bytes left in the file, a chunk header needs 16");
        G4bChunk chunk;
        chunk.fileOffset = offset;
        chunk.type = loadU32(declared, offset);
        chunk.encoding = loadU32(declared, offset + 4);
        const std::uint64_t size = loadU64(declared, offset + 8);
        if (chunk.encoding == kChunkEncodingReserved)
            return Error(chunkWhere(index, offset) +
                         ": encoding 0xFFFFFFFF is reserved and makes the file invalid");
        if ((size & kSizeMsb) != 0)
            return Error(chunkWhere(index, offset) + ": declared size " + hex64(size) +
                         " has its most significant bit set");
        const std::size_t dataLeft = left - kG4bChunkHeaderSize;
        if (size > dataLeft)
            return Error(chunkWhere(index, offset) + ": declared size " + std::to_string(size) +
                         " exceeds the " + std::to_string(dataLeft) + " bytes left in the file");
        const std::size_t dataBegin = offset + kG4bChunkHeaderSize;
        const std::size_t dataEnd = dataBegin + static_cast<std::size_t>(size);
        if (unpaddedHeaderFollows(declared, dataEnd))
            return Error(chunkWhere(index, offset) + ": the next chunk header follows at offset " +
                         std::to_string(dataEnd) +
                         ", which is not on a 16-byte boundary (padding missing)");
        const auto data = declared.subspan(dataBegin, static_cast<std::size_t>(size));
        chunk.data.assign(data.begin(), data.end());
        file.chunks.push_back(std::move(chunk));
        offset = roundUpToAlignment(dataEnd);
    }
    return file;
}

std::string fourCCName(std::uint32_t code) {
    std::string text;
    for (int i = 0; i < 4; ++i) {
        const auto c = static_cast<unsigned char>((code >> (8 * i)) & 0xFFu);
        if (c < 0x20 || c > 0x7E)
            return hex32(code);
        text += static_cast<char>(c);
    }
    return text;
}

std::optional<std::uint32_t> fourCCFromName(std::string_view name) {
    if (name.size() != 4)
        return std::nullopt;
    std::uint32_t code = 0;
    for (std::size_t i = 4; i-- > 0;)
        code = (code << 8) | static_cast<unsigned char>(name[i]);
    return code;
}

Result<std::size_t> firstJsonChunk(const G4bFile& file) {
    for (std::size_t i = 0; i < file.chunks.size(); ++i) {
        if (file.chunks[i].type == kChunkTypeJson)
            return i;
    }
    return Error("the file has no JSON chunk");
}

Result<std::vector<std::byte>>
decodeChunk(const G4bChunk& chunk, std::optional<std::size_t> decodedSize, std::size_t maxSize) {
    const std::string where = "chunk at offset " + std::to_string(chunk.fileOffset);
    switch (chunk.encoding) {
    case kChunkEncodingPlain: {
        const std::size_t size = decodedSize.value_or(chunk.data.size());
        if (size > maxSize)
            return Error(where + ": decoded data exceeds " + std::to_string(maxSize) + " bytes");
        if (chunk.data.size() < size)
            return Error(where + ": data is " + std::to_string(chunk.data.size()) +
                         " bytes, shorter than the expected " + std::to_string(size));
        return std::vector<std::byte>(chunk.data.begin(),
                                      chunk.data.begin() + static_cast<std::ptrdiff_t>(size));
    }
    case kChunkEncodingZstd:
        return decompressZstd(chunk.data, decodedSize, maxSize).withContext(where);
    default:
        return Error(where + ": unsupported chunk encoding " + describeFourCC(chunk.encoding));
    }
}

std::vector<std::byte> writeG4b(std::string_view json,
                                std::span<const std::vector<std::byte>> blobs, bool zstd) {
    std::vector<std::byte> out;
    appendU32(out, kG4bMagic);
    appendU32(out, kG4bDraftVersion);
    appendU64(out, 0); // total size, patched below

    const auto jsonBytes = std::as_bytes(std::span(json.data(), json.size()));
    appendChunk(out, kChunkTypeJson, kChunkEncodingPlain, jsonBytes, !blobs.empty(),
                std::byte{0x20});
    for (std::size_t i = 0; i < blobs.size(); ++i) {
        const bool anotherFollows = i + 1 < blobs.size();
        if (zstd)
            appendChunk(out, kChunkTypeBlob, kChunkEncodingZstd, compressZstd(blobs[i]),
                        anotherFollows, std::byte{0});
        else
            appendChunk(out, kChunkTypeBlob, kChunkEncodingPlain, blobs[i], anotherFollows,
                        std::byte{0});
    }

    const std::uint64_t total = out.size();
    for (std::size_t i = 0; i < 8; ++i)
        out[8 + i] = static_cast<std::byte>((total >> (8 * i)) & 0xFFu);
    return out;
}

} // namespace hyperrig::core::io
