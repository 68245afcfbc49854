#include "core/io/Zstd.h"
#include "core/io/g4mf/G4bContainer.h"
#include "tests/core/io/IoTestSupport.h"

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <optional>

using namespace hyperrig::core::io;
using hyperrig::test::bytesOf;
using hyperrig::test::genBytes;
using hyperrig::test::textOf;
using namespace std::literals;

namespace {

constexpr std::size_t kGenerous = 64 * 1024 * 1024;
constexpr std::string_view kMinimalJson = R"({"asset":{"dimension":4}})";

// The 57-byte minimal file of the developer notes §9, byte for byte.
const std::vector<std::uint8_t> kMinimalFile = {
    0x47, 0x34, 0x4d, 0x46, 0x00, 0x00, 0x00, 0x00, 0x39, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x4a, 0x53, 0x4f, 0x4e, 0x00, 0x00, 0x00, 0x00, 0x19, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x7b, 0x22, 0x61, 0x73, 0x73, 0x65, 0x74, 0x22, 0x3a, 0x7b, 0x22, 0x64, 0x69,
    0x6d, 0x65, 0x6e, 0x73, 0x69, 0x6f, 0x6e, 0x22, 0x3a, 0x34, 0x7d, 0x7d};

void putU32(std::vector<std::byte>& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i)
        out.push_back(static_cast<std::byte>((value >> (8 * i)) & 0xFF));
}

void putU64(std::vector<std::byte>& out, std::uint64_t value) {
    for (int i = 0; i < 8; ++i)
        out.push_back(static_cast<std::byte>((value >> (8 * i)) & 0xFF));
}

void setU64(std::vector<std::byte>& out, std::size_t offset, std::uint64_t value) {
    for (std::size_t i = 0; i < 8; ++i)
        out[offset + i] = static_cast<std::byte>((value >> (8 * i)) & 0xFF);
}

// Builds .g4b files by hand, including broken ones: every field can be given explicitly.
class FileBuilder {
public:
    explicit FileBuilder(std::uint32_t version = 0) {
        putU32(m_bytes, kG4bMagic);
        putU32(m_bytes, version);
        putU64(m_bytes, 0);
    }

    FileBuilder& chunk(std::uint32_t type, std::uint32_t encoding, std::vector<std::byte> data,
                       std::optional<std::uint64_t> declaredSize = std::nullopt) {
        putU32(m_bytes, type);
        putU32(m_bytes, encoding);
        putU64(m_bytes, declaredSize.value_or(data.size()));
        m_bytes.insert(m_bytes.end(), data.begin(), data.end());
        return *this;
    }
    FileBuilder& pad(std::byte padding = std::byte{0}) {
        while (m_bytes.size() % 16 != 0)
            m_bytes.push_back(padding);
        return *this;
    }
    FileBuilder& raw(std::vector<std::byte> bytes) {
        m_bytes.insert(m_bytes.end(), bytes.begin(), bytes.end());
        return *this;
    }
    // Patches the header's total size: the real size unless told otherwise.
    std::vector<std::byte> build(std::optional<std::uint64_t> declaredTotal = std::nullopt) {
        std::vector<std::byte> bytes = m_bytes;
        setU64(bytes, 8, declaredTotal.value_or(bytes.size()));
        return bytes;
    }

private:
    std::vector<std::byte> m_bytes;
};

std::string parseError(const std::vector<std::byte>& bytes) {
    const auto parsed = parseG4b(bytes);
    REQUIRE_FALSE(parsed.ok());
    return parsed.error().message();
}

std::string decodeError(const G4bChunk& chunk, std::optional<std::size_t> size,
                        std::size_t maxSize) {
    const auto decoded = decodeChunk(chunk, size, maxSize);
    REQUIRE_FALSE(decoded.ok());
    return decoded.error().message();
}

} // namespace

