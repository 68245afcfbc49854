#include "core/edit/script/ScriptFile.h"
#include "tests/core/edit/ScriptTestSupport.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using hyperrig::test::EditFixture;
using hyperrig::test::failureOf;
using hyperrig::test::runText;

TEST_CASE("a script runs its ops in order through the history", "[edit][script]") {
    EditFixture f("creature-4d.g4tf");

    SECTION("each command op is one undo step") {
        auto report = runText(f, R"([
            {"op": "setBoneLength", "node": "Hips", "length": 0.2},
            {"op": "setBoneMass", "node": "Hips", "mass": 10, "comment": "heavier"}
        ])");
        REQUIRE(report.ok());
        CHECK(report->ops == 2);
        CHECK(report->commands == 2);
        CHECK(f.history.undoCount() == 2);
        CHECK(f.document.node(f.document.findNode("Hips")).bone()->length == 0.2);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("an empty script changes nothing") {
        auto report = runText(f, "[]");
        REQUIRE(report.ok());
        CHECK(report->ops == 0);
        f.requireUnchanged();
    }
    SECTION("undo and redo ops") {
        REQUIRE(runText(f, R"([
            {"op": "setBoneLength", "node": "Hips", "length": 0.2},
            {"op": "setBoneLength", "node": "Hips", "length": 0.3},
            {"op": "undo"},
            {"op": "undo"},
            {"op": "redo"}
        ])")
                    .ok());
        CHECK(f.document.node(f.document.findNode("Hips")).bone()->length == 0.2);
        CHECK(f.history.redoCount() == 1);
    }
    SECTION("a transaction is one undo step") {
        REQUIRE(runText(f, R"([
            {"op": "beginTransaction", "name": "Tune hips"},
            {"op": "setBoneLength", "node": "Hips", "length": 0.2},
            {"op": "setBoneMass", "node": "Hips", "mass": 10},
            {"op": "commit"}
        ])")
                    .ok());
        CHECK(f.history.undoCount() == 1);
        CHECK(f.history.undoName() == "Tune hips");
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
    SECTION("nested transactions; a rollback reverts only its own") {
        REQUIRE(runText(f, R"([
            {"op": "beginTransaction", "name": "Outer"},
            {"op": "setBoneLength", "node": "Hips", "length": 0.2},
            {"op": "beginTransaction", "name": "Inner"},
            {"op": "setBoneMass", "node": "Hips", "mass": 10},
            {"op": "rollback"},
            {"op": "commit"}
        ])")
                    .ok());
        const model::Bone& hips = *f.document.node(f.document.findNode("Hips")).bone();
        CHECK(hips.length == 0.2);
        CHECK(hips.mass == 9);
        CHECK(f.history.undoCount() == 1);
        SECTION("undo and redo") {
            f.requireUndoRedo();
        }
    }
}

TEST_CASE("a failing op stops the script and names itself", "[edit][script]") {
    EditFixture f("creature-4d.g4tf");

    SECTION("a refused command: earlier steps stay, later ops do not run") {
        CHECK(failureOf(f, R"([
            {"op": "setBoneMass", "node": "Hips", "mass": 10},
            {"op": "setBoneLength", "node": "Hips", "length": -1},
            {"op": "setBoneMass", "node": "Hips", "mass": 20}
        ])")
                  .rfind("op 1 (setBoneLength): ", 0) == 0);
        CHECK(f.history.undoCount() == 1);
        CHECK(f.document.node(f.document.findNode("Hips")).bone()->mass == 10);
    }
    SECTION("a failure inside transactions rolls all of them back") {
        CHECK_THAT(failureOf(f, R"([
            {"op": "beginTransaction", "name": "Outer"},
            {"op": "setBoneMass", "node": "Hips", "mass": 10},
            {"op": "beginTransaction", "name": "Inner"},
            {"op": "renameNode", "node": "Spine", "name": "Back"},
            {"op": "renameNode", "node": "Nowhere", "name": "X"}
        ])"),
                   Catch::StartsWith("op 4 (renameNode): 'node': there is no node named "
                                     "'Nowhere'"));
        CHECK(f.history.transactionDepth() == 0);
        CHECK(f.history.undoCount() == 0);
        f.requireUnchanged();
    }
    SECTION("a script that ends inside a transaction fails and rolls it back") {
        CHECK(failureOf(f, R"([
            {"op": "beginTransaction", "name": "Forgotten"},
            {"op": "setBoneMass", "node": "Hips", "mass": 10}
        ])") == "end of script: transaction 'Forgotten' is still open (every beginTransaction "
                "needs a commit or a rollback); its changes were rolled back");
        CHECK(f.history.transactionDepth() == 0);
        f.requireUnchanged();
    }
    SECTION("history ops out of place") {
        CHECK(failureOf(f, R"([{"op": "undo"}])") == "op 0 (undo): there is nothing to undo");
        CHECK(failureOf(f, R"([{"op": "redo"}])") == "op 0 (redo): there is nothing to redo");
        CHECK(failureOf(f, R"([{"op": "commit"}])") == "op 0 (commit): no transaction is open");
        CHECK(failureOf(f, R"([{"op": "rollback"}])") == "op 0 (rollback): no transaction is open");
        CHECK(failureOf(f, R"([
            {"op": "setBoneMass", "node": "Hips", "mass": 10},
            {"op": "beginTransaction", "name": "T"},
            {"op": "undo"}
        ])") == "op 2 (undo): undo is not possible while transaction 'T' is open");
        CHECK(failureOf(f, R"([{"op": "beginTransaction"}])") ==
              "op 0 (beginTransaction): 'name' is required");
        CHECK(failureOf(f, R"([{"op": "commit", "name": "x"}])") ==
              "op 0 (commit): unknown field 'name'; this op takes no fields");
    }
}

