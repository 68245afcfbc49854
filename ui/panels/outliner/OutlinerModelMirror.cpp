// The outliner's mirror of the node tree: child ids per parent as the views last saw them.
//
// ChangeSets arrive after the document changed, so rows cannot be read from the document any
// more for what was removed or moved. Instead each structural ChangeSet is applied to the mirror
// step by step, each step announced to the views: nodes the document lost are removed (topmost
// first, their subtree goes with them), then every parent the ChangeSet touched (old and new
// parents of moved nodes, parents of added ones) is brought in line with the document's child
// list by moves and inserts. Moves keep persistent indexes (selection, expansion, the current
// item) where a remove and insert would lose them.
#include "core/edit/ChangeSet.h"
#include "ui/panels/outliner/OutlinerModel.h"
#include "ui/session/EditorSession.h"

#include <algorithm>

namespace hyperrig::ui {

bool OutlinerModel::inMirror(NodeId node) const {
    return m_parentOf.count(node) > 0;
}

bool OutlinerModel::mirrorContains(NodeId ancestor, NodeId node) const {
    // Bounded by the mirror's size in case of a corrupt chain.
    for (std::size_t steps = 0; node && steps <= m_parentOf.size(); ++steps) {
        if (node == ancestor)
            return true;
        const auto found = m_parentOf.find(node);
        if (found == m_parentOf.end())
            return false;
        node = found->second;
    }
    return false;
}

int OutlinerModel::mirrorRow(NodeId node) const {
    const std::vector<NodeId>& siblings = m_children.at(m_parentOf.at(node));
    return static_cast<int>(std::find(siblings.begin(), siblings.end(), node) - siblings.begin());
}

QModelIndex OutlinerModel::mirrorIndex(NodeId node) const {
    if (!node)
        return {};
    return createIndex(mirrorRow(node), NameColumn, static_cast<quintptr>(node.value));
}

std::vector<core::model::NodeId> OutlinerModel::documentChildren(NodeId parent) const {
    std::vector<NodeId> result;
    if (!m_session.hasDocument())
        return result;
    const core::model::Document& document = m_session.document();
    if (!parent) {
        if (document.root())
            result.push_back(document.root());
        return result;
    }
    const core::model::Node* node = document.nodes.find(parent);
    if (!node)
        return result;
    for (NodeId child : node->children)
        if (document.nodes.find(child))
            result.push_back(child);
    return result;
}

void OutlinerModel::rebuild() {
    m_children.clear();
    m_parentOf.clear();
    m_children[NodeId{}];
    for (NodeId top : documentChildren(NodeId{})) {
        m_children[NodeId{}].push_back(top);
        m_parentOf[top] = NodeId{};
        populate(top);
    }
}

void OutlinerModel::populate(NodeId node) {
    std::vector<NodeId>& children = m_children[node];
    children.clear();
    for (NodeId child : documentChildren(node)) {
        // A child already shown elsewhere waits for its own parent's sync to move it here; a
        // corrupt document listing a node twice cannot make the mirror loop.
        if (inMirror(child) || child == node)
            continue;
        children.push_back(child);
        m_parentOf[child] = node;
    }
    // Copy: populating grandchildren inserts into m_children, which may rehash.
    const std::vector<NodeId> added = children;
    for (NodeId child : added)
        populate(child);
}

void OutlinerModel::forget(NodeId node) {
    const auto found = m_children.find(node);
    if (found != m_children.end()) {
        const std::vector<NodeId> children = std::move(found->second);
        m_children.erase(found);
        for (NodeId child : children)
            forget(child);
    }
    m_parentOf.erase(node);
}

void OutlinerModel::insertRow(NodeId node, NodeId parent, int row) {
    beginInsertRows(mirrorIndex(parent), row, row);
    std::vector<NodeId>& siblings = m_children[parent];
    siblings.insert(siblings.begin() + row, node);
    m_parentOf[node] = parent;
    populate(node);
    endInsertRows();
}

void OutlinerModel::removeRow(NodeId node) {
    const NodeId parent = m_parentOf.at(node);
    const int row = mirrorRow(node);
    beginRemoveRows(mirrorIndex(parent), row, row);
    std::vector<NodeId>& siblings = m_children[parent];
    siblings.erase(siblings.begin() + row);
    forget(node);
    endRemoveRows();
}

void OutlinerModel::moveRow(NodeId node, NodeId parent, int row) {
    const NodeId source = m_parentOf.at(node);
    const int sourceRow = mirrorRow(node);
    if (source == parent && sourceRow == row)
        return;
    // Qt counts the destination before the move: moving down within one parent names the row
    // after the place the item lands on.
    const int destination = source == parent && row > sourceRow ? row + 1 : row;
    if (!beginMoveRows(mirrorIndex(source), sourceRow, sourceRow, mirrorIndex(parent),
                       destination)) {
        removeRow(node);
        insertRow(node, parent, row);
        return;
    }
    std::vector<NodeId>& from = m_children[source];
    from.erase(from.begin() + sourceRow);
    std::vector<NodeId>& to = m_children[parent];
    to.insert(to.begin() + row, node);
    m_parentOf[node] = parent;
    endMoveRows();
}

void OutlinerModel::syncChildren(NodeId parent, std::vector<NodeId>& pending) {
    const std::vector<NodeId> wanted = documentChildren(parent);
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        const NodeId child = wanted[i];
        const std::vector<NodeId>& have = m_children[parent];
        if (i < have.size() && have[i] == child)
            continue;
        const int row = static_cast<int>(i);
        if (!inMirror(child)) {
            insertRow(child, parent, row);
        } else if (mirrorContains(child, parent)) {
            // The mirror still shows `parent` inside `child` (two moves in one ChangeSet turned
            // them around): a move cannot express that, so the child's rows go and come back.
            removeRow(child);
            if (inMirror(parent))
                insertRow(child, parent,
                          std::min(row, static_cast<int>(m_children[parent].size())));
            else
                return; // `parent` went with the child's subtree; its own parent re-adds it
        } else {
            moveRow(child, parent, row);
        }
    }
    // What is left after the wanted children is not the parent's any more: moved to a parent not
    // synced yet (move it there now, so it keeps its indexes, and sync that parent later), or
    // gone from the tree.
    while (m_children[parent].size() > wanted.size()) {
        const NodeId stray = m_children[parent].back();
        const core::model::Node* node = m_session.document().nodes.find(stray);
        const NodeId target = node ? node->parent : NodeId{};
        if (node && target && inMirror(target) && !mirrorContains(stray, target)) {
            const std::vector<NodeId> targetWanted = documentChildren(target);
            const auto at = std::find(targetWanted.begin(), targetWanted.end(), stray);
            const int row = std::min(static_cast<int>(at - targetWanted.begin()),
                                     static_cast<int>(m_children[target].size()));
            moveRow(stray, target, row);
            if (std::find(pending.begin(), pending.end(), target) == pending.end())
                pending.push_back(target);
        } else {
            removeRow(stray);
        }
    }
}

