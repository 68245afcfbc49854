#pragma once

#include "core/base/Result.h"

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <span>
#include <vector>

namespace hyperrig::core {

// Writes `bytes` to `path` so that readers see either the old file or the complete new one:
// the data goes to a temporary file in the same folder, is flushed to disk (fsync), and is then
// renamed over the target. On any failure the temporary file is removed and `path` is untouched.
// `cancelled`, when given, is polled between chunks and before the rename (another thread sets
// it): a cancelled write fails with kWriteCancelled and leaves `path` untouched.
inline constexpr const char* kWriteCancelled = "the write was cancelled";
Result<void> writeFileAtomically(const std::filesystem::path& path,
                                 std::span<const std::byte> bytes,
                                 const std::atomic<bool>* cancelled = nullptr);

// writeFileAtomically in two halves, for files that must change together (a .g4tf and its
// external .bin): stage() writes and flushes the temporary file beside `path`; commit() renames
// it over `path`. Every byte of every file is written before any target is replaced, so a full
// disk or a cancel leaves all of them as they were. Destroyed uncommitted, the temporary file
// is removed.
class StagedFile {
public:
    static Result<StagedFile> stage(const std::filesystem::path& path,
                                    std::span<const std::byte> bytes,
                                    const std::atomic<bool>* cancelled = nullptr);
    StagedFile(StagedFile&& other) noexcept;
    StagedFile& operator=(StagedFile&&) = delete;
    StagedFile(const StagedFile&) = delete;
    StagedFile& operator=(const StagedFile&) = delete;
    ~StagedFile();

    const std::filesystem::path& target() const { return m_target; }
    // Renames the staged file over the target and makes the rename durable; on failure the
    // target is as it was and the staged file stays (removed with this object).
    Result<void> commit();

private:
    StagedFile(std::filesystem::path temporary, std::filesystem::path target);
    std::filesystem::path m_temporary; // empty once committed or moved from
    std::filesystem::path m_target;
};

// Files that must change together (a .g4tf and its external .bin): every one is staged first,
// so a full disk or a cancel leaves all of them as they were; then they are renamed into place
// in order, each old file kept under a hidden second name (a hard link, or a copy) until the
// last is in place, and should a rename fail the ones already replaced get their old contents
// back (or are removed where there was none). Only a crash between the renames can leave some
// new beside some old.
struct FileContents {
    std::filesystem::path path;
    std::span<const std::byte> bytes;
};
Result<void> writeFilesTogether(std::span<const FileContents> files,
                                const std::atomic<bool>* cancelled = nullptr);

} // namespace hyperrig::core
