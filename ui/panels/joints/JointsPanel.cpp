#include "ui/panels/joints/JointsPanel.h"

#include "core/edit/CompositeCommand.h"
#include "core/edit/commands/DataCommands.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/model/ItemLabels.h"
#include "core/ops/JointOrder.h"
#include "core/ops/JointSlots.h"
#include "ui/panels/joints/JointsModel.h"
#include "ui/session/EditorSession.h"
#include "ui/session/NodeLabel.h"
#include "ui/session/SelectedSkeleton.h"
#include "ui/widgets/PanelWidgets.h"
#include "ui/widgets/RowMovePlan.h"
#include "ui/widgets/RowMoveTableView.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace hyperrig::ui {
namespace {

using core::model::NodeId;

} // namespace

JointsPanel::JointsPanel(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new JointsModel(this)) {
    setObjectName(QStringLiteral("jointsPanel"));
    setAccessibleName(title());
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("jointsHeading"));
    m_heading->setWordWrap(true);

    m_table = new RowMoveTableView(this);
    m_table->setObjectName(QStringLiteral("jointsTable"));
    m_table->setAccessibleName(tr("Joints"));
    m_table->setToolTip(tr("The skeleton's joints slots in order: skin group i follows the bone "
                           "of slot i. Drag rows to move slots; Ctrl+Up and Ctrl+Down move the "
                           "current slot."));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->installEventFilter(this);
    // Delete removes the selected slots and Select All selects every slot: without the claim,
    // Edit > Delete would delete the selected skeleton with all its bones, and Select All select
    // every node (the keypad's Delete too: Qt tries a shortcut without the keypad modifier). A
    // held Delete removes once.
    claimKeysFromWindowShortcuts(
        *m_table, {QKeySequence(Qt::Key_Delete), QKeySequence(QKeySequence::SelectAll)},
        [this](const QKeyEvent& key) {
            if (key.key() != Qt::Key_Delete)
                return false; // Select All: the table's own
            removeSlots();
            return true;
        });

    m_bone = new QComboBox(this);
    takeWheelOnlyWhenFocused(*m_bone);
    m_bone->setObjectName(QStringLiteral("jointsBone"));
    m_bone->setAccessibleName(tr("Bone"));
    m_bone->setToolTip(tr("The bone of the selected slots, or none (their vertices stay put)"));
    auto* boneLabel = new QLabel(tr("Bone"), this);
    boneLabel->setBuddy(m_bone);
    auto* boneForm = new QFormLayout;
    boneForm->addRow(boneLabel, m_bone);

    m_add = makeToolButton(tr("Add Slot"), "jointsAdd",
                           tr("Append a slot for the current bone (none when no bone of this "
                              "skeleton is selected)"),
                           this);
    m_remove = makeToolButton(
        tr("Remove Slot"), "jointsRemove",
        tr("Remove the selected slots (their bind pose entries go with them)"), this);
    m_up =
        makeToolButton(tr("Move Up"), "jointsUp", tr("Move the current slot one place up"), this);
    m_down = makeToolButton(tr("Move Down"), "jointsDown",
                            tr("Move the current slot one place down"), this);
    m_stiff = makeToolButton(tr("Make Stiff"), "jointsStiff",
                             tr("Give every selected slot the first selected slot's bone and bind "
                                "pose entries: one bone drives those groups as one, like a stiff "
                                "tail"),
                             this);
    m_generate =
        makeToolButton(tr("Generate from Hierarchy"), "jointsGenerate",
                       tr("Replace the slots by every bone of the skeleton once, in document "
                          "order (parents first)"),
                       this);
    auto* slotButtons = new QHBoxLayout;
    for (QPushButton* button : {m_add, m_remove, m_up, m_down})
        slotButtons->addWidget(button);
    auto* toolButtons = new QHBoxLayout;
    toolButtons->addWidget(m_stiff);
    toolButtons->addWidget(m_generate);
    toolButtons->addStretch(1);

    m_slotProblem = makeProblemLabel("jointsSlotProblem", this);
    m_refusal = makeProblemLabel("jointsRefusal", this);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_slotProblem);
    layout->addLayout(boneForm);
    layout->addLayout(slotButtons);
    layout->addLayout(toolButtons);
    layout->addWidget(m_refusal);

    connect(m_bone, &QComboBox::activated, this, &JointsPanel::boneChosen);
    connect(m_add, &QPushButton::clicked, this, &JointsPanel::addSlot);
    connect(m_remove, &QPushButton::clicked, this, &JointsPanel::removeSlots);
    connect(m_up, &QPushButton::clicked, this, [this] { moveSlot(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveSlot(1); });
    connect(m_stiff, &QPushButton::clicked, this, &JointsPanel::makeStiff);
    connect(m_generate, &QPushButton::clicked, this, &JointsPanel::generateFromHierarchy);
    connect(m_table, &RowMoveTableView::moveRequested, this, &JointsPanel::moveSlots);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &JointsPanel::rowSelectionChanged);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &JointsPanel::rowSelectionChanged);

    connect(&m_session, &EditorSession::documentReplaced, this, &JointsPanel::followSelection);
    connect(&m_session, &EditorSession::selectionChanged, this, &JointsPanel::followSelection);
    connect(&m_session, &EditorSession::changed, this, &JointsPanel::documentChanged);
    followSelection();
}

