#include "ui/panels/groups/GroupNamesPanel.h"

#include "core/edit/CompositeCommand.h"
#include "core/edit/commands/DataCommands.h"
#include "core/model/ItemLabels.h"
#include "core/ops/influence/InfluenceTools.h"
#include "ui/panels/groups/GroupNamesModel.h"
#include "ui/session/EditorSession.h"
#include "ui/session/NodeLabel.h"
#include "ui/session/SelectedSkeleton.h"
#include "ui/widgets/KeepTypedTextDelegate.h"
#include "ui/widgets/PanelWidgets.h"
#include "ui/widgets/RowMovePlan.h"
#include "ui/widgets/RowMoveTableView.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace hyperrig::ui {
namespace {

using core::model::MeshId;
using core::model::NodeId;

// One line next to its tool: what it would change; a refusal's reason is its tooltip.
QLabel* previewLabel(const char* objectName, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(QString::fromLatin1(objectName));
    label->setWordWrap(false);
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    return label;
}

} // namespace

GroupNamesPanel::GroupNamesPanel(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session),
      m_model(new GroupNamesModel(
          [this](std::size_t group, const std::string& name) { return rename(group, name); },
          this)) {
    setObjectName(QStringLiteral("groupNamesPanel"));
    setAccessibleName(title());
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("groupsHeading"));
    m_heading->setWordWrap(true);

    m_mesh = new QComboBox(this);
    takeWheelOnlyWhenFocused(*m_mesh);
    m_mesh->setObjectName(QStringLiteral("groupsMesh"));
    m_mesh->setAccessibleName(tr("Mesh"));
    m_mesh->setToolTip(tr("The skinned mesh of the skeleton whose groups are shown"));
    auto* meshLabel = new QLabel(tr("Mesh"), this);
    meshLabel->setBuddy(m_mesh);
    auto* meshForm = new QFormLayout;
    meshForm->addRow(meshLabel, m_mesh);

    m_table = new RowMoveTableView(this);
    m_table->setObjectName(QStringLiteral("groupsTable"));
    m_table->setAccessibleName(tr("Group Names"));
    m_table->setToolTip(tr("The skin's groups: group i follows the bone in joints slot i. "
                           "F2 renames the current group; drag a group to give it another "
                           "index."));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    // A refused name (taken, forbidden) opens the editor again with the typed text.
    m_table->setItemDelegateForColumn(GroupNamesModel::NameColumn,
                                      new KeepTypedTextDelegate(m_table));
    // F2 renames the current group (the table's edit key), not the current node.
    claimKeysFromWindowShortcuts(*m_table,
                                 {QKeySequence(Qt::Key_F2), QKeySequence(Qt::Key_Delete)});
    m_table->setTabKeyNavigation(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);

    m_up = makeToolButton(tr("Move Up"), "groupsUp",
                          tr("Give the current group the index above (the joints stay: it follows "
                             "that slot's bone from then on)"),
                          this);
    m_down =
        makeToolButton(tr("Move Down"), "groupsDown",
                       tr("Give the current group the index below (the joints stay: it follows "
                          "that slot's bone from then on)"),
                       this);
    auto* moveButtons = new QHBoxLayout;
    moveButtons->addWidget(m_up);
    moveButtons->addWidget(m_down);
    moveButtons->addStretch(1);

    auto* tools = new QGroupBox(tr("Tools"), this);
    tools->setObjectName(QStringLiteral("groupsTools"));
    m_infer =
        makeToolButton(tr("Infer Names from Joints"), "groupsInfer",
                       tr("Name every group after the bone in its joints slot (a skin without "
                          "names only)"),
                       tools);
    m_removeUnused = makeToolButton(tr("Remove Unused"), "groupsRemoveUnused",
                                    tr("Drop the groups no vertex uses and renumber the rest, with "
                                       "their joints slots: the deformation stays the same"),
                                    tools);
    m_normalize = makeToolButton(tr("Normalize"), "groupsNormalize",
                                 tr("Make every vertex's weights add up to 1"), tools);
    m_maxInfluences = new QSpinBox(tools);
    m_maxInfluences->setObjectName(QStringLiteral("groupsMaxInfluences"));
    m_maxInfluences->setAccessibleName(tr("Max influences"));
    m_maxInfluences->setRange(1, 64);
    m_maxInfluences->setValue(4);
    m_maxInfluences->setToolTip(tr("How many influences each vertex keeps (its strongest)"));
    m_limit =
        makeToolButton(tr("Limit Influences"), "groupsLimit",
                       tr("Keep each vertex's strongest influences, up to Max influences, and "
                          "renormalise what it keeps"),
                       tools);
    m_threshold = new QDoubleSpinBox(tools);
    m_threshold->setObjectName(QStringLiteral("groupsThreshold"));
    m_threshold->setAccessibleName(tr("Threshold"));
    m_threshold->setDecimals(4);
    m_threshold->setRange(0.0, 1.0);
    m_threshold->setSingleStep(0.005);
    m_threshold->setValue(0.01);
    m_threshold->setToolTip(tr("Influences with a weight below this are removed"));
    m_prune =
        makeToolButton(tr("Prune Below"), "groupsPrune",
                       tr("Remove the influences below Threshold and renormalise the rest"), tools);
    m_inferPreview = previewLabel("groupsInferPreview", tools);
    m_removeUnusedPreview = previewLabel("groupsRemoveUnusedPreview", tools);
    m_normalizePreview = previewLabel("groupsNormalizePreview", tools);
    m_limitPreview = previewLabel("groupsLimitPreview", tools);
    m_prunePreview = previewLabel("groupsPrunePreview", tools);
    auto* maxLabel = new QLabel(tr("Max influences"), tools);
    maxLabel->setBuddy(m_maxInfluences);
    auto* thresholdLabel = new QLabel(tr("Threshold"), tools);
    thresholdLabel->setBuddy(m_threshold);
    // One row per tool: its parameter (if any), its button, and what it would change.
    auto* toolRows = new QVBoxLayout(tools);
    const auto addToolRow = [toolRows](std::initializer_list<QWidget*> widgets, QLabel* preview) {
        auto* row = new QHBoxLayout;
        for (QWidget* widget : widgets)
            row->addWidget(widget);
        row->addWidget(preview, 1);
        toolRows->addLayout(row);
    };
    addToolRow({m_infer}, m_inferPreview);
    addToolRow({m_removeUnused}, m_removeUnusedPreview);
    addToolRow({m_normalize}, m_normalizePreview);
    addToolRow({maxLabel, m_maxInfluences, m_limit}, m_limitPreview);
    addToolRow({thresholdLabel, m_threshold, m_prune}, m_prunePreview);
    tools->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    // Buttons as wide as their text, so the previews beside them get the rest of the row.
    for (QPushButton* button : {m_infer, m_removeUnused, m_normalize, m_limit, m_prune})
        button->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);

    m_refusal = makeProblemLabel("groupsRefusal", this);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addLayout(meshForm);
    layout->addWidget(m_table, 1);
    layout->addLayout(moveButtons);
    layout->addWidget(tools);
    layout->addWidget(m_refusal);

    const auto runTool = [this](auto plan) {
        const MeshId mesh = shownMesh();
        if (!mesh)
            return;
        auto command = plan(m_session.document(), mesh);
        if (!command.ok())
            return refuse(QString::fromStdString(command.error().message()));
        run(std::move(*command));
    };
    connect(m_infer, &QPushButton::clicked, this, [runTool] {
        runTool([](const auto& document, MeshId mesh) {
            return core::ops::inferGroupNames(document, mesh);
        });
    });
    connect(m_removeUnused, &QPushButton::clicked, this, [runTool] {
        runTool([](const auto& document, MeshId mesh) {
            return core::ops::removeUnusedGroups(document, mesh);
        });
    });
    connect(m_normalize, &QPushButton::clicked, this, [runTool] {
        runTool([](const auto& document, MeshId mesh) {
            return core::ops::normalizeWeights(document, mesh);
        });
    });
    connect(m_limit, &QPushButton::clicked, this, [this, runTool] {
        const auto count = static_cast<std::size_t>(m_maxInfluences->value());
        runTool([count](const auto& document, MeshId mesh) {
            return core::ops::limitInfluences(document, mesh, count);
        });
    });
    connect(m_prune, &QPushButton::clicked, this, [this, runTool] {
        const double threshold = m_threshold->value();
        runTool([threshold](const auto& document, MeshId mesh) {
            return core::ops::pruneWeights(document, mesh, threshold, true);
        });
    });
    connect(m_maxInfluences, &QSpinBox::valueChanged, this, &GroupNamesPanel::refreshPreviews);
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, &GroupNamesPanel::refreshPreviews);
    connect(m_up, &QPushButton::clicked, this, [this] { moveGroup(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveGroup(1); });
    connect(m_table, &RowMoveTableView::moveRequested, this, &GroupNamesPanel::moveDraggedGroups);
    connect(m_mesh, &QComboBox::activated, this, &GroupNamesPanel::meshChosen);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &GroupNamesPanel::currentGroupChanged);

    connect(&m_session, &EditorSession::documentReplaced, this, &GroupNamesPanel::followSelection);
    connect(&m_session, &EditorSession::selectionChanged, this, &GroupNamesPanel::followSelection);
    connect(&m_session, &EditorSession::changed, this, &GroupNamesPanel::documentChanged);
    followSelection();
}

