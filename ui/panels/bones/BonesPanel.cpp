#include "ui/panels/bones/BonesPanel.h"

#include "core/edit/CommandBatch.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/eval/CompiledRig.h"
#include "core/model/ItemLabels.h"
#include "core/ops/BoneShapes.h"
#include "ui/panels/bones/ShapeSizeEditor.h"
#include "ui/panels/bones/SkeletonMassView.h"
#include "ui/session/AncestorChanges.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/AxisNames.h"
#include "ui/widgets/NumberField.h"
#include "ui/widgets/NumberFieldEdits.h"
#include "ui/widgets/PanelWidgets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace hyperrig::ui {
namespace {

using core::model::NodeId;

constexpr std::array kShapeKinds = {
    core::ops::BoneShapeKind::Capsule, core::ops::BoneShapeKind::Cylinder,
    core::ops::BoneShapeKind::Box, core::ops::BoneShapeKind::Sphere};

QLabel* buddyLabel(const QString& text, QWidget* field, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setBuddy(field);
    return label;
}

// "(0.12, 0.4, 0, 0) m" with the document's axis names in the tooltip.
QString pointText(const core::math::VectorN& point) {
    QStringList parts;
    for (const double component : point.values())
        parts << QString::number(component, 'g', 6);
    return QStringLiteral("(%1) m").arg(parts.join(QStringLiteral(", ")));
}

} // namespace

