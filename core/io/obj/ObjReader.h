#pragma once

#include "core/base/Result.h"
#include "core/io/obj/ObjMesh.h"

#include <cstddef>
#include <filesystem>
#include <string_view>

namespace hyperrig::core::io {

// Bounds that keep a hostile file from costing more than a real one; the MakeHuman base mesh
// (19,158 vertices, 18,486 quads, 1.7 MB) is far below all of them.
struct ObjLimits {
    std::size_t maxFileBytes = std::size_t{512} << 20;
    std::size_t maxVertices = std::size_t{16} << 20;
    std::size_t maxTriangles = std::size_t{32} << 20;
    std::size_t maxFaceCorners = 256; // corners of one `f` line
};

// Reads Wavefront OBJ text. Understood: `v x y z [w | r g b]` (the first three numbers kept),
// `f` with `v`, `v/vt`, `v//vn` or `v/vt/vn` corners (1-based, or negative = relative to the
// last vertex), `g name...` (the face group; several names join with a space, as OBJ allows).
// Faces with n >= 3 corners become n - 2 triangles fanned from the first corner. Other
// statements (vt, vn, s, o, usemtl, mtllib, l, p, comments) are skipped; line continuations
// (a trailing backslash) are not supported.
//
// Every failure names the line: "<sourceName>:<line>: <what>" (a corner outside the vertices
// read so far, a number that is not finite, too few numbers, a face with fewer than 3 corners, a
// limit exceeded).
Result<ObjMesh> parseObj(std::string_view text, std::string_view sourceName,
                         const ObjLimits& limits = {});

// Reads the file at `path` and parses it, naming errors by the file's name ("base.obj:12: ...").
Result<ObjMesh> readObjFile(const std::filesystem::path& path, const ObjLimits& limits = {});

} // namespace hyperrig::core::io