QString GroupNamesPanel::title() {
    return tr("Group Names");
}

MeshId GroupNamesPanel::shownMesh() const {
    if (!m_session.hasDocument() || !m_meshNode)
        return {};
    const core::model::Node* node = m_session.document().nodes.find(m_meshNode);
    return node && node->meshInstance() ? node->meshInstance()->mesh : MeshId{};
}

void GroupNamesPanel::followSelection() {
    m_skeleton = selectedSkeleton(m_session);
    m_meshNodes.clear();
    NodeId chosen;
    if (m_skeleton) {
        const core::model::Document& document = m_session.document();
        for (NodeId child : document.node(m_skeleton).children) {
            const core::model::Node& node = document.node(child);
            const core::model::Mesh* mesh =
                node.meshInstance() ? document.meshes.find(node.meshInstance()->mesh) : nullptr;
            if (mesh && mesh->skin)
                m_meshNodes.push_back(child);
        }
        // The selected mesh node, else the one shown before when it is still there, else the
        // skeleton's first skinned mesh.
        const auto has = [this](NodeId id) {
            return std::find(m_meshNodes.begin(), m_meshNodes.end(), id) != m_meshNodes.end();
        };
        if (has(m_session.currentNode()))
            chosen = m_session.currentNode();
        else if (has(m_meshNode))
            chosen = m_meshNode;
        else if (!m_meshNodes.empty())
            chosen = m_meshNodes.front();
    }
    if (chosen != m_meshNode)
        m_refusal->hide();
    m_meshNode = chosen;
    const QSignalBlocker blocker(m_mesh);
    m_mesh->clear();
    for (NodeId id : m_meshNodes)
        m_mesh->addItem(nodeLabel(m_session.document(), id));
    const auto found = std::find(m_meshNodes.begin(), m_meshNodes.end(), m_meshNode);
    m_mesh->setCurrentIndex(
        found == m_meshNodes.end() ? -1 : static_cast<int>(found - m_meshNodes.begin()));
    refresh();
}

