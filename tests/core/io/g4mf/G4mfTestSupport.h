#pragma once

#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/model/DocumentEquality.h"
#include "tests/support/ByteText.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace hyperrig::test {

inline std::filesystem::path sourcePath(const std::string& relative) {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / relative;
}

// The bytes a save writes (.g4tf text), as a string for readable failures.
inline std::string savedText(const core::model::Document& document) {
    auto encoded = core::io::encodeG4mf(document, core::io::G4mfContainer::Text, {});
    INFO((encoded.ok() ? std::string() : encoded.error().message()));
    REQUIRE(encoded.ok());
    const auto& bytes = encoded->file;
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// Reads a document from JSON text in memory.
inline core::Result<core::io::ReadDocument> readText(const std::string& text) {
    auto file = core::io::parseG4mfBytes(bytesOf(text), ".");
    if (!file)
        return file.error();
    return core::io::readDocument(*file);
}

// Encodes and reads back, as a save followed by an open would.
inline core::io::ReadDocument saveAndReload(const core::model::Document& document,
                                            core::io::G4mfContainer container,
                                            const core::io::WriteOptions& options = {}) {
    auto encoded = core::io::encodeG4mf(document, container, options);
    REQUIRE(encoded.ok());
    auto file = core::io::parseG4mfBytes(encoded->file, ".");
    REQUIRE(file.ok());
    auto read = core::io::readDocument(*file);
    REQUIRE(read.ok());
    return std::move(*read);
}

// Every sample and fixture that must round-trip losslessly.
inline std::vector<std::filesystem::path> roundTripFiles() {
    std::vector<std::filesystem::path> files;
    for (const char* folder : {"assets/samples", "tests/fixtures/g4mf"})
        for (const auto& entry : std::filesystem::directory_iterator(sourcePath(folder)))
            if (entry.path().extension() == ".g4tf" || entry.path().extension() == ".g4b")
                files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace hyperrig::test
