#pragma once

#include <cstddef>
#include <span>
#include <string>

namespace hyperrig::core::io {

// Bytes as upper-case hexadecimal pairs separated by spaces ("28 B5 2F FD"), the way error
// messages quote a file's magic numbers.
std::string hexBytes(std::span<const std::byte> bytes);

} // namespace hyperrig::core::io
