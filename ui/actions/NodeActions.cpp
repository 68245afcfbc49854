#include "ui/actions/NodeActions.h"

#include "core/edit/CommandBatch.h"
#include "core/edit/commands/NodeCommands.h"
#include "core/model/NameRules.h"
#include "core/model/SelectionWalk.h"
#include "ui/actions/MakeAction.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QKeySequence>

#include <memory>
#include <string>
#include <vector>

namespace hyperrig::ui {

namespace {

// The selected nodes that are not inside another selected node's subtree, in selection order:
// deleting or duplicating a parent already covers its children. The root can be neither, so it
// covers nothing: with the root selected too (Scene to the last row), its selected children go.
std::vector<core::model::NodeId> topmostSelected(const EditorSession& session) {
    const core::model::Document& document = session.document();
    std::vector<core::model::NodeId> result;
    for (core::model::NodeId node : session.selection()) {
        if (node == document.root())
            continue;
        bool covered = false;
        for (core::model::NodeId other : session.selection())
            if (other != node && other != document.root() && document.isAncestorOrSelf(other, node))
                covered = true;
        if (!covered)
            result.push_back(node);
    }
    return result;
}

} // namespace

NodeActions::NodeActions(EditorSession& session, QObject* parent)
    : QObject(parent), m_session(session) {
    m_addSkeleton = makeAction(this, tr("Add &Skeleton"), "addSkeletonAction",
                               tr("Add a skeleton node under the scene root"));
    m_addChildBone =
        makeAction(this, tr("Add Child &Bone"), "addChildBoneAction",
                   tr("Add a bone under the selected bone or skeleton, at the parent bone's tail"),
                   QKeySequence(Qt::CTRL | Qt::Key_B));
    m_duplicate = makeAction(this, tr("D&uplicate"), "duplicateAction",
                             tr("Copy the selected nodes with their children"),
                             QKeySequence(Qt::CTRL | Qt::Key_D));
    m_delete =
        makeAction(this, tr("&Delete"), "deleteAction",
                   tr("Delete the selected nodes with their children"), QKeySequence::Delete);
    m_rename = makeAction(this, tr("&Rename"), "renameAction",
                          tr("Rename the current node (G4MF names: no . # * : | ? @ < > { } [ ] "
                             "/ \\ % or quotes)"),
                          QKeySequence(Qt::Key_F2));
    m_selectAll = makeAction(this, tr("Select &All"), "selectAllAction", tr("Select every node"),
                             QKeySequence::SelectAll);
    m_selectNone =
        makeAction(this, tr("Select &None"), "selectNoneAction", tr("Clear the selection"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    // Blender's pose-mode keys. Window shortcuts like F and Delete: a focused text field keeps
    // the brackets it is typed (QLineEdit claims printable keys through ShortcutOverride).
    m_selectParent = makeAction(this, tr("Select &Parent"), "selectParentAction",
                                tr("Select the parent of each selected node instead"),
                                QKeySequence(Qt::Key_BracketLeft));
    m_selectChildren = makeAction(this, tr("Select &Children"), "selectChildrenAction",
                                  tr("Select the children of each selected node instead"),
                                  QKeySequence(Qt::Key_BracketRight));
    m_addParents = makeAction(this, tr("Add Parents to Selection"), "addParentsToSelectionAction",
                              tr("Add the parent of each selected node to the selection"),
                              QKeySequence(Qt::SHIFT | Qt::Key_BracketLeft));
    m_addChildren =
        makeAction(this, tr("Add Children to Selection"), "addChildrenToSelectionAction",
                   tr("Add the children of each selected node to the selection"),
                   QKeySequence(Qt::SHIFT | Qt::Key_BracketRight));

    connect(m_addSkeleton, &QAction::triggered, this, &NodeActions::runAddSkeleton);
    connect(m_addChildBone, &QAction::triggered, this, &NodeActions::runAddChildBone);
    connect(m_duplicate, &QAction::triggered, this, &NodeActions::runDuplicate);
    connect(m_delete, &QAction::triggered, this, &NodeActions::runDelete);
    connect(m_rename, &QAction::triggered, this, &NodeActions::renameRequested);
    connect(m_selectAll, &QAction::triggered, &m_session, &EditorSession::selectAll);
    connect(m_selectNone, &QAction::triggered, &m_session, &EditorSession::selectNone);
    connect(m_selectParent, &QAction::triggered, this, [this] { walkSelection(false, false); });
    connect(m_selectChildren, &QAction::triggered, this, [this] { walkSelection(true, false); });
    connect(m_addParents, &QAction::triggered, this, [this] { walkSelection(false, true); });
    connect(m_addChildren, &QAction::triggered, this, [this] { walkSelection(true, true); });

    connect(&m_session, &EditorSession::documentReplaced, this, &NodeActions::updateEnabled);
    connect(&m_session, &EditorSession::selectionChanged, this, &NodeActions::updateEnabled);
    connect(&m_session, &EditorSession::changed, this, &NodeActions::updateEnabled);
    updateEnabled();
}

void NodeActions::updateEnabled() {
    const bool open = m_session.hasDocument();
    bool boneOrSkeleton = false;
    bool nonRoot = false;
    if (open) {
        const core::model::Document& document = m_session.document();
        const core::model::NodeId current = m_session.currentNode();
        boneOrSkeleton =
            current && (document.node(current).isBone() || document.node(current).isSkeleton());
        for (core::model::NodeId node : m_session.selection())
            nonRoot = nonRoot || node != document.root();
    }
    m_addSkeleton->setEnabled(open && m_session.document().root());
    m_addChildBone->setEnabled(boneOrSkeleton);
    m_duplicate->setEnabled(nonRoot);
    m_delete->setEnabled(nonRoot);
    m_rename->setEnabled(open && m_session.currentNode());
    m_selectAll->setEnabled(open);
    m_selectNone->setEnabled(open && !m_session.selection().empty());
    for (QAction* walk : {m_selectParent, m_selectChildren, m_addParents, m_addChildren})
        walk->setEnabled(open && !m_session.selection().empty());
}

void NodeActions::runAddSkeleton() {
    if (!m_session.hasDocument())
        return;
    // A name being typed is applied first, so the new node's name is chosen among the names
    // the document will have (typed "Skeleton", the new one is "Skeleton2").
    if (auto finished = m_session.finishOpenEdits(); !finished) {
        emit message(tr("Cannot add a skeleton: %1")
                         .arg(QString::fromStdString(finished.error().message())));
        return;
    }
    const core::model::Document& document = m_session.document();
    const core::model::NodeId root = document.root();
    core::model::Node prototype;
    prototype.name = core::model::uniqueName(document, "Skeleton");
    // A null extra would come back from a save as {}: start as the reader gives it.
    core::model::Skeleton skeleton;
    skeleton.extra = core::model::OrderedJson::object();
    prototype.component = std::move(skeleton);
    core::model::NodeId created;
    auto result = m_session.execute(core::edit::createNode(
        root, document.node(root).children.size(), std::move(prototype), &created));
    if (!result) {
        emit message(
            tr("Cannot add a skeleton: %1").arg(QString::fromStdString(result.error().message())));
        return;
    }
    m_session.select({created});
    emit message(
        tr("Added skeleton '%1'")
            .arg(QString::fromStdString(m_session.document().node(created).displayName())));
}

void NodeActions::runAddChildBone() {
    if (!m_session.hasDocument() || !m_session.currentNode())
        return;
    if (auto finished = m_session.finishOpenEdits(); !finished) { // as runAddSkeleton
        emit message(
            tr("Cannot add a bone: %1").arg(QString::fromStdString(finished.error().message())));
        return;
    }
    const core::model::Document& document = m_session.document();
    const core::model::NodeId parent = m_session.currentNode();
    core::model::NodeId created;
    auto result = m_session.execute(core::edit::addBone(
        parent, core::model::uniqueName(document, "Bone"), std::nullopt, std::nullopt, &created));
    if (!result) {
        emit message(
            tr("Cannot add a bone: %1").arg(QString::fromStdString(result.error().message())));
        return;
    }
    m_session.select({created});
    emit message(
        tr("Added bone '%1'")
            .arg(QString::fromStdString(m_session.document().node(created).displayName())));
}

void NodeActions::runDuplicate() {
    if (!m_session.hasDocument())
        return;
    const std::vector<core::model::NodeId> nodes = topmostSelected(m_session);
    if (nodes.empty())
        return;
    std::vector<core::model::NodeId> copies(nodes.size());
    std::vector<std::unique_ptr<core::edit::Command>> commands;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        commands.push_back(core::edit::duplicateNode(nodes[i], &copies[i]));
    auto result = m_session.execute(core::edit::asOneStep(
        std::move(commands), "Duplicate " + std::to_string(nodes.size()) + " Nodes"));
    if (!result) {
        emit message(
            tr("Cannot duplicate: %1").arg(QString::fromStdString(result.error().message())));
        return;
    }
    m_session.select(copies);
    emit message(tr("Duplicated %n node(s)", nullptr, static_cast<int>(nodes.size())));
}

void NodeActions::walkSelection(bool toChildren, bool extend) {
    if (!m_session.hasDocument())
        return;
    const core::model::Document& document = m_session.document();
    const std::vector<core::model::NodeId>& selection = m_session.selection();
    const core::model::WalkedSelection walked =
        toChildren
            ? core::model::selectChildren(document, selection, m_session.currentNode(), extend)
            : core::model::selectParents(document, selection, m_session.currentNode(), extend);
    m_session.select(walked.nodes, walked.current);
    emit message(tr("%n node(s) selected", nullptr, static_cast<int>(walked.nodes.size())));
}

void NodeActions::runDelete() {
    if (!m_session.hasDocument())
        return;
    const std::vector<core::model::NodeId> nodes = topmostSelected(m_session);
    if (nodes.empty())
        return;
    std::vector<std::unique_ptr<core::edit::Command>> commands;
    for (core::model::NodeId node : nodes)
        commands.push_back(core::edit::deleteNode(node));
    auto result = m_session.execute(core::edit::asOneStep(
        std::move(commands), "Delete " + std::to_string(nodes.size()) + " Nodes"));
    if (!result) {
        emit message(tr("Cannot delete: %1").arg(QString::fromStdString(result.error().message())));
        return;
    }
    emit message(tr("Deleted %n node(s)", nullptr, static_cast<int>(nodes.size())));
}

} // namespace hyperrig::ui
