#pragma once

#include "core/base/Result.h"

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <span>

namespace hyperrig::core {

// Writes `bytes` to `path` so that readers see either the old file or the complete new one:
// the data goes to a temporary file in the same folder, is flushed to disk (fsync), and is then
// renamed over the target. On any failure the temporary file is removed and `path` is untouched.
// `cancelled`, when given, is polled between chunks and before the rename (another thread sets
// it): a cancelled write fails with kWriteCancelled and leaves `path` untouched.
inline constexpr const char* kWriteCancelled = "the write was cancelled";
Result<void> writeFileAtomically(const std::filesystem::path& path,
                                 std::span<const std::byte> bytes,
                                 const std::atomic<bool>* cancelled = nullptr);

} // namespace hyperrig::core
