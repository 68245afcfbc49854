#include "tests/support/PngProbe.h"

#include <stb_image.h>

#include <algorithm>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

namespace hyperrig::test {

std::uint32_t DecodedPng::pixel(int x, int y) const {
    const std::size_t at = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                            static_cast<std::size_t>(x)) *
                           4;
    return (std::uint32_t{rgba[at]} << 24) | (std::uint32_t{rgba[at + 1]} << 16) |
           (std::uint32_t{rgba[at + 2]} << 8) | std::uint32_t{rgba[at + 3]};
}

std::size_t DecodedPng::distinctColours() const {
    std::unordered_set<std::uint32_t> colours;
    for (std::size_t at = 0; at + 3 < rgba.size(); at += 4)
        colours.insert((std::uint32_t{rgba[at]} << 16) | (std::uint32_t{rgba[at + 1]} << 8) |
                       std::uint32_t{rgba[at + 2]});
    return colours.size();
}

double DecodedPng::dominantColourFraction() const {
    std::unordered_map<std::uint32_t, std::size_t> counts;
    for (std::size_t at = 0; at + 3 < rgba.size(); at += 4)
        ++counts[(std::uint32_t{rgba[at]} << 16) | (std::uint32_t{rgba[at + 1]} << 8) |
                 std::uint32_t{rgba[at + 2]}];
    std::size_t largest = 0;
    for (const auto& [colour, count] : counts)
        largest = std::max(largest, count);
    const std::size_t total = rgba.size() / 4;
    return total == 0 ? 1.0 : static_cast<double>(largest) / static_cast<double>(total);
}

std::optional<DecodedPng> readPng(const std::filesystem::path& path) {
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &width, &height, &channels, 4);
    if (!data)
        return std::nullopt;
    DecodedPng png;
    png.width = width;
    png.height = height;
    png.rgba.assign(data,
                    data + static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
    std::free(data);
    return png;
}

} // namespace hyperrig::test
