#include "ui/panels/bindposes/BindPoseListModel.h"

#include "ui/panels/bindposes/PoseTypes.h"
#include "ui/session/EditorSession.h"

#include <algorithm>

namespace hyperrig::ui {

BindPoseListModel::BindPoseListModel(EditorSession& session, QObject* parent)
    : QAbstractTableModel(parent), m_session(session) {}

void BindPoseListModel::showSkeleton(core::model::NodeId skeleton) {
    beginResetModel();
    m_skeleton = skeleton;
    m_types = storedTypes();
    endResetModel();
}

void BindPoseListModel::refresh() {
    std::vector<core::model::PoseType> types = storedTypes();
    const int before = static_cast<int>(m_types.size());
    const int after = static_cast<int>(types.size());
    if (after > before) {
        beginInsertRows({}, before, after - 1);
        m_types = std::move(types);
        endInsertRows();
    } else if (after < before) {
        beginRemoveRows({}, after, before - 1);
        m_types = std::move(types);
        endRemoveRows();
    } else {
        m_types = std::move(types);
    }
    if (after > 0)
        emit dataChanged(index(0, 0), index(after - 1, ColumnCount - 1));
}

std::vector<core::model::PoseType> BindPoseListModel::storedTypes() const {
    std::vector<core::model::PoseType> types;
    if (!m_skeleton || !m_session.hasDocument())
        return types;
    const core::model::Node* node = m_session.document().nodes.find(m_skeleton);
    if (!node || !node->skeleton())
        return types;
    for (const core::model::BindPose& pose : node->skeleton()->bindPoses)
        types.push_back(pose.type);
    return types;
}

const core::model::BindPose* BindPoseListModel::pose(core::model::PoseType type) const {
    if (!m_skeleton || !m_session.hasDocument())
        return nullptr;
    const core::model::Node* node = m_session.document().nodes.find(m_skeleton);
    if (!node || !node->skeleton())
        return nullptr;
    for (const core::model::BindPose& pose : node->skeleton()->bindPoses)
        if (pose.type == type)
            return &pose;
    return nullptr;
}

std::optional<core::model::PoseType> BindPoseListModel::typeAt(int row) const {
    if (row < 0 || row >= static_cast<int>(m_types.size()))
        return std::nullopt;
    return m_types[static_cast<std::size_t>(row)];
}

int BindPoseListModel::rowOf(core::model::PoseType type) const {
    const auto found = std::find(m_types.begin(), m_types.end(), type);
    return found == m_types.end() ? -1 : static_cast<int>(found - m_types.begin());
}

int BindPoseListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_types.size());
}

int BindPoseListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BindPoseListModel::data(const QModelIndex& index, int role) const {
    const auto type = typeAt(index.row());
    if (!index.isValid() || !type)
        return {};
    const core::model::BindPose* stored = pose(*type);
    if (!stored)
        return {}; // asked mid-removal
    const QString name = poseTypeLabel(*type);
    if (role == Qt::DisplayRole || role == Qt::AccessibleTextRole) {
        if (index.column() == TypeColumn)
            return name;
        if (index.column() == EntriesColumn)
            return static_cast<int>(stored->joints.size());
    }
    if (role == Qt::ToolTipRole)
        return tr("The %1 bind pose: one skeleton-space transform for each of its %n joints "
                  "slot(s)",
                  nullptr, static_cast<int>(stored->joints.size()))
            .arg(name);
    return {};
}

QVariant BindPoseListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TypeColumn:
        return tr("Type");
    case EntriesColumn:
        return tr("Entries");
    default:
        return {};
    }
}

} // namespace hyperrig::ui