TEST_CASE("g4b reads and writes the 57-byte minimal file", "[io][g4b]") {
    const auto file = bytesOf(kMinimalFile);
    REQUIRE(file.size() == 57);
    SECTION("parsing") {
        const auto parsed = parseG4b(file);
        REQUIRE(parsed.ok());
        CHECK(parsed->version == 0);
        CHECK(parsed->trailingBytes == 0);
        REQUIRE(parsed->chunks.size() == 1);
        const G4bChunk& json = parsed->chunks[0];
        CHECK(json.type == kChunkTypeJson);
        CHECK(json.encoding == kChunkEncodingPlain);
        CHECK(json.fileOffset == 16);
        CHECK(textOf(json.data) == kMinimalJson);
        CHECK(firstJsonChunk(*parsed).value() == 0);
        CHECK(textOf(decodeChunk(json, std::nullopt, kGenerous).value()) == kMinimalJson);
    }
    SECTION("writing the same JSON without blobs gives exactly those bytes") {
        CHECK(writeG4b(kMinimalJson, {}, false) == file);
        CHECK(writeG4b(kMinimalJson, {}, true) == file); // the JSON chunk is never compressed
    }
    SECTION("magic sniffing") {
        CHECK(hasG4bMagic(file));
        CHECK_FALSE(hasG4bMagic(bytesOf(kMinimalJson)));
        CHECK_FALSE(hasG4bMagic(bytesOf("G4M")));
    }
}

TEST_CASE("g4b writes padded chunks with the sizes of their data", "[io][g4b]") {
    const std::vector<std::vector<std::byte>> blobs = {bytesOf("abc"), bytesOf("0123456789"),
                                                       bytesOf("")};
    const auto file = writeG4b(kMinimalJson, blobs, false);
    const auto parsed = parseG4b(file);
    REQUIRE(parsed.ok());
    REQUIRE(parsed->chunks.size() == 4);
    CHECK(parsed->chunks[0].fileOffset == 16);
    CHECK(parsed->chunks[1].fileOffset == 64); // 32 + 25 bytes of JSON, padded to 64
    CHECK(parsed->chunks[2].fileOffset == 96); // 80 + 3, padded
    CHECK(parsed->chunks[3].fileOffset == 128);
    CHECK(file.size() == 144); // the last chunk is empty and unpadded
    SECTION("JSON is padded with spaces, blobs with zeros") {
        for (std::size_t i = 57; i < 64; ++i)
            CHECK(file[i] == std::byte{0x20});
        for (std::size_t i = 83; i < 96; ++i)
            CHECK(file[i] == std::byte{0});
    }
    for (std::size_t i = 0; i < blobs.size(); ++i) {
        CHECK(parsed->chunks[i + 1].type == kChunkTypeBlob);
        CHECK(parsed->chunks[i + 1].encoding == kChunkEncodingPlain);
        CHECK(parsed->chunks[i + 1].data == blobs[i]);
    }
    SECTION("zstd blobs carry the Zstd encoding and decode to the blob") {
        const auto compressed = parseG4b(writeG4b(kMinimalJson, blobs, true));
        REQUIRE(compressed.ok());
        CHECK(compressed->chunks[0].encoding == kChunkEncodingPlain);
        for (std::size_t i = 0; i < blobs.size(); ++i) {
            const G4bChunk& chunk = compressed->chunks[i + 1];
            CHECK(chunk.encoding == kChunkEncodingZstd);
            CHECK(decodeChunk(chunk, blobs[i].size(), kGenerous).value() == blobs[i]);
        }
    }
}

TEST_CASE("g4b chunks may come in any order", "[io][g4b]") {
    const auto file = FileBuilder()
                          .chunk(kChunkTypeBlob, kChunkEncodingPlain, bytesOf("\x01\x02\x03"))
                          .pad()
                          .chunk(0x54534554 /* "TEST" */, kChunkEncodingPlain, bytesOf("custom"))
                          .pad()
                          .chunk(kChunkTypeJson, kChunkEncodingPlain, bytesOf(kMinimalJson))
                          .pad(std::byte{0x20})
                          .chunk(kChunkTypeJson, kChunkEncodingPlain, bytesOf("{}"))
                          .build();
    const auto parsed = parseG4b(file);
    REQUIRE(parsed.ok());
    REQUIRE(parsed->chunks.size() == 4);
    CHECK(fourCCName(parsed->chunks[1].type) == "TEST");
    CHECK(firstJsonChunk(*parsed).value() == 2);
    CHECK(textOf(parsed->chunks[2].data) == kMinimalJson);
}

