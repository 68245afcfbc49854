#include "core/base/AtomicFile.h"
#include "tests/support/ProcessRunner.h"

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

using hyperrig::core::writeFileAtomically;
using hyperrig::test::TemporaryFolder;

namespace {

std::string readAll(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

std::span<const std::byte> asBytes(const std::string& text) {
    return std::as_bytes(std::span(text.data(), text.size()));
}

} // namespace

TEST_CASE("atomic file writes replace the whole file or nothing", "[base][io]") {
    TemporaryFolder folder;
    const auto target = folder / "document.g4tf";

    SECTION("a new file gets exactly the bytes") {
        const std::string content("first\0second", 12);
        REQUIRE(writeFileAtomically(target, asBytes(content)).ok());
        CHECK(readAll(target) == content);
    }
    SECTION("an existing file is replaced and no temporary file is left behind") {
        std::ofstream(target) << "old content that is longer than the new one";
        REQUIRE(writeFileAtomically(target, asBytes("new")).ok());
        CHECK(readAll(target) == "new");
        CHECK(std::distance(std::filesystem::directory_iterator(folder.path()),
                            std::filesystem::directory_iterator()) == 1);
    }
    SECTION("the file gets ordinary permissions, not mkstemp's 0600") {
        REQUIRE(writeFileAtomically(target, asBytes("x")).ok());
        struct stat info {};
        REQUIRE(::stat(target.c_str(), &info) == 0);
        CHECK((info.st_mode & S_IRGRP) != 0);
    }
    SECTION("a folder that does not exist is an error naming it, and nothing is created") {
        const auto missing = folder / "missing" / "document.g4tf";
        auto result = writeFileAtomically(missing, asBytes("x"));
        REQUIRE_FALSE(result.ok());
        CHECK_THAT(result.error().message(), Catch::Contains("missing"));
        CHECK_FALSE(std::filesystem::exists(missing));
    }
    SECTION("replacing a folder fails and leaves the folder untouched") {
        const auto occupied = folder / "occupied";
        std::filesystem::create_directory(occupied);
        std::ofstream(occupied / "inside") << "keep";
        auto result = writeFileAtomically(occupied, asBytes("x"));
        REQUIRE_FALSE(result.ok());
        CHECK_THAT(result.error().message(), Catch::Contains("cannot replace"));
        CHECK(readAll(occupied / "inside") == "keep");
        CHECK(std::distance(std::filesystem::directory_iterator(folder.path()),
                            std::filesystem::directory_iterator()) == 1);
    }
}

TEST_CASE("a cancelled atomic write leaves the file as it was and no temporary behind",
          "[base][io]") {
    TemporaryFolder folder;
    const auto target = folder / "document.g4tf";
    std::ofstream(target) << "the saved document";
    std::atomic<bool> cancelled{true};
    const std::string content(10'000, 'x');
    auto written = writeFileAtomically(target, asBytes(content), &cancelled);
    REQUIRE_FALSE(written.ok());
    CHECK(written.error().message() == hyperrig::core::kWriteCancelled);
    CHECK(readAll(target) == "the saved document");
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder.path()))
        ++files;
    CHECK(files == 1);

    cancelled = false;
    REQUIRE(writeFileAtomically(target, asBytes(content), &cancelled).ok());
    CHECK(readAll(target) == content);
}

TEST_CASE("a staged file replaces its target only when committed", "[base][io]") {
    TemporaryFolder folder;
    const auto target = folder / "document.bin";
    std::ofstream(target) << "old";
    const auto fileCount = [&] {
        std::size_t files = 0;
        for ([[maybe_unused]] const auto& entry :
             std::filesystem::directory_iterator(folder.path()))
            ++files;
        return files;
    };
    const std::string content = "new";
    {
        auto staged = hyperrig::core::StagedFile::stage(target, asBytes(content));
        REQUIRE(staged.ok());
        CHECK(staged->target() == target);
        CHECK(readAll(target) == "old"); // written beside it, flushed, not in place
        CHECK(fileCount() == 2);
    } // dropped uncommitted
    CHECK(readAll(target) == "old");
    CHECK(fileCount() == 1);

    auto staged = hyperrig::core::StagedFile::stage(target, asBytes(content));
    REQUIRE(staged.ok());
    REQUIRE(staged->commit().ok());
    CHECK(readAll(target) == "new");
    CHECK(fileCount() == 1);
}
