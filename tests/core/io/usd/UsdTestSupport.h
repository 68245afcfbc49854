#pragma once

#include "core/io/usd/UsdImport.h"
#include "core/model/Document.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace hyperrig::test {

// OpenUSD's UsdSkel test files (TOST 1.0, ../shared/data/usd/ATTRIBUTION.md) next to the
// repository.
inline std::filesystem::path usdData(const std::string& name) {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / ".." / "shared" / "data" / "usd" / name;
}

// HyperRig's own .usda test files (tests/fixtures/usd).
inline std::filesystem::path usdFixturePath(const std::string& name) {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / "tests" / "fixtures" / "usd" / name;
}

inline std::string usdFixtureText(const std::string& name) {
    std::ifstream file(usdFixturePath(name), std::ios::binary);
    INFO(usdFixturePath(name).string());
    REQUIRE(file);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

inline core::io::UsdImport usdImportFile(const std::string& name) {
    auto imported = core::io::readUsda(usdData(name));
    INFO(name << ": " << (imported ? std::string() : imported.error().message()));
    REQUIRE(imported);
    return std::move(*imported);
}

inline core::io::UsdImport usdImportText(const std::string& text) {
    auto imported = core::io::importUsda(text, "snippet.usda");
    INFO((imported ? std::string() : imported.error().message()));
    REQUIRE(imported);
    return std::move(*imported);
}

// The node called `name` (names are unique in a document).
inline const core::model::Node& usdNode(const core::model::Document& document,
                                        const std::string& name) {
    const auto id = document.findNode(name);
    INFO("node " << name);
    REQUIRE(id);
    return document.node(id);
}

inline bool usdHasWarning(const core::Diagnostics& warnings, const std::string& rule,
                          const std::string& place = "") {
    for (const auto& warning : warnings)
        if (warning.rule == rule && (place.empty() || warning.pointer == place))
            return true;
    return false;
}

// The numbers of the first line of `text` that starts with `head` (after indentation), in order.
inline std::vector<double> usdExportLineNumbers(const std::string& text, const std::string& head) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        const auto start = line.find_first_not_of(' ');
        if (start == std::string::npos || line.compare(start, head.size(), head) != 0)
            continue;
        std::vector<double> numbers;
        const std::regex number(R"([-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)");
        const std::string rest = line.substr(start + head.size());
        for (auto it = std::sregex_iterator(rest.begin(), rest.end(), number);
             it != std::sregex_iterator(); ++it)
            numbers.push_back(std::stod(it->str()));
        return numbers;
    }
    FAIL("no line starts with " << head);
    return {};
}

} // namespace hyperrig::test