TEST_CASE("g4b accepts what the spec allows", "[io][g4b]") {
    SECTION("other versions parse and report their number") {
        const auto parsed = parseG4b(
            FileBuilder(1).chunk(kChunkTypeJson, kChunkEncodingPlain, bytesOf("{}")).build());
        REQUIRE(parsed.ok());
        CHECK(parsed->version == 1);
    }
    SECTION("a 32-byte file with an empty chunk") {
        const auto parsed =
            parseG4b(FileBuilder().chunk(kChunkTypeJson, kChunkEncodingPlain, {}).build());
        REQUIRE(parsed.ok());
        CHECK(parsed->chunks.at(0).data.empty());
    }
    SECTION("bytes beyond the declared size are ignored and counted") {
        auto file = bytesOf(kMinimalFile);
        const auto extra = bytesOf("appended");
        file.insert(file.end(), extra.begin(), extra.end());
        const auto parsed = parseG4b(file);
        REQUIRE(parsed.ok());
        CHECK(parsed->trailingBytes == 8);
        CHECK(textOf(parsed->chunks.at(0).data) == kMinimalJson);
    }
    SECTION("the last chunk may be padded") {
        const auto parsed =
            parseG4b(FileBuilder()
                         .chunk(kChunkTypeJson, kChunkEncodingPlain, bytesOf(kMinimalJson))
                         .pad(std::byte{0x20})
                         .build());
        REQUIRE(parsed.ok());
        CHECK(parsed->chunks.size() == 1);
    }
    SECTION("a JSON chunk compressed with Zstd, as godot-4d exports it") {
        const auto parsed = parseG4b(
            FileBuilder()
                .chunk(kChunkTypeJson, kChunkEncodingZstd, compressZstd(bytesOf(kMinimalJson)))
                .build());
        REQUIRE(parsed.ok());
        CHECK(textOf(decodeChunk(parsed->chunks.at(0), std::nullopt, kGenerous).value()) ==
              kMinimalJson);
    }
    SECTION("plain data longer than the decoded size is cut to it") {
        const G4bChunk chunk{kChunkTypeBlob, kChunkEncodingPlain, bytesOf("abcdef"), 64};
        CHECK(textOf(decodeChunk(chunk, 4, kGenerous).value()) == "abcd");
    }
}

TEST_CASE("g4b rejects broken headers with the offset", "[io][g4b]") {
    const auto minimal = bytesOf(kMinimalFile);
    SECTION("short files") {
        CHECK(parseError(bytesOf("G4MF\0\0\0\0\x14\0\0\0\0\0\0\0\0\0\0\0"sv)) ==
              "file is 20 bytes, shorter than the 32 bytes of a .g4b header and one chunk header");
        CHECK(parseError({}) ==
              "file is 0 bytes, shorter than the 32 bytes of a .g4b header and one chunk header");
    }
    SECTION("bad magic") {
        CHECK(parseError(bytesOf(kMinimalJson)) ==
              "offset 0: bad magic 7B 22 61 73, a .g4b file starts with \"G4MF\" (47 34 4D 46)");
    }
    SECTION("file size with its most significant bit set") {
        auto file = minimal;
        file[15] = std::byte{0x80};
        CHECK(parseError(file) ==
              "offset 8: declared file size 0x8000000000000039 has its most significant bit set");
    }
    SECTION("declared file size beyond the data") {
        auto file = minimal;
        setU64(file, 8, 58);
        CHECK(parseError(file) == "offset 8: declared file size 58 exceeds the 57 bytes of data");
    }
    SECTION("declared file size below the minimum") {
        auto file = minimal;
        setU64(file, 8, 31);
        CHECK(parseError(file) == "offset 8: declared file size 31 is smaller than the 32 bytes "
                                  "of a .g4b header and one chunk header");
    }
}

