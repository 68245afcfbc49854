#include "core/base/AtomicFile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::core {
namespace {

std::string systemError(const std::string& what, const std::filesystem::path& path) {
    return what + " " + path.string() + ": " + std::strerror(errno);
}

// Closes the descriptor and removes the temporary file unless release() was called.
class TemporaryFile {
public:
    TemporaryFile(int descriptor, std::filesystem::path path)
        : m_descriptor(descriptor), m_path(std::move(path)) {}
    ~TemporaryFile() {
        if (m_descriptor >= 0)
            ::close(m_descriptor);
        if (!m_released)
            ::unlink(m_path.c_str());
    }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;

    int descriptor() const { return m_descriptor; }
    const std::filesystem::path& path() const { return m_path; }
    bool close() {
        const int result = ::close(m_descriptor);
        m_descriptor = -1;
        return result == 0;
    }
    void release() { m_released = true; }

private:
    int m_descriptor;
    std::filesystem::path m_path;
    bool m_released = false;
};

} // namespace

Result<StagedFile> StagedFile::stage(const std::filesystem::path& path,
                                     std::span<const std::byte> bytes,
                                     const std::atomic<bool>* cancelled) {
    const auto isCancelled = [cancelled] {
        return cancelled != nullptr && cancelled->load(std::memory_order_relaxed);
    };
    const std::filesystem::path folder =
        path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    std::string pattern = (folder / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
    const int descriptor = ::mkstemp(pattern.data());
    if (descriptor < 0)
        return Error(systemError("cannot create a temporary file in", folder));
    TemporaryFile temporary(descriptor, pattern);

    std::size_t written = 0;
    // Chunks of 4 MiB, so that a cancel is noticed while a large file is written.
    constexpr std::size_t kChunk = std::size_t{4} << 20;
    while (written < bytes.size()) {
        if (isCancelled())
            return Error(kWriteCancelled);
        const ssize_t result = ::write(temporary.descriptor(), bytes.data() + written,
                                       std::min(kChunk, bytes.size() - written));
        if (result < 0) {
            if (errno == EINTR)
                continue;
            return Error(systemError("cannot write", temporary.path()));
        }
        written += static_cast<std::size_t>(result);
    }
    // mkstemp creates 0600; a saved document should get the usual permissions (umask applies).
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(temporary.descriptor(), static_cast<mode_t>(0666 & ~mask));
    if (::fsync(temporary.descriptor()) != 0)
        return Error(systemError("cannot flush", temporary.path()));
    if (!temporary.close())
        return Error(systemError("cannot close", temporary.path()));
    temporary.release();
    return StagedFile(pattern, path);
}

StagedFile::StagedFile(std::filesystem::path temporary, std::filesystem::path target)
    : m_temporary(std::move(temporary)), m_target(std::move(target)) {}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : m_temporary(std::exchange(other.m_temporary, {})), m_target(std::move(other.m_target)) {}

StagedFile::~StagedFile() {
    if (!m_temporary.empty())
        ::unlink(m_temporary.c_str());
}

Result<void> StagedFile::commit() {
    if (::rename(m_temporary.c_str(), m_target.c_str()) != 0)
        return Error(systemError("cannot replace", m_target));
    m_temporary.clear();
    // Make the rename itself durable.
    const std::filesystem::path folder =
        m_target.has_parent_path() ? m_target.parent_path() : std::filesystem::path(".");
    const int folderDescriptor = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (folderDescriptor >= 0) {
        ::fsync(folderDescriptor);
        ::close(folderDescriptor);
    }
    return {};
}

Result<void> writeFileAtomically(const std::filesystem::path& path,
                                 std::span<const std::byte> bytes,
                                 const std::atomic<bool>* cancelled) {
    auto staged = StagedFile::stage(path, bytes, cancelled);
    if (!staged)
        return staged.error();
    // The last moment the target can still stay as it was.
    if (cancelled != nullptr && cancelled->load(std::memory_order_relaxed))
        return Error(kWriteCancelled);
    return staged->commit();
}

namespace {

// A second name for `path`'s current contents, hidden beside it (".NAME.old-XXXXXX"): a hard
// link, or a copy where the file system has none. The name is reserved with mkstemp, so no
// other file is ever overwritten or removed.
Result<std::filesystem::path> keepOldFile(const std::filesystem::path& path) {
    const std::filesystem::path folder =
        path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    std::string name = (folder / ("." + path.filename().string() + ".old-XXXXXX")).string();
    const int descriptor = ::mkstemp(name.data());
    if (descriptor < 0)
        return Error(systemError("cannot keep the old file while it is replaced:", path));
    ::close(descriptor);
    std::error_code error;
    std::filesystem::remove(name, error);
    std::filesystem::create_hard_link(path, name, error);
    if (error)
        std::filesystem::copy_file(path, name, std::filesystem::copy_options::overwrite_existing,
                                   error);
    if (error) {
        std::error_code ignored;
        std::filesystem::remove(name, ignored);
        return Error("cannot keep the old " + path.string() +
                     " while it is replaced: " + error.message());
    }
    return std::filesystem::path(name);
}

} // namespace

Result<void> writeFilesTogether(std::span<const FileContents> files,
                                const std::atomic<bool>* cancelled) {
    std::vector<StagedFile> staged;
    staged.reserve(files.size());
    for (const FileContents& file : files) {
        auto written = StagedFile::stage(file.path, file.bytes, cancelled);
        if (!written)
            return written.error();
        staged.push_back(std::move(*written));
    }
    if (cancelled != nullptr && cancelled->load(std::memory_order_relaxed))
        return Error(kWriteCancelled);
    // kept[i]: file i's old contents under a second name, taken before anything is replaced;
    // empty where the file did not exist.
    std::vector<std::filesystem::path> kept(staged.size());
    std::error_code error;
    const auto dropKept = [&] {
        for (const std::filesystem::path& old : kept)
            if (!old.empty())
                std::filesystem::remove(old, error);
    };
    for (std::size_t i = 0; i < staged.size(); ++i) {
        if (!std::filesystem::exists(staged[i].target(), error))
            continue;
        auto old = keepOldFile(staged[i].target());
        if (!old) {
            dropKept();
            return old.error();
        }
        kept[i] = *old;
    }
    for (std::size_t i = 0; i < staged.size(); ++i) {
        if (auto replaced = staged[i].commit(); !replaced) {
            for (std::size_t done = 0; done < i; ++done) { // put back the ones replaced
                if (kept[done].empty())
                    std::filesystem::remove(staged[done].target(), error);
                else
                    std::filesystem::rename(kept[done], staged[done].target(), error);
            }
            dropKept();
            return replaced.error();
        }
    }
    dropKept();
    return {};
}

} // namespace hyperrig::core
