#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/io/g4mf/G4mfFile.h"
#include "core/model/Document.h"

#include <filesystem>

namespace hyperrig::core::io {

// Which revision of the node properties a file used (g4mf.md §3), so a save can keep it.
enum class G4mfSchema { Classic, Current };

struct ReadDocument {
    model::Document document;
    G4mfContainer container = G4mfContainer::Text;
    // The revision the file's nodes were written in (Classic when it has no node property that
    // differs between revisions).
    G4mfSchema schema = G4mfSchema::Classic;
    // How the file keeps its data, so that saving it again keeps that too (WriteOptions):
    // externalBin when a text file's buffer is a file beside it (a uri that is not a data: uri),
    // zstd when a binary file's buffer is stored compressed ("encoding": "Zstd").
    bool externalBin = false;
    bool zstd = false;
    // What the reader noticed but could represent: legacy spellings, sorted skin entries.
    Diagnostics diagnostics;
};

// Builds the document from a loaded file. Reading is tolerant where the document can hold the
// data as stored (unnormalised rotors, unsorted weights, odd names: the validator reports them)
// and fails, with the JSON pointer of the culprit, where it cannot: a node with two parents or
// in a cycle, an index out of range, a node with two components, data that cannot be decoded,
// uninterpreted data it cannot keep as stored.
//
// A file with a refused outside reference (G4mfFile::outsideReferences) fails first, whether or
// not anything uses that buffer, with an Error whose code() is kOutsideReferenceError and whose
// message starts with the reference's pointer ("/buffers/2/uri: uri '../x.bin' reads ...").
// The editor asks the user about file.outsideReferences and reads again with
// ReadOptions::allowOutsideReferences.
Result<ReadDocument> readDocument(const G4mfFile& file);

// loadG4mfFile + readDocument.
Result<ReadDocument> readG4mf(const std::filesystem::path& path, const ReadOptions& options = {});

} // namespace hyperrig::core::io