void GroupNamesPanel::meshChosen(int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= m_meshNodes.size())
        return;
    m_meshNode = m_meshNodes[static_cast<std::size_t>(index)];
    m_refusal->hide();
    refresh();
}

void GroupNamesPanel::documentChanged(const core::edit::ChangeSet& changes) {
    const bool structure =
        !changes.nodesAdded.empty() || !changes.nodesRemoved.empty() || !changes.nodesMoved.empty();
    if (structure)
        return followSelection(); // meshes may have come, gone or moved under another skeleton
    const MeshId mesh = shownMesh();
    const bool skin = std::find(changes.skinsChanged.begin(), changes.skinsChanged.end(), mesh) !=
                      changes.skinsChanged.end();
    const bool names = std::any_of(
        changes.nodesChanged.begin(), changes.nodesChanged.end(),
        [](const core::edit::ChangeSet::NodeFields& node) {
            return (node.fields &
                    (core::edit::ChangeSet::Name | core::edit::ChangeSet::Joints |
                     core::edit::ChangeSet::MeshInstance | core::edit::ChangeSet::Component)) != 0;
        });
    if (skin || names)
        followSelection();
}

void GroupNamesPanel::refresh() {
    const MeshId mesh = shownMesh();
    const int current = m_table->currentIndex().row();
    m_model->show(m_session.hasDocument() ? &m_session.document() : nullptr, mesh);
    m_table->resizeColumnsToContents();
    if (current >= 0 && current < m_model->rowCount())
        setCurrentGroup(current);
    if (!m_session.hasDocument())
        m_heading->setText(tr("No document"));
    else if (!m_skeleton)
        m_heading->setText(tr("Select a skeleton, one of its bones or a skinned mesh to see its "
                              "skin groups."));
    else if (!mesh)
        m_heading->setText(tr("Skeleton %1 has no skinned mesh.")
                               .arg(QString::fromStdString(
                                   core::model::describeNode(m_session.document(), m_skeleton))));
    else
        m_heading->setText(tr("Skin groups of %1: %2")
                               .arg(nodeLabel(m_session.document(), m_meshNode))
                               .arg(m_model->rowCount()));
    m_mesh->setEnabled(!m_meshNodes.empty());
    refreshPreviews();
    updateMoveButtons(); // a refresh asks for no heat-map: the user did not move
}

