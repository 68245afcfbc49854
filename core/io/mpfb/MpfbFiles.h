#pragma once

#include "core/base/Result.h"
#include "core/io/mpfb/MpfbBaseMesh.h"
#include "core/io/mpfb/MpfbImport.h"
#include "core/io/mpfb/MpfbWeights.h"
#include "core/io/obj/ObjMesh.h"

#include <filesystem>

namespace hyperrig::core::io {

// The base mesh files a rig is placed on: MakeHuman's base.obj and the vertex groups that define
// its joint cubes (mpfb.md §11).
struct MpfbBaseMeshFiles {
    ObjMesh obj;
    MpfbBaseMesh mesh;
};
Result<MpfbBaseMeshFiles> readMpfbBaseMesh(const std::filesystem::path& objPath,
                                           const std::filesystem::path& vertexGroupsPath);

// Reads a rig file (parseMpfbRig); errors start with the file's name.
Result<MpfbRig> readMpfbRigFile(const std::filesystem::path& path);

// Reads the rig and places it on the base mesh (importMpfbRig), naming the skeleton after the
// rig file ("rig.game_engine.json" -> "game_engine").
Result<MpfbImport> importMpfbRigFile(const std::filesystem::path& rigPath,
                                     const MpfbBaseMesh& mesh);

// Reads a weights file (parseMpfbWeights) for a mesh of `vertexCount` vertices.
Result<std::vector<MpfbWeightGroup>> readMpfbWeightsFile(const std::filesystem::path& path,
                                                         std::size_t vertexCount);

} // namespace hyperrig::core::io
