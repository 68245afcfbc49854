#include "ui/panels/bindposes/BindPosesPanel.h"

#include "core/edit/commands/DataCommands.h"
#include "core/eval/BonePoses.h"
#include "core/eval/PoseCapture.h"
#include "core/model/ItemLabels.h"
#include "core/ops/PoseAsRest.h"
#include "ui/actions/MakeAction.h"
#include "ui/panels/bindposes/BindPoseEntryEditor.h"
#include "ui/panels/bindposes/BindPoseListModel.h"
#include "ui/panels/bindposes/BindPoseSlotModel.h"
#include "ui/panels/bindposes/CapturePoseDialog.h"
#include "ui/panels/bindposes/PoseTypes.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/PanelWidgets.h"

#include <QAction>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace hyperrig::ui {
namespace {

using core::model::NodeId;
using core::model::PoseType;

// The skeleton a node leads to: itself, the skeleton of a bone, or the skeleton a mesh node is
// a direct child of (G4MF skins a mesh node by its parent skeleton).
NodeId skeletonFor(const core::model::Document& document, NodeId id) {
    const core::model::Node* node = document.nodes.find(id);
    if (!node)
        return {};
    if (node->isSkeleton())
        return id;
    if (node->isBone())
        return document.skeletonOf(id);
    if (node->meshInstance() && node->parent) {
        const core::model::Node* parent = document.nodes.find(node->parent);
        if (parent && parent->isSkeleton())
            return parent->id;
    }
    return {};
}

QTableView* makeTable(const QString& name, const char* objectName, const QString& tip,
                      QWidget* parent) {
    auto* table = new QTableView(parent);
    table->setObjectName(QString::fromLatin1(objectName));
    table->setAccessibleName(name);
    table->setToolTip(tip);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setTabKeyNavigation(false); // arrows move between rows, Tab leaves the table
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setFocusPolicy(Qt::StrongFocus);
    return table;
}

QLabel* buddyLabel(const QString& text, QWidget* buddy, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

BindPosesPanel::BindPosesPanel(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("bindPosesPanel"));
    setAccessibleName(title());
    m_poseModel = new BindPoseListModel(m_session, this);
    m_slotModel = new BindPoseSlotModel(m_session, this);
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("bindPosesHeading"));
    m_heading->setWordWrap(true);
    m_content = new QWidget(this);

    m_poses = makeTable(tr("Bind poses"), "bindPosesTable",
                        tr("The skeleton's stored bind poses; choose one to edit, preview or "
                           "apply it; Delete removes it"),
                        m_content);
    m_poses->setModel(m_poseModel);
    m_add = makeToolButton(
        tr("Add"), "bindPoseAdd",
        tr("Store the rest pose as a bind pose of the first type not stored yet"), m_content);
    m_remove = makeToolButton(tr("Remove"), "bindPoseRemove", tr("Remove the chosen bind pose"),
                              m_content);
    m_capture =
        makeToolButton(tr("Capture Current Pose"), "bindPoseCapture",
                       tr("Store the current pose (the bones posed in the Pose panel or the "
                          "viewport) as a bind pose; a dialog asks for its type"),
                       m_content);
    m_type = new QComboBox(m_content);
    takeWheelOnlyWhenFocused(*m_type);
    m_type->setObjectName(QStringLiteral("bindPoseType"));
    m_type->setAccessibleName(tr("Type"));
    m_type->setToolTip(tr("The chosen pose's type; a skeleton has at most one pose of each type"));
    for (PoseType type : kPoseTypes)
        m_type->addItem(poseTypeLabel(type), static_cast<int>(type));
    m_preview = makeToolButton(
        tr("Preview"), "bindPosePreview",
        tr("Show the chosen pose in the viewport instead of the current pose"), m_content);
    m_preview->setCheckable(true);
    m_ghost = makeToolButton(
        tr("Show as Ghost"), "bindPoseGhost",
        tr("Draw the chosen pose see-through over the pose the viewport shows"), m_content);
    m_ghost->setCheckable(true);
    m_applyAsRest =
        makeToolButton(tr("Apply as Rest"), "bindPoseApplyAsRest",
                       tr("Make the chosen pose the rest pose: bones and skinned meshes "
                          "take it (one undo step)"),
                       m_content);
    m_slots = makeTable(tr("Joints slots"), "bindPoseSlotsTable",
                        tr("The skeleton's joints slots; choose one to edit its entry"), m_content);
    m_slots->setModel(m_slotModel);
    // Delete in the poses table removes the chosen pose (as Remove does); F2 and Delete never
    // reach Edit > Rename and Edit > Delete, which would act on the skeleton's node here.
    claimKeysFromWindowShortcuts(*m_poses, {QKeySequence(Qt::Key_F2), QKeySequence(Qt::Key_Delete)},
                                 [this](const QKeyEvent& key) {
                                     if (key.key() != Qt::Key_Delete)
                                         return false;
                                     removePose();
                                     return true;
                                 });
    claimKeysFromWindowShortcuts(*m_slots,
                                 {QKeySequence(Qt::Key_F2), QKeySequence(Qt::Key_Delete)});
    m_entry = new BindPoseEntryEditor(m_session, m_content);
    m_problem = makeProblemLabel("bindPosesProblem", m_content);

