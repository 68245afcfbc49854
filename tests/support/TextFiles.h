#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace hyperrig::test {

// A whole file as bytes in a string (empty when it cannot be read: tests compare it with what
// they expect, which names the failure).
inline std::string readTextFile(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
}

// Writes `text` as the file's whole content, creating its folder; false when that fails.
inline bool writeTextFile(const std::filesystem::path& path, const std::string& text) {
    if (path.has_parent_path())
        std::filesystem::create_directories(path.parent_path());
    std::ofstream stream(path, std::ios::binary);
    stream << text;
    return static_cast<bool>(stream);
}

} // namespace hyperrig::test
