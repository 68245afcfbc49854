#include "ui/panels/outliner/NodeKind.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

#include <array>

namespace hyperrig::ui {

NodeKind nodeKindOf(const core::model::Node& node) {
    if (node.isSkeleton())
        return NodeKind::Skeleton;
    if (node.isBone())
        return NodeKind::Bone;
    if (node.meshInstance())
        return NodeKind::Mesh;
    return NodeKind::Other;
}

QString nodeKindLabel(NodeKind kind) {
    switch (kind) {
    case NodeKind::Skeleton:
        return QCoreApplication::translate("hyperrig::ui::NodeKind", "Skeleton");
    case NodeKind::Bone:
        return QCoreApplication::translate("hyperrig::ui::NodeKind", "Bone");
    case NodeKind::Mesh:
        return QCoreApplication::translate("hyperrig::ui::NodeKind", "Mesh node");
    case NodeKind::Other:
        break;
    }
    return QCoreApplication::translate("hyperrig::ui::NodeKind", "Node");
}

namespace {

// Drawn in a 16-unit box and scaled, so each size is crisp rather than a resampled bitmap.
void paintKind(QPainter& painter, NodeKind kind) {
    painter.setRenderHint(QPainter::Antialiasing);
    switch (kind) {
    case NodeKind::Skeleton: {
        // A stick figure: the rig as a whole.
        QPen pen(QColor(46, 139, 87), 1.6);
        pen.setCapStyle(Qt::RoundCap);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(QPointF(8, 3.5), 2.2, 2.2);
        painter.drawLine(QPointF(8, 6), QPointF(8, 11));
        painter.drawLine(QPointF(3.5, 8), QPointF(12.5, 8));
        painter.drawLine(QPointF(8, 11), QPointF(4.5, 15));
        painter.drawLine(QPointF(8, 11), QPointF(11.5, 15));
        break;
    }
    case NodeKind::Bone: {
        // A bone: a shaft between two knobbed ends, diagonal like the viewport's octahedra.
        const QColor ivory(214, 190, 140);
        painter.setPen(QPen(QColor(120, 95, 50), 1.0));
        painter.setBrush(ivory);
        QPainterPath path;
        path.addEllipse(QPointF(4, 12), 2.4, 2.4);
        path.addEllipse(QPointF(12, 4), 2.4, 2.4);
        QPainterPath shaft;
        shaft.moveTo(3.5, 10.5);
        shaft.lineTo(10.5, 3.5);
        shaft.lineTo(12.5, 5.5);
        shaft.lineTo(5.5, 12.5);
        shaft.closeSubpath();
        painter.drawPath(path.united(shaft));
        break;
    }
    case NodeKind::Mesh: {
        // A triangle: surfaces.
        painter.setPen(QPen(QColor(40, 80, 160), 1.0));
        painter.setBrush(QColor(90, 140, 220));
        const std::array<QPointF, 3> triangle{QPointF(8, 2), QPointF(14.5, 14), QPointF(1.5, 14)};
        painter.drawPolygon(triangle.data(), static_cast<int>(triangle.size()));
        break;
    }
    case NodeKind::Other: {
        // An empty: a hollow circle with a cross, a place without content.
        painter.setPen(QPen(QColor(128, 128, 128), 1.2));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(QPointF(8, 8), 5.5, 5.5);
        painter.drawLine(QPointF(8, 4.5), QPointF(8, 11.5));
        painter.drawLine(QPointF(4.5, 8), QPointF(11.5, 8));
        break;
    }
    }
}

QIcon drawIcon(NodeKind kind) {
    QIcon icon;
    for (int size : {16, 24, 32, 48}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.scale(size / 16.0, size / 16.0);
        paintKind(painter, kind);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace

QIcon nodeKindIcon(NodeKind kind) {
    // Drawn once per kind on first use (a QIcon needs the application object).
    static const std::array<QIcon, 4> icons{drawIcon(NodeKind::Skeleton), drawIcon(NodeKind::Bone),
                                            drawIcon(NodeKind::Mesh), drawIcon(NodeKind::Other)};
    return icons[static_cast<std::size_t>(kind)];
}

} // namespace hyperrig::ui
