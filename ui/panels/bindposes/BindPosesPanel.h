#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/edit/ChangeSet.h"
#include "core/model/BindPose.h"
#include "core/model/Ids.h"
#endif

#include <QList>
#include <QPointer>
#include <QWidget>

#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace hyperrig::ui {

class BindPoseEntryEditor;
class BindPoseListModel;
class BindPoseSlotModel;
class CapturePoseDialog;
class EditorSession;

// The Bind Poses panel (dock title "Bind Poses"): the stored bind poses of one skeleton (the
// selected skeleton, or the skeleton of the selected bone or skinned-mesh node), each a
// skeleton-space transform per joints slot (docs/extensions/HYPERRIG_skeleton_bind_poses.md).
// - "Bind poses" table (type, entries); Add stores the rest pose as the first type not stored
//   yet, Remove removes the chosen pose, "Type" retypes it (types are unique per skeleton: a
//   taken type is refused with the reason and nothing changes).
// - Capture Current Pose (also Pose > Capture Current Pose...): a dialog asks the pose type and
//   the session's current preview pose (the Pose panel's and the overlay's bone rotations),
//   evaluated to skeleton space, is stored as that bind pose in one undo step.
// - Preview shows the chosen pose in the viewport instead of the current pose; Show as Ghost
//   draws it see-through over the shown pose (both session state, not document edits).
// - Apply as Rest (also Pose > Apply Bind Pose as Rest) makes the chosen pose the rest pose
//   (core/ops/PoseAsRest), one undo step.
// - "Joints slots" table (slot, bone) chooses the entry the position and basis fields edit
//   (BindPoseEntryEditor; a typed value is one undo step).
// Every edit is a core/edit command through EditorSession::execute; refusals show below the
// controls and go to the status bar through message().
class BindPosesPanel : public QWidget {
    Q_OBJECT
public:
    explicit BindPosesPanel(EditorSession& session, QWidget* parent = nullptr);

    static QString title();

    // The panel's commands for a menu: "Capture Current Pose..." and "Apply Bind Pose as Rest".
    QList<QAction*> menuActions() const;

    // The skeleton shown (none when the selection leads to none).
    core::model::NodeId skeleton() const { return m_skeleton; }
    // The pose chosen in the table.
    std::optional<core::model::PoseType> chosenPose() const;

signals:
    // What happened or why an edit was refused, for the status bar.
    void message(const QString& text);

private:
    void selectionChanged();
    // The skeleton the current node, else the first selected node that has one, leads to.
    core::model::NodeId skeletonOfSelection() const;
    void documentChanged(const core::edit::ChangeSet& changes);
    void showSkeleton(core::model::NodeId skeleton);
    void refresh();
    void updateControls();
    void choosePose(core::model::PoseType type);
    void chosenPoseChanged();
    void chosenSlotChanged();

    void addPose();
    void removePose();
    void typeChosen(int index);
    void openCaptureDialog();
    void capture(core::model::PoseType type);
    void previewToggled(bool on);
    void ghostToggled(bool on);
    void applyAsRest();
    void refuse(const QString& reason);
    void report(const QString& text);
    QString skeletonName() const;

    EditorSession& m_session;
    core::model::NodeId m_skeleton;
    BindPoseListModel* m_poseModel;
    BindPoseSlotModel* m_slotModel;
    QLabel* m_heading;
    QWidget* m_content;
    QTableView* m_poses;
    QPushButton* m_add;
    QPushButton* m_remove;
    QPushButton* m_capture;
    QComboBox* m_type;
    QPushButton* m_preview;
    QPushButton* m_ghost;
    QPushButton* m_applyAsRest;
    QTableView* m_slots;
    BindPoseEntryEditor* m_entry;
    QLabel* m_problem; // the last refusal, until the next edit or selection
    QAction* m_captureAction;
    QAction* m_applyAction;
    QPointer<CapturePoseDialog> m_captureDialog;
    bool m_updating = false; // refreshing the controls: their signals are not the user's
};

} // namespace hyperrig::ui