    // Two buttons a row: the panel shares a narrow dock column with the inspector.
    auto* poseButtons = new QGridLayout;
    poseButtons->addWidget(m_add, 0, 0);
    poseButtons->addWidget(m_remove, 0, 1);
    poseButtons->addWidget(m_capture, 1, 0, 1, 2);
    auto* typeRow = new QHBoxLayout;
    typeRow->addWidget(buddyLabel(tr("Type"), m_type, m_content));
    typeRow->addWidget(m_type, 1);
    auto* showButtons = new QGridLayout;
    showButtons->addWidget(m_preview, 0, 0);
    showButtons->addWidget(m_ghost, 0, 1);
    showButtons->addWidget(m_applyAsRest, 1, 0, 1, 2);
    auto* contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(buddyLabel(tr("Bind poses"), m_poses, m_content));
    contentLayout->addWidget(m_poses);
    contentLayout->addLayout(poseButtons);
    contentLayout->addLayout(typeRow);
    contentLayout->addLayout(showButtons);
    contentLayout->addWidget(m_problem);
    contentLayout->addWidget(buddyLabel(tr("Joints slots"), m_slots, m_content));
    contentLayout->addWidget(m_slots);
    contentLayout->addWidget(m_entry);
    contentLayout->addStretch(1);
    // At most four poses: the table is as high as four rows, the slots table a few more.
    const int rowHeight = m_poses->verticalHeader()->defaultSectionSize();
    const int headerHeight = m_poses->horizontalHeader()->sizeHint().height();
    m_poses->setFixedHeight(headerHeight + 4 * rowHeight + 2 * m_poses->frameWidth());
    m_slots->setMinimumHeight(headerHeight + 6 * rowHeight + 2 * m_slots->frameWidth());

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4); // room for a 4D basis in the dock's column
    layout->addWidget(m_heading);
    layout->addWidget(scroll, 1);

    m_captureAction = makeAction(this, tr("Capture Current Pose..."), "captureCurrentPoseAction",
                                 tr("Store the current pose as a bind pose of the skeleton the "
                                    "Bind Poses panel shows"));
    m_applyAction = makeAction(this, tr("Apply Bind Pose as Rest"), "applyBindPoseAsRestAction",
                               tr("Make the bind pose chosen in the Bind Poses panel the rest "
                                  "pose"));
    onTriggeredWithDialogs(m_captureAction, this, [this] { openCaptureDialog(); });
    connect(m_applyAction, &QAction::triggered, this, &BindPosesPanel::applyAsRest);

    connect(m_add, &QPushButton::clicked, this, &BindPosesPanel::addPose);
    connect(m_remove, &QPushButton::clicked, this, &BindPosesPanel::removePose);
    // Queued like the menu action: a press through AT-SPI gets its reply before the dialog shows.
    connect(m_capture, &QPushButton::clicked, this, &BindPosesPanel::openCaptureDialog,
            Qt::QueuedConnection);
    connect(m_type, &QComboBox::activated, this, &BindPosesPanel::typeChosen);
    // toggled, not clicked: assistive technology toggles a button without clicking it.
    connect(m_preview, &QPushButton::toggled, this, &BindPosesPanel::previewToggled);
    connect(m_ghost, &QPushButton::toggled, this, &BindPosesPanel::ghostToggled);
    connect(m_applyAsRest, &QPushButton::clicked, this, &BindPosesPanel::applyAsRest);
    connect(m_poses->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &BindPosesPanel::chosenPoseChanged);
    connect(m_slots->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &BindPosesPanel::chosenSlotChanged);
    connect(m_entry, &BindPoseEntryEditor::refused, this, &BindPosesPanel::refuse);

    connect(&m_session, &EditorSession::documentReplaced, this, [this] {
        m_skeleton = {};
        selectionChanged();
    });
    connect(&m_session, &EditorSession::selectionChanged, this, &BindPosesPanel::selectionChanged);
    connect(&m_session, &EditorSession::changed, this, &BindPosesPanel::documentChanged);
    connect(&m_session, &EditorSession::bindPoseDisplayChanged, this,
            &BindPosesPanel::updateControls);
    connect(&m_session, &EditorSession::poseChanged, this, &BindPosesPanel::updateControls);
    selectionChanged();
}

