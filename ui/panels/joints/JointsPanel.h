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
class QLabel;
class QPushButton;

namespace hyperrig::ui {

class EditorSession;
class JointsModel;
class RowMoveTableView;

// The Joints panel (dock title "Joints"): the joints slots of the selected skeleton (or of the
// selected bone's or skinned mesh's skeleton) as an ordered table (JointsModel), with each
// slot's validator message inline. Every edit is one undo step through the joints commands:
// - "Bone" sets the selected slots' bone (or none);
// - "Add Slot" appends a slot for the current bone (none when no bone of this skeleton is
//   current), with its entry in every bind pose where that pose puts the bone;
// - "Remove Slot", "Move Up", "Move Down" (Ctrl+Up/Down in the table);
// - dragging rows to another place in the table: the dragged slots, in their order, go where
//   they are dropped, as one step (one moveJoint per slot that must move, the same command and
//   refusals as the buttons); the moved slots stay selected. Several rows, even with gaps
//   between them, move as one block, as a list view moves them; a drop where they already are
//   changes nothing;
// - "Make Stiff": one bone over consecutive slots (g4mf-skeleton.md's stiff tail): every
//   selected slot takes the first one's bone and, in every bind pose, its entry;
// - "Generate from Hierarchy": every bone once, in document order (parents first).
class JointsPanel : public QWidget {
    Q_OBJECT
public:
    explicit JointsPanel(EditorSession& session, QWidget* parent = nullptr);

    static QString title();

signals:
    // A refused edit's reason, for the status bar.
    void message(const QString& text);

private:
    void followSelection();
    void documentChanged(const core::edit::ChangeSet& changes);
    void refresh();
    void rowSelectionChanged();
    std::vector<int> selectedSlots() const; // ascending
    void selectSlots(int first, int last);
    void selectSlots(const std::vector<int>& rows); // exactly those; the first is current
    void boneChosen(int index);
    void addSlot();
    void removeSlots();
    void moveSlot(int offset);
    void moveSlots(const QList<int>& rows, int destination);
    void makeStiff();
    void generateFromHierarchy();
    bool run(std::unique_ptr<core::edit::Command> command);
    void refuse(const QString& reason);
    bool eventFilter(QObject* watched, QEvent* event) override;

    EditorSession& m_session;
    core::model::NodeId m_skeleton;
    JointsModel* m_model;
    QLabel* m_heading;
    RowMoveTableView* m_table;
    QComboBox* m_bone;
    QPushButton* m_add;
    QPushButton* m_remove;
    QPushButton* m_up;
    QPushButton* m_down;
    QPushButton* m_stiff;
    QPushButton* m_generate;
    QLabel* m_slotProblem; // the current slot's validator message
    QLabel* m_refusal;     // the last refused edit, until the next edit or selection
    std::vector<core::model::NodeId> m_boneChoices; // parallel to m_bone's items after "none"
};

} // namespace hyperrig::ui
