#include "ui/panels/bindposes/CapturePoseDialog.h"

#include "ui/panels/bindposes/PoseTypes.h"
#include "ui/widgets/PanelWidgets.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace hyperrig::ui {

CapturePoseDialog::CapturePoseDialog(const QString& skeletonName,
                                     std::set<core::model::PoseType> stored, QWidget* parent)
    : QDialog(parent), m_stored(std::move(stored)), m_skeletonName(skeletonName) {
    setObjectName(QStringLiteral("capturePoseDialog"));
    setWindowTitle(tr("Capture Current Pose"));
    setAccessibleName(windowTitle());
    auto* intro = new QLabel(tr("Store the current pose of %1 as a bind pose: every joints "
                                "slot gets where its bone sits now, in the skeleton's space.")
                                 .arg(skeletonName),
                             this);
    intro->setObjectName(QStringLiteral("capturePoseIntro"));
    intro->setWordWrap(true);
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("capturePoseType"));
    m_type->setAccessibleName(tr("Pose type"));
    m_type->setToolTip(tr("The type the captured pose is stored as; a skeleton has at most one "
                          "pose of each type"));
    for (core::model::PoseType type : kPoseTypes)
        m_type->addItem(poseTypeLabel(type), static_cast<int>(type));
    auto* typeLabel = new QLabel(tr("Pose type"), this);
    typeLabel->setBuddy(m_type);
    m_message = makeProblemLabel("capturePoseMessage", this);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->setObjectName(QStringLiteral("capturePoseButtons"));
    QPushButton* ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setObjectName(QStringLiteral("capturePoseOk"));
    ok->setAccessibleName(ok->text().remove(QLatin1Char('&')));
    ok->setToolTip(tr("Store the current pose as a bind pose of the chosen type"));
    QPushButton* cancel = m_buttons->button(QDialogButtonBox::Cancel);
    cancel->setObjectName(QStringLiteral("capturePoseCancel"));
    cancel->setAccessibleName(cancel->text().remove(QLatin1Char('&')));
    cancel->setToolTip(tr("Close without storing anything"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &CapturePoseDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &CapturePoseDialog::reject);
    connect(m_type, &QComboBox::currentIndexChanged, this, &CapturePoseDialog::typeChosen);

    auto* form = new QFormLayout;
    form->addRow(typeLabel, m_type);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    // Start on the first type not stored yet.
    for (core::model::PoseType type : kPoseTypes)
        if (!m_stored.count(type)) {
            setPoseType(type);
            break;
        }
}

core::model::PoseType CapturePoseDialog::poseType() const {
    return static_cast<core::model::PoseType>(m_type->currentData().toInt());
}

void CapturePoseDialog::setPoseType(core::model::PoseType type) {
    m_type->setCurrentIndex(m_type->findData(static_cast<int>(type)));
}

void CapturePoseDialog::typeChosen() {
    m_message->hide();
}

void CapturePoseDialog::accept() {
    if (m_stored.count(poseType())) {
        m_message->setText(
            tr("%1 already has a %2 bind pose: choose another type, or remove or retype that "
               "pose in the Bind Poses panel first.")
                .arg(m_skeletonName, poseTypeLabel(poseType())));
        m_message->setAccessibleDescription(m_message->text());
        m_message->show();
        return;
    }
    QDialog::accept();
}

} // namespace hyperrig::ui
