#include "core/model/Json.h"
#include "core/validate/Rule.h"
#include "core/validate/Validator.h"
#include "tests/core/validate/ValidateTestSupport.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

using hyperrig::core::Diagnostic;
using hyperrig::core::model::OrderedJson;
using namespace hyperrig::core::validate;
using namespace hyperrig::test;

namespace {

// tests/fixtures/validate/expected.json: per fixture file the rule, severity and pointer it must
// raise, and which other rules it may raise alongside.
OrderedJson expectations() {
    std::ifstream stream(validateFixtures() / "expected.json");
    REQUIRE(stream);
    return OrderedJson::parse(stream);
}

std::string readText(const std::filesystem::path& path) {
    std::ifstream stream(path);
    std::stringstream text;
    text << stream.rdbuf();
    return text.str();
}

} // namespace

TEST_CASE("each rule's fixture raises exactly that rule at the expected pointer", "[validate]") {
    const OrderedJson expected = expectations();
    for (const OrderedJson& fixture : expected["fixtures"]) {
        const auto fileName = fixture["file"].get<std::string>();
        DYNAMIC_SECTION(fileName) {
            auto file = hyperrig::core::io::loadG4mfFile(validateFixtures() / fileName);
            REQUIRE(file.ok());
            const auto diagnostics = validateG4mf(*file);
            INFO(listDiagnostics(diagnostics));

            const auto rule = fixture["rule"].get<std::string>();
            const auto pointer = fixture["pointer"].get<std::string>();
            const auto severity = fixture["severity"].get<std::string>();
            const bool found =
                std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
                    return d.rule == rule && d.pointer == pointer &&
                           hyperrig::core::severityName(d.severity) == severity;
                });
            CHECK(found);

            // Nothing else fires by accident: a fixture breaks one rule (plus listed companions).
            std::set<std::string> allowed{rule};
            for (const OrderedJson& also : fixture["also"])
                allowed.insert(also.get<std::string>());
            for (const Diagnostic& d : diagnostics)
                CHECK(allowed.contains(d.rule));

            // Every pointer names a location that exists in the file.
            for (const Diagnostic& d : diagnostics) {
                INFO(d.pointer);
                CHECK(file->json.contains(OrderedJson::json_pointer(d.pointer)));
            }
        }
    }
}

TEST_CASE("every rule of the validator has a failing fixture named after it", "[validate]") {
    const OrderedJson expected = expectations();
    std::set<std::string> covered;
    for (const OrderedJson& fixture : expected["fixtures"]) {
        const auto rule = fixture["rule"].get<std::string>();
        CHECK(fixture["file"].get<std::string>() == rule + ".g4tf");
        CHECK(findRule(rule) != nullptr);
        covered.insert(rule);
    }
    for (const Rule* rule : allRules()) {
        if (rule->id == "validator.internal")
            continue; // fires only on a validator bug; the robustness tests check it never does
        INFO(rule->id);
        CHECK(covered.contains(std::string(rule->id)));
    }
}

TEST_CASE("rule ids are unique and dotted", "[validate]") {
    std::set<std::string_view> ids;
    for (const Rule* rule : allRules()) {
        INFO(rule->id);
        CHECK(ids.insert(rule->id).second);
        CHECK(rule->id.find('.') != std::string_view::npos);
        // Letters, digits, '.' and '-' only: ids go into shell pipelines and JSON unescaped.
        CHECK(std::all_of(rule->id.begin(), rule->id.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '.' || c == '-';
        }));
        CHECK(!rule->summary.empty());
    }
}

TEST_CASE("valid fixtures raise no diagnostics", "[validate]") {
    const OrderedJson expected = expectations();
    for (const OrderedJson& name : expected["valid"]) {
        DYNAMIC_SECTION(name.get<std::string>()) {
            auto file =
                hyperrig::core::io::loadG4mfFile(validateFixtures() / name.get<std::string>());
            REQUIRE(file.ok());
            const auto diagnostics = validateG4mf(*file);
            INFO(listDiagnostics(diagnostics));
            CHECK(diagnostics.empty());
        }
    }
}

TEST_CASE("docs/validation.md lists every rule id with its severity", "[validate]") {
    const std::string page =
        readText(std::filesystem::path(HYPERRIG_SOURCE_DIR) / "docs" / "validation.md");
    REQUIRE(!page.empty());
    for (const Rule* rule : allRules()) {
        const std::string row = "| `" + std::string(rule->id) + "` | " +
                                hyperrig::core::severityName(rule->severity) + " |";
        INFO(row);
        CHECK(page.find(row) != std::string::npos);
    }
}