void OutlinerModel::documentChanged(const core::edit::ChangeSet& changes) {
    if (changes.documentReplaced) {
        beginResetModel();
        rebuild();
        endResetModel();
        return;
    }
    const core::model::Document& document = m_session.document();
    for (NodeId removed : changes.nodesRemoved)
        if (inMirror(removed) && !document.nodes.find(removed))
            removeRow(removed);

    std::vector<NodeId> pending;
    const auto touch = [&](NodeId parent) {
        if (std::find(pending.begin(), pending.end(), parent) == pending.end())
            pending.push_back(parent);
    };
    for (NodeId moved : changes.nodesMoved) {
        if (const auto old = m_parentOf.find(moved); old != m_parentOf.end())
            touch(old->second);
        if (const core::model::Node* node = document.nodes.find(moved))
            touch(moved == document.root() ? NodeId{} : node->parent);
    }
    for (NodeId added : changes.nodesAdded)
        if (const core::model::Node* node = document.nodes.find(added))
            touch(added == document.root() ? NodeId{} : node->parent);
    if (!changes.nodesRemoved.empty() && !inMirror(document.root()))
        touch(NodeId{});

    // Syncing a parent that already matches the document costs one comparison, so a parent
    // queued twice (old and new parent of two moves) is harmless; strays moved into a parent
    // queue it again, and each such move leaves one mismatch fewer, so this ends.
    while (!pending.empty()) {
        const NodeId parent = pending.front();
        pending.erase(pending.begin());
        if (parent && (!inMirror(parent) || !document.nodes.find(parent)))
            continue; // not shown: its shown ancestor's sync brings its children along
        syncChildren(parent, pending);
    }
    fieldsChanged(changes);
}

} // namespace hyperrig::ui
