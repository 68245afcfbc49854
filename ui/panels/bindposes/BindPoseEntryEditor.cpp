#include "ui/panels/bindposes/BindPoseEntryEditor.h"

#include "core/edit/commands/DataCommands.h"
#include "ui/panels/bindposes/PoseTypes.h"
#include "ui/session/EditorSession.h"
#include "ui/session/NodeLabel.h"
#include "ui/widgets/AxisNames.h"
#include "ui/widgets/NumberField.h"
#include "ui/widgets/NumberFieldEdits.h"

#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

namespace hyperrig::ui {
namespace {

QString capitalisedAxis(int axis) {
    QString name = axisName(axis);
    name[0] = name[0].toUpper();
    return name;
}

} // namespace

BindPoseEntryEditor::BindPoseEntryEditor(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("bindPoseEntryEditor"));
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("bindPoseEntryHeading"));
    m_heading->setWordWrap(true);
    m_positionGroup = new QGroupBox(tr("Position"), this);
    m_positionGroup->setObjectName(QStringLiteral("bindPosePositionGroup"));
    m_positionGroup->setToolTip(
        tr("Where the slot's bone has its head in this pose, in the skeleton's space"));
    new QFormLayout(m_positionGroup);
    m_basisGroup = new QGroupBox(tr("Basis"), this);
    m_basisGroup->setObjectName(QStringLiteral("bindPoseBasisGroup"));
    m_basisGroup->setToolTip(tr("The bone's rotation (and scale) in this pose: column j is where "
                                "the bone's axis j points in the skeleton's space"));
    // Tight spacing: a 4D basis is a 4x4 grid that must fit the narrow dock column.
    auto* basis = new QGridLayout(m_basisGroup);
    basis->setHorizontalSpacing(2);
    basis->setContentsMargins(4, 4, 4, 4);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_heading);
    layout->addWidget(m_positionGroup);
    layout->addWidget(m_basisGroup);
}

void BindPoseEntryEditor::buildFields(int dimension) {
    if (dimension == m_dimension)
        return;
    // Rebuilt only when a document of another dimension arrives, never from a field's signal.
    m_dimension = dimension;
    for (NumberFieldEdits* edits : m_edits)
        delete edits;
    m_edits.clear();
    for (QGroupBox* group : {m_positionGroup, m_basisGroup})
        while (group->layout()->count() > 0) {
            QLayoutItem* item = group->layout()->takeAt(0);
            delete item->widget();
            delete item;
        }
    auto* position = static_cast<QFormLayout*>(m_positionGroup->layout());
    for (int axis = 0; axis < dimension; ++axis) {
        const QString name = axisName(axis);
        auto* field = new NumberField(m_positionGroup);
        field->setObjectName(QStringLiteral("bindPosePosition") + capitalisedAxis(axis));
        field->setAccessibleName(tr("Position %1").arg(name));
        field->setToolTip(
            tr("Position along %1 in the skeleton's space, in metres, in this pose").arg(name));
        field->setUnit(tr("m"));
        auto* label = new QLabel(name, m_positionGroup);
        label->setBuddy(field);
        position->addRow(label, field);
        addField(field, true, axis);
    }
    auto* basis = static_cast<QGridLayout*>(m_basisGroup->layout());
    for (int column = 0; column < dimension; ++column)
        basis->addWidget(new QLabel(axisName(column), m_basisGroup), 0, column + 1,
                         Qt::AlignCenter);
    for (int row = 0; row < dimension; ++row) {
        basis->addWidget(new QLabel(axisName(row), m_basisGroup), row + 1, 0);
        for (int column = 0; column < dimension; ++column) {
            auto* field = new NumberField(m_basisGroup);
            field->setObjectName(
                QStringLiteral("bindPoseBasisRow%1Column%2").arg(row + 1).arg(column + 1));
            field->setAccessibleName(
                tr("Basis row %1 column %2").arg(axisName(row), axisName(column)));
            field->setToolTip(tr("Component %1 of the bone's axis %2 in the skeleton's space")
                                  .arg(axisName(row), axisName(column)));
            field->setLimits(-1e3, 1e3);
            field->setButtonSymbols(QAbstractSpinBox::NoButtons);
            basis->addWidget(field, row + 1, column + 1);
            addField(field, false, column * dimension + row); // column-major, as stored
        }
    }
}

