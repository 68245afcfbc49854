#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/BindPose.h"
#endif

#include <QDialog>

#include <set>

class QComboBox;
class QDialogButtonBox;
class QLabel;

namespace hyperrig::ui {

// "Capture Current Pose": asks which bind pose type the captured pose becomes. A "Pose type"
// combo (TPose, APose, IPose, Custom) and OK/Cancel; OK with a type the skeleton already stores
// is refused with the reason shown in the dialog, which stays open (each type is unique per
// skeleton). It opens window-modal without a nested event loop (open(), not exec()): the caller
// acts on accepted().
class CapturePoseDialog : public QDialog {
    Q_OBJECT
public:
    CapturePoseDialog(const QString& skeletonName, std::set<core::model::PoseType> stored,
                      QWidget* parent = nullptr);

    core::model::PoseType poseType() const;
    void setPoseType(core::model::PoseType type);

    void accept() override;

private:
    void typeChosen();

    std::set<core::model::PoseType> m_stored;
    QString m_skeletonName;
    QComboBox* m_type;
    QLabel* m_message;
    QDialogButtonBox* m_buttons;
};

} // namespace hyperrig::ui
