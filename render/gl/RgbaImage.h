#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hyperrig::render::gl {

// 8-bit RGBA pixels, rows top to bottom (image order, not GL's bottom-up order).
struct RgbaImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels; // width * height * 4 bytes

    struct Pixel {
        std::uint8_t r, g, b, a;
        friend bool operator==(const Pixel&, const Pixel&) = default;
    };

    Pixel at(int x, int y) const {
        const std::size_t offset = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                                    static_cast<std::size_t>(x)) *
                                   4;
        return {pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]};
    }
};

} // namespace hyperrig::render::gl
