#include "ui/panels/joints/JointsModel.h"

#include "core/ops/GroupUsage.h"
#include "ui/session/NodeLabel.h"

#include <QBrush>
#include <QColor>

namespace hyperrig::ui {

using core::model::NodeId;

JointsModel::JointsModel(QObject* parent) : RowMoveModel(parent) {}

std::vector<JointsModel::Row> JointsModel::readRows(std::vector<QString>& meshNames) const {
    std::vector<Row> rows;
    meshNames.clear();
    if (!m_document)
        return rows;
    const core::model::Node* skeletonNode = m_document->nodes.find(m_skeleton);
    if (!skeletonNode || !skeletonNode->isSkeleton())
        return rows;
    const auto& joints = skeletonNode->skeleton()->joints;

    // The skinned meshes: mesh nodes that are direct children of the skeleton (G4MF skinning).
    std::vector<std::vector<core::ops::GroupUsage>> usage;
    for (NodeId child : skeletonNode->children) {
        const core::model::Node* node = m_document->nodes.find(child);
        if (!node || !node->meshInstance())
            continue;
        const core::model::Mesh* mesh = m_document->meshes.find(node->meshInstance()->mesh);
        if (!mesh || !mesh->skin)
            continue;
        meshNames.push_back(nodeLabel(*m_document, child));
        usage.push_back(core::ops::groupUsage(*mesh->skin, joints.size()));
    }

    std::vector<QString> problems(joints.size());
    for (const auto& problem : core::ops::jointOrderProblems(*m_document, m_skeleton))
        if (problem.slot < problems.size() && problems[problem.slot].isEmpty())
            problems[problem.slot] = QString::fromStdString(problem.message);

    rows.reserve(joints.size());
    for (std::size_t slot = 0; slot < joints.size(); ++slot) {
        Row row;
        row.bone = joints[slot];
        const core::model::Node* bone =
            joints[slot] ? m_document->nodes.find(*joints[slot]) : nullptr;
        row.boneName = bone ? nodeLabel(*m_document, *joints[slot]) : tr("none");
        for (const auto& meshUsage : usage)
            row.vertices.push_back(meshUsage[slot].vertices);
        row.problem = problems[slot];
        rows.push_back(std::move(row));
    }
    return rows;
}

void JointsModel::show(const core::model::Document* document, NodeId skeleton) {
    // Another skeleton (or document) is another table: a reset, so no selected row carries over
    // to the new skeleton's slot of the same number (Remove Slot would then remove that).
    const bool other = document != m_document || skeleton != m_skeleton;
    m_document = document;
    m_skeleton = skeleton;
    std::vector<QString> meshNames;
    std::vector<Row> rows = readRows(meshNames);
    if (other || meshNames != m_meshNames) {
        beginResetModel();
        m_meshNames = std::move(meshNames);
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    const int before = static_cast<int>(m_rows.size());
    const int after = static_cast<int>(rows.size());
    if (after > before) {
        beginInsertRows({}, before, after - 1);
        m_rows.resize(rows.size());
        endInsertRows();
    } else if (after < before) {
        beginRemoveRows({}, after, before - 1);
        m_rows.resize(rows.size());
        endRemoveRows();
    }
    m_rows = std::move(rows);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

int JointsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int JointsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : problemColumn() + 1;
}

core::model::JointSlot JointsModel::boneAt(int slot) const {
    return m_rows.at(static_cast<std::size_t>(slot)).bone;
}

QString JointsModel::problemAt(int slot) const {
    return m_rows.at(static_cast<std::size_t>(slot)).problem;
}

QVariant JointsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    const bool isMesh = column >= FirstMeshColumn && column < problemColumn();
    if (role == Qt::DisplayRole) {
        if (column == SlotColumn)
            return index.row();
        if (column == BoneColumn)
            return row.boneName;
        if (isMesh)
            return static_cast<qulonglong>(
                row.vertices[static_cast<std::size_t>(column - FirstMeshColumn)]);
        return row.problem;
    }
    if (role == Qt::ToolTipRole) {
        if (column == problemColumn() || (column == BoneColumn && !row.problem.isEmpty()))
            return row.problem.isEmpty() ? QVariant() : QVariant(row.problem);
        if (isMesh)
            return tr("Vertices of %1 with a weight on group %2")
                .arg(m_meshNames[static_cast<std::size_t>(column - FirstMeshColumn)])
                .arg(index.row());
        if (column == BoneColumn && !row.bone)
            return tr("No bone: vertices weighted to this group stay where they are");
        return {};
    }
    if (role == Qt::ForegroundRole) {
        if (column == problemColumn() && !row.problem.isEmpty())
            return QBrush(QColor(0xe0, 0x6c, 0x5a));
        if (column == BoneColumn && !row.bone)
            return QBrush(QColor(0x90, 0x90, 0x90));
        return {};
    }
    if (role == Qt::TextAlignmentRole && (column == SlotColumn || isMesh))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant JointsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    if (section == SlotColumn)
        return tr("Slot");
    if (section == BoneColumn)
        return tr("Bone");
    if (section < problemColumn())
        return tr("%1: vertices")
            .arg(m_meshNames[static_cast<std::size_t>(section - FirstMeshColumn)]);
    if (section == problemColumn())
        return tr("Problem");
    return {};
}

} // namespace hyperrig::ui
