#include "core/edit/script/ScriptRunner.h"

#include "core/edit/script/ScriptOps.h"

#include <string>
#include <vector>

namespace hyperrig::core::edit {
namespace {

// One run of a script: the transactions it opened (names, innermost last) so a failure can roll
// them back and messages can name them.
class ScriptRun {
public:
    ScriptRun(History& history, const ScriptOpCatalog& catalog)
        : m_history(history), m_catalog(catalog) {}

    Result<ScriptReport> run(const model::OrderedJson& ops) {
        if (!ops.is_array())
            return Error("a script is a JSON array of ops, not " + std::string(ops.type_name()));
        for (std::size_t i = 0; i < ops.size(); ++i) {
            std::string name;
            auto done = runOp(ops[i], name);
            if (!done) {
                rollbackOpen();
                return Error(done.error())
                    .withContext("op " + std::to_string(i) +
                                 (name.empty() ? "" : " (" + name + ")"));
            }
            ++m_report.ops;
        }
        if (!m_open.empty()) {
            const std::string innermost = m_open.back();
            rollbackOpen();
            return Error("end of script: transaction '" + innermost +
                         "' is still open (every beginTransaction needs a commit or a rollback); "
                         "its changes were rolled back");
        }
        return m_report;
    }

private:
    Result<void> runOp(const model::OrderedJson& op, std::string& name) {
        if (!op.is_object())
            return Error("an op is a JSON object, not " + std::string(op.type_name()));
        if (!op.contains("op"))
            return Error("'op' is required (the op's name)");
        if (!op["op"].is_string())
            return Error("'op' must be a string");
        name = op["op"].get<std::string>();
        if (const ScriptOp* command = m_catalog.find(name)) {
            auto fields = ScriptFields::check(op, command->required, command->optional);
            if (!fields)
                return fields.error();
            auto built = command->build(*fields, m_history.document());
            if (!built)
                return built.error();
            auto executed = m_history.execute(std::move(*built));
            if (!executed)
                return executed;
            ++m_report.commands;
            return {};
        }
        return runHistoryOp(op, name);
    }

    Result<void> runHistoryOp(const model::OrderedJson& op, const std::string& name) {
        const bool transactionOp = name == "beginTransaction";
        if (name != "undo" && name != "redo" && name != "commit" && name != "rollback" &&
            !transactionOp) {
            std::string known;
            for (std::string_view candidate : m_catalog.names())
                known += (known.empty() ? "" : ", ") + std::string(candidate);
            return Error("unknown op; the ops are " + known);
        }
        auto fields = ScriptFields::check(op, transactionOp ? std::vector<std::string_view>{"name"}
                                                            : std::vector<std::string_view>{});
        if (!fields)
            return fields.error();
        if (transactionOp) {
            auto title = fields->string("name");
            if (!title)
                return title.error();
            m_history.beginTransaction(*title);
            m_open.push_back(*title);
            return {};
        }
        if (name == "commit" || name == "rollback") {
            if (m_open.empty())
                return Error("no transaction is open");
            m_open.pop_back();
            if (name == "commit")
                m_history.commit();
            else
                m_history.rollback();
            return {};
        }
        if (m_history.transactionDepth() > 0)
            return Error(
                name + " is not possible while transaction '" +
                (m_open.empty() ? std::string("(opened before the script)") : m_open.back()) +
                "' is open");
        if (name == "undo") {
            if (!m_history.canUndo())
                return Error("there is nothing to undo");
            m_history.undo();
        } else {
            if (!m_history.canRedo())
                return Error("there is nothing to redo");
            m_history.redo();
        }
        return {};
    }

    void rollbackOpen() {
        while (!m_open.empty()) {
            m_open.pop_back();
            m_history.rollback();
        }
    }

    History& m_history;
    const ScriptOpCatalog& m_catalog;
    std::vector<std::string> m_open;
    ScriptReport m_report;
};

} // namespace

Result<ScriptReport> runScript(History& history, const model::OrderedJson& ops,
                               const ScriptOpCatalog& catalog) {
    return ScriptRun(history, catalog).run(ops);
}

} // namespace hyperrig::core::edit
