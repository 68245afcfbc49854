#pragma once

#include <cstddef>
#include <string_view>

namespace hyperrig::core {

// Where a byte offset lies in a text, as error messages name it: 1-based line and column, lines
// ended by '\n', columns counted in bytes (what editors' "go to column" takes for ASCII, and an
// unambiguous place in UTF-8 that is not well formed). An offset past the end gives the position
// just after the last byte.
struct TextPosition {
    std::size_t line = 1;
    std::size_t column = 1;
};

inline TextPosition textPositionAt(std::string_view text, std::size_t offset) {
    TextPosition position;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++position.line;
            position.column = 1;
        } else {
            ++position.column;
        }
    }
    return position;
}

} // namespace hyperrig::core
