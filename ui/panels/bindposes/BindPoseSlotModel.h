#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/Ids.h"
#endif

#include <QAbstractTableModel>

namespace hyperrig::ui {

class EditorSession;

// The joints slots of the skeleton the Bind Poses panel shows, one row per slot: its index and
// the name of the bone in it ("(none)" for an empty slot). A bind pose has one entry per slot;
// choosing a row chooses the entry to edit. refresh() follows the document (rows added or
// removed at the end, dataChanged for the rest); only a new skeleton or document resets.
class BindPoseSlotModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SlotColumn, BoneColumn, ColumnCount };

    explicit BindPoseSlotModel(EditorSession& session, QObject* parent = nullptr);

    void showSkeleton(core::model::NodeId skeleton);
    void refresh();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    int slotCount() const;

    EditorSession& m_session;
    core::model::NodeId m_skeleton;
    int m_rows = 0;
};

} // namespace hyperrig::ui
