#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>; it
// needs none of these declarations.
#ifndef Q_MOC_RUN
#include "core/edit/ChangeSet.h"
#include "core/model/Ids.h"
#endif

#include <QWidget>

#include <vector>

class QCheckBox;
class QLabel;

namespace hyperrig::ui {

class BlendAmountsView;
class ComponentView;
class EditorSession;
class NameEditor;
class TransformEditor;

// The Inspector (dock title "Inspector"): the fields of the session's current node, or of the
// whole selection where they agree ("—" where they differ). Name, Position, Transform (rotor +
// scale or basis, switchable), Visible, and the component read-only. Every edit is a command run
// through the session; typed values are one command, steps and drags one undo step, Escape
// cancels (NumberField, TransformFieldEditing). With several nodes a field sets all of them in
// one undo step. Refreshes follow session.changed (only for the shown nodes), selectionChanged
// and documentReplaced, and never issue commands.
class InspectorPanel : public QWidget {
    Q_OBJECT
public:
    explicit InspectorPanel(EditorSession& session, QWidget* parent = nullptr);

    // The dock title.
    static QString title();

signals:
    // A refused edit's reason, for the status bar.
    void message(const QString& text);

private:
    void documentReplaced();
    void documentChanged(const core::edit::ChangeSet& changes);
    void selectionChanged();
    void refresh();
    void setVisibleClicked();

    EditorSession& m_session;
    std::vector<core::model::NodeId> m_nodes; // the current node first, then the selection
    QLabel* m_emptyLabel;
    QWidget* m_content;
    NameEditor* m_name;
    TransformEditor* m_transform;
    QCheckBox* m_visible;
    ComponentView* m_component;
    BlendAmountsView* m_blend;
};

} // namespace hyperrig::ui
