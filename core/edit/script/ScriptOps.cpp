#include "core/edit/script/ScriptOps.h"

namespace hyperrig::core::edit {
namespace {

constexpr std::string_view kHistoryOps[] = {"undo", "redo", "beginTransaction", "commit",
                                            "rollback"};

} // namespace

const ScriptOp* findScriptOp(std::string_view name) {
    for (const auto* table : {&scriptNodeOps(), &scriptDataOps()})
        for (const ScriptOp& op : *table)
            if (op.name == name)
                return &op;
    return nullptr;
}

std::vector<std::string_view> scriptOpNames() {
    std::vector<std::string_view> names;
    for (const auto* table : {&scriptNodeOps(), &scriptDataOps()})
        for (const ScriptOp& op : *table)
            names.push_back(op.name);
    names.insert(names.end(), std::begin(kHistoryOps), std::end(kHistoryOps));
    return names;
}

} // namespace hyperrig::core::edit