QString BindPosesPanel::title() {
    return tr("Bind Poses");
}

QList<QAction*> BindPosesPanel::menuActions() const {
    return {m_captureAction, m_applyAction};
}

std::optional<PoseType> BindPosesPanel::chosenPose() const {
    const QModelIndex current = m_poses->selectionModel()->currentIndex();
    return current.isValid() ? m_poseModel->typeAt(current.row()) : std::nullopt;
}

QString BindPosesPanel::skeletonName() const {
    return m_skeleton
               ? QString::fromStdString(core::model::describeNode(m_session.document(), m_skeleton))
               : QString();
}

NodeId BindPosesPanel::skeletonOfSelection() const {
    NodeId skeleton;
    if (m_session.hasDocument()) {
        const core::model::Document& document = m_session.document();
        skeleton = skeletonFor(document, m_session.currentNode());
        for (NodeId id : m_session.selection())
            if (!skeleton)
                skeleton = skeletonFor(document, id);
    }
    return skeleton;
}

void BindPosesPanel::selectionChanged() {
    const NodeId skeleton = skeletonOfSelection();
    if (skeleton != m_skeleton || !skeleton)
        showSkeleton(skeleton);
}

void BindPosesPanel::showSkeleton(NodeId skeleton) {
    m_entry->finishEdit();
    m_skeleton = skeleton;
    m_problem->hide();
    {
        const QSignalBlocker blockPoses(m_poses->selectionModel());
        const QSignalBlocker blockSlots(m_slots->selectionModel());
        m_poseModel->showSkeleton(skeleton);
        m_slotModel->showSkeleton(skeleton);
        if (m_poseModel->rowCount() > 0)
            m_poses->setCurrentIndex(m_poseModel->index(0, 0));
        if (m_slotModel->rowCount() > 0)
            m_slots->setCurrentIndex(m_slotModel->index(0, 0));
    }
    chosenPoseChanged();
}

void BindPosesPanel::documentChanged(const core::edit::ChangeSet& changes) {
    // The selection may lead to another skeleton than before: a selected bone (or an ancestor)
    // moved under another skeleton, a node became or stopped being a bone or skeleton, or the
    // skeleton shown is gone.
    bool restructured = !changes.nodesMoved.empty() || !changes.nodesRemoved.empty();
    for (const core::edit::ChangeSet::NodeFields& node : changes.nodesChanged)
        restructured = restructured || (node.fields & core::edit::ChangeSet::Component) != 0;
    if (restructured) {
        if (const NodeId skeleton = skeletonOfSelection(); skeleton != m_skeleton) {
            showSkeleton(skeleton);
            return;
        }
    }
    if (!m_skeleton)
        return;
    // Poses, joints and bone names are what the tables show; a moved or removed node may change
    // which bones a slot holds.
    bool shown =
        !changes.nodesAdded.empty() || !changes.nodesRemoved.empty() || !changes.nodesMoved.empty();
    for (NodeId skeleton : changes.posesChanged)
        shown = shown || skeleton == m_skeleton;
    for (const core::edit::ChangeSet::NodeFields& node : changes.nodesChanged)
        shown = shown ||
                (node.fields & (core::edit::ChangeSet::Name | core::edit::ChangeSet::Joints)) != 0;
    if (shown)
        refresh();
    else
        updateControls(); // an edit may have broken or mended the rig Capture and Preview need
}

void BindPosesPanel::refresh() {
    // The chosen pose stays chosen by type while rows come, go or change places.
    // A pose whose type went (removed, retyped, undone) leaves its row chosen: a retype and its
    // undo keep showing the same pose.
    const std::optional<PoseType> chosen = chosenPose();
    const int chosenRow = m_poses->selectionModel()->currentIndex().row();
    const int slot = m_slots->selectionModel()->currentIndex().row();
    {
        const QSignalBlocker blockPoses(m_poses->selectionModel());
        const QSignalBlocker blockSlots(m_slots->selectionModel());
        m_poseModel->refresh();
        m_slotModel->refresh();
        int row = chosen ? m_poseModel->rowOf(*chosen) : -1;
        if (row < 0)
            row = std::min(std::max(chosenRow, 0), m_poseModel->rowCount() - 1);
        if (row >= 0)
            m_poses->setCurrentIndex(m_poseModel->index(row, 0));
        if (slot >= 0 && slot < m_slotModel->rowCount())
            m_slots->setCurrentIndex(m_slotModel->index(slot, 0));
        else if (m_slotModel->rowCount() > 0)
            m_slots->setCurrentIndex(m_slotModel->index(0, 0));
    }
    m_entry->showEntry(m_skeleton, chosenPose(), m_slots->selectionModel()->currentIndex().row());
    updateControls();
}

