#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>; it
// needs none of these declarations.
#ifndef Q_MOC_RUN
#include "core/model/Ids.h"
#endif

#include <QWidget>

#include <vector>

class QLineEdit;

namespace hyperrig::ui {

class EditorSession;
class FieldMessage;

// The "Name" field of the inspector. Enter or leaving the field renames the node through
// core::edit::renameNode; an empty field removes the name. The G4MF rules are checked as the user
// types (the command's own check, core::model::checkNewName), and a refused rename shows its
// reason at the field (FieldMessage) and in message(). A name refused on Enter stays in the
// field, selected, to be corrected; refused on leaving the field, the current name comes back.
// The reason stays shown until the user types again or the node changes; Escape puts the
// current name back. A save or a command from elsewhere commits a typed name first
// (openEditsMustFinish), and so does another selection (the Inspector's finishEdit); the editor
// losing the activation does not. A typed name refused when a command asks stays in the field
// and the command does not run (EditorSession::refuseToFinish, decision 0071). Several nodes
// cannot share a
// name, so with more than one node the field is read-only.
class NameEditor : public QWidget {
    Q_OBJECT
public:
    explicit NameEditor(EditorSession& session, QWidget* parent = nullptr);

    // Shows the name of nodes.front() (contract: the ids exist), or nothing for no node.
    void showNodes(const std::vector<core::model::NodeId>& nodes);
    // Renames the shown node to the typed name, if one is typed and not yet committed (as
    // leaving the field does): before the editor shows other nodes, or a save or a command runs.
    void finishEdit();
    // Drops a typed name without renaming: the document it was typed for is being replaced (a
    // file action commits or asks about it before that), and the shown node's id may name
    // another node in the next document.
    void forgetEdit();

signals:
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Tells the session whether the field holds a name not yet applied (setUncommittedEdit).
    void noteUncommitted();
    // Renames to the typed name; false when the document refused it. A refused name stays in
    // the field when `keepRefused`, else the stored name comes back.
    bool apply(bool keepRefused);
    void commit(); // Enter or leaving the field: keeps a refused name while the field has focus
    // The session's openEditsMustFinish: a command or file action wants the typed name applied.
    void finishForSession();
    void revert();
    void checkTyped(const QString& text);
    QString currentName() const;

    EditorSession& m_session;
    core::model::NodeId m_node; // none unless exactly one node is shown
    bool m_committing = false;  // inside commit()
    QLineEdit* m_field;
    FieldMessage* m_message;
};

} // namespace hyperrig::ui
