#pragma once

#include "core/edit/script/ScriptRunner.h"
#include "tests/core/edit/DataTestSupport.h"

#include <catch2/catch.hpp>
#include <string>

namespace hyperrig::test {

// Runs a script given as JSON text on the fixture's history.
inline core::Result<core::edit::ScriptReport> runText(EditFixture& fixture,
                                                      const std::string& script) {
    return core::edit::runScript(fixture.history, core::model::OrderedJson::parse(script));
}

// Runs a script that must fail, and returns its message.
inline std::string failureOf(EditFixture& fixture, const std::string& script) {
    auto result = runText(fixture, script);
    REQUIRE_FALSE(result.ok());
    return result.error().message();
}

} // namespace hyperrig::test
