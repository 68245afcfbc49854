#include "core/io/FileBytes.h"

#include <cstdint>
#include <fstream>
#include <string>

namespace hyperrig::core::io {

Result<std::vector<std::byte>> readWholeFile(const std::filesystem::path& path,
                                             std::size_t maxBytes) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        return Error("cannot read " + path.string() + ": it is a folder");
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        return Error("cannot open " + path.string() + ": no such readable file");
    stream.seekg(0, std::ios::end);
    const std::streamoff size = stream.tellg();
    if (size < 0)
        return Error("cannot read " + path.string());
    if (static_cast<std::uint64_t>(size) > maxBytes)
        return Error(path.string() + " is " + std::to_string(size) + " bytes, more than the " +
                     std::to_string(maxBytes) + " bytes HyperRig reads");
    std::vector<std::byte> bytes(static_cast<std::size_t>(size));
    stream.seekg(0);
    stream.read(reinterpret_cast<char*>(bytes.data()), size);
    if (!stream)
        return Error("cannot read " + path.string() + ": read failed");
    return bytes;
}

} // namespace hyperrig::core::io
