#pragma once

#include "core/base/Result.h"
#include "core/edit/Command.h"
#include "core/edit/script/ScriptFields.h"
#include "core/model/Document.h"

#include <memory>
#include <string_view>
#include <vector>

namespace hyperrig::core::edit {

// One op of the JSON command language that maps to one command (docs/scripting.md). The history
// ops (undo, redo, beginTransaction, commit, rollback) are the runner's own.
struct ScriptOp {
    using Build = Result<std::unique_ptr<Command>> (*)(const ScriptFields& fields,
                                                       const model::Document& document);

    std::string_view name;
    std::vector<std::string_view> required;
    std::vector<std::string_view> optional;
    Build build;
};

// Ops on nodes (ScriptNodeOps.cpp) and on skins, bind poses and shapes (ScriptDataOps.cpp).
const std::vector<ScriptOp>& scriptNodeOps();
const std::vector<ScriptOp>& scriptDataOps();

// Op tables of the layers that build on core/edit (core/ops: the influence tools), which
// core/edit cannot include. A program that runs scripts adds them before it runs any
// (hyperrig-cli edit does); findScriptOp and scriptOpNames then see them after the built-in
// ops. Adding a table again changes nothing. Contract: no op name of the table is taken. Not
// synchronised: add tables before scripts run on other threads.
using ScriptOpTable = const std::vector<ScriptOp>& (*)();
void addScriptOpTable(ScriptOpTable table);

// The op called `name`, or nullptr.
const ScriptOp* findScriptOp(std::string_view name);

// Every op name the runner accepts, command ops and history ops, for messages and docs.
std::vector<std::string_view> scriptOpNames();

// setTransform's fields: what they replace in the node's current transform
// (ScriptTransform.cpp).
Result<std::unique_ptr<Command>> buildSetTransform(const ScriptFields& fields,
                                                   const model::Document& document);

} // namespace hyperrig::core::edit
