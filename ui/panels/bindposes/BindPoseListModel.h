#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/BindPose.h"
#include "core/model/Ids.h"
#endif

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace hyperrig::ui {

class EditorSession;

// The Bind Poses panel's list of one skeleton's stored bind poses, in stored order: the pose
// type ("TPose", "APose", "IPose", "Custom", unique per skeleton) and how many joints slots it
// has entries for. Rows are pose types, never pointers; data() reads the document and returns
// nothing for a pose that is gone. refresh() recomputes the rows from the document and reports
// the difference (rows added or removed at the end, dataChanged for the rest); only a new
// skeleton or document resets.
class BindPoseListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TypeColumn, EntriesColumn, ColumnCount };

    explicit BindPoseListModel(EditorSession& session, QObject* parent = nullptr);

    // Shows the poses of `skeleton` (none: no rows).
    void showSkeleton(core::model::NodeId skeleton);
    void refresh();

    core::model::NodeId skeleton() const { return m_skeleton; }
    std::optional<core::model::PoseType> typeAt(int row) const;
    int rowOf(core::model::PoseType type) const; // -1 when not stored

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<core::model::PoseType> storedTypes() const;
    const core::model::BindPose* pose(core::model::PoseType type) const;

    EditorSession& m_session;
    core::model::NodeId m_skeleton;
    std::vector<core::model::PoseType> m_types;
};

} // namespace hyperrig::ui
