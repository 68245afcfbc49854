#include "render/headless/PngWriter.h"

#include "core/base/AtomicFile.h"

#include <stb_image_write.h>

namespace hyperrig::render::headless {

core::Result<std::vector<std::byte>> encodePng(const gl::RgbaImage& image) {
    const std::size_t expected =
        static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4;
    if (image.width <= 0 || image.height <= 0 || image.pixels.size() != expected)
        return core::Error("cannot encode PNG: image is empty or its pixel data is incomplete");
    std::vector<std::byte> bytes;
    // stb calls back with consecutive pieces of the encoded file.
    auto append = [](void* context, void* data, int size) {
        auto& output = *static_cast<std::vector<std::byte>*>(context);
        const auto* piece = static_cast<const std::byte*>(data);
        output.insert(output.end(), piece, piece + size);
    };
    if (stbi_write_png_to_func(append, &bytes, image.width, image.height, 4, image.pixels.data(),
                               image.width * 4) == 0 ||
        bytes.empty())
        return core::Error("cannot encode PNG: out of memory");
    return bytes;
}

core::Result<void> writePng(const std::filesystem::path& path, const gl::RgbaImage& image) {
    auto bytes = encodePng(image);
    if (!bytes)
        return bytes.error().withContext(path.string());
    return core::writeFileAtomically(path, *bytes);
}

} // namespace hyperrig::render::headless
