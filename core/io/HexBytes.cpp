#include "core/io/HexBytes.h"

#include <cstdio>

namespace hyperrig::core::io {

std::string hexBytes(std::span<const std::byte> bytes) {
    std::string text;
    for (std::byte b : bytes) {
        char digits[4];
        std::snprintf(digits, sizeof digits, "%02X", std::to_integer<unsigned>(b));
        if (!text.empty())
            text += ' ';
        text += digits;
    }
    return text;
}

} // namespace hyperrig::core::io
