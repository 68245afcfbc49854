// Drag and drop in the outliner: dragged rows travel as node ids, a drop becomes reparent
// commands (see OutlinerModel.h for the rules and OutlinerDropPlan for the indexes).
#include "core/edit/CompositeCommand.h"
#include "core/edit/commands/NodeCommands.h"
#include "ui/panels/outliner/OutlinerDropPlan.h"
#include "ui/panels/outliner/OutlinerModel.h"
#include "ui/session/EditorSession.h"

#include <QDataStream>
#include <QIODevice>
#include <QMimeData>

#include <algorithm>
#include <string>
#include <unordered_map>

namespace hyperrig::ui {

QStringList OutlinerModel::mimeTypes() const {
    return {QString::fromLatin1(kMimeType)};
}

Qt::DropActions OutlinerModel::supportedDragActions() const {
    return Qt::MoveAction;
}

Qt::DropActions OutlinerModel::supportedDropActions() const {
    return Qt::MoveAction;
}

QMimeData* OutlinerModel::mimeData(const QModelIndexList& indexes) const {
    if (!m_session.hasDocument())
        return nullptr;
    const core::model::Document& document = m_session.document();
    std::vector<NodeId> nodes;
    for (const QModelIndex& index : indexes) {
        const NodeId node = nodeAt(index);
        if (node && node != document.root() && document.nodes.find(node) &&
            std::find(nodes.begin(), nodes.end(), node) == nodes.end())
            nodes.push_back(node);
    }
    // A node inside another dragged node's subtree moves with it, not on its own.
    std::erase_if(nodes, [&](NodeId node) {
        return std::any_of(nodes.begin(), nodes.end(), [&](NodeId other) {
            return other != node && document.isAncestorOrSelf(other, node);
        });
    });
    if (nodes.empty())
        return nullptr;
    // Tree order (what the user sees top to bottom), whatever order the rows were selected in.
    std::unordered_map<NodeId, std::size_t> treeOrder;
    const std::vector<NodeId> tree = document.subtree(document.root());
    for (std::size_t i = 0; i < tree.size(); ++i)
        treeOrder[tree[i]] = i;
    std::sort(nodes.begin(), nodes.end(),
              [&](NodeId a, NodeId b) { return treeOrder[a] < treeOrder[b]; });

    QByteArray bytes;
    QDataStream stream(&bytes, QIODevice::WriteOnly);
    // The model's address marks drags that start here: ids mean nothing in another session.
    stream << static_cast<quint64>(reinterpret_cast<quintptr>(this))
           << static_cast<quint32>(nodes.size());
    for (NodeId node : nodes)
        stream << static_cast<quint32>(node.value);
    auto* data = new QMimeData;
    data->setData(QString::fromLatin1(kMimeType), bytes);
    return data;
}

std::optional<std::vector<core::model::NodeId>>
OutlinerModel::decodeNodes(const QMimeData* data) const {
    if (!data || !data->hasFormat(QString::fromLatin1(kMimeType)))
        return std::nullopt;
    QDataStream stream(data->data(QString::fromLatin1(kMimeType)));
    quint64 source = 0;
    quint32 count = 0;
    stream >> source >> count;
    if (source != static_cast<quint64>(reinterpret_cast<quintptr>(this)))
        return std::nullopt;
    std::vector<NodeId> nodes;
    for (quint32 i = 0; i < count && stream.status() == QDataStream::Ok; ++i) {
        quint32 value = 0;
        stream >> value;
        nodes.push_back(NodeId{value});
    }
    if (stream.status() != QDataStream::Ok || nodes.empty())
        return std::nullopt;
    return nodes;
}

bool OutlinerModel::dropAllowed(const std::vector<NodeId>& nodes, NodeId parent) const {
    return m_session.hasDocument() && placementAllowed(m_session.document(), nodes, parent);
}

bool OutlinerModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int, int,
                                    const QModelIndex& parent) const {
    if (action != Qt::MoveAction || !parent.isValid())
        return false; // nothing may sit beside the scene root
    const auto nodes = decodeNodes(data);
    return nodes && dropAllowed(*nodes, nodeAt(parent));
}

bool OutlinerModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int,
                                 const QModelIndex& parent) {
    if (action != Qt::MoveAction || !m_session.hasDocument())
        return false;
    const auto nodes = decodeNodes(data);
    if (!nodes)
        return false;
    const core::model::Document& document = m_session.document();
    const NodeId target = nodeAt(parent);
    if (!parent.isValid() || !document.nodes.find(target)) {
        emit editRefused(tr("Cannot move nodes beside the scene root; drop them onto a node"));
        return false;
    }
    // Refusals come from the command itself, so the words are those scripts get too; the
    // placement check above only keeps the view from offering a drop it knows will fail.
    const std::vector<PlannedMove> moves = planMoves(
        document, *nodes, target,
        row < 0 ? std::nullopt : std::optional<std::size_t>(static_cast<std::size_t>(row)));
    if (moves.empty())
        return false;
    std::unique_ptr<core::edit::Command> command;
    if (moves.size() == 1) {
        command = core::edit::reparentNode(moves[0].node, target, moves[0].index);
    } else {
        auto composite = std::make_unique<core::edit::CompositeCommand>(
            "Move " + std::to_string(moves.size()) + " Nodes");
        for (const PlannedMove& move : moves)
            composite->appendPending(core::edit::reparentNode(move.node, target, move.index));
        command = std::move(composite);
    }
    auto result = m_session.execute(std::move(command));
    if (!result) {
        emit editRefused(
            tr("Cannot move: %1").arg(QString::fromStdString(result.error().message())));
        return false;
    }
    return true;
}

} // namespace hyperrig::ui
