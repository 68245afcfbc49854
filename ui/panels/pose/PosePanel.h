#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/eval/BoneRotations.h"
#include "core/model/Ids.h"
#endif

#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;

namespace hyperrig::ui {

class EditorSession;
class NumberField;

// The Pose panel (dock title "Pose"): the current pose of the selected bone, which is preview
// state and not a document edit (core/eval/BoneRotations: the bone turns about its head by an
// angle in each rotation plane, XY, XZ, YZ in 3D and XY, XZ, XW, YZ, YW, ZW in 4D, in degrees).
// The same numbers the overlay's pose sliders show; editing here shows the current pose in the
// viewport. Reset Bone and Reset Pose put the bone, or every bone, back at rest. A pose becomes
// part of the document only through Pose > Apply Pose as Rest (or a captured bind pose).
class PosePanel : public QWidget {
    Q_OBJECT
public:
    explicit PosePanel(EditorSession& session, QWidget* parent = nullptr);

    static QString title();

private:
    void rebuildFields();
    void showAngles();
    void angleEdited(std::size_t plane, double degrees);
    void angleCancelled();

    EditorSession& m_session;
    core::model::NodeId m_bone;
    int m_dimension = 0;
    QLabel* m_heading;
    QWidget* m_fieldsBox;
    std::vector<NumberField*> m_angles; // by plane index
    core::eval::PlaneAngles m_runStart{};
    QPushButton* m_resetBone;
    QPushButton* m_resetPose;
};

} // namespace hyperrig::ui