void BindPosesPanel::choosePose(PoseType type) {
    const int row = m_poseModel->rowOf(type);
    if (row >= 0)
        m_poses->setCurrentIndex(m_poseModel->index(row, 0));
}

void BindPosesPanel::chosenPoseChanged() {
    m_entry->showEntry(m_skeleton, chosenPose(), m_slots->selectionModel()->currentIndex().row());
    updateControls();
}

void BindPosesPanel::chosenSlotChanged() {
    m_entry->showEntry(m_skeleton, chosenPose(), m_slots->selectionModel()->currentIndex().row());
}

void BindPosesPanel::updateControls() {
    m_updating = true;
    const bool has = static_cast<bool>(m_skeleton);
    const std::optional<PoseType> chosen = chosenPose();
    const bool evaluable = m_session.rig() != nullptr;
    const bool full = m_poseModel->rowCount() >= static_cast<int>(kPoseTypes.size());
    m_content->setEnabled(has);
    if (!m_session.hasDocument())
        m_heading->setText(tr("No document"));
    else if (!has)
        m_heading->setText(tr("Select a skeleton, one of its bones or a skinned mesh node to see "
                              "its bind poses."));
    else
        m_heading->setText(tr("Skeleton %1: %n bind pose(s)", nullptr, m_poseModel->rowCount())
                               .arg(skeletonName()));
    m_add->setEnabled(has && !full);
    m_remove->setEnabled(chosen.has_value());
    m_capture->setEnabled(has && evaluable && !full);
    m_captureAction->setEnabled(has && evaluable && !full);
    m_type->setEnabled(chosen.has_value());
    if (chosen)
        m_type->setCurrentIndex(m_type->findData(static_cast<int>(*chosen)));
    else
        m_type->setCurrentIndex(-1);
    m_preview->setEnabled(chosen && evaluable);
    m_preview->setChecked(chosen && m_session.previewedBindPose() == chosen);
    m_ghost->setEnabled(chosen && evaluable);
    m_ghost->setChecked(chosen && m_session.ghostBindPose() == chosen);
    m_applyAsRest->setEnabled(chosen && evaluable);
    m_applyAction->setEnabled(chosen && evaluable);
    m_updating = false;
}

void BindPosesPanel::refuse(const QString& reason) {
    m_problem->setText(reason);
    m_problem->setAccessibleDescription(reason);
    m_problem->show();
    emit message(reason);
}

void BindPosesPanel::report(const QString& text) {
    m_problem->hide();
    emit message(text);
}

void BindPosesPanel::addPose() {
    if (!m_skeleton)
        return;
    for (PoseType type : kPoseTypes)
        if (m_poseModel->rowOf(type) < 0) {
            if (auto done = m_session.execute(core::edit::addBindPose(m_skeleton, type)); !done) {
                refuse(QString::fromStdString(done.error().message()));
                return;
            }
            choosePose(type);
            report(tr("Added the rest pose as %1").arg(poseTypeLabel(type)));
            return;
        }
    refuse(
        tr("%1 already stores every pose type (TPose, APose, IPose, Custom)").arg(skeletonName()));
}

void BindPosesPanel::removePose() {
    const std::optional<PoseType> chosen = chosenPose();
    if (!m_skeleton || !chosen)
        return;
    if (auto done = m_session.execute(core::edit::removeBindPose(m_skeleton, *chosen)); !done)
        refuse(QString::fromStdString(done.error().message()));
    else
        report(tr("Removed %1").arg(poseTypeLabel(*chosen)));
}

void BindPosesPanel::typeChosen(int index) {
    const std::optional<PoseType> chosen = chosenPose();
    if (m_updating || !m_skeleton || !chosen || index < 0)
        return;
    const auto to = static_cast<PoseType>(m_type->itemData(index).toInt());
    if (to == *chosen)
        return;
    if (auto done = m_session.execute(core::edit::setBindPoseType(m_skeleton, *chosen, to));
        !done) {
        refuse(QString::fromStdString(done.error().message()));
        updateControls(); // the combo shows the type the pose kept
        return;
    }
    choosePose(to);
    report(tr("%1 is now %2").arg(poseTypeLabel(*chosen), poseTypeLabel(to)));
}