TEST_CASE("malformed scripts and ops are errors that name the op and field", "[edit][script]") {
    EditFixture f("creature-4d.g4tf");
    CHECK(failureOf(f, R"({"op": "undo"})") == "a script is a JSON array of ops, not object");
    CHECK(failureOf(f, "[3]") == "op 0: an op is a JSON object, not number");
    CHECK(failureOf(f, R"([{"node": "Hips"}])") == "op 0: 'op' is required (the op's name)");
    CHECK(failureOf(f, R"([{"op": 7}])") == "op 0: 'op' must be a string");
    CHECK_THAT(failureOf(f, R"([{"op": "frobnicate"}])"),
               Catch::StartsWith("op 0 (frobnicate): unknown op; the ops are renameNode, "));
    CHECK(failureOf(f, R"([{"op": "setBoneLength", "node": "Hips"}])") ==
          "op 0 (setBoneLength): 'length' is required");
    CHECK(failureOf(f, R"([{"op": "setBoneLength", "node": "Hips", "length": 1, "mass": 2}])") ==
          "op 0 (setBoneLength): unknown field 'mass'; the fields are 'node', 'length'");
    CHECK(failureOf(f, R"([
        {"op": "setBoneMass", "node": "Hips", "mass": 10},
        {"op": "setBoneMass", "node": "Hips", "mass": 11},
        {"op": "setBoneMass", "node": "Hips", "mass": 12},
        {"op": "setBoneLength", "node": "Hips", "length": "long"}
    ])") == "op 3 (setBoneLength): 'length' must be a number or null");
    CHECK(failureOf(f, R"([{"op": "setVisible", "node": "Hips", "visible": 1}])") ==
          "op 0 (setVisible): 'visible' must be true, false or null");
    CHECK(failureOf(f, R"([{"op": "renameNode", "node": "Hips", "name": "x", "comment": 3}])") ==
          "op 0 (renameNode): 'comment' must be a string");
}

TEST_CASE("script text parses to an array of ops or says where it is broken", "[edit][script]") {
    SECTION("an array") {
        auto parsed = edit::parseScriptText(R"([{"op": "undo"}])");
        REQUIRE(parsed.ok());
        CHECK(parsed->size() == 1);
    }
    SECTION("malformed JSON names the line and column") {
        auto parsed = edit::parseScriptText("[\n  {\"op\": \"undo\",}\n]");
        REQUIRE_FALSE(parsed.ok());
        CHECK_THAT(parsed.error().message(),
                   Catch::StartsWith("line 2, column 17: malformed JSON"));
    }
    SECTION("empty text and JSON that is not an array") {
        CHECK_THAT(edit::parseScriptText("").error().message(),
                   Catch::StartsWith("line 1, column 1: malformed JSON"));
        CHECK(edit::parseScriptText(R"({"op": "undo"})").error().message() ==
              "a script is a JSON array of ops, not object");
    }
    SECTION("a number beyond double's range is an error, not an exception") {
        CHECK_THAT(edit::parseScriptText(R"([{"op": "undo", "x": 1e999}])").error().message(),
                   Catch::Contains("number overflow"));
    }
    SECTION("a file that cannot be opened") {
        auto loaded = edit::loadScriptFile("/nonexistent/ops.json");
        REQUIRE_FALSE(loaded.ok());
        CHECK(loaded.error().message() == "/nonexistent/ops.json: cannot open the script");
    }
}
