#pragma once

#include "core/base/Result.h"

#include <cstddef>
#include <filesystem>
#include <span>

namespace hyperrig::core {

// Writes `bytes` to `path` so that readers see either the old file or the complete new one:
// the data goes to a temporary file in the same folder, is flushed to disk (fsync), and is then
// renamed over the target. On any failure the temporary file is removed and `path` is untouched.
Result<void> writeFileAtomically(const std::filesystem::path& path,
                                 std::span<const std::byte> bytes);

} // namespace hyperrig::core
