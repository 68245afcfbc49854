#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace hyperrig::core {

// The offset of the first byte of `text` that does not begin or continue a well-formed UTF-8
// sequence (RFC 3629: no overlong forms, no surrogates U+D800..U+DFFF, nothing above U+10FFFF),
// or nullopt when the whole text is UTF-8. Readers of formats that are UTF-8 by definition
// (.usda) refuse such text at its line and column rather than carry bytes that JSON cannot hold.
inline std::optional<std::size_t> firstInvalidUtf8(std::string_view text) {
    const auto byte = [&](std::size_t i) {
        return static_cast<unsigned char>(text[i]);
    };
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char lead = byte(i);
        if (lead < 0x80) {
            ++i;
            continue;
        }
        // Length and the allowed range of the second byte (Unicode 15, table 3-7).
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF)
            length = 2;
        else if (lead == 0xE0)
            length = 3, low = 0xA0;
        else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF)
            length = 3;
        else if (lead == 0xED)
            length = 3, high = 0x9F;
        else if (lead == 0xF0)
            length = 4, low = 0x90;
        else if (lead >= 0xF1 && lead <= 0xF3)
            length = 4;
        else if (lead == 0xF4)
            length = 4, high = 0x8F;
        else
            return i;
        for (std::size_t k = 1; k < length; ++k) {
            if (i + k >= text.size())
                return i;
            const unsigned char next = byte(i + k);
            if (next < (k == 1 ? low : 0x80) || next > (k == 1 ? high : 0xBF))
                return i;
        }
        i += length;
    }
    return std::nullopt;
}

} // namespace hyperrig::core
