#include "ui/panels/outliner/OutlinerModel.h"

#include "core/edit/ChangeSet.h"
#include "core/edit/commands/NodeCommands.h"
#include "ui/panels/outliner/NodeKind.h"
#include "ui/session/EditorSession.h"
#include "ui/session/NodeLabel.h"

namespace hyperrig::ui {

OutlinerModel::OutlinerModel(EditorSession& session, QObject* parent)
    : QAbstractItemModel(parent), m_session(session) {
    // Views must drop every index before the old document dies, hence the reset starts on
    // aboutToReplaceDocument, not on documentReplaced.
    connect(&m_session, &EditorSession::aboutToReplaceDocument, this,
            [this] { beginResetModel(); });
    connect(&m_session, &EditorSession::documentReplaced, this, [this] {
        rebuild();
        endResetModel();
    });
    connect(&m_session, &EditorSession::changed, this, &OutlinerModel::documentChanged);
    rebuild();
}

QModelIndex OutlinerModel::indexOf(NodeId node, int column) const {
    if (!node || !inMirror(node) || column < 0 || column >= ColumnCount)
        return {};
    return createIndex(mirrorRow(node), column, static_cast<quintptr>(node.value));
}

core::model::NodeId OutlinerModel::nodeAt(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this)
        return {};
    return NodeId{static_cast<std::uint32_t>(index.internalId())};
}

QModelIndex OutlinerModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount || parent.column() > 0)
        return {};
    const auto found = m_children.find(nodeAt(parent));
    if (found == m_children.end() || row >= static_cast<int>(found->second.size()))
        return {};
    return createIndex(row, column,
                       static_cast<quintptr>(found->second[static_cast<std::size_t>(row)].value));
}

QModelIndex OutlinerModel::parent(const QModelIndex& child) const {
    const auto found = m_parentOf.find(nodeAt(child));
    if (found == m_parentOf.end() || !found->second)
        return {};
    return mirrorIndex(found->second);
}

int OutlinerModel::rowCount(const QModelIndex& parent) const {
    if (parent.column() > 0)
        return 0;
    const auto found = m_children.find(nodeAt(parent));
    return found == m_children.end() ? 0 : static_cast<int>(found->second.size());
}

int OutlinerModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant OutlinerModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_session.hasDocument())
        return {};
    const core::model::Node* node = m_session.document().nodes.find(nodeAt(index));
    if (!node)
        return {}; // asked mid-removal: the document already lost it
    const NodeKind kind = nodeKindOf(*node);
    switch (role) {
    case NodeIdRole:
        return QVariant::fromValue<quint32>(node->id.value);
    case NodeKindRole:
        return static_cast<int>(kind);
    default:
        break;
    }
    if (index.column() == NameColumn) {
        switch (role) {
        case Qt::DisplayRole:
        case Qt::AccessibleTextRole:
            return nodeLabel(m_session.document(), node->id);
        case Qt::EditRole:
            return QString::fromStdString(node->displayName());
        case Qt::DecorationRole:
            return nodeKindIcon(kind);
        case Qt::ToolTipRole:
            return tr("%1 %2 (F2 or double-click to rename; drag to move)")
                .arg(nodeKindLabel(kind), nodeLabel(m_session.document(), node->id));
        case Qt::AccessibleDescriptionRole:
            return nodeKindLabel(kind);
        default:
            return {};
        }
    }
    switch (role) {
    case Qt::CheckStateRole:
        return static_cast<int>(node->isVisible() ? Qt::Checked : Qt::Unchecked);
    case Qt::AccessibleTextRole:
        return node->isVisible() ? tr("Visible") : tr("Hidden");
    case Qt::ToolTipRole:
        return tr("Show or hide %1 in the viewport").arg(nodeLabel(m_session.document(), node->id));
    default:
        return {};
    }
}

QVariant OutlinerModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    if (section == NameColumn)
        return role == Qt::DisplayRole ? tr("Name")
                                       : tr("The node's name; its icon shows its kind");
    if (section == VisibleColumn)
        return role == Qt::DisplayRole ? tr("Visible") : tr("Whether the node is drawn");
    return {};
}

Qt::ItemFlags OutlinerModel::flags(const QModelIndex& index) const {
    if (!index.isValid() || !m_session.hasDocument())
        return Qt::NoItemFlags;
    const NodeId node = nodeAt(index);
    if (!m_session.document().nodes.find(node))
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDropEnabled;
    // The root cannot move (the reparent command refuses it), so it does not start a drag.
    if (node != m_session.document().root())
        flags |= Qt::ItemIsDragEnabled;
    flags |= index.column() == NameColumn ? Qt::ItemIsEditable : Qt::ItemIsUserCheckable;
    return flags;
}

bool OutlinerModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || !m_session.hasDocument())
        return false;
    const NodeId id = nodeAt(index);
    const core::model::Node* node = m_session.document().nodes.find(id);
    if (!node)
        return false;
    if (index.column() == NameColumn && role == Qt::EditRole) {
        const std::string name = value.toString().toStdString();
        if (name == node->displayName())
            return true; // nothing to do: no undo step for an unchanged name
        // An emptied field clears the name (G4MF: the name is optional).
        auto result = m_session.execute(core::edit::renameNode(
            id, name.empty() ? std::nullopt : std::optional<std::string>(name)));
        if (!result) {
            emit editRefused(tr("Cannot rename %1: %2")
                                 .arg(nodeLabel(m_session.document(), node->id),
                                      QString::fromStdString(result.error().message())));
            return false;
        }
        return true;
    }
    if (index.column() == VisibleColumn && role == Qt::CheckStateRole) {
        const bool visible = value.toInt() == Qt::Checked;
        if (visible == node->isVisible())
            return true;
        const QString label = nodeLabel(m_session.document(), node->id);
        auto result = m_session.execute(core::edit::setVisible(id, visible));
        if (!result) {
            emit editRefused(tr("Cannot %1 %2: %3")
                                 .arg(visible ? tr("show") : tr("hide"), label,
                                      QString::fromStdString(result.error().message())));
            return false;
        }
        return true;
    }
    return false;
}

void OutlinerModel::fieldsChanged(const core::edit::ChangeSet& changes) {
    using core::edit::ChangeSet;
    for (const ChangeSet::NodeFields& change : changes.nodesChanged) {
        if (!inMirror(change.node))
            continue;
        // Name and Component (the icon, the kind in the tooltip) show in the name column;
        // Visible in its own; the others (transform, bone values, joints) show nowhere here.
        if (change.fields & (ChangeSet::Name | ChangeSet::Component)) {
            const QModelIndex name = indexOf(change.node, NameColumn);
            emit dataChanged(name, name);
        }
        if (change.fields & ChangeSet::Visible) {
            const QModelIndex visible = indexOf(change.node, VisibleColumn);
            emit dataChanged(visible, visible, {Qt::CheckStateRole, Qt::AccessibleTextRole});
        }
    }
}

} // namespace hyperrig::ui
