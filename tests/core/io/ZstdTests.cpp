#include "core/io/Zstd.h"
#include "tests/core/io/IoTestSupport.h"

#include <rapidcheck/catch.h>
#include <zstd.h>

#include <catch2/catch.hpp>

using namespace hyperrig::core::io;
using hyperrig::test::bytesOf;
using hyperrig::test::genBytes;
using namespace std::literals;

namespace {

constexpr std::size_t kMiB = 1024 * 1024;
constexpr std::size_t kGenerousZstdLimit = 64 * kMiB;

// A frame without the content size field, as a streaming compressor writes it: the decoder
// must fall back to streaming and cannot check sizes up front.
std::vector<std::byte> compressWithoutContentSize(std::span<const std::byte> bytes) {
    ZSTD_CCtx* context = ZSTD_createCCtx();
    REQUIRE(context != nullptr);
    REQUIRE_FALSE(ZSTD_isError(ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 0)));
    std::vector<std::byte> out(ZSTD_compressBound(bytes.size()));
    const std::size_t written =
        ZSTD_compress2(context, out.data(), out.size(), bytes.data(), bytes.size());
    ZSTD_freeCCtx(context);
    REQUIRE_FALSE(ZSTD_isError(written));
    out.resize(written);
    REQUIRE(ZSTD_getFrameContentSize(out.data(), out.size()) == ZSTD_CONTENTSIZE_UNKNOWN);
    return out;
}

std::vector<std::byte> sampleBytes(std::size_t size) {
    std::vector<std::byte> bytes(size);
    for (std::size_t i = 0; i < size; ++i)
        bytes[i] = static_cast<std::byte>((i * 7 + i / 13) & 0xFF);
    return bytes;
}

std::string errorOf(const hyperrig::core::Result<std::vector<std::byte>>& result) {
    REQUIRE_FALSE(result.ok());
    return result.error().message();
}

} // namespace

TEST_CASE("zstd round trips with and without a known size", "[io][zstd]") {
    const auto original = sampleBytes(100000);
    const auto compressed = compressZstd(original);
    REQUIRE(compressed.size() < original.size());
    CHECK(ZSTD_getFrameContentSize(compressed.data(), compressed.size()) == original.size());
    SECTION("known size") {
        CHECK(decompressZstd(compressed, original.size(), kGenerousZstdLimit).value() == original);
    }
    SECTION("unknown size uses the frame content size") {
        CHECK(decompressZstd(compressed, std::nullopt, kGenerousZstdLimit).value() == original);
    }
    SECTION("a frame without content size decodes by streaming") {
        const auto streamed = compressWithoutContentSize(original);
        CHECK(decompressZstd(streamed, std::nullopt, kGenerousZstdLimit).value() == original);
        CHECK(decompressZstd(streamed, original.size(), kGenerousZstdLimit).value() == original);
    }
    SECTION("empty data") {
        const auto empty = compressZstd({});
        CHECK(decompressZstd(empty, 0, kGenerousZstdLimit).value().empty());
        CHECK(decompressZstd(empty, std::nullopt, 0).value().empty());
    }
    SECTION("concatenated frames decode to the concatenation") {
        auto twoFrames = compressZstd(bytesOf("first "));
        const auto second = compressWithoutContentSize(bytesOf("second"));
        twoFrames.insert(twoFrames.end(), second.begin(), second.end());
        CHECK(decompressZstd(twoFrames, std::nullopt, kGenerousZstdLimit).value() ==
              bytesOf("first second"));
        CHECK(decompressZstd(twoFrames, 12, kGenerousZstdLimit).value() == bytesOf("first second"));
    }
    SECTION("any compression level decodes the same") {
        for (int level : {ZSTD_minCLevel(), 1, 19})
            CHECK(decompressZstd(compressZstd(original, level), original.size(), kGenerousZstdLimit)
                      .value() == original);
    }
}

TEST_CASE("zstd refuses data without the frame magic", "[io][zstd]") {
    CHECK(errorOf(decompressZstd(bytesOf("{\"asset\":{}}"), std::nullopt, kGenerousZstdLimit)) ==
          "Zstd data does not start with the Zstd frame magic 28 B5 2F FD (found 7B 22 61 73)");
    CHECK(errorOf(decompressZstd(bytesOf("\x28\xB5"), std::nullopt, kGenerousZstdLimit)) ==
          "Zstd data is 2 bytes, too short for the Zstd frame magic 28 B5 2F FD");
    CHECK(errorOf(decompressZstd({}, 0, kGenerousZstdLimit)) ==
          "Zstd data is 0 bytes, too short for the Zstd frame magic 28 B5 2F FD");
}

TEST_CASE("zstd never decodes beyond maxSize", "[io][zstd]") {
    const std::vector<std::byte> zeros(16 * kMiB);
    SECTION("a frame declaring too much fails before decoding") {
        const auto bomb = compressZstd(zeros);
        REQUIRE(bomb.size() < 4096);
        CHECK(errorOf(decompressZstd(bomb, std::nullopt, kMiB)) ==
              "decompressed data exceeds 1048576 bytes");
    }
    SECTION("a frame without content size is stopped while streaming") {
        const auto bomb = compressWithoutContentSize(zeros);
        CHECK(errorOf(decompressZstd(bomb, std::nullopt, kMiB)) ==
              "decompressed data exceeds 1048576 bytes");
    }
    SECTION("an expected size beyond maxSize fails at once") {
        CHECK(errorOf(decompressZstd(compressZstd(bytesOf("tiny")), 2 * kMiB, kMiB)) ==
              "decompressed data exceeds 1048576 bytes");
    }
    SECTION("exactly maxSize is allowed") {
        const auto bytes = sampleBytes(1000);
        CHECK(decompressZstd(compressWithoutContentSize(bytes), std::nullopt, 1000).value() ==
              bytes);
        CHECK(errorOf(decompressZstd(compressWithoutContentSize(bytes), std::nullopt, 999)) ==
              "decompressed data exceeds 999 bytes");
    }
}

