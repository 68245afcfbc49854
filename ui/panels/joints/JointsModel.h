#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/Document.h"
#include "core/ops/JointOrder.h"
#endif

#include "ui/widgets/RowMoveModel.h"

#include <QString>

#include <vector>

namespace hyperrig::ui {

// The Joints panel's table: one row per joints slot of one skeleton, in slot order.
// Columns: Slot, Bone ("none" for an empty slot), one "<mesh node>: vertices" column per mesh
// node skinned to the skeleton (the vertices with a non-zero weight on that slot's group), and
// Problem (the validator's joints-order message for the slot, empty when it has none).
// The model keeps ids and copies of what it shows; refresh() re-reads the skeleton and emits
// the smallest signal that describes the change (rows inserted or removed at the end, or data).
// Rows are dragged to move slots (RowMoveModel); the panel runs the move, the model never edits.
class JointsModel : public RowMoveModel {
    Q_OBJECT
public:
    enum Column { SlotColumn = 0, BoneColumn = 1, FirstMeshColumn = 2 };

    explicit JointsModel(QObject* parent = nullptr);

    // Shows `skeleton` of `document` (none: an empty table). The document must outlive the
    // model's use of it; call again after every change that may concern the skeleton.
    void show(const core::model::Document* document, core::model::NodeId skeleton);
    core::model::NodeId skeleton() const { return m_skeleton; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    int problemColumn() const { return FirstMeshColumn + static_cast<int>(m_meshNames.size()); }
    // The slot's bone (none for an empty slot); contract: 0 <= slot < rowCount().
    core::model::JointSlot boneAt(int slot) const;
    // The slot's problem message, empty when it has none.
    QString problemAt(int slot) const;

private:
    struct Row {
        core::model::JointSlot bone;
        QString boneName;
        std::vector<std::size_t> vertices; // per skinned mesh node
        QString problem;
    };
    std::vector<Row> readRows(std::vector<QString>& meshNames) const;

    const core::model::Document* m_document = nullptr;
    core::model::NodeId m_skeleton;
    std::vector<QString> m_meshNames;
    std::vector<Row> m_rows;
};

} // namespace hyperrig::ui
