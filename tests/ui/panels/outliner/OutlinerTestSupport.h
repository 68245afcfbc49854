#pragma once

#include "core/model/Document.h"
#include "ui/panels/outliner/OutlinerModel.h"

#include <QAbstractItemModel>

#include <string>

namespace hyperrig::test {

// "Scene[Rig[Hips[Spine],Tail]]": the tree a model shows, by display text.
inline std::string shownTree(const QAbstractItemModel& model, const QModelIndex& parent = {}) {
    std::string text;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (row > 0)
            text += ",";
        text += model.data(index).toString().toStdString();
        if (model.rowCount(index) > 0)
            text += "[" + shownTree(model, index) + "]";
    }
    return text;
}

// The same text for the document's tree under the root, to compare with shownTree.
inline std::string documentTree(const core::model::Document& document,
                                core::model::NodeId node = {}) {
    if (!node)
        return document.root() ? documentTree(document, document.root()) : std::string();
    const core::model::Node& item = document.node(node);
    // An unnamed node by its position in document order.
    std::string text = item.displayName().empty()
                           ? "(unnamed #" + std::to_string(document.nodes.positionOf(node)) + ")"
                           : item.displayName();
    if (!item.children.empty()) {
        text += "[";
        for (std::size_t i = 0; i < item.children.size(); ++i)
            text += (i > 0 ? "," : "") + documentTree(document, item.children[i]);
        text += "]";
    }
    return text;
}

} // namespace hyperrig::test