BonesPanel::BonesPanel(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("bonesPanel"));
    setAccessibleName(title());
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("bonesHeading"));
    m_heading->setWordWrap(true);
    m_content = new QWidget(this);

    // Length ------------------------------------------------------------------------------------
    auto* lengthGroup = new QGroupBox(tr("Length"), m_content);
    lengthGroup->setObjectName(QStringLiteral("boneLengthGroup"));
    m_lengthDefined = new QCheckBox(tr("Length defined"), lengthGroup);
    m_lengthDefined->setObjectName(QStringLiteral("boneLengthDefined"));
    m_lengthDefined->setToolTip(tr("Whether the bone states its length. A bone with a shape must "
                                   "keep one: its shape sits at the middle of the length."));
    m_length = new NumberField(lengthGroup);
    m_length->setObjectName(QStringLiteral("boneLength"));
    m_length->setAccessibleName(tr("Length"));
    m_length->setUnit(tr("m"));
    m_length->setLimits(0.0, 1e6);
    m_length->setToolTip(tr("The bone's length along its local +Y axis, in metres"));
    m_lengthFromChild = new QPushButton(tr("Length from Child"), lengthGroup);
    m_lengthFromChild->setObjectName(QStringLiteral("boneLengthFromChild"));
    m_lengthFromChild->setToolTip(
        tr("Set the length to the distance from this bone's head to its first child bone's head"));
    auto* lengthForm = new QFormLayout(lengthGroup);
    lengthForm->addRow(m_lengthDefined);
    lengthForm->addRow(buddyLabel(tr("Length"), m_length, lengthGroup), m_length);
    lengthForm->addRow(m_lengthFromChild);

    // Mass --------------------------------------------------------------------------------------
    auto* massGroup = new QGroupBox(tr("Mass"), m_content);
    massGroup->setObjectName(QStringLiteral("boneMassGroup"));
    m_massDefined = new QCheckBox(tr("Mass defined"), massGroup);
    m_massDefined->setObjectName(QStringLiteral("boneMassDefined"));
    m_massDefined->setToolTip(tr("Whether the bone states its mass; an application may infer an "
                                 "undefined mass, for example from the shape's volume"));
    m_mass = new NumberField(massGroup);
    m_mass->setObjectName(QStringLiteral("boneMass"));
    m_mass->setAccessibleName(tr("Mass"));
    m_mass->setUnit(tr("kg"));
    m_mass->setLimits(0.0, 1e6);
    m_mass->setToolTip(tr("The bone's mass in kilograms; 0 marks a bone that only gives shapes "
                          "to its first ancestor bone with a mass"));
    m_massHint = new QLabel(tr("0 kg: shape only, simulated with its first ancestor bone that "
                               "has a mass."),
                            massGroup);
    m_massHint->setObjectName(QStringLiteral("boneMassHint"));
    m_massHint->setWordWrap(true);
    auto* massForm = new QFormLayout(massGroup);
    massForm->addRow(m_massDefined);
    massForm->addRow(buddyLabel(tr("Mass"), m_mass, massGroup), m_mass);
    massForm->addRow(m_massHint);

    // Shape -------------------------------------------------------------------------------------
    auto* shapeGroup = new QGroupBox(tr("Shape"), m_content);
    shapeGroup->setObjectName(QStringLiteral("boneShapeGroup"));
    m_shape = new QComboBox(shapeGroup);
    takeWheelOnlyWhenFocused(*m_shape);
    m_shape->setObjectName(QStringLiteral("boneShape"));
    m_shape->setAccessibleName(tr("Shape"));
    m_shape->setToolTip(tr("The collision shape of the bone: none, or one of the document's "
                           "shapes"));
    auto* shapeForm = new QFormLayout(shapeGroup);
    shapeForm->addRow(buddyLabel(tr("Shape"), m_shape, shapeGroup), m_shape);
    // Two buttons a row: four in one row made the narrow dock column scroll sideways.
    auto* newShapes = new QGridLayout;
    for (std::size_t index = 0; index < kShapeKinds.size(); ++index) {
        const QString kind =
            QString::fromUtf8(core::ops::boneShapeKindName(kShapeKinds[index]).data());
        auto* button = new QPushButton(tr("New %1").arg(kind), shapeGroup);
        button->setObjectName(QStringLiteral("boneNew%1").arg(kind));
        button->setToolTip(tr("Create a %1 sized from the bone (radius a fifth of its length) "
                              "and give it to the bone")
                               .arg(kind.toLower()));
        connect(button, &QPushButton::clicked, this,
                [this, index] { addShape(static_cast<int>(index)); });
        newShapes->addWidget(button, static_cast<int>(index / 2), static_cast<int>(index % 2));
        m_newShapeButtons.push_back(button);
    }
    shapeForm->addRow(newShapes);
    m_shapeSize = new ShapeSizeEditor(
        m_session, [this] { return m_bones; }, shapeGroup);
    connect(m_shapeSize, &ShapeSizeEditor::refused, this, &BonesPanel::refuse);
    shapeForm->addRow(m_shapeSize);

    // Placement ---------------------------------------------------------------------------------
    auto* placementGroup = new QGroupBox(tr("Placement"), m_content);
    placementGroup->setObjectName(QStringLiteral("bonePlacementGroup"));
    m_head = new QLabel(placementGroup);
    m_head->setObjectName(QStringLiteral("boneHead"));
    m_head->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tail = new QLabel(placementGroup);
    m_tail->setObjectName(QStringLiteral("boneTail"));
    m_tail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* placementForm = new QFormLayout(placementGroup);
    placementForm->addRow(buddyLabel(tr("Head"), m_head, placementGroup), m_head);
    placementForm->addRow(buddyLabel(tr("Tail"), m_tail, placementGroup), m_tail);
    placementGroup->setToolTip(tr("Where the bone starts and ends in its skeleton's space, in the "
                                  "rest pose"));

    m_problem = makeProblemLabel("bonesProblem", m_content);

    auto* contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* group :
         {static_cast<QWidget*>(lengthGroup), static_cast<QWidget*>(massGroup),
          static_cast<QWidget*>(shapeGroup), static_cast<QWidget*>(placementGroup)})
        contentLayout->addWidget(group);
    contentLayout->addWidget(m_problem);
    contentLayout->addStretch(1);

    m_skeletonMass = new SkeletonMassView(m_session, this);
    connect(m_skeletonMass, &SkeletonMassView::message, this, &BonesPanel::message);
    auto* scrolled = new QWidget(this);
    auto* scrolledLayout = new QVBoxLayout(scrolled);
    scrolledLayout->setContentsMargins(0, 0, 0, 0);
    scrolledLayout->addWidget(m_skeletonMass);
    scrolledLayout->addWidget(m_content, 1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(scrolled);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(scroll, 1);

    // Edits -------------------------------------------------------------------------------------
    const auto bones = [this] {
        return m_bones;
    };
    const auto bone = [this](NodeId id) -> const core::model::Bone* {
        const core::model::Node* node = m_session.document().nodes.find(id);
        return node ? node->bone() : nullptr;
    };
    m_lengthEdits = new NumberFieldEdits(
        m_session, *m_length, "Set Bone Length", bones,
        [bone](NodeId id) {
            const auto* b = bone(id);
            return b ? b->length : std::nullopt;
        },
        [](NodeId id, double value) { return core::edit::setBoneLength(id, value); }, this);
    m_massEdits = new NumberFieldEdits(
        m_session, *m_mass, "Set Bone Mass", bones,
        [bone](NodeId id) {
            const auto* b = bone(id);
            return b ? b->mass : std::nullopt;
        },
        [](NodeId id, double value) { return core::edit::setBoneMass(id, value); }, this);
    connect(m_lengthEdits, &NumberFieldEdits::refused, this, &BonesPanel::refuse);
    connect(m_massEdits, &NumberFieldEdits::refused, this, &BonesPanel::refuse);
    // Any state change, not only clicks: assistive technology toggles a check box without one.
    // stateChanged, not toggled: a click on "—" (some bones define it) goes to checked, which
    // toggled does not report (a partly checked box already counts as checked).
    connect(m_lengthDefined, &QCheckBox::stateChanged, this,
            [this](int state) { setLengthDefined(state != Qt::Unchecked); });
    connect(m_massDefined, &QCheckBox::stateChanged, this,
            [this](int state) { setMassDefined(state != Qt::Unchecked); });
    connect(m_lengthFromChild, &QPushButton::clicked, this, &BonesPanel::lengthFromChild);
    connect(m_shape, &QComboBox::activated, this, &BonesPanel::shapeChosen);

    connect(&m_session, &EditorSession::documentReplaced, this, &BonesPanel::selectionChanged);
    connect(&m_session, &EditorSession::selectionChanged, this, &BonesPanel::selectionChanged);
    connect(&m_session, &EditorSession::changed, this, &BonesPanel::documentChanged);
    selectionChanged();
}

