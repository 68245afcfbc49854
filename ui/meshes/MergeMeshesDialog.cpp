#include "ui/meshes/MergeMeshesDialog.h"

#include "core/ops/MergeMeshes.h"
#include "ui/meshes/GroupMappingTable.h"
#include "ui/meshes/SkinnedMeshNodes.h"
#include "ui/session/EditorSession.h"
#include "ui/session/NodeLabel.h"
#include "ui/session/SelectedSkeleton.h"
#include "ui/widgets/PanelWidgets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace hyperrig::ui {

using core::model::NodeId;

MergeMeshesDialog::MergeMeshesDialog(EditorSession& session, QWidget* parent)
    : QDialog(parent), m_session(session) {
    setWindowTitle(tr("Merge Meshes"));
    setObjectName(QStringLiteral("mergeMeshesDialog"));
    const core::model::Document& document = m_session.document();

    auto* meshesBox = new QGroupBox(tr("Meshes"), this);
    meshesBox->setObjectName(QStringLiteral("mergeMeshes"));
    meshesBox->setToolTip(tr("The skinned meshes to merge; the first checked one stays and takes "
                             "the others' vertices, surfaces and influences"));
    auto* meshesLayout = new QVBoxLayout(meshesBox);
    const auto& selection = m_session.selection();
    const NodeId skeleton = selectedSkeleton(m_session);
    const auto nodes = skinnedMeshNodes(document, true);
    const bool anySelected = std::any_of(nodes.begin(), nodes.end(), [&](NodeId id) {
        return std::find(selection.begin(), selection.end(), id) != selection.end();
    });
    for (NodeId id : nodes) {
        const core::model::Node& node = document.node(id);
        auto* box = new QCheckBox(nodeLabel(document, id), meshesBox);
        box->setObjectName(
            QStringLiteral("mergeMesh_%1").arg(QString::fromStdString(node.displayName())));
        box->setToolTip(tr("Merge %1").arg(nodeLabel(document, id)));
        const bool selected = std::find(selection.begin(), selection.end(), id) != selection.end();
        box->setChecked(anySelected ? selected : node.parent == skeleton);
        // toggled, not clicked: assistive technology toggles a check box without clicking it.
        connect(box, &QCheckBox::toggled, this, &MergeMeshesDialog::updatePlan);
        meshesLayout->addWidget(box);
        m_meshes.emplace_back(id, box);
    }

    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("mergeMode"));
    m_mode->setAccessibleName(tr("Mode"));
    m_mode->addItem(tr("By name"));
    m_mode->addItem(tr("Append"));
    m_mode->setToolTip(tr("By name: groups with the same name become one. Append: every mesh "
                          "keeps its groups apart (new slots repeat their bones)"));
    auto* modeLabel = new QLabel(tr("Mode"), this);
    modeLabel->setBuddy(m_mode);
    auto* form = new QFormLayout;
    form->addRow(modeLabel, m_mode);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &MergeMeshesDialog::updatePlan);

    m_table = new GroupMappingTable(this);
    m_table->setObjectName(QStringLiteral("mergeMapping"));
    m_table->setAccessibleName(tr("Group mapping"));
    m_table->setToolTip(tr("What each group becomes: its index and name after the merge, the "
                           "bone that drives it, and whether it is kept, merged or renumbered"));
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("mergeProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(problemTextStyleSheet());

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_merge = buttons->addButton(tr("Merge"), QDialogButtonBox::AcceptRole);
    m_merge->setObjectName(QStringLiteral("mergeButton"));
    m_merge->setToolTip(tr("Merge the checked meshes as shown, as one undo step"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (merge())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(meshesBox);
    layout->addLayout(form);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(720, 480);
    updatePlan();
}

std::vector<NodeId> MergeMeshesDialog::checkedMeshes() const {
    std::vector<NodeId> nodes;
    for (const auto& [id, box] : m_meshes)
        if (box->isChecked())
            nodes.push_back(id);
    return nodes;
}

void MergeMeshesDialog::updatePlan() {
    const std::vector<NodeId> nodes = checkedMeshes();
    const auto mode =
        m_mode->currentIndex() == 1 ? core::ops::MergeMode::Append : core::ops::MergeMode::ByName;
    auto plan = core::ops::planMerge(m_session.document(), nodes, mode);
    if (!plan.ok()) {
        m_table->showMappings({}, 0);
        m_problem->setText(QString::fromStdString(plan.error().message()));
        m_merge->setEnabled(false);
        return;
    }
    const core::model::Node& first = m_session.document().node(nodes.front());
    const core::model::Node* skeleton = m_session.document().nodes.find(first.parent);
    m_table->showMappings(plan->mappings, skeleton && skeleton->isSkeleton()
                                              ? skeleton->skeleton()->joints.size()
                                              : 0);
    m_problem->clear();
    m_merge->setEnabled(true);
}

bool MergeMeshesDialog::merge() {
    const std::vector<NodeId> nodes = checkedMeshes();
    const auto mode =
        m_mode->currentIndex() == 1 ? core::ops::MergeMode::Append : core::ops::MergeMode::ByName;
    auto plan = core::ops::planMerge(m_session.document(), nodes, mode);
    auto result =
        plan.ok() ? m_session.execute(std::move(plan->command)) : core::Result<void>(plan.error());
    if (!result.ok()) {
        m_problem->setText(QString::fromStdString(result.error().message()));
        return false;
    }
    m_session.select({nodes.front()}, nodes.front());
    return true;
}

} // namespace hyperrig::ui
