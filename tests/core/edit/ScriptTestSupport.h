#pragma once

#include "core/edit/script/ScriptRunner.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>
#include <string>

namespace hyperrig::test {

// Runs a script given as JSON text on the fixture's history, with the ops of `catalog`.
inline core::Result<core::edit::ScriptReport>
runText(EditFixture& fixture, const std::string& script,
        const core::edit::ScriptOpCatalog& catalog = core::edit::ScriptOpCatalog()) {
    return core::edit::runScript(fixture.history, core::model::OrderedJson::parse(script), catalog);
}

// Runs a script that must fail, and returns its message.
inline std::string
failureOf(EditFixture& fixture, const std::string& script,
          const core::edit::ScriptOpCatalog& catalog = core::edit::ScriptOpCatalog()) {
    auto result = runText(fixture, script, catalog);
    REQUIRE_FALSE(result.ok());
    return result.error().message();
}

} // namespace hyperrig::test