QString BonesPanel::title() {
    return tr("Bones");
}

void BonesPanel::selectionChanged() {
    m_lengthEdits->finishEdit();
    m_massEdits->finishEdit();
    m_shapeSize->finishEdit();
    std::vector<NodeId> bones;
    if (m_session.hasDocument()) {
        const core::model::Document& document = m_session.document();
        const auto isBone = [&](NodeId id) {
            const core::model::Node* node = document.nodes.find(id);
            return node && node->isBone();
        };
        if (isBone(m_session.currentNode()))
            bones.push_back(m_session.currentNode());
        for (NodeId id : m_session.selection())
            if (isBone(id) && std::find(bones.begin(), bones.end(), id) == bones.end())
                bones.push_back(id);
    }
    m_bones = std::move(bones);
    m_problem->hide();
    refresh();
}

core::model::NodeId BonesPanel::shownSkeleton() const {
    if (!m_session.hasDocument() || !m_bones.empty())
        return {};
    const core::model::Node* node = m_session.document().nodes.find(m_session.currentNode());
    return node && node->isSkeleton() ? node->id : core::model::NodeId{};
}

void BonesPanel::documentChanged(const core::edit::ChangeSet& changes) {
    // A bone's head and tail are shown in its skeleton's space: its parents' transforms move
    // them too (an undone move of the parent).
    const bool shown =
        m_session.hasDocument() && std::any_of(m_bones.begin(), m_bones.end(), [&](NodeId id) {
            return changes.fieldsOf(id) != 0 || ancestorChanged(m_session.document(), id, changes,
                                                                core::edit::ChangeSet::Transform);
        });
    if (!changes.nodesRemoved.empty() || !changes.nodesAdded.empty() ||
        !changes.nodesMoved.empty()) {
        selectionChanged(); // a shown bone may be gone; a child may have come or gone
        return;
    }
    if (shown || !changes.shapesChanged.empty() || shownSkeleton())
        refresh(); // a skeleton's summary depends on all of its bones
}

const core::model::Node* BonesPanel::shownBone() const {
    if (m_bones.size() != 1 || !m_session.hasDocument())
        return nullptr;
    return m_session.document().nodes.find(m_bones.front());
}

