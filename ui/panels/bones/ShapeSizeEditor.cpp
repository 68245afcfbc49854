#include "ui/panels/bones/ShapeSizeEditor.h"

#include "core/edit/commands/DataCommands.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/AxisNames.h"
#include "ui/widgets/NumberField.h"
#include "ui/widgets/NumberFieldEdits.h"

#include <QFormLayout>
#include <QLabel>

#include <optional>

namespace hyperrig::ui {
namespace {

using core::model::NodeId;
using Json = core::model::OrderedJson;

// The shape of a bone, or null.
const core::model::Shape* shapeOf(const EditorSession& session, NodeId bone) {
    if (!session.hasDocument())
        return nullptr;
    const core::model::Node* node = session.document().nodes.find(bone);
    if (!node || !node->isBone() || !node->bone()->shape)
        return nullptr;
    return session.document().shapes.find(node->bone()->shape);
}

// The first curve's radii when the shape has one, as an array of numbers.
const Json* firstRadii(const Json& shape) {
    if (!shape.contains("curves") || !shape["curves"].is_array() || shape["curves"].empty())
        return nullptr;
    const Json& curve = shape["curves"][0];
    if (!curve.is_object() || !curve.contains("radii") || !curve["radii"].is_array())
        return nullptr;
    return &curve["radii"];
}

// The radius of the shape's curved axes (those whose radius is not 0); nullopt when it has none
// (no curve, or every radius 0: a box), so Radius does not apply to it (typing a radius there
// would have nothing to change).
std::optional<double> radiusOf(const Json& shape) {
    const Json* radii = firstRadii(shape);
    if (!radii)
        return std::nullopt;
    for (const Json& radius : *radii)
        if (radius.is_number() && radius.get<double>() != 0.0)
            return radius.get<double>();
    return std::nullopt;
}

std::optional<double> sizeOf(const Json& shape, int axis, int dimension) {
    if (!shape.contains("size"))
        return 0.0; // absent: no box part
    const Json& size = shape["size"];
    if (!size.is_array() || size.size() != static_cast<std::size_t>(dimension) ||
        !size[static_cast<std::size_t>(axis)].is_number())
        return std::nullopt;
    return size[static_cast<std::size_t>(axis)].get<double>();
}

} // namespace

ShapeSizeEditor::ShapeSizeEditor(EditorSession& session, Bones bones, QWidget* parent)
    : QWidget(parent), m_session(session), m_bones(std::move(bones)) {
    setObjectName(QStringLiteral("shapeSizeEditor"));
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
}

void ShapeSizeEditor::rebuild(int dimension) {
    for (NumberFieldEdits* edits : m_edits)
        delete edits;
    m_edits.clear();
    auto* form = static_cast<QFormLayout*>(layout());
    while (form->rowCount() > 0)
        form->removeRow(0);
    m_dimension = dimension;
    if (dimension < 2)
        return;
    const auto addField = [&](const QString& label, const QString& objectName, const QString& tip,
                              double minimum, NumberFieldEdits::Read read,
                              NumberFieldEdits::Write write) {
        auto* field = new NumberField(this);
        field->setObjectName(objectName);
        field->setAccessibleName(label);
        field->setUnit(tr("m"));
        field->setLimits(minimum, 1e6);
        field->setToolTip(tip);
        auto* text = new QLabel(label, this);
        text->setBuddy(field);
        form->addRow(text, field);
        auto* edits = new NumberFieldEdits(m_session, *field, "Edit Shape", m_bones,
                                           std::move(read), std::move(write), field);
        connect(edits, &NumberFieldEdits::refused, this, &ShapeSizeEditor::refused);
        m_edits.push_back(edits);
    };
    addField(
        tr("Radius"), QStringLiteral("shapeRadius"),
        tr("The rounding radius of the bone's shape (every curved axis), in metres; off for a "
           "shape with no curved axis (every radius 0)"),
        // Above 0: a zero radius would forget which axes are curved (typing "0.05" passes
        // through "0", which the field then takes as an unfinished number).
        1e-6,
        [this](NodeId bone) -> std::optional<double> {
            const core::model::Shape* shape = shapeOf(m_session, bone);
            return shape ? radiusOf(shape->value) : std::nullopt;
        },
        [this](NodeId bone, double value) -> std::unique_ptr<core::edit::Command> {
            const core::model::Shape& shape = *shapeOf(m_session, bone);
            Json edited = shape.value;
            for (Json& radius : edited["curves"][0]["radii"])
                if (radius.is_number() && radius.get<double>() != 0.0)
                    radius = value;
            return core::edit::editShape(shape.id, std::move(edited));
        });
    for (int axis = 0; axis < dimension; ++axis) {
        const QString name = axisName(axis);
        addField(
            tr("Size %1").arg(name), QStringLiteral("shapeSize%1").arg(name.toUpper()),
            tr("The full extent of the shape's box part along %1, in metres (a capsule's "
               "straight part runs along y)")
                .arg(name),
            0.0,
            [this, axis](NodeId bone) -> std::optional<double> {
                const core::model::Shape* shape = shapeOf(m_session, bone);
                return shape ? sizeOf(shape->value, axis, m_dimension) : std::nullopt;
            },
            [this, axis](NodeId bone, double value) -> std::unique_ptr<core::edit::Command> {
                const core::model::Shape& shape = *shapeOf(m_session, bone);
                Json edited = shape.value;
                if (!edited.contains("size"))
                    edited["size"] =
                        std::vector<double>(static_cast<std::size_t>(m_dimension), 0.0);
                edited["size"][static_cast<std::size_t>(axis)] = value;
                return core::edit::editShape(shape.id, std::move(edited));
            });
    }
}

void ShapeSizeEditor::refresh() {
    const int dimension = m_session.hasDocument() ? m_session.document().dimension() : 0;
    if (dimension != m_dimension)
        rebuild(dimension);
    for (NumberFieldEdits* edits : m_edits)
        edits->showValue();
}

void ShapeSizeEditor::finishEdit() {
    for (NumberFieldEdits* edits : m_edits)
        edits->finishEdit();
}

} // namespace hyperrig::ui
