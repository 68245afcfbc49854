#pragma once

#include "core/base/Result.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// The .g4b binary container of G4MF (spec binary_file_format.md; developer notes §9): a 16-byte
// file header, then chunks whose 16-byte headers sit on 16-byte boundaries. All integers are
// little-endian. This layer knows chunks and encodings only; which chunk a buffer uses, and
// whether its "encoding" matches, is the G4MF reader's business.

namespace hyperrig::core::io {

// FourCC codes as little-endian u32: the ASCII bytes in file order.
inline constexpr std::uint32_t kG4bMagic = 0x464D3447;          // "G4MF"
inline constexpr std::uint32_t kChunkTypeJson = 0x4E4F534A;     // "JSON"
inline constexpr std::uint32_t kChunkTypeBlob = 0x424F4C42;     // "BLOB"
inline constexpr std::uint32_t kChunkEncodingPlain = 0;         // uncompressed
inline constexpr std::uint32_t kChunkEncodingZstd = 0x6474735A; // "Zstd"
inline constexpr std::uint32_t kChunkEncodingReserved = 0xFFFFFFFF;
inline constexpr std::uint32_t kG4bDraftVersion = 0;
inline constexpr std::size_t kG4bHeaderSize = 16;
inline constexpr std::size_t kG4bChunkHeaderSize = 16;
inline constexpr std::size_t kG4bAlignment = 16;

struct G4bChunk {
    std::uint32_t type = 0;      // FourCC: kChunkTypeJson, kChunkTypeBlob or a custom code
    std::uint32_t encoding = 0;  // kChunkEncodingPlain, kChunkEncodingZstd or a custom code
    std::vector<std::byte> data; // encoded bytes as stored, without padding
    std::size_t fileOffset = 0;  // where the chunk header starts; data starts 16 bytes later
};

struct G4bFile {
    // 0 for the draft spec, the only version written so far. parseG4b accepts any value and
    // leaves the warning to the caller, since a later version may still read fine.
    std::uint32_t version = kG4bDraftVersion;
    std::vector<G4bChunk> chunks; // in file order: a buffer's "chunk" index counts into this
    // Bytes after the declared file size. The spec requires the size field to equal the file
    // size, but the declared part is self-contained and godot-4d ignores what follows too, so
    // they are skipped; the caller may warn.
    std::size_t trailingBytes = 0;
};

// True when `bytes` starts with "G4MF": binary container rather than JSON text. Readers sniff
// the magic, not the file extension, as godot-4d does.
bool hasG4bMagic(std::span<const std::byte> bytes);

// Splits a .g4b file into its chunks, checking every rule of the container:
// - at least 32 bytes (file header + one chunk header), magic "G4MF";
// - declared file size: most significant bit clear, at least 32, not beyond the data (bytes
//   beyond it are ignored, see G4bFile::trailingBytes);
// - each chunk header at the next 16-byte boundary after the previous chunk's data, complete,
//   encoding not 0xFFFFFFFF, data size with its most significant bit clear and within the file.
//   Unknown chunk types and encodings are kept (they matter only if used; see decodeChunk).
//   Bytes after the last chunk that do not reach the next 16-byte boundary count as that
//   chunk's (optional) padding; padding content is not checked.
// Errors name the rule and the byte offset, e.g.
// "chunk 1 at offset 48: declared size 4096 exceeds the 30 bytes left in the file".
Result<G4bFile> parseG4b(std::span<const std::byte> bytes);

// The four ASCII characters of a FourCC ("JSON", "Zstd") when all are printable, otherwise
// "0x" and eight hex digits ("0xFFFFFFFF"). For messages.
std::string fourCCName(std::uint32_t code);

// The FourCC of a 4-character name ("Zstd" -> kChunkEncodingZstd), for comparing a buffer's
// JSON "encoding" with its chunk; nullopt when `name` is not 4 bytes long.
std::optional<std::uint32_t> fourCCFromName(std::string_view name);

// Index of the first chunk of type JSON: the document, which need not be chunk 0.
Result<std::size_t> firstJsonChunk(const G4bFile& file);

// The decoded bytes of `chunk`, at most maxSize of them.
// - Plain: the stored bytes. With decodedSize (a buffer's byteLength), data shorter than that
//   is an error and longer data is cut to it (the spec lets the data be longer).
// - Zstd: decompressZstd (Zstd.h): exact decodedSize when given, otherwise the frame's content
//   size or streaming (the JSON chunk, which godot-4d compresses when exporting with Zstd).
// - Anything else: "unsupported chunk encoding 'LZ4 ' (0x20345A4C)".
// Errors start with "chunk at offset N".
Result<std::vector<std::byte>>
decodeChunk(const G4bChunk& chunk, std::optional<std::size_t> decodedSize, std::size_t maxSize);

// Writes a .g4b file: header (version 0, total size), the JSON chunk first (plain, never
// compressed, padded with spaces when another chunk follows), then one BLOB chunk per blob in
// order, plain or, when `zstd` is true, compressed into one Zstd frame at the default level with
// encoding "Zstd"; zero padding between chunks, none after the last; chunk sizes exclude padding.
// Caller contract (this function does not read the JSON): blob i is chunk i + 1, so buffer i of
// the document carries "chunk": i + 1 and "byteLength": blobs[i].size() (the decoded size),
// plus "encoding": "Zstd" exactly when `zstd` is true (absent otherwise).
std::vector<std::byte> writeG4b(std::string_view json,
                                std::span<const std::vector<std::byte>> blobs, bool zstd);

} // namespace hyperrig::core::io
