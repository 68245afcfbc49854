#include "ui/meshes/ParentMeshDialog.h"

#include "core/ops/ParentMesh.h"
#include "ui/meshes/GroupMappingTable.h"
#include "ui/meshes/SkinnedMeshNodes.h"
#include "ui/session/EditorSession.h"
#include "ui/session/NodeLabel.h"
#include "ui/session/SelectedSkeleton.h"
#include "ui/widgets/PanelWidgets.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace hyperrig::ui {

using core::model::NodeId;

ParentMeshDialog::ParentMeshDialog(EditorSession& session, QWidget* parent)
    : QDialog(parent), m_session(session) {
    setWindowTitle(tr("Parent Mesh to Skeleton"));
    setObjectName(QStringLiteral("parentMeshDialog"));
    const core::model::Document& document = m_session.document();

    m_mesh = new QComboBox(this);
    m_mesh->setObjectName(QStringLiteral("parentMesh"));
    m_mesh->setAccessibleName(tr("Mesh"));
    m_mesh->setToolTip(tr("The skinned mesh node to put under the skeleton"));
    m_meshNodes = skinnedMeshNodes(document, false);
    for (NodeId id : m_meshNodes)
        m_mesh->addItem(nodeLabel(document, id));
    const auto& selection = m_session.selection();
    for (std::size_t k = 0; k < m_meshNodes.size(); ++k)
        if (std::find(selection.begin(), selection.end(), m_meshNodes[k]) != selection.end()) {
            m_mesh->setCurrentIndex(static_cast<int>(k));
            break;
        }

    m_skeleton = new QComboBox(this);
    m_skeleton->setObjectName(QStringLiteral("parentSkeleton"));
    m_skeleton->setAccessibleName(tr("Skeleton"));
    m_skeleton->setToolTip(tr("The skeleton that will deform the mesh; its groups are renumbered "
                              "to the joints slots of the bones they name"));
    for (NodeId id : document.nodes.order())
        if (document.node(id).isSkeleton()) {
            m_skeletons.push_back(id);
            m_skeleton->addItem(nodeLabel(document, id));
        }
    if (const NodeId selected = selectedSkeleton(m_session)) {
        const auto found = std::find(m_skeletons.begin(), m_skeletons.end(), selected);
        if (found != m_skeletons.end())
            m_skeleton->setCurrentIndex(static_cast<int>(found - m_skeletons.begin()));
    }

    auto* form = new QFormLayout;
    for (auto [text, field] :
         {std::pair{tr("Mesh"), m_mesh}, std::pair{tr("Skeleton"), m_skeleton}}) {
        auto* label = new QLabel(text, this);
        label->setBuddy(field);
        form->addRow(label, field);
    }
    connect(m_mesh, &QComboBox::currentIndexChanged, this, &ParentMeshDialog::updatePlan);
    connect(m_skeleton, &QComboBox::currentIndexChanged, this, &ParentMeshDialog::updatePlan);

    m_table = new GroupMappingTable(this);
    m_table->setObjectName(QStringLiteral("parentMapping"));
    m_table->setAccessibleName(tr("Group mapping"));
    m_table->setToolTip(tr("What each group becomes: the joints slot of the bone it names"));
    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("parentWarnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setStyleSheet(QStringLiteral("color: #d7b46a;"));
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("parentProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(problemTextStyleSheet());

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_parent = buttons->addButton(tr("Parent"), QDialogButtonBox::AcceptRole);
    m_parent->setObjectName(QStringLiteral("parentButton"));
    m_parent->setToolTip(tr("Parent the mesh as shown, as one undo step"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (parentMesh())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_warnings);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(720, 480);
    updatePlan();
}

void ParentMeshDialog::updatePlan() {
    const int mesh = m_mesh->currentIndex();
    const int skeleton = m_skeleton->currentIndex();
    m_warnings->clear();
    if (mesh < 0 || skeleton < 0) {
        m_table->showMappings({}, 0);
        m_problem->setText(mesh < 0 ? tr("The document has no skinned mesh to parent")
                                    : tr("The document has no skeleton"));
        m_parent->setEnabled(false);
        return;
    }
    const NodeId skeletonNode = m_skeletons[static_cast<std::size_t>(skeleton)];
    auto plan = core::ops::planParent(m_session.document(),
                                      m_meshNodes[static_cast<std::size_t>(mesh)], skeletonNode);
    if (!plan.ok()) {
        m_table->showMappings({}, 0);
        m_problem->setText(QString::fromStdString(plan.error().message()));
        m_parent->setEnabled(false);
        return;
    }
    m_table->showMappings(plan->mappings,
                          m_session.document().node(skeletonNode).skeleton()->joints.size());
    QStringList warnings;
    for (const std::string& warning : plan->warnings)
        warnings << QString::fromStdString(warning);
    m_warnings->setText(warnings.join(QLatin1Char('\n')));
    m_problem->clear();
    m_parent->setEnabled(true);
}

bool ParentMeshDialog::parentMesh() {
    const int mesh = m_mesh->currentIndex();
    const int skeleton = m_skeleton->currentIndex();
    if (mesh < 0 || skeleton < 0)
        return false;
    const NodeId meshNode = m_meshNodes[static_cast<std::size_t>(mesh)];
    auto plan = core::ops::planParent(m_session.document(), meshNode,
                                      m_skeletons[static_cast<std::size_t>(skeleton)]);
    auto result =
        plan.ok() ? m_session.execute(std::move(plan->command)) : core::Result<void>(plan.error());
    if (!result.ok()) {
        m_problem->setText(QString::fromStdString(result.error().message()));
        return false;
    }
    m_session.select({meshNode}, meshNode);
    return true;
}

} // namespace hyperrig::ui
