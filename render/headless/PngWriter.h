#pragma once

#include "core/base/Result.h"
#include "render/gl/RgbaImage.h"

#include <cstddef>
#include <filesystem>
#include <vector>

namespace hyperrig::render::headless {

// Encodes an image as PNG (stb_image_write) in memory.
core::Result<std::vector<std::byte>> encodePng(const gl::RgbaImage& image);

// Encodes and saves atomically: `path` is either untouched or the complete new PNG.
core::Result<void> writePng(const std::filesystem::path& path, const gl::RgbaImage& image);

} // namespace hyperrig::render::headless
