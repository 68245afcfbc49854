#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>; it
// needs none of these declarations.
#ifndef Q_MOC_RUN
#include "core/edit/commands/SetTransformsCommand.h"
#include "core/model/Ids.h"
#include "ui/panels/inspector/TransformFields.h"
#endif

#include <QObject>

#include <vector>

namespace hyperrig::ui {

class EditorSession;
class NumberField;

// Turns the edits of the inspector's number fields (NumberField's signals) into transform
// commands on the shown nodes, one core::edit::SetTransformsCommand per value:
//   - typing runs inside a session transaction: the value follows the text (one command per
//     typed value, the viewport shows each), committed as one undo step on Enter or when the
//     field loses focus, rolled back when the run ends where it began;
//   - steps (arrow keys, wheel) are one command each; they merge into one undo step within
//     History's merge window;
//   - holding an arrow button with the mouse runs inside a session transaction too, begun on
//     the press and committed on the release;
//   - Escape rolls the transaction back, or puts the transforms from before the run back with
//     one more command of the same name, which merges with the run's step and leaves nothing.
// Several nodes get the same value in the same field; the others of their numbers stay.
class TransformFieldEditing : public QObject {
    Q_OBJECT
public:
    explicit TransformFieldEditing(EditorSession& session, QObject* parent = nullptr);

    void addField(NumberField* field, TransformField which);
    // The fields are about to be deleted.
    void clearFields();
    // The nodes edits apply to; an edit in progress on others ends first.
    void setNodes(std::vector<core::model::NodeId> nodes);
    // Shows each field's value: the nodes' common value, or "—" where they differ.
    void showValues();
    // Commits a transaction a hold left open (the selection changes under the mouse).
    void finishEdit();
    // The document (and its history, with any open transaction) is going away.
    void forgetEdit();

signals:
    // The document refused the value of `field` (or the putting back of its run's start).
    void refused(NumberField* field, const QString& reason);
    void edited();

private:
    void started(NumberField* field, TransformField which);
    void valueEdited(NumberField& field, TransformField which, double value);
    void ended();
    void cancelled(NumberField* field, TransformField which);
    bool runChangedSomething() const;
    bool execute(NumberField* field, const std::string& name,
                 std::vector<core::edit::SetTransformsCommand::Entry> transforms);

    EditorSession& m_session;
    std::vector<core::model::NodeId> m_nodes;
    std::vector<std::pair<NumberField*, TransformField>> m_fields;
    bool m_transactionOpen = false;
    std::vector<core::edit::SetTransformsCommand::Entry>
        m_runStart; // the transforms before the run
};

} // namespace hyperrig::ui
