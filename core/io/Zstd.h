#pragma once

#include "core/base/Result.h"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace hyperrig::core::io {

// zstd's own default level: a good ratio at several hundred MB/s, which is what a save wants.
inline constexpr int kDefaultZstdLevel = 3;

// Compresses `bytes` into one Zstd frame that records its content size (so readers such as
// godot-4d and decompressZstd can size their output exactly).
// Precondition: ZSTD_minCLevel() <= level <= ZSTD_maxCLevel(); 0 means zstd's default.
// Throws std::bad_alloc when zstd runs out of memory, as a std::vector would.
std::vector<std::byte> compressZstd(std::span<const std::byte> bytes,
                                    int level = kDefaultZstdLevel);

// Decompresses Zstd data (one frame or several concatenated ones) from an untrusted file.
// - The data must start with the Zstd frame magic 28 B5 2F FD (the G4MF spec forbids omitting
//   it), else a clear error.
// - expectedSize known (a buffer's byteLength): the output must be exactly that long; a frame
//   whose declared content size disagrees fails before anything is decoded, and data that turns
//   out shorter or longer fails too.
// - expectedSize unknown (the JSON chunk godot-4d compresses): the frame's content size is
//   used when the header records it, otherwise the data is decoded as a stream.
// - Never produces, nor allocates room for, more than maxSize bytes (maxSize + 1 at most, to
//   detect the overflow): a hostile frame claiming or expanding to more fails with
//   "decompressed data exceeds N bytes".
// Corrupt or truncated data fails with zstd's reason. The decoder keeps zstd's default window
// limit (128 MiB), so a frame cannot make it allocate more than that for its window either.
Result<std::vector<std::byte>> decompressZstd(std::span<const std::byte> bytes,
                                              std::optional<std::size_t> expectedSize,
                                              std::size_t maxSize);

} // namespace hyperrig::core::io
