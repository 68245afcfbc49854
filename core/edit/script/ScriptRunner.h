#pragma once

#include "core/base/Result.h"
#include "core/edit/History.h"
#include "core/edit/script/ScriptOps.h"
#include "core/model/Json.h"

#include <cstddef>

namespace hyperrig::core::edit {

struct ScriptReport {
    std::size_t ops = 0;      // ops run, history ops included
    std::size_t commands = 0; // commands executed through History
};

// Runs a script of the JSON command language (docs/scripting.md): `ops` is an array of
// {"op": name, ...} objects applied in order. Each command op becomes one command executed
// through `history` (so it is one undo step, or part of the open transaction, and may merge as
// History allows); undo, redo, beginTransaction, commit and rollback act on `history`.
//
// The first failing op stops the script. The error reads "op N (name): reason" with N the op's
// index in the array (from 0, as in the JSON pointer /N); transactions the script opened and
// left open are rolled back, so only steps completed outside them stay applied. A script that
// ends with a transaction still open fails the same way.
//
// `catalog` is the set of command ops accepted: the built-in ones by default; programs that
// offer the ops of higher layers pass ops::fullScriptOpCatalog().
Result<ScriptReport> runScript(History& history, const model::OrderedJson& ops,
                               const ScriptOpCatalog& catalog = ScriptOpCatalog());

} // namespace hyperrig::core::edit
