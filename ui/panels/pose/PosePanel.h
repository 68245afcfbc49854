#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/eval/BonePoses.h"
#include "core/model/Ids.h"
#endif

#include <QList>
#include <QWidget>

#include <vector>

class QAction;
class QGroupBox;
class QMenu;
class QLabel;
class QPushButton;

namespace hyperrig::ui {

class AnimationTimeline;
class EditorSession;
class NumberField;
class PoseFiles;

// The Pose panel (dock title "Pose"): the current pose of the selected bone, which is preview
// state and not a document edit (core/eval/BonePoses.h: L_posed = L_rest ∘ T(t) ∘ R).
// - Rotation: the bone's turn about its head in each rotation plane, XY, XZ, YZ in 3D and XY,
//   XZ, XW, YZ, YW, ZW in 4D, in degrees; the numbers the overlay's pose sliders show.
// - Translation: t per axis in metres, along the bone's own rest axes (0 at rest).
// Editing here shows the current pose in the viewport; Escape while editing puts the bone back
// as it was. Reset Bone and Reset Pose put the bone, or every bone, back at rest. Load Pose...
// and Save Pose... (also in the Pose menu) read and write POSE.json files (PoseFiles); their
// refusals show below the buttons and go to the status bar through message(). A pose becomes
// part of the document only through Pose > Apply Pose as Rest (or a captured bind pose).
// Below, the Timeline plays the document's kept UsdSkel animations (AnimationTimeline).
class PosePanel : public QWidget {
    Q_OBJECT
public:
    explicit PosePanel(EditorSession& session, QWidget* parent = nullptr);

    static QString title();

    // "Load Pose..." and "Save Pose..." for the Pose menu.
    QList<QAction*> menuActions() const;
    // Pose > Play Animation and Pose > Show Animation (the timeline's).
    QAction* playAnimationAction() const;
    QMenu* showAnimationMenu() const;
    // What the two actions do once a file is chosen, without a dialog: "" or the reason.
    QString loadPoseFile(const QString& path);
    QString savePoseFile(const QString& path);

signals:
    // What was loaded or saved, or why not, for the status bar.
    void message(const QString& text);

private:
    void rebuildFields();
    void showBonePose();
    core::eval::BonePose currentBonePose() const;
    void beginRun();
    void angleEdited(std::size_t plane, double degrees);
    void translationEdited(std::size_t axis, double metres);
    void runCancelled();
    NumberField* makeField(QWidget* parent, const QString& objectName,
                           const QString& accessibleName, const QString& toolTip);
    void refuse(const QString& reason);
    void report(const QString& text);

    EditorSession& m_session;
    core::model::NodeId m_bone;
    int m_dimension = 0;
    QLabel* m_heading;
    QGroupBox* m_rotationGroup;
    QGroupBox* m_translationGroup;
    std::vector<NumberField*> m_angles;       // by plane index
    std::vector<NumberField*> m_translations; // by axis
    bool m_endingEdits = false;               // the fields' edits are being ended for another bone
    core::eval::BonePose m_runStart;
    bool m_runStartPosed = false; // the bone had an entry of its own when the run began
    QPushButton* m_resetBone;
    QPushButton* m_resetPose;
    QPushButton* m_load;
    QPushButton* m_save;
    QLabel* m_problem; // the last refused load or save, until the next success
    PoseFiles* m_files;
    AnimationTimeline* m_timeline;
};

} // namespace hyperrig::ui
