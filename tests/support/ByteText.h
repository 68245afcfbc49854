#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::test {

// Text as the bytes a reader gets, and back: test inputs are written as string literals.
inline std::vector<std::byte> bytesOf(std::string_view text) {
    std::vector<std::byte> bytes;
    bytes.reserve(text.size());
    for (char c : text)
        bytes.push_back(static_cast<std::byte>(c));
    return bytes;
}

inline std::string textOf(const std::vector<std::byte>& bytes) {
    std::string text;
    text.reserve(bytes.size());
    for (std::byte b : bytes)
        text += static_cast<char>(b);
    return text;
}

} // namespace hyperrig::test
