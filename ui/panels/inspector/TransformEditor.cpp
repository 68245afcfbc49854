#include "ui/panels/inspector/TransformEditor.h"

#include "core/edit/CommandBatch.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/edit/commands/NodeTransformConversion.h"
#include "core/edit/commands/SetTransformsCommand.h"
#include "core/math/Rotor.h"
#include "ui/panels/inspector/TransformFieldEditing.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/AxisNames.h"
#include "ui/widgets/FieldMessage.h"
#include "ui/widgets/NumberField.h"
#include "ui/widgets/PanelWidgets.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace hyperrig::ui {
namespace {

using Form = core::model::NodeTransform::Form;
using Part = TransformField::Part;

// Tolerance of convertTransform (NodeConvertCommand.cpp): used to say beforehand which
// representations a node can be written in.
constexpr double kConversionTolerance = 1e-9;

QString capitalised(const QString& text) {
    return text.isEmpty() ? text : text.front().toUpper() + text.mid(1);
}

// The transform a node written as None gets for "Rotor + scale": the identity rotor as files
// write it (a 4D rotor without its zero xyzw), or above 4D, where rotors do not exist, scale 1.
core::model::NodeTransform identityRotorScale(const core::model::NodeTransform& transform,
                                              int dimension) {
    core::model::NodeTransform result;
    result.form = Form::RotorScale;
    result.position = transform.position;
    if (core::math::Rotor::supportsDimension(dimension)) {
        result.rotor.assign(core::math::Rotor::componentCount(dimension), 0.0);
        result.rotor.front() = 1.0;
        if (dimension == 4)
            result.rotor.pop_back();
    } else {
        result.scale = {1.0};
    }
    return result;
}

// Why `transform` cannot be written in `form`, or "" when it can.
QString conversionProblem(const core::model::NodeTransform& transform, int dimension, Form form) {
    if (transform.form == form || (form == Form::RotorScale && transform.form == Form::None))
        return {};
    auto placement = transform.toAffine(dimension);
    if (!placement)
        return QString::fromStdString(placement.error().message());
    auto converted = core::edit::transformInForm(placement->basis(), transform.position, form,
                                                 kConversionTolerance);
    return converted ? QString() : QString::fromStdString(converted.error().message());
}

} // namespace