QString JointsPanel::title() {
    return tr("Joints");
}

void JointsPanel::followSelection() {
    const NodeId skeleton = selectedSkeleton(m_session);
    if (skeleton != m_skeleton) {
        m_skeleton = skeleton;
        m_refusal->hide();
    }
    refresh();
}

void JointsPanel::documentChanged(const core::edit::ChangeSet& changes) {
    if (!m_skeleton)
        return followSelection(); // a new skeleton may have come under the current node
    // Names, joints, the tree (document order decides the order rules), skins and poses all show.
    const bool relevant =
        !changes.nodesAdded.empty() || !changes.nodesRemoved.empty() ||
        !changes.nodesMoved.empty() || !changes.skinsChanged.empty() ||
        std::any_of(changes.nodesChanged.begin(), changes.nodesChanged.end(),
                    [](const core::edit::ChangeSet::NodeFields& node) {
                        return (node.fields &
                                (core::edit::ChangeSet::Name | core::edit::ChangeSet::Joints |
                                 core::edit::ChangeSet::Component |
                                 core::edit::ChangeSet::MeshInstance)) != 0;
                    });
    if (relevant)
        followSelection();
}

void JointsPanel::refresh() {
    const bool has = m_session.hasDocument() && m_skeleton;
    m_model->show(has ? &m_session.document() : nullptr, has ? m_skeleton : NodeId{});
    m_table->resizeColumnsToContents();
    if (!m_session.hasDocument())
        m_heading->setText(tr("No document"));
    else if (!m_skeleton)
        m_heading->setText(tr("Select a skeleton, one of its bones or a skinned mesh to edit its "
                              "joints."));
    else
        m_heading->setText(tr("Joints slots of skeleton %1: %2")
                               .arg(QString::fromStdString(
                                   core::model::describeNode(m_session.document(), m_skeleton)))
                               .arg(m_model->rowCount()));

    // The bone choices: none, then every bone of the skeleton in document order.
    const QSignalBlocker blocker(m_bone);
    m_bone->clear();
    m_boneChoices.clear();
    if (has) {
        m_bone->addItem(tr("none"));
        const core::model::Document& document = m_session.document();
        for (const auto& slot : core::ops::jointsFromHierarchy(document, m_skeleton)) {
            m_boneChoices.push_back(*slot);
            m_bone->addItem(nodeLabel(document, *slot));
        }
    }
    m_add->setEnabled(has);
    m_generate->setEnabled(has);
    rowSelectionChanged();
}

std::vector<int> JointsPanel::selectedSlots() const {
    std::vector<int> selected;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows())
        selected.push_back(index.row());
    std::sort(selected.begin(), selected.end());
    return selected;
}

void JointsPanel::selectSlots(int first, int last) {
    if (first < 0 || last >= m_model->rowCount() || first > last)
        return;
    m_table->selectionModel()->select(
        QItemSelection(m_model->index(first, 0), m_model->index(last, m_model->columnCount() - 1)),
        QItemSelectionModel::ClearAndSelect);
    m_table->selectionModel()->setCurrentIndex(m_model->index(first, 0),
                                               QItemSelectionModel::NoUpdate);
}

