#include "core/io/Zstd.h"

#include "core/io/HexBytes.h"

#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>

namespace hyperrig::core::io {

namespace {

constexpr std::array<unsigned char, 4> kFrameMagic{0x28, 0xB5, 0x2F, 0xFD};

struct DCtxDeleter {
    void operator()(ZSTD_DCtx* context) const { ZSTD_freeDCtx(context); }
};

Error exceeds(std::size_t maxSize) {
    return Error("decompressed data exceeds " + std::to_string(maxSize) + " bytes");
}

Error zstdFailure(std::size_t code) {
    return Error(std::string("corrupt or truncated Zstd data: ") + ZSTD_getErrorName(code));
}

} // namespace

std::vector<std::byte> compressZstd(std::span<const std::byte> bytes, int level) {
    HYPERRIG_EXPECTS(level >= ZSTD_minCLevel() && level <= ZSTD_maxCLevel());
    std::vector<std::byte> compressed(ZSTD_compressBound(bytes.size()));
    const std::size_t written =
        ZSTD_compress(compressed.data(), compressed.size(), bytes.data(), bytes.size(), level);
    if (ZSTD_isError(written)) {
        // With a ZSTD_compressBound-sized output and a valid level, running out of memory is the
        // only way ZSTD_compress can fail.
        HYPERRIG_ASSERT(ZSTD_getErrorCode(written) == ZSTD_error_memory_allocation);
        throw std::bad_alloc();
    }
    compressed.resize(written);
    return compressed;
}

Result<std::vector<std::byte>> decompressZstd(std::span<const std::byte> bytes,
                                              std::optional<std::size_t> expectedSize,
                                              std::size_t maxSize) {
    if (bytes.size() < kFrameMagic.size())
        return Error("Zstd data is " + std::to_string(bytes.size()) +
                     " bytes, too short for the Zstd frame magic 28 B5 2F FD");
    if (std::memcmp(bytes.data(), kFrameMagic.data(), kFrameMagic.size()) != 0)
        return Error("Zstd data does not start with the Zstd frame magic 28 B5 2F FD (found " +
                     hexBytes(bytes.first(4)) + ")");
    if (expectedSize && *expectedSize > maxSize)
        return exceeds(maxSize);

    // The first frame's header may declare its content size. It stands for the whole output
    // only when that frame is all the data; concatenated frames are checked while decoding.
    const unsigned long long declared = ZSTD_getFrameContentSize(bytes.data(), bytes.size());
    if (declared == ZSTD_CONTENTSIZE_ERROR)
        return Error("corrupt Zstd data: the frame header cannot be read");
    const std::size_t firstFrameSize = ZSTD_findFrameCompressedSize(bytes.data(), bytes.size());
    if (ZSTD_isError(firstFrameSize))
        return zstdFailure(firstFrameSize);
    std::optional<std::size_t> knownSize;
    if (declared != ZSTD_CONTENTSIZE_UNKNOWN && firstFrameSize == bytes.size()) {
        if (declared > maxSize)
            return exceeds(maxSize);
        knownSize = static_cast<std::size_t>(declared);
        if (expectedSize && *knownSize != *expectedSize)
            return Error("the Zstd frame declares " + std::to_string(*knownSize) +
                         " decoded bytes, expected " + std::to_string(*expectedSize));
    }

    // One byte of room beyond the limit lets the decoder show that the data goes on.
    const std::size_t limit = expectedSize.value_or(maxSize);
    const std::size_t capacity =
        limit == std::numeric_limits<std::size_t>::max() ? limit : limit + 1;
    // The first allocation trusts a declared size only as far as the input could possibly
    // expand: an RLE block turns 4 bytes (3 header + 1) into at most 128 KiB, a ratio of
    // 32768. A 30-byte hostile frame claiming maxSize therefore cannot make us allocate it;
    // genuine data still gets its exact size in one allocation.
    constexpr std::size_t kMaxExpansion = 32768;
    const std::size_t plausible = bytes.size() <= capacity / kMaxExpansion
                                      ? bytes.size() * kMaxExpansion + ZSTD_DStreamOutSize()
                                      : capacity;
    std::size_t initial = 0;
    if (knownSize)
        initial = *knownSize + 1;
    else if (expectedSize)
        initial = *expectedSize + 1;
    else
        initial = std::max(ZSTD_DStreamOutSize(),
                           bytes.size() <= capacity / 4 ? bytes.size() * 4 : capacity);
    std::vector<std::byte> output(std::min({initial, plausible, capacity}));

    const std::unique_ptr<ZSTD_DCtx, DCtxDeleter> context(ZSTD_createDCtx());
    if (!context)
        throw std::bad_alloc();
    ZSTD_inBuffer input{bytes.data(), bytes.size(), 0};
    std::size_t produced = 0;
    for (;;) {
        if (produced == output.size()) {
            if (output.size() >= capacity)
                return exceeds(maxSize);
            const std::size_t grown = output.size() <= capacity / 2 ? output.size() * 2 : capacity;
            output.resize(std::max(grown, std::min(capacity, ZSTD_DStreamOutSize())));
        }
        ZSTD_outBuffer out{output.data(), output.size(), produced};
        const std::size_t hint = ZSTD_decompressStream(context.get(), &out, &input);
        if (ZSTD_isError(hint))
            return zstdFailure(hint);
        produced = out.pos;
        if (produced > limit) {
            if (expectedSize)
                return Error("Zstd data decodes to more than the expected " +
                             std::to_string(*expectedSize) + " bytes");
            return exceeds(maxSize);
        }
        const bool inputDone = input.pos == input.size;
        if (inputDone && hint == 0)
            break;
        // Room left in the output but nothing more to read: the decoder is waiting for input
        // that is not there.
        if (inputDone && out.pos < out.size)
            return Error("truncated Zstd data: the last frame is incomplete");
    }

    if (expectedSize && produced != *expectedSize)
        return Error("Zstd data decodes to " + std::to_string(produced) + " bytes, expected " +
                     std::to_string(*expectedSize));
    output.resize(produced);
    return output;
}

} // namespace hyperrig::core::io
