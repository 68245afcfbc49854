#include "ui/panels/inspector/ComponentView.h"

#include "core/math/NumberFormat.h"
#include "core/model/ItemLabels.h"
#include "ui/session/EditorSession.h"

#include <QFormLayout>
#include <QLabel>
#include <QStringList>

namespace hyperrig::ui {
namespace {

QString kindOf(const core::model::Component& component) {
    struct Kind {
        QString operator()(std::monostate) const { return ComponentView::tr("None"); }
        QString operator()(const core::model::Bone&) const { return ComponentView::tr("Bone"); }
        QString operator()(const core::model::Skeleton&) const {
            return ComponentView::tr("Skeleton");
        }
        QString operator()(const core::model::MeshInstance&) const {
            return ComponentView::tr("Mesh instance");
        }
        QString operator()(const core::model::LightComponent&) const {
            return ComponentView::tr("Light");
        }
        QString operator()(const core::model::ModelComponent&) const {
            return ComponentView::tr("Model instance");
        }
        QString operator()(const core::model::OpaqueComponent& opaque) const {
            return opaque.property == "camera" ? ComponentView::tr("Camera")
                                               : ComponentView::tr("Physics");
        }
    };
    return std::visit(Kind{}, component);
}

QString number(const std::optional<double>& value, const QString& unit) {
    if (!value)
        return ComponentView::tr("not set");
    return QString::fromStdString(core::math::formatNumber(*value)) + QLatin1Char(' ') + unit;
}

} // namespace

ComponentView::ComponentView(EditorSession& session, QWidget* parent)
    : QGroupBox(tr("Component"), parent), m_session(session) {
    setObjectName(QStringLiteral("componentGroup"));
    setAccessibleName(tr("Component"));
    setToolTip(tr("What the node is; the rig panels edit these properties"));
    m_form = new QFormLayout(this);
}

void ComponentView::addRow(const QString& objectName, const QString& label, const QString& value) {
    // The value is what a screen reader reads out (its text); the row's label names it through
    // the buddy relation ("labelled by"), as the Bones panel's Head and Tail do.
    auto* valueLabel = new QLabel(value, this);
    valueLabel->setObjectName(objectName);
    valueLabel->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    valueLabel->setWordWrap(true);
    auto* rowLabel = new QLabel(label, this);
    rowLabel->setBuddy(valueLabel);
    m_form->addRow(rowLabel, valueLabel);
}

void ComponentView::showNodes(const std::vector<core::model::NodeId>& nodes) {
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    if (nodes.empty() || !m_session.hasDocument())
        return;
    const core::model::Document& document = m_session.document();
    QString kind = kindOf(document.node(nodes.front()).component);
    for (core::model::NodeId node : nodes)
        if (kindOf(document.node(node).component) != kind)
            kind = QStringLiteral("—");
    addRow(QStringLiteral("componentKind"), tr("Kind"), kind);
    if (nodes.size() != 1)
        return;

    const core::model::Node& node = document.node(nodes.front());
    if (const core::model::Bone* bone = node.bone()) {
        addRow(QStringLiteral("boneLength"), tr("Length"), number(bone->length, tr("m")));
        addRow(QStringLiteral("boneMass"), tr("Mass"), number(bone->mass, tr("kg")));
        addRow(QStringLiteral("boneShape"), tr("Shape"),
               bone->shape
                   ? QString::fromStdString(core::model::describeShape(document, bone->shape))
                   : tr("none"));
        const core::model::NodeId skeleton = document.skeletonOf(node.id);
        addRow(QStringLiteral("boneSkeleton"), tr("Skeleton"),
               skeleton ? QString::fromStdString(core::model::describeNode(document, skeleton))
                        : tr("none (the bone chain is broken)"));
    } else if (const core::model::Skeleton* skeleton = node.skeleton()) {
        addRow(QStringLiteral("skeletonJoints"), tr("Joints"),
               skeleton->joints.size() == 1 ? tr("1 slot")
                                            : tr("%1 slots").arg(skeleton->joints.size()));
        QStringList poses;
        for (const core::model::BindPose& pose : skeleton->bindPoses)
            poses << QString::fromUtf8(
                core::model::poseTypeName(pose.type).data(),
                static_cast<int>(core::model::poseTypeName(pose.type).size()));
        addRow(QStringLiteral("skeletonBindPoses"), tr("Bind poses"),
               poses.isEmpty() ? tr("none")
                               : QStringLiteral("%1 (%2)")
                                     .arg(poses.size())
                                     .arg(poses.join(QStringLiteral(", "))));
    } else if (const core::model::MeshInstance* instance = node.meshInstance()) {
        addRow(QStringLiteral("meshName"), tr("Mesh"),
               QString::fromStdString(core::model::describeMesh(document, instance->mesh)));
    }
}

} // namespace hyperrig::ui
