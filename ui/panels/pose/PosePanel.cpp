#include "ui/panels/pose/PosePanel.h"

#include "core/model/ItemLabels.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace hyperrig::ui {

PosePanel::PosePanel(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("posePanel"));
    setAccessibleName(title());
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("poseHeading"));
    m_heading->setWordWrap(true);
    m_fieldsBox = new QWidget(this);
    new QFormLayout(m_fieldsBox);
    m_resetBone = new QPushButton(tr("Reset Bone"), this);
    m_resetBone->setObjectName(QStringLiteral("poseResetBone"));
    m_resetBone->setToolTip(tr("Put the selected bone back at rest in the current pose"));
    m_resetPose = new QPushButton(tr("Reset Pose"), this);
    m_resetPose->setObjectName(QStringLiteral("poseResetPose"));
    m_resetPose->setToolTip(tr("Put every bone back at rest in the current pose"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_resetBone);
    buttons->addWidget(m_resetPose);
    buttons->addStretch(1);
    auto* note = new QLabel(tr("The pose is a preview: Pose > Apply Pose as Rest makes it part of "
                               "the document."),
                            this);
    note->setObjectName(QStringLiteral("poseNote"));
    note->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_fieldsBox);
    layout->addLayout(buttons);
    layout->addWidget(note);
    layout->addStretch(1);

    connect(m_resetBone, &QPushButton::clicked, this, [this] {
        if (m_bone)
            m_session.resetBoneRotation(m_bone);
    });
    connect(m_resetPose, &QPushButton::clicked, this, [this] { m_session.resetPose(); });
    connect(&m_session, &EditorSession::documentReplaced, this, &PosePanel::rebuildFields);
    connect(&m_session, &EditorSession::selectionChanged, this, &PosePanel::showAngles);
    connect(&m_session, &EditorSession::poseChanged, this, &PosePanel::showAngles);
    connect(&m_session, &EditorSession::changed, this, &PosePanel::showAngles);
    rebuildFields();
}

QString PosePanel::title() {
    return tr("Pose");
}

void PosePanel::rebuildFields() {
    const int dimension = m_session.hasDocument() ? m_session.document().dimension() : 0;
    if (dimension != m_dimension) {
        m_dimension = dimension;
        for (NumberField* field : m_angles)
            delete field;
        m_angles.clear();
        auto* form = static_cast<QFormLayout*>(m_fieldsBox->layout());
        while (form->rowCount() > 0)
            form->removeRow(0);
        // Rotor planes exist up to 4D (planeRotation); higher dimensions show no fields.
        const auto planes = dimension <= 4 ? core::eval::rotationPlanes(dimension)
                                           : decltype(core::eval::rotationPlanes(0)){};
        for (std::size_t index = 0; index < planes.size(); ++index) {
            const QString plane = QString::fromStdString(core::eval::planeName(planes[index]));
            auto* field = new NumberField(m_fieldsBox);
            field->setObjectName(QStringLiteral("poseAngle%1").arg(plane));
            field->setAccessibleName(plane);
            field->setUnit(QStringLiteral("°"));
            field->setLimits(-360.0, 360.0);
            field->setSingleStep(1.0);
            field->setToolTip(
                tr("The bone's turn in the %1 plane, in degrees, about its head").arg(plane));
            connect(field, &NumberField::editingStarted, this, [this] {
                m_runStart = m_session.boneRotations().count(m_bone)
                                 ? m_session.boneRotations().at(m_bone)
                                 : core::eval::PlaneAngles{};
            });
            connect(field, &NumberField::valueEdited, this,
                    [this, index](double degrees) { angleEdited(index, degrees); });
            connect(field, &NumberField::editingCancelled, this, &PosePanel::angleCancelled);
            auto* label = new QLabel(plane, m_fieldsBox);
            label->setBuddy(field);
            form->addRow(label, field);
            m_angles.push_back(field);
        }
    }
    showAngles();
}

void PosePanel::showAngles() {
    m_bone = {};
    if (m_session.hasDocument()) {
        const core::model::Node* node = m_session.document().nodes.find(m_session.currentNode());
        if (node && node->isBone())
            m_bone = node->id;
    }
    const bool posable = m_bone && m_session.rig() && !m_angles.empty();
    m_heading->setText(!m_session.hasDocument() ? tr("No document")
                       : !m_bone                ? tr("Select a bone to pose it.")
                       : m_angles.empty()
                           ? tr("Posing by plane angles covers 2D to 4D rigs.")
                           : tr("Bone %1 in the current pose")
                                 .arg(QString::fromStdString(
                                     core::model::describeNode(m_session.document(), m_bone))));
    const auto found = m_session.boneRotations().find(m_bone);
    for (std::size_t index = 0; index < m_angles.size(); ++index) {
        m_angles[index]->setEnabled(posable);
        m_angles[index]->setDisplayedValue(
            found != m_session.boneRotations().end() ? found->second[index] : 0.0);
    }
    m_resetBone->setEnabled(posable && found != m_session.boneRotations().end());
    m_resetPose->setEnabled(!m_session.boneRotations().empty());
}

void PosePanel::angleEdited(std::size_t plane, double degrees) {
    if (!m_bone)
        return;
    const auto found = m_session.boneRotations().find(m_bone);
    core::eval::PlaneAngles angles =
        found != m_session.boneRotations().end() ? found->second : core::eval::PlaneAngles{};
    angles[plane] = degrees;
    m_session.setBoneRotation(m_bone, angles);
}

void PosePanel::angleCancelled() {
    if (m_bone)
        m_session.setBoneRotation(m_bone, m_runStart);
}

} // namespace hyperrig::ui
