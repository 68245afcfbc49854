#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

namespace hyperrig::test {

// A decoded PNG (RGBA, rows top to bottom) and the statistics tests ask about it.
struct DecodedPng {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;

    std::uint32_t pixel(int x, int y) const; // 0xRRGGBBAA
    // Number of distinct RGB colours (alpha ignored).
    std::size_t distinctColours() const;
    // Fraction of pixels equal to the most common colour: 1.0 for a blank image.
    double dominantColourFraction() const;
};

std::optional<DecodedPng> readPng(const std::filesystem::path& path);

} // namespace hyperrig::test
