#include "ui/panels/inspector/InspectorPanel.h"

#include "core/edit/CommandBatch.h"
#include "core/edit/commands/NodeCommands.h"
#include "ui/panels/inspector/BlendAmountsView.h"
#include "ui/panels/inspector/ComponentView.h"
#include "ui/panels/inspector/NameEditor.h"
#include "ui/panels/inspector/TransformEditor.h"
#include "ui/session/AncestorChanges.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/FieldMessage.h"

#include <QCheckBox>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace hyperrig::ui {

InspectorPanel::InspectorPanel(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("inspectorPanel"));
    setAccessibleName(title());
    setStyleSheet(FieldMessage::frameStyleSheet());

    m_emptyLabel = new QLabel(tr("Nothing selected"), this);
    m_emptyLabel->setObjectName(QStringLiteral("inspectorEmptyLabel"));
    m_emptyLabel->setAlignment(Qt::AlignCenter);

    m_content = new QWidget;
    m_content->setObjectName(QStringLiteral("inspectorContent"));
    m_name = new NameEditor(session, m_content);
    m_transform = new TransformEditor(session, m_content);
    m_visible = new QCheckBox(tr("Visible"), m_content);
    m_visible->setObjectName(QStringLiteral("visibleCheck"));
    m_visible->setAccessibleName(tr("Visible"));
    m_visible->setToolTip(tr("Whether the node and its subtree are drawn"));
    m_component = new ComponentView(session, m_content);
    m_blend = new BlendAmountsView(session, m_content);
    auto* contentLayout = new QVBoxLayout(m_content);
    contentLayout->addWidget(m_name);
    contentLayout->addWidget(m_visible);
    contentLayout->addWidget(m_transform);
    contentLayout->addWidget(m_component);
    contentLayout->addWidget(m_blend);
    contentLayout->addStretch();

    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("inspectorScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_emptyLabel);
    layout->addWidget(scroll, 1);

    connect(m_name, &NameEditor::message, this, &InspectorPanel::message);
    connect(m_transform, &TransformEditor::message, this, &InspectorPanel::message);
    connect(m_blend, &BlendAmountsView::message, this, &InspectorPanel::message);
    // Any state change, not only clicks: assistive technology toggles a check box without one.
    connect(m_visible, &QCheckBox::stateChanged, this, &InspectorPanel::setVisibleClicked);
    connect(&session, &EditorSession::aboutToReplaceDocument, this, [this] {
        m_name->forgetEdit();
        m_transform->forgetEdit();
    });
    connect(&session, &EditorSession::openEditsMustFinish, this,
            [this] { m_transform->finishEdit(); }); // the blend rows finish their own
    connect(&session, &EditorSession::documentReplaced, this, &InspectorPanel::documentReplaced);
    connect(&session, &EditorSession::changed, this, &InspectorPanel::documentChanged);
    connect(&session, &EditorSession::selectionChanged, this, &InspectorPanel::selectionChanged);
    documentReplaced();
}

QString InspectorPanel::title() {
    return tr("Inspector");
}

void InspectorPanel::documentReplaced() {
    if (m_session.hasDocument())
        m_transform->setDimension(m_session.document().dimension());
    selectionChanged();
}

void InspectorPanel::selectionChanged() {
    std::vector<core::model::NodeId> nodes;
    if (m_session.hasDocument()) {
        const core::model::NodeId current = m_session.currentNode();
        if (current)
            nodes.push_back(current);
        for (core::model::NodeId node : m_session.selection())
            if (node != current)
                nodes.push_back(node);
    }
    if (nodes == m_nodes && !nodes.empty())
        return;
    m_name->finishEdit(); // a typed name, value or hold belongs to the nodes it began on
    m_transform->finishEdit();
    m_blend->finishEdit();
    m_nodes = std::move(nodes);
    refresh();
}

void InspectorPanel::documentChanged(const core::edit::ChangeSet& changes) {
    const bool shown = std::any_of(m_nodes.begin(), m_nodes.end(), [&](core::model::NodeId node) {
        return changes.fieldsOf(node) != 0;
    });
    // The component rows name a bone's shape and skeleton, a mesh, and a skeleton's bind poses.
    bool named = false;
    if (m_nodes.size() == 1 && m_session.hasDocument()) {
        const core::model::Node* found = m_session.document().nodes.find(m_nodes.front());
        if (!found) {
            refresh(); // removed; the selection follows
            return;
        }
        const core::model::Node& node = *found;
        const core::model::NodeId skeleton =
            node.isBone() ? m_session.document().skeletonOf(node.id) : core::model::NodeId{};
        named = (node.isBone() && !changes.shapesChanged.empty()) ||
                std::find(changes.nodesMoved.begin(), changes.nodesMoved.end(), node.id) !=
                    changes.nodesMoved.end() ||
                (skeleton && (changes.fieldsOf(skeleton) & core::edit::ChangeSet::Name) != 0) ||
                (node.meshInstance() && !changes.meshesChanged.empty()) ||
                (node.isSkeleton() && !changes.posesChanged.empty()) ||
                // the skeleton a bone belongs to: where its ancestors are, which is a skeleton
                (node.isBone() && ancestorChanged(m_session.document(), node.id, changes,
                                                  core::edit::ChangeSet::Component));
    }
    if (changes.documentReplaced || shown || named)
        refresh();
}

void InspectorPanel::refresh() {
    // Nodes an undo removed are already gone from the selection, which then refreshes again.
    std::erase_if(m_nodes, [this](core::model::NodeId node) {
        return !m_session.hasDocument() || !m_session.document().nodes.find(node);
    });
    const bool empty = m_nodes.empty();
    m_emptyLabel->setVisible(empty);
    m_content->setEnabled(!empty);
    m_name->showNodes(m_nodes);
    m_transform->showNodes(m_nodes);
    m_component->showNodes(m_nodes);
    m_blend->showNodes(m_nodes);

    const QSignalBlocker blocker(m_visible);
    int visible = 0;
    for (core::model::NodeId node : m_nodes)
        visible += m_session.document().node(node).isVisible() ? 1 : 0;
    m_visible->setTristate(false);
    if (visible == 0)
        m_visible->setCheckState(Qt::Unchecked);
    else if (visible == static_cast<int>(m_nodes.size()))
        m_visible->setCheckState(Qt::Checked);
    else
        m_visible->setCheckState(Qt::PartiallyChecked); // makes it tristate: "—"
}

void InspectorPanel::setVisibleClicked() {
    // A click on "—" (partially checked) goes to checked: all of them become visible.
    const bool visible = m_visible->checkState() != Qt::Unchecked;
    std::vector<std::unique_ptr<core::edit::Command>> commands;
    for (core::model::NodeId node : m_nodes)
        if (m_session.document().node(node).isVisible() != visible)
            commands.push_back(core::edit::setVisible(node, visible));
    if (commands.empty()) {
        refresh();
        return;
    }
    const std::size_t count = commands.size();
    auto result = m_session.execute(core::edit::asOneStep(
        std::move(commands), "Set Visible of " + std::to_string(count) + " Nodes"));
    if (!result)
        emit message(QString::fromStdString(result.error().message()));
    refresh();
}

} // namespace hyperrig::ui
