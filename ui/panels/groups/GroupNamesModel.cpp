#include "ui/panels/groups/GroupNamesModel.h"

#include "core/model/SkinGroupNames.h"
#include "core/ops/GroupUsage.h"
#include "ui/session/NodeLabel.h"

#include <QColor>

#include <cmath>

namespace hyperrig::ui {

GroupNamesModel::GroupNamesModel(Rename rename, QObject* parent)
    : RowMoveModel(parent), m_rename(std::move(rename)) {}

void GroupNamesModel::show(const core::model::Document* document, core::model::MeshId mesh) {
    std::vector<Row> rows;
    const core::model::Mesh* shown = document ? document->meshes.find(mesh) : nullptr;
    if (shown && shown->skin) {
        const auto names = core::model::skinGroupNames(*document, mesh);
        const auto usage = core::ops::groupUsage(*shown->skin, names.size());
        const core::model::Node* skeleton =
            document->nodes.find(core::model::boundSkeleton(*document, mesh));
        const auto* joints =
            skeleton && skeleton->isSkeleton() ? &skeleton->skeleton()->joints : nullptr;
        for (std::size_t group = 0; group < names.size(); ++group) {
            Row row;
            row.name = QString::fromStdString(names[group]);
            const core::model::Node* bone = joints && group < joints->size() && (*joints)[group]
                                                ? document->nodes.find(*(*joints)[group])
                                                : nullptr;
            row.bone = bone ? nodeLabel(*document, *(*joints)[group]) : tr("none");
            row.vertices = usage[group].vertices;
            row.totalWeight = usage[group].totalWeight;
            rows.push_back(std::move(row));
        }
    } else {
        document = nullptr;
        mesh = {};
    }
    const bool sameShape = document == m_document && mesh == m_mesh && rows.size() == m_rows.size();
    if (!sameShape)
        beginResetModel();
    m_document = document;
    m_mesh = mesh;
    m_rows = std::move(rows);
    if (!sameShape)
        endResetModel();
    else if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QString GroupNamesModel::nameAt(int row) const {
    return m_rows.at(static_cast<std::size_t>(row)).name;
}

int GroupNamesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int GroupNamesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QColor GroupNamesModel::groupColour(std::size_t index) {
    const double hue = std::fmod(static_cast<double>(index) * 137.50776405, 360.0);
    return QColor::fromHsv(static_cast<int>(hue), 150, 230);
}

QVariant GroupNamesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto group = static_cast<std::size_t>(index.row());
    const Row& row = m_rows[group];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IndexColumn:
            return index.row();
        case NameColumn:
            return row.name;
        case BoneColumn:
            return row.bone;
        case VerticesColumn:
            return static_cast<qulonglong>(row.vertices);
        case WeightColumn:
            return QString::number(row.totalWeight, 'f', 3);
        default:
            return {};
        }
    case Qt::EditRole:
        return index.column() == NameColumn ? QVariant(row.name) : QVariant();
    case Qt::DecorationRole:
        return index.column() == NameColumn ? QVariant(groupColour(group)) : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == NameColumn)
            return tr("Group %1: double-click or F2 to rename (unique within the skin, no '.' or "
                      "':')")
                .arg(index.row());
        if (index.column() == BoneColumn)
            return tr("The bone in joints slot %1, which moves this group's vertices")
                .arg(index.row());
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn || index.column() == BoneColumn
                   ? QVariant()
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant GroupNamesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IndexColumn:
        return tr("Index");
    case NameColumn:
        return tr("Name");
    case BoneColumn:
        return tr("Bone");
    case VerticesColumn:
        return tr("Vertices");
    case WeightColumn:
        return tr("Total Weight");
    default:
        return {};
    }
}

Qt::ItemFlags GroupNamesModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags flags = RowMoveModel::flags(index);
    if (index.isValid() && index.column() == NameColumn)
        flags |= Qt::ItemIsEditable;
    return flags;
}

bool GroupNamesModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || index.column() != NameColumn || role != Qt::EditRole || !m_rename)
        return false;
    const QString name = value.toString();
    if (name == nameAt(index.row()))
        return true; // accepted as it is: no undo step (and no editor reopened for it)
    // The panel runs the command; the session's change refreshes this model.
    return m_rename(static_cast<std::size_t>(index.row()), name.toStdString());
}

} // namespace hyperrig::ui