void BindPosesPanel::openCaptureDialog() {
    if (!m_skeleton) {
        emit message(tr("Select a skeleton, one of its bones or a skinned mesh node to capture "
                        "its pose"));
        return;
    }
    if (m_captureDialog) {
        m_captureDialog->raise();
        m_captureDialog->activateWindow();
        return;
    }
    std::set<PoseType> stored;
    for (int row = 0; row < m_poseModel->rowCount(); ++row)
        stored.insert(*m_poseModel->typeAt(row));
    auto* dialog = new CapturePoseDialog(skeletonName(), std::move(stored), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const NodeId skeleton = m_skeleton;
    connect(dialog, &QDialog::accepted, this, [this, dialog, skeleton] {
        if (skeleton == m_skeleton)
            capture(dialog->poseType());
    });
    m_captureDialog = dialog;
    dialog->open();
}

void BindPosesPanel::capture(PoseType type) {
    const core::eval::CompiledRig* rig = m_session.rig();
    if (!m_skeleton || !rig) {
        refuse(tr("Cannot capture the pose: %1").arg(m_session.rigError()));
        return;
    }
    const core::eval::CompiledSkeleton* compiled = nullptr;
    for (const core::eval::CompiledSkeleton& candidate : rig->skeletons())
        if (candidate.skeleton == m_skeleton)
            compiled = &candidate;
    auto pose = core::eval::poseFromBonePoses(m_session.document(), *rig, m_session.bonePoses());
    if (!compiled || !pose) {
        refuse(tr("Cannot capture the pose of %1: %2")
                   .arg(skeletonName(), pose ? tr("the viewport does not evaluate it")
                                             : QString::fromStdString(pose.error().message())));
        return;
    }
    auto done = m_session.execute(core::edit::storeBindPose(
        m_skeleton, core::eval::bindPoseFromPose(*compiled, *pose, type)));
    if (!done) {
        refuse(QString::fromStdString(done.error().message()));
        return;
    }
    choosePose(type);
    report(tr("Captured the current pose as %1").arg(poseTypeLabel(type)));
}

void BindPosesPanel::previewToggled(bool on) {
    if (m_updating)
        return;
    m_session.setPreviewedBindPose(on ? chosenPose() : std::nullopt);
}

void BindPosesPanel::ghostToggled(bool on) {
    if (m_updating)
        return;
    m_session.setGhostBindPose(on ? chosenPose() : std::nullopt);
}

void BindPosesPanel::applyAsRest() {
    const std::optional<PoseType> chosen = chosenPose();
    const core::eval::CompiledRig* rig = m_session.rig();
    if (!m_skeleton || !chosen || !rig) {
        emit message(tr("Choose a bind pose in the Bind Poses panel to apply it as the rest pose"));
        return;
    }
    const core::model::BindPose* stored = nullptr;
    for (const core::model::BindPose& pose :
         m_session.document().node(m_skeleton).skeleton()->bindPoses)
        if (pose.type == *chosen)
            stored = &pose;
    const core::eval::CompiledSkeleton* compiled = nullptr;
    for (const core::eval::CompiledSkeleton& candidate : rig->skeletons())
        if (candidate.skeleton == m_skeleton)
            compiled = &candidate;
    if (!stored || !compiled) {
        refuse(tr("Cannot apply %1: the viewport does not evaluate %2")
                   .arg(poseTypeLabel(*chosen), skeletonName()));
        return;
    }
    auto pose = core::eval::poseFromBindPose(*compiled, *stored);
    auto command = pose ? core::ops::poseAsRestCommand(m_session.document(), *rig, *pose)
                        : core::Result<std::unique_ptr<core::edit::Command>>(pose.error());
    auto done =
        command ? m_session.execute(std::move(*command)) : core::Result<void>(command.error());
    if (!done) {
        refuse(tr("Cannot apply %1 as the rest pose: %2")
                   .arg(poseTypeLabel(*chosen), QString::fromStdString(done.error().message())));
        return;
    }
    // The rest pose is that pose now: showing it as a preview would show nothing new.
    if (m_session.previewedBindPose() == chosen)
        m_session.setPreviewedBindPose(std::nullopt);
    report(tr("Applied %1 as the rest pose").arg(poseTypeLabel(*chosen)));
}

} // namespace hyperrig::ui
