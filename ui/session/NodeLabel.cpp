#include "ui/session/NodeLabel.h"

#include <QCoreApplication>

namespace hyperrig::ui {

QString nodeLabel(const core::model::Document& document, core::model::NodeId node) {
    const std::string& name = document.node(node).displayName();
    if (!name.empty())
        return QString::fromStdString(name);
    return QCoreApplication::translate("NodeLabel", "(unnamed #%1)")
        .arg(document.nodes.positionOf(node));
}

} // namespace hyperrig::ui