void GroupNamesPanel::refreshPreviews() {
    const MeshId mesh = shownMesh();
    // Each tool's own plan, not executed: what it would change, or why it is refused.
    const auto preview = [&](QPushButton* button, QLabel* label, auto plan, auto describe) {
        if (!mesh) {
            button->setEnabled(false);
            label->clear();
            return;
        }
        core::ops::InfluenceReport report;
        auto command = plan(m_session.document(), mesh, &report);
        if (!command.ok()) {
            const QString reason = QString::fromStdString(command.error().message());
            button->setEnabled(false);
            label->setText(tr("not possible"));
            label->setToolTip(reason);
            label->setAccessibleDescription(reason);
            return;
        }
        const QString text = describe(report);
        button->setEnabled(!text.isEmpty());
        label->setText(text.isEmpty() ? tr("no change") : text);
        label->setToolTip(label->text());
        label->setAccessibleDescription(QString());
    };
    const auto vertices = [](const core::ops::InfluenceReport& report) {
        return report.verticesChanged == 0   ? QString()
               : report.verticesChanged == 1 ? tr("1 vertex changes")
                                             : tr("%1 vertices change").arg(report.verticesChanged);
    };
    preview(
        m_infer, m_inferPreview,
        [](const auto& document, MeshId id, auto* report) {
            return core::ops::inferGroupNames(document, id, report);
        },
        [](const core::ops::InfluenceReport& report) {
            return report.groupsNamed == 0 ? QString()
                                           : tr("groups named: %1").arg(report.groupsNamed);
        });
    preview(
        m_removeUnused, m_removeUnusedPreview,
        [](const auto& document, MeshId id, auto* report) {
            return core::ops::removeUnusedGroups(document, id, report);
        },
        [](const core::ops::InfluenceReport& report) {
            return report.groupsRemoved == 0 ? QString()
                                             : tr("groups removed: %1").arg(report.groupsRemoved);
        });
    preview(
        m_normalize, m_normalizePreview,
        [](const auto& document, MeshId id, auto* report) {
            return core::ops::normalizeWeights(document, id, report);
        },
        vertices);
    const auto count = static_cast<std::size_t>(m_maxInfluences->value());
    preview(
        m_limit, m_limitPreview,
        [count](const auto& document, MeshId id, auto* report) {
            return core::ops::limitInfluences(document, id, count, report);
        },
        vertices);
    const double threshold = m_threshold->value();
    preview(
        m_prune, m_prunePreview,
        [threshold](const auto& document, MeshId id, auto* report) {
            return core::ops::pruneWeights(document, id, threshold, true, report);
        },
        vertices);
}