void BonesPanel::refresh() {
    const bool any = !m_bones.empty();
    m_content->setEnabled(any);
    const core::model::NodeId skeleton = shownSkeleton();
    m_skeletonMass->showSkeleton(skeleton);
    m_content->setVisible(!skeleton);
    if (skeleton)
        m_heading->setText(tr("Skeleton %1: the masses of its bones")
                               .arg(QString::fromStdString(
                                   core::model::describeNode(m_session.document(), skeleton))));
    else if (!any)
        m_heading->setText(m_session.hasDocument() ? tr("Select a bone to edit its length, mass "
                                                        "and shape.")
                                                   : tr("No document"));
    else if (m_bones.size() == 1)
        m_heading->setText(tr("Bone %1").arg(QString::fromStdString(
            core::model::describeNode(m_session.document(), m_bones.front()))));
    else
        m_heading->setText(tr("%n bones: a change applies to all of them", nullptr,
                              static_cast<int>(m_bones.size())));

    // "Defined" is checked when every shown bone defines the value, partly when some do.
    const auto definedState = [this](auto defined) {
        std::size_t count = 0;
        for (NodeId id : m_bones)
            if (const core::model::Node* node = m_session.document().nodes.find(id);
                node && node->isBone() && defined(*node->bone()))
                ++count;
        return count == 0                ? Qt::Unchecked
               : count == m_bones.size() ? Qt::Checked
                                         : Qt::PartiallyChecked;
    };
    {
        const QSignalBlocker blockLength(m_lengthDefined);
        const QSignalBlocker blockMass(m_massDefined);
        // Tristate only while shown "—" (setCheckState makes it so): a user's click never leads
        // to "—", it goes to checked from there and between checked and unchecked otherwise.
        m_lengthDefined->setTristate(false);
        m_massDefined->setTristate(false);
        m_lengthDefined->setCheckState(any ? definedState([](const core::model::Bone& bone) {
            return bone.length.has_value();
        })
                                           : Qt::Unchecked);
        m_massDefined->setCheckState(
            any ? definedState([](const core::model::Bone& bone) { return bone.mass.has_value(); })
                : Qt::Unchecked);
    }
    m_lengthEdits->showValue();
    m_massEdits->showValue();
    m_massHint->setVisible(m_mass->isEnabled() && !m_mass->isMixed() && m_mass->value() == 0.0);
    const core::model::Node* bone = shownBone();
    bool hasChildBone = false;
    if (bone)
        for (NodeId child : bone->children)
            hasChildBone = hasChildBone || m_session.document().node(child).isBone();
    m_lengthFromChild->setEnabled(hasChildBone);
    for (QPushButton* button : m_newShapeButtons)
        button->setEnabled(bone && bone->bone()->length.has_value());
    showShapes();
    m_shapeSize->refresh();
    showPlacement();
}

void BonesPanel::showShapes() {
    const QSignalBlocker blocker(m_shape);
    m_shape->clear();
    if (m_bones.empty() || !m_session.hasDocument())
        return;
    const core::model::Document& document = m_session.document();
    m_shape->addItem(tr("None"), QVariant(0U));
    for (core::model::ShapeId shape : document.shapes.order())
        m_shape->addItem(QString::fromStdString(core::model::describeShape(document, shape)),
                         QVariant(static_cast<unsigned>(shape.value)));
    // The bones' common shape, or no choice shown when they differ.
    std::optional<core::model::ShapeId> common;
    bool mixed = false;
    for (NodeId id : m_bones) {
        const core::model::ShapeId shape = document.node(id).bone()->shape;
        if (common && *common != shape)
            mixed = true;
        common = shape;
    }
    if (mixed) {
        m_shape->setCurrentIndex(-1);
        m_shape->setPlaceholderText(tr("(different shapes)"));
        return;
    }
    const int index = m_shape->findData(QVariant(static_cast<unsigned>(common->value)));
    m_shape->setCurrentIndex(std::max(index, 0));
}

