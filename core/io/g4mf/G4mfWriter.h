#pragma once

#include "core/base/Result.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/model/Document.h"

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

namespace hyperrig::core::io {

struct WriteOptions {
    G4mfSchema schema = G4mfSchema::Classic; // node properties of shared/spec, or the newest
    bool externalBin = false;                // .g4tf only: data in "<name>.bin" beside the file
    bool zstd = false;                       // .g4b only: compress the BLOB chunk
};

// How `read` kept its data, for writing it again as `container`: its schema, and its external
// .bin or Zstd BLOB where `container` can hold them (an external .bin in a text file, Zstd in a
// binary one). The editor's Save and the CLI's edits write a file back the way it came.
WriteOptions writeOptionsLike(const ReadDocument& read, G4mfContainer container);

// The bytes of a save before they touch the disk.
struct EncodedG4mf {
    std::vector<std::byte> file;        // .g4tf text or .g4b container
    std::vector<std::byte> externalBin; // when WriteOptions::externalBin
    std::string externalBinName;        // the uri the JSON refers to
    std::vector<std::string> warnings;  // data a revision cannot express (instance overrides)
};

// Encodes the document. `container` picks text or binary; `binName` is the external .bin's file
// name when options.externalBin is set.
Result<EncodedG4mf> encodeG4mf(const model::Document& document, G4mfContainer container,
                               const WriteOptions& options, const std::string& binName = {});

// The bytes a save to `path` writes (container by extension, external .bin named after the
// file), without touching the disk: the editor encodes on its GUI thread and writes on a worker.
Result<EncodedG4mf> encodeG4mfForPath(const model::Document& document,
                                      const std::filesystem::path& path,
                                      const WriteOptions& options = {});
// Writes what encodeG4mfForPath made, atomically; with an external .bin the two files change
// together or not at all (writeFilesTogether, core/base/AtomicFile.h). `cancelled`: see
// writeFileAtomically.
Result<void> writeEncodedG4mf(const EncodedG4mf& encoded, const std::filesystem::path& path,
                              const std::atomic<bool>* cancelled = nullptr);

// Saves to `path`, the container chosen by its extension (.g4tf or .g4b). Writes are atomic:
// the external .bin first, then the file; on failure the original files are untouched.
Result<std::vector<std::string>> writeG4mf(const model::Document& document,
                                           const std::filesystem::path& path,
                                           const WriteOptions& options = {});

// The container for a path's extension, or an error naming the supported ones.
Result<G4mfContainer> containerForPath(const std::filesystem::path& path);

} // namespace hyperrig::core::io
