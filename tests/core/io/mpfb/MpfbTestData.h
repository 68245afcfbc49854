#pragma once

#include "core/io/mpfb/MpfbFiles.h"

#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace hyperrig::test {

// The MPFB assets (CC0, ../shared/data/mpfb/ATTRIBUTION.md) next to the repository.
inline std::filesystem::path mpfbData(const std::string& relative) {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / ".." / "shared" / "data" / "mpfb" /
           relative;
}

inline std::string readTextFile(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    REQUIRE(stream);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

// Every shipped rig, relative to rigs/.
inline const std::array<const char*, 10> kMpfbRigs = {"standard/rig.cmu_mb.json",
                                                      "standard/rig.default.json",
                                                      "standard/rig.default_no_toes.json",
                                                      "standard/rig.game_engine.json",
                                                      "standard/rig.game_engine_with_breast.json",
                                                      "standard/rig.mixamo.json",
                                                      "standard/rig.mixamo_unity.json",
                                                      "standard/rig.openpose.json",
                                                      "rigify/rig.human.json",
                                                      "rigify/rig.human_toes.json"};

// The base mesh with its joint cubes, read once per test run (1.7 MB of OBJ).
inline const core::io::MpfbBaseMeshFiles& mpfbBaseMesh() {
    static const core::io::MpfbBaseMeshFiles files = [] {
        auto read = core::io::readMpfbBaseMesh(
            mpfbData("3dobjs/base.obj"), mpfbData("mesh_metadata/basemesh_vertex_groups.json"));
        if (!read)
            FAIL(read.error().message());
        return std::move(read).value();
    }();
    return files;
}

// A shipped rig (relative to rigs/) imported onto the base mesh; fails the test on an error.
inline core::io::MpfbImport importShippedRig(const std::string& rig) {
    auto imported = core::io::importMpfbRigFile(mpfbData("rigs/" + rig), mpfbBaseMesh().mesh);
    if (!imported)
        FAIL(imported.error().message());
    return std::move(imported).value();
}

} // namespace hyperrig::test
