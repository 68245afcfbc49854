#pragma once

#include "core/io/usd/UsdImport.h"
#include "core/model/Document.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

namespace hyperrig::test {

// OpenUSD's UsdSkel test files (TOST 1.0, ../shared/data/usd/ATTRIBUTION.md) next to the
// repository.
inline std::filesystem::path usdData(const std::string& name) {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / ".." / "shared" / "data" / "usd" / name;
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

} // namespace hyperrig::test
