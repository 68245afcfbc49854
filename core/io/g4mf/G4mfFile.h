#pragma once

#include "core/base/Diagnostic.h"
#include "core/base/Result.h"
#include "core/model/ComponentType.h"
#include "core/model/Json.h"
#include "core/model/NumericArray.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hyperrig::core::io {

// Limits that keep hostile files from exhausting memory or the stack. A file beyond them is
// refused with a message saying which limit it crossed.
struct LoadLimits {
    std::size_t maxFileBytes = std::size_t{8} << 30;   // 8 GiB
    std::size_t maxBufferBytes = std::size_t{8} << 30; // decoded size of one buffer
    std::size_t maxJsonDepth = 256;                    // nesting of arrays/objects
};

// What a caller lets a file do. The defaults are safe for a file from anywhere.
struct ReadOptions {
    LoadLimits limits;
    // A buffer uri whose path, with ".." and symlinks resolved, leaves the folder of the file
    // that names it is refused unless this is set: a downloaded rig must not copy the user's
    // other files into the copy they save and share (docs/decisions/0020-outside-references.md).
    // Set it only when the user trusts the file (the CLI's --allow-outside-references, the
    // editor's prompt).
    bool allowOutsideReferences = false;
};

// The code of the Error readDocument/readG4mf return for a file that names data outside its
// folder (and of the validator's rule). A caller that sees it may ask the user and read again
// with ReadOptions::allowOutsideReferences; G4mfFile::outsideReferences lists what to ask about.
inline constexpr const char* kOutsideReferenceError = "buffer.uri.outside-folder";

// A reference to data outside the folder of the file that names it.
struct OutsideReference {
    std::size_t buffer = 0;         // index into G4mfFile::buffers
    std::string pointer;            // "/buffers/2/uri"
    std::string uri;                // as written in the file
    std::filesystem::path resolved; // absolute, ".." and symlinks resolved
    bool refused = true;            // false when ReadOptions::allowOutsideReferences let it load
};

enum class G4mfContainer { Text, Binary };

// A G4MF file as stored: its JSON (key order kept), and the decoded bytes of every buffer that
// could be loaded. This is the stage both the validator and the document reader start from.
// Buffer problems do not stop loading: the buffer is marked unavailable with the reason, and the
// validator reports it at /buffers/i; the reader fails only when it needs that buffer.
struct G4mfFile {
    struct Buffer {
        std::vector<std::byte> bytes; // exactly byteLength bytes when available
        std::optional<std::string> error;
        bool available() const { return !error.has_value(); }
    };

    std::filesystem::path path; // empty when parsed from memory
    G4mfContainer container = G4mfContainer::Text;
    model::OrderedJson json;
    std::vector<Buffer> buffers;
    // Every buffer uri that leads outside the file's folder, in buffer order. A refused one was
    // not read: its buffer is unavailable and says why.
    std::vector<OutsideReference> outsideReferences;
    Diagnostics loadDiagnostics; // warnings noticed while loading (legacy forms, trailing bytes)

    // The first refused outside reference, or null.
    const OutsideReference* firstRefusedReference() const;
};

// Reads `path` (text or binary, told apart by the "G4MF" magic, never by extension). Fails for
// an unreadable file, malformed JSON ("line 12, column 5: ..."), a broken .g4b container, or a
// top level that is not an object. Buffer uris resolve against the file's folder and must stay
// inside it unless options.allowOutsideReferences (a refused buffer does not fail loading; see
// G4mfFile::outsideReferences).
Result<G4mfFile> loadG4mfFile(const std::filesystem::path& path, const ReadOptions& options = {});

// The same from bytes already in memory; relative buffer URIs resolve against, and must stay
// inside, `baseFolder` ("" is the current folder).
Result<G4mfFile> parseG4mfBytes(std::span<const std::byte> bytes,
                                const std::filesystem::path& baseFolder,
                                const ReadOptions& options = {});

// An accessor's element layout and bytes, after every rule of g4mf.md §8.1 was checked:
// the buffer view exists and lies inside its (available) buffer, byteOffset is a multiple of the
// component size, byteLength a multiple of the element size.
struct AccessorView {
    model::ComponentType componentType = model::ComponentType::Float32;
    int vectorSize = 1;
    std::size_t count = 0;            // elements
    std::span<const std::byte> bytes; // count * vectorSize * componentSize bytes
};

// Errors start with the JSON pointer of the offending item, e.g.
// "/accessors/3: vectorSize 0 is not a positive integer".
Result<AccessorView> accessorView(const G4mfFile& file, std::size_t accessorIndex);

// Decodes an accessor into doubles (see model::NumericArray), remembering its type and its
// source (index and digest).
Result<model::NumericArray> decodeAccessor(const G4mfFile& file, std::size_t accessorIndex);

} // namespace hyperrig::core::io
