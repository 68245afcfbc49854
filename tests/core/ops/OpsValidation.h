#pragma once

#include "core/io/g4mf/G4mfWriter.h"
#include "core/validate/Validator.h"

#include <catch2/catch.hpp>
#include <string>

namespace hyperrig::test {

// The validator's findings on the file a save of `document` writes, one per line.
inline std::string validationErrors(const core::model::Document& document) {
    auto encoded = core::io::encodeG4mf(document, core::io::G4mfContainer::Text, {});
    REQUIRE(encoded.ok());
    auto file = core::io::parseG4mfBytes(encoded->file, ".");
    REQUIRE(file.ok());
    std::string errors;
    for (const auto& diagnostic : core::validate::validateG4mf(*file))
        if (diagnostic.severity == core::Diagnostic::Severity::Error)
            errors += diagnostic.rule + " " + diagnostic.pointer + ": " + diagnostic.message + "\n";
    return errors;
}

} // namespace hyperrig::test
