#include "core/edit/script/ScriptOps.h"

#include "core/base/Contracts.h"

#include <algorithm>
#include <iterator>

namespace hyperrig::core::edit {
namespace {

constexpr std::string_view kHistoryOps[] = {"undo", "redo", "beginTransaction", "commit",
                                            "rollback"};

} // namespace

ScriptOpCatalog::ScriptOpCatalog() : m_tables{&scriptNodeOps(), &scriptDataOps()} {}

ScriptOpCatalog& ScriptOpCatalog::add(const std::vector<ScriptOp>& table) {
    for (const ScriptOp& op : table) {
        HYPERRIG_EXPECTS(find(op.name) == nullptr);
        HYPERRIG_EXPECTS(std::find(std::begin(kHistoryOps), std::end(kHistoryOps), op.name) ==
                         std::end(kHistoryOps));
    }
    m_tables.push_back(&table);
    return *this;
}

const ScriptOp* ScriptOpCatalog::find(std::string_view name) const {
    for (const auto* table : m_tables)
        for (const ScriptOp& op : *table)
            if (op.name == name)
                return &op;
    return nullptr;
}

std::vector<std::string_view> ScriptOpCatalog::names() const {
    std::vector<std::string_view> names;
    for (const auto* table : m_tables)
        for (const ScriptOp& op : *table)
            names.push_back(op.name);
    names.insert(names.end(), std::begin(kHistoryOps), std::end(kHistoryOps));
    return names;
}

} // namespace hyperrig::core::edit
