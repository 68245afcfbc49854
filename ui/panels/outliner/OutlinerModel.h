#pragma once

// Not core/model/Ids.h or core/edit/ChangeSet.h: moc cannot parse <compare> when it comes before
// any other standard header (libstdc++'s macros are not set up yet), which Ids.h does.
#include "core/model/Document.h"

#include <QAbstractItemModel>

#include <optional>
#include <unordered_map>
#include <vector>

namespace hyperrig::core::edit {
struct ChangeSet;
}

namespace hyperrig::ui {

class EditorSession;

// The node tree of the session's document as an item model: one top-level row, the root node
// ("Scene"), and its descendants in child order. Nodes outside the tree are not shown.
//
// Items hold node ids (QModelIndex::internalId), never Node pointers: data() answers empty for an
// id that is gone, as views ask during removals. ChangeSets arrive after the document changed, so
// the model keeps a mirror of the child ids per parent; it turns a ChangeSet into
// beginRemoveRows / beginInsertRows / beginMoveRows by comparing the mirror with the document for
// the parents the ChangeSet touched, and field masks into dataChanged on the affected columns
// only. It resets only when the document is replaced.
//
// Edits go through commands: the name (Qt::EditRole) through edit::renameNode, the Visible
// check box through edit::setVisible, a drop through edit::reparentNode (keeping the world
// placement). A refused edit changes nothing and its reason comes out of editRefused().
//
// Drag and drop moves nodes: several rows may be dragged at once; they move together, in tree
// order, as one undo step (one Reparent, or a "Move N Nodes" composite that is refused whole if
// any move is refused). canDropMimeData accepts only targets the reparent command's rules
// accept (OutlinerDropPlan: not beside the root, not into the dragged subtree, bones under bones
// or skeletons, skeletons not under bones, joint bones kept in their skeleton); a drop the
// command still refuses changes nothing and is reported like any other refusal.
class OutlinerModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn = 0, VisibleColumn = 1, ColumnCount = 2 };
    enum Role {
        NodeIdRole = Qt::UserRole + 1, // quint32: the node id's value
        NodeKindRole,                  // int: a NodeKind
    };
    static constexpr const char* kMimeType = "application/x-hyperrig-outliner-nodes";

    explicit OutlinerModel(EditorSession& session, QObject* parent = nullptr);

    // The index of `node` in `column`, or invalid when the node is not in the tree.
    QModelIndex indexOf(core::model::NodeId node, int column = NameColumn) const;
    // The node an index of this model stands for; none for an invalid index.
    core::model::NodeId nodeAt(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // Drag and drop (OutlinerModelDragDrop.cpp).
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                         const QModelIndex& parent) const override;
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                      const QModelIndex& parent) override;
    Qt::DropActions supportedDragActions() const override;
    Qt::DropActions supportedDropActions() const override;

signals:
    // An edit made through the model (rename, visibility, drop) was refused; `reason` says why,
    // in words for the status bar and a tooltip.
    void editRefused(const QString& reason);

private:
    using NodeId = core::model::NodeId;

    void rebuild();
    void documentChanged(const core::edit::ChangeSet& changes);
    void fieldsChanged(const core::edit::ChangeSet& changes);

    // The mirror (OutlinerModelMirror.cpp). NodeId{} is the invisible root above the scene root.
    bool inMirror(NodeId node) const;
    bool mirrorContains(NodeId ancestor, NodeId node) const;
    int mirrorRow(NodeId node) const;
    QModelIndex mirrorIndex(NodeId node) const;
    std::vector<NodeId> documentChildren(NodeId parent) const;
    void populate(NodeId node);
    void forget(NodeId node);
    void insertRow(NodeId node, NodeId parent, int row);
    void removeRow(NodeId node);
    void moveRow(NodeId node, NodeId parent, int row);
    void syncChildren(NodeId parent, std::vector<NodeId>& pending);

    // The dragged nodes in `data`, when it comes from this model.
    std::optional<std::vector<NodeId>> decodeNodes(const QMimeData* data) const;
    bool dropAllowed(const std::vector<NodeId>& nodes, NodeId parent) const;

    EditorSession& m_session;
    std::unordered_map<NodeId, std::vector<NodeId>> m_children;
    std::unordered_map<NodeId, NodeId> m_parentOf;
};

} // namespace hyperrig::ui
