#include "core/edit/script/ScriptOps.h"

#include "core/base/Contracts.h"

#include <algorithm>
#include <iterator>

namespace hyperrig::core::edit {
namespace {

constexpr std::string_view kHistoryOps[] = {"undo", "redo", "beginTransaction", "commit",
                                            "rollback"};

// Tables added by addScriptOpTable. Explicit calls, not static initialisers in core/ops: the
// linker drops object files of a static library that nothing references, initialisers included.
std::vector<ScriptOpTable>& addedTables() {
    static std::vector<ScriptOpTable> tables;
    return tables;
}

// Every table the runner knows, built-in ones first.
std::vector<const std::vector<ScriptOp>*> allTables() {
    std::vector<const std::vector<ScriptOp>*> tables{&scriptNodeOps(), &scriptDataOps()};
    for (ScriptOpTable table : addedTables())
        tables.push_back(&table());
    return tables;
}

} // namespace

void addScriptOpTable(ScriptOpTable table) {
    auto& tables = addedTables();
    if (std::find(tables.begin(), tables.end(), table) != tables.end())
        return;
    for (const ScriptOp& op : table()) {
        HYPERRIG_EXPECTS(findScriptOp(op.name) == nullptr);
        HYPERRIG_EXPECTS(std::find(std::begin(kHistoryOps), std::end(kHistoryOps), op.name) ==
                         std::end(kHistoryOps));
    }
    tables.push_back(table);
}

const ScriptOp* findScriptOp(std::string_view name) {
    for (const auto* table : allTables())
        for (const ScriptOp& op : *table)
            if (op.name == name)
                return &op;
    return nullptr;
}

std::vector<std::string_view> scriptOpNames() {
    std::vector<std::string_view> names;
    for (const auto* table : allTables())
        for (const ScriptOp& op : *table)
            names.push_back(op.name);
    names.insert(names.end(), std::begin(kHistoryOps), std::end(kHistoryOps));
    return names;
}

} // namespace hyperrig::core::edit
