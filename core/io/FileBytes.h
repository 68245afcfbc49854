#pragma once

#include "core/base/Result.h"

#include <cstddef>
#include <filesystem>
#include <vector>

namespace hyperrig::core::io {

// The whole content of the file at `path`. Fails with a message naming the path when it is a
// folder, cannot be opened or read, or is larger than `maxBytes` (checked before allocating, so a
// huge file costs nothing).
Result<std::vector<std::byte>> readWholeFile(const std::filesystem::path& path,
                                             std::size_t maxBytes);

} // namespace hyperrig::core::io