TransformEditor::TransformEditor(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_editing(new TransformFieldEditing(session, this)) {
    setObjectName(QStringLiteral("transformEditor"));
    m_positionGroup = new QGroupBox(tr("Position"), this);
    m_positionGroup->setObjectName(QStringLiteral("positionGroup"));
    m_positionGroup->setAccessibleName(tr("Position"));
    m_positionGroup->setToolTip(
        tr("Where the node's origin sits in its parent's space, in metres"));
    new QVBoxLayout(m_positionGroup);
    m_positionMessage = new FieldMessage(m_positionGroup, m_positionGroup);
    m_positionGroup->layout()->addWidget(m_positionMessage);

    m_transformGroup = new QGroupBox(tr("Transform"), this);
    m_transformGroup->setObjectName(QStringLiteral("transformGroup"));
    m_transformGroup->setAccessibleName(tr("Transform"));
    m_representation = new QComboBox(m_transformGroup);
    takeWheelOnlyWhenFocused(*m_representation);
    m_representation->setObjectName(QStringLiteral("representationCombo"));
    m_representation->setAccessibleName(tr("Representation"));
    m_representation->setToolTip(
        tr("How the node's rotation and scale are written: a rotor and per-axis scale, a full "
           "basis matrix, or none (identity). Switching keeps the placement."));
    m_representation->addItem(tr("Rotor + scale"), static_cast<int>(Form::RotorScale));
    m_representation->addItem(tr("Basis matrix"), static_cast<int>(Form::Basis));
    m_representation->addItem(tr("None"), static_cast<int>(Form::None));
    auto* representationLabel = new QLabel(tr("Representation"), m_transformGroup);
    representationLabel->setBuddy(m_representation);
    // One message for the group's fields (named after the group: it explains a rotor, scale or
    // basis field as well as the switch).
    m_message = new FieldMessage(m_transformGroup, m_transformGroup);

    m_pages = new QStackedWidget(m_transformGroup);
    m_pages->setObjectName(QStringLiteral("representationPages"));
    m_nonePage = new QLabel(tr("No rotation or scale: the identity."), m_pages);
    m_nonePage->setObjectName(QStringLiteral("nonePage"));
    m_rotorScalePage = new QWidget(m_pages);
    m_rotorScalePage->setObjectName(QStringLiteral("rotorScalePage"));
    new QVBoxLayout(m_rotorScalePage);
    m_basisPage = new QWidget(m_pages);
    m_basisPage->setObjectName(QStringLiteral("basisPage"));
    new QVBoxLayout(m_basisPage);
    m_mixedPage = new QLabel(tr("The selected nodes use different representations."), m_pages);
    m_mixedPage->setObjectName(QStringLiteral("mixedPage"));
    for (QWidget* page : {m_nonePage, m_rotorScalePage, m_basisPage, m_mixedPage}) {
        if (page->layout())
            page->layout()->setContentsMargins(0, 0, 0, 0);
        m_pages->addWidget(page);
    }

    auto* form = new QFormLayout;
    form->addRow(representationLabel, m_representation);
    auto* transformLayout = new QVBoxLayout(m_transformGroup);
    transformLayout->addLayout(form);
    transformLayout->addWidget(m_message);
    transformLayout->addWidget(m_pages);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_positionGroup);
    layout->addWidget(m_transformGroup);

    connect(m_representation, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            convertTo(static_cast<Form>(m_representation->itemData(index).toInt()));
    });
    connect(m_editing, &TransformFieldEditing::refused, this, &TransformEditor::showRefusal);
    connect(m_editing, &TransformFieldEditing::edited, this, &TransformEditor::clearRefusal);
}

NumberField* TransformEditor::makeField(const QString& objectName, const QString& accessibleName,
                                        const QString& toolTip, QWidget* parent) {
    auto* field = new NumberField(parent);
    field->setObjectName(objectName);
    field->setAccessibleName(accessibleName);
    field->setToolTip(toolTip);
    return field;
}

void TransformEditor::setDimension(int dimension) {
    if (dimension == m_dimension)
        return;
    m_dimension = dimension;
    buildFields();
}

