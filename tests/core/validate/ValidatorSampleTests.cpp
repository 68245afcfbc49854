#include "core/validate/Validator.h"
#include "tests/core/validate/ValidateTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using namespace hyperrig::test;

TEST_CASE("the sample files in assets/samples raise no validation errors", "[validate]") {
    const auto samples = std::filesystem::path(HYPERRIG_SOURCE_DIR) / "assets" / "samples";
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(samples))
        if (entry.path().extension() == ".g4tf" || entry.path().extension() == ".g4b")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    REQUIRE(!files.empty()); // tiny-4d-arm.g4tf at least
    for (const auto& path : files) {
        DYNAMIC_SECTION(path.filename().string()) {
            auto file = io::loadG4mfFile(path);
            REQUIRE(file.ok());
            const Diagnostics diagnostics = validate::validateG4mf(*file);
            INFO(listDiagnostics(diagnostics));
            CHECK(validate::hasNoErrors(diagnostics));
        }
    }
}
