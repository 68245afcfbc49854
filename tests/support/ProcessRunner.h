#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace hyperrig::test {

struct ProcessResult {
    int exitCode = -1; // -1 when the process did not exit normally (signal)
    std::string out;
    std::string err;
};

// Runs `program` with `arguments` (no shell), waits for it, and captures stdout and stderr.
// `environment` ("NAME=VALUE" entries) is added to this process's environment, replacing
// variables of the same name: tests use it to take a library's configuration away.
ProcessResult runProcess(const std::filesystem::path& program,
                         const std::vector<std::string>& arguments,
                         const std::vector<std::string>& environment = {});

// A fresh empty folder under the system temp dir, removed when the object goes away.
class TemporaryFolder {
public:
    TemporaryFolder();
    ~TemporaryFolder();
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    std::filesystem::path operator/(const std::string& name) const { return m_path / name; }

private:
    std::filesystem::path m_path;
};

} // namespace hyperrig::test