void BindPoseEntryEditor::addField(NumberField* field, bool position, int index) {
    const auto component = static_cast<std::size_t>(index);
    auto* edits = new NumberFieldEdits(
        m_session, *field, "Set Bind Pose Entry",
        [this] {
            return entry() ? std::vector<core::model::NodeId>{m_skeleton}
                           : std::vector<core::model::NodeId>{};
        },
        [this, position, component](core::model::NodeId) -> std::optional<double> {
            const core::model::JointPose* shown = entry();
            const std::vector<double>* values =
                shown ? (position ? &shown->position : &shown->basis) : nullptr;
            if (!values || component >= values->size())
                return std::nullopt;
            return (*values)[component];
        },
        [this, position, component](core::model::NodeId skeleton, double value) {
            // Only the numbers: a null extra keeps the entry's unknown properties.
            core::model::JointPose next;
            if (const core::model::JointPose* shown = entry()) {
                next.position = shown->position;
                next.basis = shown->basis;
            }
            std::vector<double>& values = position ? next.position : next.basis;
            if (component < values.size())
                values[component] = value;
            return core::edit::setBindPoseEntry(skeleton, *m_type, static_cast<std::size_t>(m_slot),
                                                std::move(next));
        },
        this);
    connect(edits, &NumberFieldEdits::refused, this, &BindPoseEntryEditor::refused);
    m_edits.push_back(edits);
}

const core::model::JointPose* BindPoseEntryEditor::entry() const {
    if (!m_type || m_slot < 0 || !m_session.hasDocument())
        return nullptr;
    const core::model::Node* node = m_session.document().nodes.find(m_skeleton);
    if (!node || !node->skeleton())
        return nullptr;
    for (const core::model::BindPose& pose : node->skeleton()->bindPoses)
        if (pose.type == *m_type)
            return static_cast<std::size_t>(m_slot) < pose.joints.size()
                       ? &pose.joints[static_cast<std::size_t>(m_slot)]
                       : nullptr;
    return nullptr;
}

void BindPoseEntryEditor::showEntry(core::model::NodeId skeleton,
                                    std::optional<core::model::PoseType> type, int slot) {
    // The same entry again (the document changed under it, maybe by a typed run in one of the
    // fields): only the numbers are read again, the run goes on.
    if (skeleton != m_skeleton || type != m_type || slot != m_slot)
        finishEdit();
    m_skeleton = skeleton;
    m_type = type;
    m_slot = slot;
    refresh();
}

void BindPoseEntryEditor::finishEdit() {
    for (NumberFieldEdits* edits : m_edits)
        edits->finishEdit();
}

void BindPoseEntryEditor::refresh() {
    buildFields(m_session.hasDocument() ? m_session.document().dimension() : 0);
    const core::model::JointPose* shown = entry();
    if (!shown) {
        m_heading->setText(m_type ? tr("Choose a joints slot to edit its entry.")
                                  : tr("Choose a bind pose to edit its entries."));
    } else {
        const auto& joints = m_session.document().node(m_skeleton).skeleton()->joints;
        const core::model::JointSlot& joint = joints[static_cast<std::size_t>(m_slot)];
        const core::model::Node* bone = joint ? m_session.document().nodes.find(*joint) : nullptr;
        m_heading->setText(tr("Slot %1 (%2) in the %3 pose")
                               .arg(m_slot)
                               .arg(bone ? nodeLabel(m_session.document(), *joint) : tr("no bone"))
                               .arg(poseTypeLabel(*m_type)));
    }
    for (NumberFieldEdits* edits : m_edits)
        edits->showValue();
}

} // namespace hyperrig::ui
