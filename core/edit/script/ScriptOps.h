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

// The ops a script run accepts: the built-in tables (nodes, skins, bind poses, shapes) plus the
// tables of layers that build on core/edit and that core/edit cannot include (core/ops adds the
// influence tools: ops::fullScriptOpCatalog()). Passed to runScript by the program, so nothing
// is registered globally. Lookups search the tables in order.
class ScriptOpCatalog {
public:
    // The built-in ops.
    ScriptOpCatalog();
    // Adds a table. Contract: none of its names is taken, by an op or a history op.
    ScriptOpCatalog& add(const std::vector<ScriptOp>& table);

    // The op called `name`, or nullptr.
    const ScriptOp* find(std::string_view name) const;
    // Every op name the runner accepts, command ops and history ops, for messages and docs.
    std::vector<std::string_view> names() const;

private:
    std::vector<const std::vector<ScriptOp>*> m_tables;
};

// setTransform's fields: what they replace in the node's current transform
// (ScriptTransform.cpp).
Result<std::unique_ptr<Command>> buildSetTransform(const ScriptFields& fields,
                                                   const model::Document& document);

} // namespace hyperrig::core::edit