void GroupNamesPanel::setCurrentGroup(int row) {
    m_settingCurrent = true;
    m_table->setCurrentIndex(m_model->index(row, GroupNamesModel::NameColumn));
    m_settingCurrent = false;
}

void GroupNamesPanel::updateMoveButtons() {
    const int row = m_table->currentIndex().row();
    const bool valid = row >= 0 && row < m_model->rowCount();
    m_up->setEnabled(valid && row > 0);
    m_down->setEnabled(valid && row + 1 < m_model->rowCount());
}

void GroupNamesPanel::currentGroupChanged() {
    updateMoveButtons();
    // Only a group the user moved to (click, keys) turns the heat-map on, not a refresh: the
    // selection of another bone, an edit or Move Up/Down must not turn it back on after the user
    // turned it off, nor show the group that took the moved one's row.
    const int row = m_table->currentIndex().row();
    if (row >= 0 && row < m_model->rowCount() && !m_settingCurrent)
        emit heatMapGroupRequested(m_model->nameAt(row));
}

bool GroupNamesPanel::rename(std::size_t group, const std::string& name) {
    const MeshId mesh = shownMesh();
    if (!mesh)
        return false;
    return run(core::edit::renameGroup(mesh, group, name), static_cast<int>(group));
}

void GroupNamesPanel::moveGroup(int offset) {
    const MeshId mesh = shownMesh();
    const int from = m_table->currentIndex().row();
    const int to = from + offset;
    if (!mesh || from < 0 || to < 0 || to >= m_model->rowCount())
        return;
    run(core::edit::reorderGroup(mesh, static_cast<std::size_t>(from),
                                 static_cast<std::size_t>(to)),
        to);
}

void GroupNamesPanel::moveDraggedGroups(const QList<int>& rows, int destination) {
    const MeshId mesh = shownMesh();
    if (!mesh || rows.isEmpty())
        return;
    // The table selects one row at a time, so a drag carries one group; several would move as a
    // block, like the Joints panel's slots.
    const std::vector<int> dragged(rows.begin(), rows.end());
    const std::vector<RowMove> steps = rowMoveSteps(dragged, destination);
    if (steps.empty())
        return; // dropped where it is
    std::unique_ptr<core::edit::Command> command;
    if (steps.size() == 1) {
        command = core::edit::reorderGroup(mesh, static_cast<std::size_t>(steps[0].first),
                                           static_cast<std::size_t>(steps[0].second));
    } else {
        auto batch = std::make_unique<core::edit::CompositeCommand>("Reorder Groups");
        for (const auto& [from, to] : steps)
            batch->appendPending(core::edit::reorderGroup(mesh, static_cast<std::size_t>(from),
                                                          static_cast<std::size_t>(to)));
        command = std::move(batch);
    }
    const int moved = movedRowsFirst(dragged, destination);
    if (!run(std::move(command), moved) || moved >= m_model->rowCount())
        return;
    // The user picked this group up: it becomes the heat-map's group, as a click would make it.
    emit heatMapGroupRequested(m_model->nameAt(moved));
}

bool GroupNamesPanel::run(std::unique_ptr<core::edit::Command> command, int selectRow) {
    auto result = m_session.execute(std::move(command));
    if (!result.ok()) {
        refuse(QString::fromStdString(result.error().message()));
        return false;
    }
    m_refusal->hide();
    if (selectRow >= 0 && selectRow < m_model->rowCount())
        setCurrentGroup(selectRow);
    return true;
}

void GroupNamesPanel::refuse(const QString& reason) {
    m_refusal->setText(reason);
    m_refusal->show();
    emit message(reason);
}

} // namespace hyperrig::ui
