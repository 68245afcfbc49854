#include "ui/panels/pose/PosePanel.h"

#include "core/model/ItemLabels.h"
#include "ui/panels/pose/AnimationTimeline.h"
#include "ui/panels/pose/PoseFiles.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/AxisNames.h"
#include "ui/widgets/NumberField.h"
#include "ui/widgets/PanelWidgets.h"

#include <QAction>
#include <QFormLayout>
#include <QGroupBox>
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
    m_rotationGroup = new QGroupBox(tr("Rotation"), this);
    m_rotationGroup->setObjectName(QStringLiteral("poseRotationGroup"));
    m_rotationGroup->setToolTip(tr("The bone's turn about its head in each rotation plane, in "
                                   "degrees, applied in the order shown"));
    new QFormLayout(m_rotationGroup);
    m_translationGroup = new QGroupBox(tr("Translation"), this);
    m_translationGroup->setObjectName(QStringLiteral("poseTranslationGroup"));
    m_translationGroup->setToolTip(
        tr("How far the bone's head moves along the bone's own rest axes, in metres"));
    new QFormLayout(m_translationGroup);
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
    m_files = new PoseFiles(m_session, *this, this);
    m_load = makeToolButton(m_files->loadAction()->text(), "poseLoad",
                            m_files->loadAction()->toolTip(), this);
    m_save = makeToolButton(m_files->saveAction()->text(), "poseSave",
                            m_files->saveAction()->toolTip(), this);
    auto* fileButtons = new QHBoxLayout;
    fileButtons->addWidget(m_load);
    fileButtons->addWidget(m_save);
    fileButtons->addStretch(1);
    m_problem = makeProblemLabel("poseProblem", this);
    auto* note = new QLabel(tr("The pose is a preview: Pose > Apply Pose as Rest makes it part of "
                               "the document."),
                            this);
    note->setObjectName(QStringLiteral("poseNote"));
    note->setWordWrap(true);
    m_timeline = new AnimationTimeline(m_session, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_rotationGroup);
    layout->addWidget(m_translationGroup);
    layout->addLayout(buttons);
    layout->addLayout(fileButtons);
    layout->addWidget(m_problem);
    layout->addWidget(note);
    layout->addWidget(m_timeline);
    layout->addStretch(1);

    connect(m_resetBone, &QPushButton::clicked, this, [this] {
        if (m_bone)
            m_session.resetBonePose(m_bone);
    });
    connect(m_resetPose, &QPushButton::clicked, this, [this] { m_session.resetPose(); });
    // The buttons trigger the menu's actions, whose file choosers open once the press is over.
    connect(m_load, &QPushButton::clicked, m_files->loadAction(), &QAction::trigger);
    connect(m_save, &QPushButton::clicked, m_files->saveAction(), &QAction::trigger);
    for (auto [action, button] :
         {std::pair{m_files->loadAction(), m_load}, std::pair{m_files->saveAction(), m_save}})
        connect(action, &QAction::changed, button,
                [action, button] { button->setEnabled(action->isEnabled()); });
    m_load->setEnabled(m_files->loadAction()->isEnabled());
    m_save->setEnabled(m_files->saveAction()->isEnabled());
    connect(m_files, &PoseFiles::succeeded, this, &PosePanel::report);
    connect(m_files, &PoseFiles::failed, this, &PosePanel::refuse);
    connect(&m_session, &EditorSession::documentReplaced, this, [this] {
        m_problem->hide();
        rebuildFields();
    });
    connect(&m_session, &EditorSession::selectionChanged, this, &PosePanel::showBonePose);
    connect(&m_session, &EditorSession::poseChanged, this, &PosePanel::showBonePose);
    connect(&m_session, &EditorSession::changed, this, &PosePanel::showBonePose);
    rebuildFields();
}

QString PosePanel::title() {
    return tr("Pose");
}

QList<QAction*> PosePanel::menuActions() const {
    return {m_files->loadAction(), m_files->saveAction()};
}

QAction* PosePanel::playAnimationAction() const {
    return m_timeline->playAction();
}

QMenu* PosePanel::showAnimationMenu() const {
    return m_timeline->showMenu();
}

QString PosePanel::loadPoseFile(const QString& path) {
    return m_files->loadFrom(path);
}

QString PosePanel::savePoseFile(const QString& path) {
    return m_files->saveTo(path);
}

NumberField* PosePanel::makeField(QWidget* parent, const QString& objectName,
                                  const QString& accessibleName, const QString& toolTip) {
    auto* field = new NumberField(parent);
    field->setObjectName(objectName);
    field->setAccessibleName(accessibleName);
    field->setToolTip(toolTip);
    connect(field, &NumberField::editingStarted, this, &PosePanel::beginRun);
    connect(field, &NumberField::editingCancelled, this, &PosePanel::runCancelled);
    return field;
}

