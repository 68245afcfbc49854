#include "ui/panels/bindposes/BindPoseSlotModel.h"

#include "ui/session/EditorSession.h"
#include "ui/session/NodeLabel.h"

namespace hyperrig::ui {

BindPoseSlotModel::BindPoseSlotModel(EditorSession& session, QObject* parent)
    : QAbstractTableModel(parent), m_session(session) {}

void BindPoseSlotModel::showSkeleton(core::model::NodeId skeleton) {
    beginResetModel();
    m_skeleton = skeleton;
    m_rows = slotCount();
    endResetModel();
}

void BindPoseSlotModel::refresh() {
    const int rows = slotCount();
    if (rows > m_rows) {
        beginInsertRows({}, m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
    } else if (rows < m_rows) {
        beginRemoveRows({}, rows, m_rows - 1);
        m_rows = rows;
        endRemoveRows();
    }
    if (rows > 0)
        emit dataChanged(index(0, 0), index(rows - 1, ColumnCount - 1));
}

int BindPoseSlotModel::slotCount() const {
    if (!m_skeleton || !m_session.hasDocument())
        return 0;
    const core::model::Node* node = m_session.document().nodes.find(m_skeleton);
    return node && node->skeleton() ? static_cast<int>(node->skeleton()->joints.size()) : 0;
}

int BindPoseSlotModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rows;
}

int BindPoseSlotModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BindPoseSlotModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= slotCount())
        return {}; // asked mid-removal
    const auto& joints = m_session.document().node(m_skeleton).skeleton()->joints;
    const core::model::JointSlot& joint = joints[static_cast<std::size_t>(index.row())];
    const core::model::Node* bone = joint ? m_session.document().nodes.find(*joint) : nullptr;
    if (role == Qt::DisplayRole || role == Qt::AccessibleTextRole) {
        if (index.column() == SlotColumn)
            return index.row();
        if (index.column() == BoneColumn)
            return bone ? nodeLabel(m_session.document(), *joint) : tr("(none)");
    }
    if (role == Qt::ToolTipRole)
        return bone ? tr("Joints slot %1 holds bone %2: its entry is where that bone sits")
                          .arg(index.row())
                          .arg(nodeLabel(m_session.document(), *joint))
                    : tr("Joints slot %1 holds no bone: its entry is not used for skinning")
                          .arg(index.row());
    return {};
}

QVariant BindPoseSlotModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SlotColumn:
        return tr("Slot");
    case BoneColumn:
        return tr("Bone");
    default:
        return {};
    }
}

} // namespace hyperrig::ui
