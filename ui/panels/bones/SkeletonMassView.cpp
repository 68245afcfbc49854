#include "ui/panels/bones/SkeletonMassView.h"

#include "core/model/ItemLabels.h"
#include "core/ops/BoneMasses.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"
#include "ui/widgets/PanelWidgets.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>

namespace hyperrig::ui {
namespace {

QLabel* valueLabel(const char* objectName, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(QString::fromLatin1(objectName));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString kilograms(double mass) {
    return QStringLiteral("%1 kg").arg(QString::number(mass, 'g', 7));
}

} // namespace

SkeletonMassView::SkeletonMassView(EditorSession& session, QWidget* parent)
    : QGroupBox(tr("Skeleton Mass"), parent), m_session(session) {
    setObjectName(QStringLiteral("skeletonMassGroup"));
    m_definedTotal = valueLabel("skeletonDefinedMass", this);
    m_withoutMass = valueLabel("skeletonBonesWithoutMass", this);
    m_withoutMass->setWordWrap(true);
    m_shapeOnly = valueLabel("skeletonShapeOnlyBones", this);
    m_bodyMass = valueLabel("skeletonBodyMass", this);
    m_total = new NumberField(this);
    m_total->setObjectName(QStringLiteral("skeletonTotalMass"));
    m_total->setAccessibleName(tr("Total mass"));
    m_total->setUnit(tr("kg"));
    m_total->setLimits(0.0, 1e6);
    m_total->setToolTip(tr("The mass to share among the bones by the volume of their shapes"));
    m_targets = new QComboBox(this);
    takeWheelOnlyWhenFocused(*m_targets);
    m_targets->setObjectName(QStringLiteral("skeletonMassTargets"));
    m_targets->setAccessibleName(tr("Distribute to"));
    m_targets->addItem(tr("Bones without mass"),
                       static_cast<int>(core::ops::MassTargets::WithoutMass));
    m_targets->addItem(tr("All bones"), static_cast<int>(core::ops::MassTargets::AllBones));
    m_targets->setToolTip(tr("Bones without mass share what the total leaves after the defined "
                             "masses; all bones share the whole total. Shape-only bones keep 0 "
                             "and lend their volume to their first ancestor bone with a mass."));
    m_distribute = new QPushButton(tr("Distribute Total Mass"), this);
    m_distribute->setObjectName(QStringLiteral("skeletonDistributeMass"));
    m_distribute->setToolTip(tr("Give the bones masses proportional to their shapes' volumes "
                                "(one undo step)"));

    auto* form = new QFormLayout(this);
    const auto row = [&](const QString& text, QWidget* field) {
        auto* label = new QLabel(text, this);
        label->setBuddy(field);
        form->addRow(label, field);
    };
    row(tr("Defined masses"), m_definedTotal);
    row(tr("Bones without mass"), m_withoutMass);
    row(tr("Shape-only bones"), m_shapeOnly);
    row(tr("Physics body mass"), m_bodyMass);
    row(tr("Total mass"), m_total);
    row(tr("Distribute to"), m_targets);
    form->addRow(m_distribute);
    connect(m_distribute, &QPushButton::clicked, this, &SkeletonMassView::distribute);
    hide();
}

void SkeletonMassView::showSkeleton(core::model::NodeId skeleton) {
    m_skeleton = skeleton;
    if (!skeleton || !m_session.hasDocument()) {
        hide();
        return;
    }
    const core::model::Document& document = m_session.document();
    const core::ops::MassSummary summary = core::ops::summarizeMasses(document, skeleton);
    m_definedTotal->setText(
        tr("%1 over %n bone(s)", nullptr,
           static_cast<int>(summary.bones - summary.withoutMass.size() - summary.shapeOnly))
            .arg(kilograms(summary.definedTotal)));
    QStringList names;
    for (core::model::NodeId bone : summary.withoutMass)
        names << QString::fromStdString(core::model::describeNode(document, bone));
    m_withoutMass->setText(names.isEmpty() ? tr("none")
                                           : tr("%n: ", nullptr, static_cast<int>(names.size())) +
                                                 names.join(QStringLiteral(", ")));
    m_shapeOnly->setText(QString::number(summary.shapeOnly));
    m_bodyMass->setText(summary.bodyMass ? kilograms(*summary.bodyMass)
                                         : tr("no physics body above the skeleton"));
    if (!m_total->isEditing())
        m_total->setDisplayedValue(summary.bodyMass.value_or(summary.definedTotal));
    show();
}

void SkeletonMassView::distribute() {
    if (!m_skeleton || !m_session.hasDocument())
        return;
    const auto targets = static_cast<core::ops::MassTargets>(m_targets->currentData().toInt());
    auto command = core::ops::distributeMassCommand(m_session.document(), m_skeleton,
                                                    m_total->value(), targets);
    auto done =
        command ? m_session.execute(std::move(*command)) : core::Result<void>(command.error());
    if (!done) {
        emit message(tr("Cannot distribute the mass: %1")
                         .arg(QString::fromStdString(done.error().message())));
        return;
    }
    emit message(tr("Distributed %1 by shape volume").arg(kilograms(m_total->value())));
}

} // namespace hyperrig::ui
