#pragma once

#include "core/model/Document.h" // for NodeId; see OutlinerModel.h for why not Ids.h

#include <QString>
#include <QWidget>

#include <vector>

class QLineEdit;
class QMenu;
class QModelIndex;
class QSortFilterProxyModel;
class QTreeView;

namespace hyperrig::ui {

class EditorSession;
class NodeActions;
class OutlinerModel;

// The Outliner panel (dock title "Outliner"): a filter box and the node tree.
//
// - The tree ("outlinerTree", accessible name "Outliner") shows OutlinerModel through a
//   recursive name filter ("outlinerFilter", labelled "Filter") that keeps the ancestors of
//   matches, so a match is always seen in its place.
// - Selection is the session's: clicking, Ctrl+click and Shift+click select in the session, and a
//   selection made elsewhere (the viewport, a validation row) selects and scrolls to the rows. A
//   guard keeps the two directions from feeding each other, and rows that disappear from the view
//   (filtered out, or removed) do not take nodes out of the session's selection.
// - F2 (or NodeActions::renameRequested) edits the current node's name in place; Delete runs the
//   shared Delete action; the context menu holds the shared NodeActions, so labels and shortcuts
//   match the main menus.
// - A refused rename, visibility toggle or drop shows its reason as the tree's tooltip and
//   status tip and comes out of message() for the status bar.
class OutlinerPanel : public QWidget {
    Q_OBJECT
public:
    OutlinerPanel(EditorSession& session, NodeActions& actions, QWidget* parent = nullptr);

    // "Outliner": the dock's title.
    static QString title();

    QTreeView* view() const { return m_view; }
    OutlinerModel* model() const { return m_model; }
    // The model the view shows (the filter over model()).
    QSortFilterProxyModel* filterModel() const { return m_filter; }

    // The context menu for `index` (an index of the view's model; invalid for the empty area),
    // parented to `parent` and owned by the caller. Rows of bones and skeletons offer Add Child
    // Bone, every node row Duplicate, Delete and Rename, the empty area Add Skeleton. Tests call
    // this instead of popping the menu up.
    QMenu* createContextMenu(const QModelIndex& index, QWidget* parent);

    // Starts editing the current node's name in the tree (clearing a filter that hides it).
    void startRename();

signals:
    // What the panel has to say for the status bar: why an edit was refused.
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showContextMenu(const QPoint& position);
    void showRefusal(const QString& reason);
    void clearRefusal();
    void setFilterText(const QString& text);
    // session -> view and view -> session; each does nothing while the other runs.
    void pullSelection();
    void pushSelection();
    core::model::NodeId nodeAt(const QModelIndex& viewIndex) const;
    QModelIndex viewIndexOf(core::model::NodeId node) const;
    void connectViewGuards();

    EditorSession& m_session;
    NodeActions& m_actions;
    OutlinerModel* m_model = nullptr;
    QSortFilterProxyModel* m_filter = nullptr;
    QLineEdit* m_filterEdit = nullptr;
    QTreeView* m_view = nullptr;
    QString m_defaultToolTip;
    bool m_syncing = false;
    int m_rowsChanging = 0; // > 0 while the view's model is inserting, removing or moving rows
};

} // namespace hyperrig::ui