void JointsPanel::selectSlots(const std::vector<int>& rows) {
    QItemSelection selection;
    for (const int row : rows)
        if (row >= 0 && row < m_model->rowCount())
            selection.select(m_model->index(row, 0),
                             m_model->index(row, m_model->columnCount() - 1));
    if (selection.isEmpty())
        return;
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    m_table->selectionModel()->setCurrentIndex(m_model->index(rows.front(), 0),
                                               QItemSelectionModel::NoUpdate);
}

void JointsPanel::rowSelectionChanged() {
    const std::vector<int> selected = selectedSlots();
    const int current = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : -1;
    const bool any = !selected.empty();
    m_bone->setEnabled(any);
    m_remove->setEnabled(any);
    m_up->setEnabled(selected.size() == 1 && selected.front() > 0);
    m_down->setEnabled(selected.size() == 1 && selected.front() + 1 < m_model->rowCount());
    m_stiff->setEnabled(selected.size() >= 2);

    // The combo shows the selected slots' common bone, or nothing when they differ.
    const QSignalBlocker blocker(m_bone);
    int choice = -1;
    for (std::size_t k = 0; k < selected.size(); ++k) {
        const core::model::JointSlot bone = m_model->boneAt(selected[k]);
        int index = 0;
        if (bone) {
            const auto found = std::find(m_boneChoices.begin(), m_boneChoices.end(), *bone);
            index = found == m_boneChoices.end()
                        ? -1
                        : static_cast<int>(found - m_boneChoices.begin()) + 1;
        }
        if (k == 0)
            choice = index;
        else if (index != choice)
            choice = -1;
    }
    m_bone->setCurrentIndex(choice);

    const int shown = current >= 0 ? current : (any ? selected.front() : -1);
    const QString problem =
        shown >= 0 && shown < m_model->rowCount() ? m_model->problemAt(shown) : QString();
    m_slotProblem->setText(problem);
    m_slotProblem->setVisible(!problem.isEmpty());
}

bool JointsPanel::run(std::unique_ptr<core::edit::Command> command) {
    auto result = m_session.execute(std::move(command));
    if (!result.ok()) {
        refuse(QString::fromStdString(result.error().message()));
        return false;
    }
    m_refusal->hide();
    return true;
}

void JointsPanel::refuse(const QString& reason) {
    m_refusal->setText(reason);
    m_refusal->show();
    emit message(reason);
}

void JointsPanel::boneChosen(int index) {
    const std::vector<int> selected = selectedSlots();
    if (selected.empty() || index < 0)
        return;
    const core::model::JointSlot bone =
        index == 0 ? core::model::JointSlot{}
                   : core::model::JointSlot{m_boneChoices[static_cast<std::size_t>(index - 1)]};
    auto batch = std::make_unique<core::edit::CompositeCommand>(
        selected.size() == 1 ? "Set Joint Slot" : "Set Joint Slots");
    for (int slot : selected)
        if (m_model->boneAt(slot) != bone)
            batch->appendPending(
                core::edit::setJointSlot(m_skeleton, static_cast<std::size_t>(slot), bone));
    if (batch->empty())
        return;
    if (run(std::move(batch)))
        selectSlots(selected); // the rows edited, not the range between them
}

void JointsPanel::addSlot() {
    const core::model::Document& document = m_session.document();
    core::model::JointSlot bone;
    if (document.skeletonOf(m_session.currentNode()) == m_skeleton)
        bone = m_session.currentNode();
    auto batch = std::make_unique<core::edit::CompositeCommand>("Add Joint Slot");
    if (auto planned = core::ops::appendJointSlots(document, m_skeleton, {bone}, *batch);
        !planned.ok())
        return refuse(QString::fromStdString(planned.error().message()));
    if (run(std::move(batch)))
        selectSlots(m_model->rowCount() - 1, m_model->rowCount() - 1);
}

void JointsPanel::removeSlots() {
    const std::vector<int> selected = selectedSlots();
    if (selected.empty())
        return;
    auto batch = std::make_unique<core::edit::CompositeCommand>(
        selected.size() == 1 ? "Remove Joint Slot" : "Remove Joint Slots");
    // From the last slot back, so the indices of the ones still to remove stay put.
    for (auto slot = selected.rbegin(); slot != selected.rend(); ++slot)
        batch->appendPending(core::edit::removeJoint(m_skeleton, static_cast<std::size_t>(*slot)));
    if (run(std::move(batch)) && m_model->rowCount() > 0) {
        const int next = std::min(selected.front(), m_model->rowCount() - 1);
        selectSlots(next, next);
    }
}

