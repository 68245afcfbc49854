#pragma once

#include "core/base/Result.h"

#include <array>
#include <filesystem>
#include <string>
#include <vector>

namespace hyperrig::core::io {

// A named triangle soup with one flat normal per triangle, as `hyperrig-cli slice` writes it.
struct ObjObject {
    std::string name;
    std::vector<std::array<float, 3>> corners; // 3 per triangle, counter-clockwise seen from
                                               // the side the triangle's normal points to
    std::vector<std::array<float, 3>> normals; // 1 per triangle
};

// Wavefront OBJ text: comment lines first (each prefixed with "# "), then per object an "o"
// line, its corners ("v"), its normals ("vn") and faces "f a//n b//n c//n" (1-based, counted
// across objects as OBJ requires). Numbers are written with 9 significant digits, enough to read
// every float back exactly. Object names have whitespace replaced by '_' (OBJ splits on it).
std::string objText(const std::vector<std::string>& comments,
                    const std::vector<ObjObject>& objects);

// Writes objText(...) atomically (core/base/AtomicFile.h): never a half-written file.
Result<void> writeObj(const std::filesystem::path& path, const std::vector<std::string>& comments,
                      const std::vector<ObjObject>& objects);

} // namespace hyperrig::core::io