TEST_CASE("g4b rejects broken chunks with the chunk and offset", "[io][g4b]") {
    SECTION("truncated chunk header") {
        const auto file = FileBuilder()
                              .chunk(kChunkTypeJson, kChunkEncodingPlain, bytesOf(kMinimalJson))
                              .pad(std::byte{0x20})
                              .raw(bytesOf("BLOB\0\0\0\0"sv))
                              .build();
        CHECK(parseError(file) == "chunk 1 at offset 64: truncated chunk header: 8 bytes left in "
                                  "the file, a chunk header needs 16");
    }
    SECTION("chunk size beyond the file") {
        const auto file =
            FileBuilder()
                .chunk(kChunkTypeJson, kChunkEncodingPlain, bytesOf(R"({"x":"01234567"})"))
                .chunk(kChunkTypeBlob, kChunkEncodingPlain, std::vector<std::byte>(30), 4096)
                .build();
        CHECK(parseError(file) ==
              "chunk 1 at offset 48: declared size 4096 exceeds the 30 bytes left in the file");
    }
    SECTION("chunk size beyond the declared file size, though within the data") {
        auto file = bytesOf(kMinimalFile);
        setU64(file, 8, 56);
        CHECK(parseError(file) ==
              "chunk 0 at offset 16: declared size 25 exceeds the 24 bytes left in the file");
    }
    SECTION("chunk size with its most significant bit set") {
        auto file = bytesOf(kMinimalFile);
        file[31] = std::byte{0x80};
        CHECK(parseError(file) == "chunk 0 at offset 16: declared size 0x8000000000000019 has its "
                                  "most significant bit set");
    }
    SECTION("the reserved encoding 0xFFFFFFFF") {
        const auto file = FileBuilder()
                              .chunk(kChunkTypeJson, kChunkEncodingPlain, bytesOf(kMinimalJson))
                              .pad()
                              .chunk(kChunkTypeBlob, kChunkEncodingReserved, bytesOf("x"))
                              .build();
        CHECK(parseError(file) ==
              "chunk 1 at offset 64: encoding 0xFFFFFFFF is reserved and makes the file invalid");
    }
    SECTION("missing padding before the next chunk") {
        const auto file = FileBuilder()
                              .chunk(kChunkTypeJson, kChunkEncodingPlain, bytesOf(kMinimalJson))
                              .chunk(kChunkTypeBlob, kChunkEncodingPlain, bytesOf("data"))
                              .build();
        CHECK(parseError(file) == "chunk 0 at offset 16: the next chunk header follows at offset "
                                  "57, which is not on a 16-byte boundary (padding missing)");
    }
    SECTION("no JSON chunk") {
        const auto parsed =
            parseG4b(FileBuilder().chunk(kChunkTypeBlob, kChunkEncodingPlain, {}).build());
        REQUIRE(parsed.ok());
        const auto json = firstJsonChunk(*parsed);
        REQUIRE_FALSE(json.ok());
        CHECK(json.error().message() == "the file has no JSON chunk");
    }
}

TEST_CASE("g4b chunk decoding refuses what it cannot decode", "[io][g4b]") {
    SECTION("unknown encodings show their FourCC") {
        const G4bChunk lz4{kChunkTypeBlob, 0x20345A4C /* "LZ4 " */, bytesOf("x"), 64};
        CHECK(decodeError(lz4, 1, kGenerous) ==
              "chunk at offset 64: unsupported chunk encoding 'LZ4 ' (0x20345A4C)");
        const G4bChunk binary{kChunkTypeBlob, 1, bytesOf("x"), 80};
        CHECK(decodeError(binary, 1, kGenerous) ==
              "chunk at offset 80: unsupported chunk encoding 0x00000001");
    }
    SECTION("Zstd data without the frame magic") {
        const G4bChunk chunk{kChunkTypeJson, kChunkEncodingZstd, bytesOf(kMinimalJson), 16};
        CHECK(decodeError(chunk, std::nullopt, kGenerous) ==
              "chunk at offset 16: Zstd data does not start with the Zstd frame magic 28 B5 2F "
              "FD (found 7B 22 61 73)");
    }
    SECTION("a Zstd bomb beyond maxSize") {
        const std::vector<std::vector<std::byte>> bomb = {std::vector<std::byte>(8 << 20)};
        const auto parsed = parseG4b(writeG4b(kMinimalJson, bomb, true));
        REQUIRE(parsed.ok());
        CHECK(parsed->chunks.at(1).data.size() < 4096);
        CHECK(decodeError(parsed->chunks.at(1), std::nullopt, 1 << 20) ==
              "chunk at offset 64: decompressed data exceeds 1048576 bytes");
        CHECK(decodeError(parsed->chunks.at(1), 8 << 20, 1 << 20) ==
              "chunk at offset 64: decompressed data exceeds 1048576 bytes");
    }
    SECTION("a decoded size that disagrees with the data") {
        const std::vector<std::vector<std::byte>> blobs = {std::vector<std::byte>(100)};
        const auto zstd = parseG4b(writeG4b(kMinimalJson, blobs, true));
        REQUIRE(zstd.ok());
        CHECK(decodeError(zstd->chunks.at(1), 10, kGenerous) ==
              "chunk at offset 64: the Zstd frame declares 100 decoded bytes, expected 10");
        const auto plain = parseG4b(writeG4b(kMinimalJson, blobs, false));
        REQUIRE(plain.ok());
        CHECK(decodeError(plain->chunks.at(1), 101, kGenerous) ==
              "chunk at offset 64: data is 100 bytes, shorter than the expected 101");
    }
    SECTION("plain data beyond maxSize") {
        const G4bChunk chunk{kChunkTypeBlob, kChunkEncodingPlain, bytesOf("abcdef"), 64};
        CHECK(decodeError(chunk, std::nullopt, 5) ==
              "chunk at offset 64: decoded data exceeds 5 bytes");
        CHECK(decodeError(chunk, 6, 5) == "chunk at offset 64: decoded data exceeds 5 bytes");
    }
}