void JointsPanel::moveSlot(int offset) {
    const std::vector<int> selected = selectedSlots();
    if (selected.size() != 1)
        return;
    const int from = selected.front();
    const int to = from + offset;
    if (to < 0 || to >= m_model->rowCount())
        return;
    if (run(core::edit::moveJoint(m_skeleton, static_cast<std::size_t>(from),
                                  static_cast<std::size_t>(to))))
        selectSlots(to, to);
}

void JointsPanel::moveSlots(const QList<int>& rows, int destination) {
    const std::vector<int> dragged(rows.begin(), rows.end());
    const std::vector<RowMove> steps = rowMoveSteps(dragged, destination);
    if (steps.empty())
        return; // dropped where they are
    std::unique_ptr<core::edit::Command> command;
    if (steps.size() == 1) {
        command = core::edit::moveJoint(m_skeleton, static_cast<std::size_t>(steps[0].first),
                                        static_cast<std::size_t>(steps[0].second));
    } else {
        auto batch = std::make_unique<core::edit::CompositeCommand>("Move Joint Slots");
        for (const auto& [from, to] : steps)
            batch->appendPending(core::edit::moveJoint(m_skeleton, static_cast<std::size_t>(from),
                                                       static_cast<std::size_t>(to)));
        command = std::move(batch);
    }
    if (run(std::move(command))) {
        const int first = movedRowsFirst(dragged, destination);
        selectSlots(first, first + static_cast<int>(dragged.size()) - 1);
    }
}

void JointsPanel::makeStiff() {
    const std::vector<int> selected = selectedSlots();
    if (selected.size() < 2)
        return;
    if (selected.back() - selected.front() + 1 != static_cast<int>(selected.size()))
        return refuse(tr("Make Stiff needs consecutive slots: select a run of rows without gaps"));
    const core::model::JointSlot bone = m_model->boneAt(selected.front());
    if (!bone)
        return refuse(tr("Make Stiff gives the first selected slot's bone to the others, and slot "
                         "%1 has none: choose its bone first")
                          .arg(selected.front()));
    const core::model::Skeleton& skeleton = *m_session.document().node(m_skeleton).skeleton();
    auto batch = std::make_unique<core::edit::CompositeCommand>("Make Joints Stiff");
    const auto first = static_cast<std::size_t>(selected.front());
    for (std::size_t k = 1; k < selected.size(); ++k) {
        const auto slot = static_cast<std::size_t>(selected[k]);
        if (skeleton.joints[slot] != bone)
            batch->appendPending(core::edit::setJointSlot(m_skeleton, slot, bone));
        // A bone listed twice must sit in the same place in every pose (the validator checks).
        for (const core::model::BindPose& pose : skeleton.bindPoses)
            if (first < pose.joints.size() && slot < pose.joints.size() &&
                pose.joints[slot] != pose.joints[first])
                batch->appendPending(
                    core::edit::setBindPoseEntry(m_skeleton, pose.type, slot, pose.joints[first]));
    }
    if (batch->empty())
        return;
    if (run(std::move(batch)))
        selectSlots(selected);
}

void JointsPanel::generateFromHierarchy() {
    auto joints = core::ops::jointsFromHierarchy(m_session.document(), m_skeleton);
    if (joints == m_session.document().node(m_skeleton).skeleton()->joints) {
        // No step that changes nothing (it would mark the document modified and drop redo).
        m_refusal->hide();
        emit message(tr("The joints already follow the hierarchy"));
        return;
    }
    run(core::edit::setJoints(m_skeleton, std::move(joints)));
}

bool JointsPanel::eventFilter(QObject* watched, QEvent* event) {
    const bool keyEvent =
        event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride;
    if (watched != m_table || !keyEvent)
        return QWidget::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    // Ctrl+Up/Down move the current slot (held, it keeps moving); the keypad's arrows too.
    const bool move = (key->modifiers() & ~Qt::KeypadModifier) == Qt::ControlModifier &&
                      (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down);
    if (!move)
        return QWidget::eventFilter(watched, event);
    // Claimed before the window's shortcuts see it.
    event->accept();
    if (event->type() == QEvent::KeyPress)
        moveSlot(key->key() == Qt::Key_Up ? -1 : 1);
    return true;
}

} // namespace hyperrig::ui
