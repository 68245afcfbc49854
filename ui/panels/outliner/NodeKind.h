#pragma once

#include "core/model/Node.h"

#include <QIcon>
#include <QString>

namespace hyperrig::ui {

// What a node is, as the outliner shows it: the component decides, a node without one (the
// scene root, a grouping node) is "Other".
enum class NodeKind { Skeleton, Bone, Mesh, Other };

NodeKind nodeKindOf(const core::model::Node& node);
// "Skeleton", "Bone", "Mesh node", "Node": for tooltips and accessible descriptions.
QString nodeKindLabel(NodeKind kind);
// A small drawn icon per kind, distinct in shape and colour so it reads without colour vision.
// Contract: a QGuiApplication exists.
QIcon nodeKindIcon(NodeKind kind);

} // namespace hyperrig::ui
