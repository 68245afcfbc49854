#pragma once

#include "render/gl/RgbaImage.h"
#include "render/view/Viewport.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace hyperrig::test {

inline std::filesystem::path previewSample(const std::string& name) {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets" / "samples" / name;
}

// How many pixels inside the screen box of the viewport's scene (its bounds' corners projected
// with the camera) differ clearly from the background: the same row's rightmost pixel, which a
// framed model never reaches (the background is a vertical gradient, constant along a row).
// `aspect` is the picture's width / height.
inline std::size_t modelPixelCount(const render::gl::RgbaImage& image,
                                   const render::view::Viewport& viewport) {
    const auto& bounds = viewport.sceneBounds();
    if (!bounds || image.width == 0 || image.height == 0)
        return 0;
    const float aspect = static_cast<float>(image.width) / static_cast<float>(image.height);
    const glm::mat4 clipFromWorld =
        viewport.camera().projectionMatrix(aspect) * viewport.camera().viewMatrix();
    float minX = 1.0F, minY = 1.0F, maxX = -1.0F, maxY = -1.0F;
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 point{(corner & 1) ? bounds->max.x : bounds->min.x,
                              (corner & 2) ? bounds->max.y : bounds->min.y,
                              (corner & 4) ? bounds->max.z : bounds->min.z};
        const glm::vec4 clip = clipFromWorld * glm::vec4(point, 1.0F);
        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
        minX = std::min(minX, ndc.x);
        maxX = std::max(maxX, ndc.x);
        minY = std::min(minY, ndc.y);
        maxY = std::max(maxY, ndc.y);
    }
    const auto column = [&](float ndc) {
        return std::clamp(static_cast<int>((ndc * 0.5F + 0.5F) * static_cast<float>(image.width)),
                          0, image.width - 2);
    };
    const auto row = [&](float ndc) {
        return std::clamp(static_cast<int>((0.5F - ndc * 0.5F) * static_cast<float>(image.height)),
                          0, image.height - 1);
    };
    std::size_t count = 0;
    for (int y = row(maxY); y <= row(minY); ++y) {
        const auto background = image.at(image.width - 1, y);
        for (int x = column(minX); x <= column(maxX); ++x) {
            const auto pixel = image.at(x, y);
            const int difference = std::abs(pixel.r - background.r) +
                                   std::abs(pixel.g - background.g) +
                                   std::abs(pixel.b - background.b);
            if (difference > 40)
                ++count;
        }
    }
    return count;
}

} // namespace hyperrig::test