TEST_CASE("FourCC codes print as text or hex", "[io][g4b]") {
    CHECK(fourCCName(kChunkTypeJson) == "JSON");
    CHECK(fourCCName(kChunkTypeBlob) == "BLOB");
    CHECK(fourCCName(kChunkEncodingZstd) == "Zstd");
    CHECK(fourCCName(kG4bMagic) == "G4MF");
    CHECK(fourCCName(0) == "0x00000000");
    CHECK(fourCCName(kChunkEncodingReserved) == "0xFFFFFFFF");
    CHECK(fourCCFromName("Zstd") == kChunkEncodingZstd);
    CHECK(fourCCFromName("JSON") == kChunkTypeJson);
    CHECK(fourCCFromName("Zst") == std::nullopt);
    CHECK(fourCCFromName("Zstd!") == std::nullopt);
}

TEST_CASE("g4b files round trip and hostile files never crash", "[io][g4b][property]") {
    rc::prop("write, parse and decode give back the JSON and every blob", [] {
        const auto json = *rc::gen::arbitrary<std::string>();
        const auto blobs = *rc::gen::container<std::vector<std::vector<std::byte>>>(genBytes());
        const bool zstd = *rc::gen::arbitrary<bool>();
        const auto file = writeG4b(json, blobs, zstd);
        const auto parsed = parseG4b(file);
        RC_ASSERT(parsed.ok());
        RC_ASSERT(parsed->trailingBytes == 0u);
        RC_ASSERT(parsed->chunks.size() == blobs.size() + 1);
        RC_ASSERT(firstJsonChunk(*parsed).value() == 0u);
        RC_ASSERT(textOf(decodeChunk(parsed->chunks[0], std::nullopt, json.size()).value()) ==
                  json);
        for (std::size_t i = 0; i < blobs.size(); ++i) {
            const G4bChunk& chunk = parsed->chunks[i + 1];
            RC_ASSERT(chunk.fileOffset % 16 == 0u);
            RC_ASSERT(chunk.type == kChunkTypeBlob);
            RC_ASSERT(chunk.encoding == (zstd ? kChunkEncodingZstd : kChunkEncodingPlain));
            RC_ASSERT(decodeChunk(chunk, blobs[i].size(), blobs[i].size()).value() == blobs[i]);
        }
    });
    rc::prop("random bytes behind a valid file header parse or fail", [] {
        auto file = FileBuilder(*rc::gen::arbitrary<std::uint32_t>()).raw(*genBytes()).build();
        const auto parsed = parseG4b(file);
        if (!parsed.ok())
            return;
        for (const G4bChunk& chunk : parsed->chunks) {
            RC_ASSERT(chunk.fileOffset + 16 + chunk.data.size() <= file.size());
            const auto decoded = decodeChunk(chunk, std::nullopt, 4096);
            RC_ASSERT((!decoded.ok() || decoded->size() <= 4096u));
        }
    });
    rc::prop("random bytes without the magic never parse", [] {
        auto bytes = *genBytes();
        if (bytes.size() >= 4)
            bytes[0] = std::byte{'g'};
        RC_ASSERT(!parseG4b(bytes).ok());
    });
    rc::prop("mutated files parse or fail, and their chunks decode or fail", [] {
        const std::vector<std::vector<std::byte>> blobs = {bytesOf("first blob"),
                                                           std::vector<std::byte>(300)};
        auto file = writeG4b(kMinimalJson, blobs, *rc::gen::arbitrary<bool>());
        const auto mutations = *rc::gen::inRange(1, 8);
        for (int m = 0; m < mutations; ++m) {
            const auto position = *rc::gen::inRange<std::size_t>(0, file.size());
            file[position] = static_cast<std::byte>(*rc::gen::inRange(0, 256));
        }
        file.resize(*rc::gen::inRange<std::size_t>(0, file.size() + 1));
        const auto parsed = parseG4b(file);
        if (!parsed.ok())
            return;
        for (const G4bChunk& chunk : parsed->chunks) {
            RC_ASSERT(chunk.fileOffset % 16 == 0u);
            RC_ASSERT(chunk.fileOffset + 16 + chunk.data.size() <= file.size());
            const auto decoded = decodeChunk(chunk, std::nullopt, 4096);
            RC_ASSERT((!decoded.ok() || decoded->size() <= 4096u));
        }
    });
}
