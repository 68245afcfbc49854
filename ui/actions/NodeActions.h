#pragma once

#include <QObject>

class QAction;

namespace hyperrig::ui {

class EditorSession;

// The node actions every place offers (the Add and Edit menus, the outliner's context menu, the
// keyboard): one QAction each, so a label, shortcut, tooltip and enabled state are defined once.
// Each runs the edit commands through the session as one undo step and selects what it made.
//
//   Add Skeleton      a skeleton node under the root (named Skeleton, Skeleton2, ...)
//   Add Child Bone    a bone under the current bone or skeleton, at the parent bone's tail with
//                     its length (edit::addBone's defaults), named Bone, Bone2, ...
//   Duplicate         each selected subtree (Ctrl+D)
//   Delete            each selected subtree (Delete)
//   Rename            asks the views to start editing the current node's name (F2): a view that
//                     can (the outliner) listens to renameRequested
//   Select All / Select None
//   Select Parent ([) / Select Children (]): each selected node replaced by its parent / its
//                     children (core/model/SelectionWalk.h); Add Parents to Selection (Shift+[)
//                     and Add Children to Selection (Shift+]) keep the selection and add them
class NodeActions : public QObject {
    Q_OBJECT
public:
    NodeActions(EditorSession& session, QObject* parent = nullptr);

    QAction* addSkeleton() const { return m_addSkeleton; }
    QAction* addChildBone() const { return m_addChildBone; }
    QAction* duplicate() const { return m_duplicate; }
    QAction* remove() const { return m_delete; }
    QAction* rename() const { return m_rename; }
    QAction* selectAll() const { return m_selectAll; }
    QAction* selectNone() const { return m_selectNone; }
    QAction* selectParent() const { return m_selectParent; }
    QAction* selectChildren() const { return m_selectChildren; }
    QAction* addParentsToSelection() const { return m_addParents; }
    QAction* addChildrenToSelection() const { return m_addChildren; }

    // The outcome of the last action, for the status bar: what was done or why it was refused.
signals:
    void renameRequested();
    void message(const QString& text);

private:
    void updateEnabled();
    void runAddSkeleton();
    void runAddChildBone();
    void runDuplicate();
    void runDelete();
    void walkSelection(bool toChildren, bool extend);

    EditorSession& m_session;
    QAction* m_addSkeleton = nullptr;
    QAction* m_addChildBone = nullptr;
    QAction* m_duplicate = nullptr;
    QAction* m_delete = nullptr;
    QAction* m_rename = nullptr;
    QAction* m_selectAll = nullptr;
    QAction* m_selectNone = nullptr;
    QAction* m_selectParent = nullptr;
    QAction* m_selectChildren = nullptr;
    QAction* m_addParents = nullptr;
    QAction* m_addChildren = nullptr;
};

} // namespace hyperrig::ui
