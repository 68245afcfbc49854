#pragma once

#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace hyperrig::ui {

class EditorSession;

// The Mesh menu's actions: "Merge Meshes..." (MergeMeshesDialog) and "Parent Mesh to
// Skeleton..." (ParentMeshDialog). Each opens its dialog modally over `window`; the dialog
// applies the operation as one undo step. Enabled while the document has skinned meshes.
class MeshActions : public QObject {
    Q_OBJECT
public:
    MeshActions(EditorSession& session, QWidget* window, QObject* parent = nullptr);

    QAction* mergeMeshes() const { return m_merge; }
    QAction* parentMesh() const { return m_parent; }

private:
    void updateEnabled();

    EditorSession& m_session;
    QWidget* m_window;
    QAction* m_merge;
    QAction* m_parent;
    QString m_mergeTip; // what the action does; updateEnabled adds what is missing
    QString m_parentTip;
};

} // namespace hyperrig::ui