void BonesPanel::showPlacement() {
    m_head->clear();
    m_tail->clear();
    const core::model::Node* bone = shownBone();
    const core::eval::CompiledRig* rig = m_session.rig();
    if (!bone || !rig) {
        m_head->setText(m_bones.size() > 1 ? tr("(several bones)") : QString());
        return;
    }
    for (const core::eval::CompiledSkeleton& skeleton : rig->skeletons()) {
        const std::int32_t index = skeleton.indexOf(bone->id);
        if (index == core::eval::CompiledSkeleton::kNoBone)
            continue;
        const core::math::AffineN& global = skeleton.restGlobal[static_cast<std::size_t>(index)];
        const core::math::VectorN origin = core::math::VectorN::zero(skeleton.dimension);
        const core::math::VectorN along =
            core::math::VectorN::axis(skeleton.dimension, 1) * bone->bone()->length.value_or(0.0);
        m_head->setText(pointText(global.applyPoint(origin)));
        m_tail->setText(bone->bone()->length ? pointText(global.applyPoint(along))
                                             : tr("(no length)"));
        return;
    }
    m_head->setText(tr("(not in a skeleton)"));
}

void BonesPanel::refuse(const QString& reason) {
    m_problem->setText(reason);
    m_problem->show();
    emit message(reason);
}

// One undo step for the edit of every shown bone that needs it; a refusal is shown, and the panel
// shows the document as it is either way.
void BonesPanel::executeForBones(std::vector<std::unique_ptr<core::edit::Command>> commands,
                                 const std::string& name) {
    if (!commands.empty())
        if (auto done = m_session.execute(core::edit::asOneStep(std::move(commands), name)); !done)
            refuse(QString::fromStdString(done.error().message()));
    refresh();
}

void BonesPanel::setLengthDefined(bool defined) {
    m_problem->hide();
    std::vector<std::unique_ptr<core::edit::Command>> commands;
    for (NodeId id : m_bones) {
        const core::model::Bone* bone = m_session.document().node(id).bone();
        if (defined && !bone->length)
            commands.push_back(core::edit::setBoneLength(id, 0.1)); // a visible start, 10 cm
        else if (!defined && bone->length)
            commands.push_back(core::edit::setBoneLength(id, std::nullopt));
    }
    executeForBones(std::move(commands), "Set Bone Length");
}

void BonesPanel::setMassDefined(bool defined) {
    m_problem->hide();
    std::vector<std::unique_ptr<core::edit::Command>> commands;
    for (NodeId id : m_bones) {
        const core::model::Bone* bone = m_session.document().node(id).bone();
        if (defined != bone->mass.has_value())
            commands.push_back(
                core::edit::setBoneMass(id, defined ? std::optional<double>(1.0) : std::nullopt));
    }
    executeForBones(std::move(commands), "Set Bone Mass");
}

void BonesPanel::shapeChosen(int index) {
    m_problem->hide();
    if (index < 0)
        return;
    const core::model::ShapeId shape{m_shape->itemData(index).toUInt()};
    std::vector<std::unique_ptr<core::edit::Command>> commands;
    for (NodeId id : m_bones)
        if (m_session.document().node(id).bone()->shape != shape)
            commands.push_back(core::edit::setBoneShape(id, shape));
    executeForBones(std::move(commands), "Set Bone Shape");
}

void BonesPanel::lengthFromChild() {
    m_problem->hide();
    const core::model::Node* bone = shownBone();
    if (!bone)
        return;
    // The child's head in this bone's local space is the child's position: the distance from the
    // bone's head, in the bone's own units, which is what its length measures.
    for (NodeId child : bone->children) {
        const core::model::Node& node = m_session.document().node(child);
        if (!node.isBone())
            continue;
        double squared = 0.0;
        for (double component : node.transform.position)
            squared += component * component;
        if (auto done = m_session.execute(core::edit::setBoneLength(bone->id, std::sqrt(squared)));
            !done)
            refuse(QString::fromStdString(done.error().message()));
        return;
    }
}

void BonesPanel::addShape(int kind) {
    m_problem->hide();
    const core::model::Node* bone = shownBone();
    if (!bone)
        return;
    auto command = core::ops::addBoneShapeCommand(m_session.document(), bone->id,
                                                  kShapeKinds[static_cast<std::size_t>(kind)]);
    auto done =
        command ? m_session.execute(std::move(*command)) : core::Result<void>(command.error());
    if (!done)
        refuse(QString::fromStdString(done.error().message()));
}

} // namespace hyperrig::ui