TEST_CASE("zstd checks the decoded size against the expected one", "[io][zstd]") {
    const auto bytes = sampleBytes(100);
    SECTION("a declared content size that disagrees fails before decoding") {
        CHECK(errorOf(decompressZstd(compressZstd(bytes), 50, kGenerousZstdLimit)) ==
              "the Zstd frame declares 100 decoded bytes, expected 50");
        CHECK(errorOf(decompressZstd(compressZstd(bytes), 200, kGenerousZstdLimit)) ==
              "the Zstd frame declares 100 decoded bytes, expected 200");
    }
    SECTION("without a declared size the decoded length is compared") {
        const auto streamed = compressWithoutContentSize(bytes);
        CHECK(errorOf(decompressZstd(streamed, 50, kGenerousZstdLimit)) ==
              "Zstd data decodes to more than the expected 50 bytes");
        CHECK(errorOf(decompressZstd(streamed, 200, kGenerousZstdLimit)) ==
              "Zstd data decodes to 100 bytes, expected 200");
    }
}

TEST_CASE("zstd reports corrupt and truncated data", "[io][zstd]") {
    const auto bytes = sampleBytes(5000);
    SECTION("a truncated single frame") {
        auto cut = compressZstd(bytes);
        cut.resize(cut.size() - 3);
        CHECK_THAT(errorOf(decompressZstd(cut, std::nullopt, kGenerousZstdLimit)),
                   Catch::StartsWith("corrupt or truncated Zstd data: "));
    }
    SECTION("a truncated second frame") {
        auto twoFrames = compressZstd(bytes);
        auto second = compressWithoutContentSize(bytes);
        second.resize(second.size() - 3);
        twoFrames.insert(twoFrames.end(), second.begin(), second.end());
        CHECK(errorOf(decompressZstd(twoFrames, std::nullopt, kGenerousZstdLimit)) ==
              "truncated Zstd data: the last frame is incomplete");
    }
    SECTION("garbage after a frame") {
        auto withGarbage = compressZstd(bytes);
        const auto garbage = bytesOf("garbage!");
        withGarbage.insert(withGarbage.end(), garbage.begin(), garbage.end());
        CHECK_THAT(errorOf(decompressZstd(withGarbage, std::nullopt, kGenerousZstdLimit)),
                   Catch::StartsWith("corrupt or truncated Zstd data: "));
    }
    SECTION("a hand-made frame whose header lies about its content size") {
        // Single-segment frame with a 4-byte content size field (descriptor 0xA0), then one
        // last RLE block (header bits: last = 1, type = 1, size << 3) repeating 'A' 10 times.
        auto frame = [](std::uint32_t declared) {
            std::vector<std::byte> made = bytesOf("\x28\xB5\x2F\xFD\xA0");
            for (int i = 0; i < 4; ++i)
                made.push_back(static_cast<std::byte>((declared >> (8 * i)) & 0xFF));
            const auto block = bytesOf("\x53\x00\x00\x41"sv);
            made.insert(made.end(), block.begin(), block.end());
            return made;
        };
        CHECK(decompressZstd(frame(10), std::nullopt, kGenerousZstdLimit).value() ==
              bytesOf("AAAAAAAAAA"));
        CHECK_FALSE(decompressZstd(frame(5), std::nullopt, kGenerousZstdLimit).ok());
        CHECK_FALSE(decompressZstd(frame(20), std::nullopt, kGenerousZstdLimit).ok());
        CHECK_FALSE(decompressZstd(frame(1u << 30), std::nullopt, std::size_t{1} << 31).ok());
    }
    SECTION("only the magic") {
        CHECK_FALSE(
            decompressZstd(bytesOf("\x28\xB5\x2F\xFD"), std::nullopt, kGenerousZstdLimit).ok());
    }
}

TEST_CASE("zstd round trips and survives hostile data", "[io][zstd][property]") {
    rc::prop("decompress(compress(bytes)) == bytes, known or unknown size", [] {
        const auto bytes = *genBytes();
        const auto compressed = compressZstd(bytes);
        RC_ASSERT(decompressZstd(compressed, bytes.size(), bytes.size()).value() == bytes);
        RC_ASSERT(decompressZstd(compressed, std::nullopt, bytes.size()).value() == bytes);
        RC_ASSERT(
            decompressZstd(compressWithoutContentSize(bytes), std::nullopt, bytes.size()).value() ==
            bytes);
    });
    rc::prop("random bytes after the magic fail or stay within maxSize", [] {
        auto hostile = bytesOf("\x28\xB5\x2F\xFD");
        const auto tail = *genBytes();
        hostile.insert(hostile.end(), tail.begin(), tail.end());
        const std::size_t maxSize = *rc::gen::inRange<std::size_t>(0, 1 << 16);
        const auto decoded = decompressZstd(hostile, std::nullopt, maxSize);
        RC_ASSERT((!decoded.ok() || decoded->size() <= maxSize));
    });
    rc::prop("a corrupted frame fails or decodes to the expected size", [] {
        const auto bytes = *genBytes();
        auto compressed = compressZstd(bytes);
        const auto position = *rc::gen::inRange<std::size_t>(4, compressed.size());
        compressed[position] ^= static_cast<std::byte>(*rc::gen::inRange(1, 256));
        const auto decoded = decompressZstd(compressed, bytes.size(), bytes.size());
        RC_ASSERT((!decoded.ok() || decoded->size() == bytes.size()));
    });
}