void TransformEditor::buildFields() {
    m_editing->clearFields();
    clearRefusal(); // its field is about to go
    // Rebuilt only when a document of another dimension arrives, never from a field's signal.
    delete m_positionFields;
    for (QWidget* page : {m_rotorScalePage, m_basisPage})
        while (QLayoutItem* item = page->layout()->takeAt(0)) {
            delete item->widget();
            delete item;
        }

    m_positionFields = new QWidget(m_positionGroup);
    auto* position = new QFormLayout(m_positionFields);
    position->setContentsMargins(0, 0, 0, 0);
    for (int axis = 0; axis < m_dimension; ++axis) {
        const QString name = axisName(axis);
        auto* field = makeField(
            QStringLiteral("position") + capitalised(name), tr("Position %1").arg(name),
            tr("Position along %1 in the parent's space, in metres").arg(name), m_positionFields);
        field->setUnit(tr("m"));
        auto* label = new QLabel(name, m_positionFields);
        label->setBuddy(field);
        position->addRow(label, field);
        m_editing->addField(field, {Part::Position, axis});
    }
    // The fields above their message.
    static_cast<QVBoxLayout*>(m_positionGroup->layout())->insertWidget(0, m_positionFields);

    if (core::math::Rotor::supportsDimension(m_dimension)) {
        auto* rotorGroup = new QGroupBox(tr("Rotor"), m_rotorScalePage);
        rotorGroup->setObjectName(QStringLiteral("rotorGroup"));
        rotorGroup->setToolTip(tr("The rotor's components in G4MF order, as stored (used "
                                  "normalised)"));
        auto* rotor = new QFormLayout(rotorGroup);
        const auto components = static_cast<int>(core::math::Rotor::componentCount(m_dimension));
        for (int component = 0; component < components; ++component) {
            const QString name = rotorComponentName(component);
            auto* field =
                makeField(QStringLiteral("rotor") + capitalised(name), tr("Rotor %1").arg(name),
                          component == 0
                              ? tr("The rotor's scalar part")
                              : tr("The rotor's %1 component (rotation in the %1 plane)").arg(name),
                          rotorGroup);
            field->setLimits(-1e3, 1e3);
            auto* label = new QLabel(name, rotorGroup);
            label->setBuddy(field);
            rotor->addRow(label, field);
            m_editing->addField(field, {Part::Rotor, component});
        }
        m_rotorScalePage->layout()->addWidget(rotorGroup);
    }
    auto* scaleGroup = new QGroupBox(tr("Scale"), m_rotorScalePage);
    scaleGroup->setObjectName(QStringLiteral("scaleGroup"));
    auto* scale = new QFormLayout(scaleGroup);
    for (int axis = 0; axis < m_dimension; ++axis) {
        const QString name = axisName(axis);
        auto* field =
            makeField(QStringLiteral("scale") + capitalised(name), tr("Scale %1").arg(name),
                      tr("Scale along the local %1 axis (positive)").arg(name), scaleGroup);
        field->setLimits(1e-6, 1e6);
        auto* label = new QLabel(name, scaleGroup);
        label->setBuddy(field);
        scale->addRow(label, field);
        m_editing->addField(field, {Part::Scale, axis});
    }
    m_rotorScalePage->layout()->addWidget(scaleGroup);

    auto* basisGroup = new QGroupBox(tr("Basis"), m_basisPage);
    basisGroup->setObjectName(QStringLiteral("basisGroup"));
    basisGroup->setToolTip(tr("Column j is where the local axis j points in the parent's space"));
    auto* basis = new QGridLayout(basisGroup);
    for (int column = 0; column < m_dimension; ++column)
        basis->addWidget(new QLabel(axisName(column), basisGroup), 0, column + 1, Qt::AlignCenter);
    for (int row = 0; row < m_dimension; ++row) {
        basis->addWidget(new QLabel(axisName(row), basisGroup), row + 1, 0);
        for (int column = 0; column < m_dimension; ++column) {
            auto* field =
                makeField(QStringLiteral("basisRow%1Column%2").arg(row + 1).arg(column + 1),
                          tr("Basis row %1 column %2").arg(axisName(row), axisName(column)),
                          tr("Component %1 of local axis %2 in the parent's space")
                              .arg(axisName(row), axisName(column)),
                          basisGroup);
            field->setButtonSymbols(QAbstractSpinBox::NoButtons);
            basis->addWidget(field, row + 1, column + 1);
            m_editing->addField(field, {Part::Basis, column * m_dimension + row});
        }
    }
    m_basisPage->layout()->addWidget(basisGroup);
    static_cast<QVBoxLayout*>(m_rotorScalePage->layout())->addStretch();
    static_cast<QVBoxLayout*>(m_basisPage->layout())->addStretch();
}

void TransformEditor::showNodes(const std::vector<core::model::NodeId>& nodes) {
    // The old nodes' edit ends first (setNodes); a refusal it meets belongs to them, not to the
    // nodes shown next.
    m_editing->setNodes(nodes);
    if (nodes != m_nodes)
        clearRefusal();
    m_nodes = nodes;
    const bool hasRoot =
        m_session.hasDocument() &&
        std::find(nodes.begin(), nodes.end(), m_session.document().root()) != nodes.end();
    setEnabled(!nodes.empty() && !hasRoot);
    setToolTip(hasRoot ? tr("The root node carries no transform (G4MF node 0)") : QString());
    m_editing->showValues();
    showRepresentation();
}

