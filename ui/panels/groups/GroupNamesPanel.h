#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/edit/ChangeSet.h"
#include "core/edit/Command.h"
#include "core/model/Ids.h"
#endif

#include <QList>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace hyperrig::ui {

class EditorSession;
class GroupNamesModel;
class RowMoveTableView;

// The Group Names panel (dock title "Group Names"): the skin groups of one skinned mesh of the
// selected skeleton (the "Mesh" combo; by default the selected mesh node, else the skeleton's
// first skinned mesh) as a table (GroupNamesModel), with the skin tools of core/ops/influence.
// Every edit is one undo step: a rename in the Name column, Move Up / Move Down or dragging a
// row to another place (renumbering: the joints stay, so the Bone column shows the group's new
// driver; a dragged group becomes the current one and the heat-map's), "Infer Names from Joints",
// "Remove Unused", "Normalize", "Limit Influences" (to "Max influences") and "Prune Below" (a
// "Threshold"). Each tool's label says beforehand how many vertices (or groups) it would change,
// from the tool's own plan; a tool that would change nothing is disabled. The current group is
// offered to the viewport's weight heat-map (heatMapGroupRequested).
class GroupNamesPanel : public QWidget {
    Q_OBJECT
public:
    explicit GroupNamesPanel(EditorSession& session, QWidget* parent = nullptr);

    static QString title();

signals:
    void message(const QString& text);
    // The user chose group `name` of the shown mesh: show its weights.
    void heatMapGroupRequested(const QString& name);

private:
    void followSelection();
    void documentChanged(const core::edit::ChangeSet& changes);
    void meshChosen(int index);
    void refresh();
    void refreshPreviews();
    void currentGroupChanged();
    void updateMoveButtons();
    void setCurrentGroup(int row); // programmatic: no heat-map request
    bool rename(std::size_t group, const std::string& name);
    void moveGroup(int offset);
    void moveDraggedGroups(const QList<int>& rows, int destination);
    bool run(std::unique_ptr<core::edit::Command> command, int selectRow = -1);
    void refuse(const QString& reason);
    core::model::MeshId shownMesh() const;

    EditorSession& m_session;
    core::model::NodeId m_skeleton;
    std::vector<core::model::NodeId> m_meshNodes; // parallel to m_mesh's items
    core::model::NodeId m_meshNode;               // the shown one
    GroupNamesModel* m_model;
    QLabel* m_heading;
    QComboBox* m_mesh;
    RowMoveTableView* m_table;
    QPushButton* m_up;
    QPushButton* m_down;
    QPushButton* m_infer;
    QPushButton* m_removeUnused;
    QPushButton* m_normalize;
    QSpinBox* m_maxInfluences;
    QPushButton* m_limit;
    QDoubleSpinBox* m_threshold;
    QPushButton* m_prune;
    QLabel* m_inferPreview;
    QLabel* m_removeUnusedPreview;
    QLabel* m_normalizePreview;
    QLabel* m_limitPreview;
    QLabel* m_prunePreview;
    QLabel* m_refusal;
    bool m_settingCurrent = false;
};

} // namespace hyperrig::ui
