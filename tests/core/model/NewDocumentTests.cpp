#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/model/DocumentEquality.h"
#include "core/model/NewDocument.h"
#include "core/validate/Validator.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;

TEST_CASE("a new document holds one root node named Scene and saves as a valid file",
          "[model][new]") {
    const int dimension = GENERATE(2, 3, 4, 5, 8);
    const model::Document document = model::newDocument(dimension);
    CHECK(document.dimension() == dimension);
    REQUIRE(document.nodes.size() == 1);
    CHECK(document.node(document.root()).name == std::optional<std::string>("Scene"));
    CHECK(document.node(document.root()).children.empty());

    auto encoded = io::encodeG4mf(document, io::G4mfContainer::Text, {});
    REQUIRE(encoded.ok());
    auto file = io::parseG4mfBytes(encoded->file, {});
    REQUIRE(file.ok());
    const Diagnostics diagnostics = validate::validateG4mf(*file);
    CHECK(diagnostics.empty());
    auto read = io::readDocument(*file);
    REQUIRE(read.ok());
    CHECK(read->document.dimension() == dimension);
    CHECK(read->document.node(read->document.root()).name == std::optional<std::string>("Scene"));
}