void TransformEditor::showPage(QWidget* page) {
    // A stacked widget is as large as its largest page (the D x D basis grid is the widest);
    // only the page shown should count, in both directions.
    for (int index = 0; index < m_pages->count(); ++index) {
        QWidget* each = m_pages->widget(index);
        const auto policy = each == page ? QSizePolicy::Preferred : QSizePolicy::Ignored;
        each->setSizePolicy(policy, policy);
    }
    m_pages->setCurrentWidget(page);
    m_pages->updateGeometry();
}

void TransformEditor::showRepresentation() {
    const QSignalBlocker blocker(m_representation);
    std::optional<Form> common;
    bool mixed = false;
    auto* model = qobject_cast<QStandardItemModel*>(m_representation->model());
    for (int index = 0; index < m_representation->count(); ++index) {
        const auto form = static_cast<Form>(m_representation->itemData(index).toInt());
        QString problem;
        for (core::model::NodeId node : m_nodes)
            if (problem.isEmpty() && m_session.document().nodes.find(node))
                problem =
                    conversionProblem(m_session.document().node(node).transform, m_dimension, form);
        model->item(index)->setEnabled(problem.isEmpty());
        model->item(index)->setToolTip(problem);
    }
    for (core::model::NodeId node : m_nodes) {
        if (!m_session.document().nodes.find(node))
            continue;
        const Form form = m_session.document().node(node).transform.form;
        if (common && *common != form)
            mixed = true;
        common = form;
    }
    if (mixed || !common) {
        m_representation->setCurrentIndex(-1);
        showPage(mixed ? m_mixedPage : m_nonePage);
        return;
    }
    m_representation->setCurrentIndex(m_representation->findData(static_cast<int>(*common)));
    switch (*common) {
    case Form::None:
        showPage(m_nonePage);
        break;
    case Form::RotorScale:
        showPage(m_rotorScalePage);
        break;
    case Form::Basis:
        showPage(m_basisPage);
        break;
    }
}

void TransformEditor::convertTo(Form form) {
    const core::model::Document& document = m_session.document();
    std::vector<std::unique_ptr<core::edit::Command>> commands;
    for (core::model::NodeId node : m_nodes) {
        const core::model::NodeTransform& transform = document.node(node).transform;
        if (transform.form == form)
            continue;
        if (form == Form::RotorScale && transform.form == Form::None) {
            std::vector<core::edit::SetTransformsCommand::Entry> entry;
            entry.emplace_back(node, identityRotorScale(transform, m_dimension));
            commands.push_back(std::make_unique<core::edit::SetTransformsCommand>(
                "Convert Transform", std::move(entry)));
        } else {
            commands.push_back(core::edit::convertTransform(node, form));
        }
    }
    if (commands.empty()) {
        showRepresentation();
        return;
    }
    const std::size_t count = commands.size();
    auto converted = m_session.execute(core::edit::asOneStep(
        std::move(commands), "Convert Transform of " + std::to_string(count) + " Nodes"));
    if (converted)
        clearRefusal();
    else
        showRefusal(m_representation, QString::fromStdString(converted.error().message()));
    showRepresentation();
}

void TransformEditor::showRefusal(QWidget* field, const QString& reason) {
    // One message per group: a refusal moves the red frame, tooltip and accessible description
    // to the field refused, so a screen reader hears the reason on the field it is on.
    const bool inPosition = m_positionFields && m_positionFields->isAncestorOf(field);
    (inPosition ? m_message : m_positionMessage)->clearMessage();
    (inPosition ? m_positionMessage : m_message)->showMessage(field, reason);
    emit message(reason);
}

void TransformEditor::clearRefusal() {
    m_positionMessage->clearMessage();
    m_message->clearMessage();
}

void TransformEditor::finishEdit() {
    m_editing->finishEdit();
}

void TransformEditor::forgetEdit() {
    m_editing->forgetEdit();
}

} // namespace hyperrig::ui
