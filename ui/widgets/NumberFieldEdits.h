#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/edit/Command.h"
#include "core/model/Ids.h"
#endif

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::ui {

class EditorSession;
class NumberField;

// Turns one NumberField's gestures into commands on a set of nodes, the way every panel field
// behaves (ui-style.md §3; the inspector's transform fields follow the same rules):
//   - typing runs in a session transaction: each typed value is a command, Enter or leaving the
//     field commits one undo step, a run that ends where it began leaves none;
//   - holding an arrow button runs in a transaction from press to release;
//   - arrow steps are one command each (over several nodes a core::edit::CommandBatch); they
//     merge within History's merge window when the command merges (a batch when each node's
//     part does), else each is a step;
//   - Escape rolls the transaction back, or sets the values from before the run again.
// `read` gives a node's value (nullopt: the field does not apply to it), `write` the command
// that sets it; the nodes come from `nodes` at the time of the edit.
class NumberFieldEdits : public QObject {
    Q_OBJECT
public:
    using Nodes = std::function<std::vector<core::model::NodeId>()>;
    using Read = std::function<std::optional<double>(core::model::NodeId)>;
    using Write =
        std::function<std::unique_ptr<core::edit::Command>(core::model::NodeId, double value)>;

    NumberFieldEdits(EditorSession& session, NumberField& field, std::string stepName, Nodes nodes,
                     Read read, Write write, QObject* parent = nullptr);

    // Shows the nodes' common value, or "—" where they differ; disables the field when it
    // applies to none of them.
    void showValue();
    // Ends an edit in progress (commits a held or typed run), e.g. when the selection changes.
    void finishEdit();

signals:
    void refused(const QString& reason);

private:
    void started();
    void edited(double value);
    void ended();
    void cancelled();
    bool changedSinceStart() const;

    EditorSession& m_session;
    NumberField& m_field;
    std::string m_stepName; // the undo step of a transaction, and of several nodes at once
    Nodes m_nodes;
    Read m_read;
    Write m_write;
    bool m_transactionOpen = false;
    std::vector<std::pair<core::model::NodeId, double>> m_runStart;
};

} // namespace hyperrig::ui
