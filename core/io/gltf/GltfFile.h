#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/model/Json.h"

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace hyperrig::core::io {

// Bounds that keep a hostile glTF file from costing more than a real one.
struct GltfLimits {
    std::size_t maxFileBytes = std::size_t{2} << 30; // .gltf, .glb and each external .bin
    std::size_t maxJsonDepth = 128;                  // nesting of arrays/objects
    std::size_t maxElements = std::size_t{64} << 20; // accessor elements decoded at once
    std::size_t maxNodeDepth = 1024;                 // levels of the node hierarchy
};

struct GltfReadOptions {
    GltfLimits limits;
    // As ReadOptions::allowOutsideReferences for G4MF (decision 0020): a buffer uri that leaves
    // the file's folder is refused unless the user trusts the file.
    bool allowOutsideReferences = false;
};

// A glTF 2.0 file as stored: its JSON with key order kept (for JSON pointers and to keep what
// HyperRig does not interpret, in order) and the decoded bytes of every buffer. Loading goes
// through Debian's tinygltf (GLB container, data URIs, external .bin files); the GLB header and
// chunks are checked here first so that a broken container gets a precise message and
// tinygltf never sees it.
struct GltfFile {
    std::string sourceName; // the file name errors start with
    bool binary = false;    // .glb container
    model::OrderedJson json;
    std::vector<std::vector<std::byte>> buffers; // parallel to json["buffers"]
};

// Reads a .gltf or .glb (told apart by the "glTF" magic, never by extension). Every error starts
// with the file name and, where it concerns the JSON, the pointer of the culprit
// ("a.glb: /buffers/0: ..."). External buffers resolve against the file's folder.
Result<GltfFile> loadGltfFile(const std::filesystem::path& path,
                              const GltfReadOptions& options = {});

// The same from bytes in memory; `baseFolder` is where relative uris resolve ("" = none allowed:
// a file from memory may only use data URIs and the GLB chunk).
Result<GltfFile> parseGltfBytes(std::span<const std::byte> bytes, const std::string& sourceName,
                                const std::filesystem::path& baseFolder,
                                const GltfReadOptions& options = {});

// Whether `path` has a glTF extension (.gltf or .glb, any case).
bool isGltfPath(const std::filesystem::path& path);

} // namespace hyperrig::core::io