void PosePanel::rebuildFields() {
    const int dimension = m_session.hasDocument() ? m_session.document().dimension() : 0;
    if (dimension != m_dimension) {
        m_dimension = dimension;
        for (std::vector<NumberField*>* fields : {&m_angles, &m_translations}) {
            for (NumberField* field : *fields)
                delete field;
            fields->clear();
        }
        for (QGroupBox* group : {m_rotationGroup, m_translationGroup}) {
            auto* form = static_cast<QFormLayout*>(group->layout());
            while (form->rowCount() > 0)
                form->removeRow(0);
        }
        // Rotor planes exist up to 4D (planeRotation); higher dimensions show no fields.
        const bool posable = dimension <= static_cast<int>(core::eval::kMaxPoseAxes);
        const auto planes = posable ? core::eval::rotationPlanes(dimension)
                                    : decltype(core::eval::rotationPlanes(0)){};
        auto* rotation = static_cast<QFormLayout*>(m_rotationGroup->layout());
        for (std::size_t index = 0; index < planes.size(); ++index) {
            const QString plane = QString::fromStdString(core::eval::planeName(planes[index]));
            NumberField* field = makeField(
                m_rotationGroup, QStringLiteral("poseAngle%1").arg(plane), plane,
                tr("The bone's turn in the %1 plane, in degrees, about its head").arg(plane));
            field->setUnit(QStringLiteral("°"));
            field->setLimits(-360.0, 360.0);
            field->setSingleStep(1.0);
            connect(field, &NumberField::valueEdited, this,
                    [this, index](double degrees) { angleEdited(index, degrees); });
            auto* label = new QLabel(plane, m_rotationGroup);
            label->setBuddy(field);
            rotation->addRow(label, field);
            m_angles.push_back(field);
        }
        auto* translation = static_cast<QFormLayout*>(m_translationGroup->layout());
        for (int axis = 0; posable && axis < dimension; ++axis) {
            const QString name = axisName(axis);
            NumberField* field = makeField(
                m_translationGroup, QStringLiteral("poseTranslation%1").arg(name.toUpper()),
                tr("Translation %1").arg(name),
                tr("How far the bone's head moves along its own rest %1 axis, in metres")
                    .arg(name));
            field->setUnit(tr("m"));
            field->setLimits(-1e4, 1e4);
            field->setSingleStep(0.01);
            const auto index = static_cast<std::size_t>(axis);
            connect(field, &NumberField::valueEdited, this,
                    [this, index](double metres) { translationEdited(index, metres); });
            auto* label = new QLabel(name, m_translationGroup);
            label->setBuddy(field);
            translation->addRow(label, field);
            m_translations.push_back(field);
        }
    }
    showBonePose();
}

core::eval::BonePose PosePanel::currentBonePose() const {
    const auto found = m_session.bonePoses().find(m_bone);
    return found != m_session.bonePoses().end() ? found->second : core::eval::BonePose{};
}

void PosePanel::showBonePose() {
    if (m_endingEdits)
        return; // a typed value being committed to the last bone: shown once that is done
    core::model::NodeId bone;
    if (m_session.hasDocument()) {
        const core::model::Node* node = m_session.document().nodes.find(m_session.currentNode());
        if (node && node->isBone())
            bone = node->id;
    }
    if (bone != m_bone) {
        // A typed angle or a hold belongs to the bone it began on: end it there (the typed text
        // is committed to that bone) before the fields show another bone, so neither further
        // typing nor Escape reaches the new one (as the Inspector does).
        m_endingEdits = true;
        for (const std::vector<NumberField*>* fields : {&m_angles, &m_translations})
            for (NumberField* field : *fields)
                field->finishEditing();
        m_endingEdits = false;
    }
    m_bone = bone;
    const bool posable = m_bone && m_session.rig() && !m_angles.empty();
    m_heading->setText(!m_session.hasDocument() ? tr("No document")
                       : !m_bone                ? tr("Select a bone to pose it.")
                       : m_angles.empty()
                           ? tr("Posing by plane angles covers 2D to 4D rigs.")
                           : tr("Bone %1 in the current pose")
                                 .arg(QString::fromStdString(
                                     core::model::describeNode(m_session.document(), m_bone))));
    const core::eval::BonePose shown = currentBonePose();
    for (std::size_t index = 0; index < m_angles.size(); ++index) {
        m_angles[index]->setEnabled(posable);
        m_angles[index]->setDisplayedValue(shown.degrees[index]);
    }
    for (std::size_t axis = 0; axis < m_translations.size(); ++axis) {
        m_translations[axis]->setEnabled(posable);
        m_translations[axis]->setDisplayedValue(shown.translation[axis]);
    }
    m_resetBone->setEnabled(posable && m_session.bonePoses().count(m_bone) > 0);
    m_resetPose->setEnabled(!m_session.bonePoses().empty());
}

void PosePanel::beginRun() {
    m_runStart = currentBonePose();
    m_runStartPosed = m_session.bonePoses().contains(m_bone);
}

void PosePanel::angleEdited(std::size_t plane, double degrees) {
    if (!m_bone)
        return;
    core::eval::PlaneAngles angles = currentBonePose().degrees;
    angles[plane] = degrees;
    m_session.setBoneRotation(m_bone, angles);
}

void PosePanel::translationEdited(std::size_t axis, double metres) {
    if (!m_bone)
        return;
    core::eval::PoseTranslation translation = currentBonePose().translation;
    translation[axis] = metres;
    m_session.setBoneTranslation(m_bone, translation);
}

void PosePanel::runCancelled() {
    if (!m_bone)
        return;
    // Back to no entry at all when the bone had none: an explicit rest entry would count as
    // posed (Reset Bone enabled, one more bone in a saved pose).
    if (m_runStartPosed)
        m_session.setBonePose(m_bone, m_runStart);
    else
        m_session.resetBonePose(m_bone);
}

void PosePanel::refuse(const QString& reason) {
    m_problem->setText(reason);
    m_problem->setAccessibleDescription(reason);
    m_problem->show();
    emit message(reason);
}

void PosePanel::report(const QString& text) {
    m_problem->hide();
    emit message(text);
}

} // namespace hyperrig::ui
