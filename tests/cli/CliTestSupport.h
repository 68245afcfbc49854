#pragma once

#include "core/io/g4mf/G4mfReader.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

namespace hyperrig::test {

// What the CLI tests share: the executable under test, the bundled samples, and reading back a
// file the CLI wrote.
inline const std::filesystem::path& cliExecutable() {
    static const std::filesystem::path path = HYPERRIG_CLI_EXECUTABLE;
    return path;
}

inline std::string samplePath(const char* name) {
    return (std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets/samples" / name).string();
}

inline core::model::Document readDocumentBack(const std::filesystem::path& path) {
    auto read = core::io::readG4mf(path);
    INFO((read.ok() ? std::string() : read.error().message()));
    REQUIRE(read.ok());
    return std::move(read->document);
}

} // namespace hyperrig::test
