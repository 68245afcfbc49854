#include "ui/viewport/TransformToolActions.h"

#include "ui/actions/MakeAction.h"
#include "ui/session/EditorSession.h"
#include "ui/viewport/TransformTool.h"

#include <QActionGroup>
#include <QMenu>

namespace hyperrig::ui {

TransformToolActions::TransformToolActions(EditorSession& session, TransformTool& tool,
                                           QObject* parent)
    : QObject(parent), m_session(session), m_tool(tool) {
    auto* gizmoGroup = new QActionGroup(this);
    const auto gizmoAction = [&](const QString& text, const char* name, const QString& tip,
                                 TransformTool::GizmoMode mode) {
        QAction* action = makeAction(this, text, name, tip);
        action->setCheckable(true);
        action->setActionGroup(gizmoGroup);
        connect(action, &QAction::triggered, this, [this, mode] { m_tool.setGizmoMode(mode); });
        return action;
    };
    m_moveGizmo = gizmoAction(tr("&Move Gizmo"), "moveGizmoAction",
                              tr("Show arrows and plane handles that move the selection"),
                              TransformTool::GizmoMode::Move);
    m_rotateGizmo =
        gizmoAction(tr("R&otate Gizmo"), "rotateGizmoAction",
                    tr("Show rings (and, in 4D, W-plane knobs) that turn the selection"),
                    TransformTool::GizmoMode::Rotate);
    m_hideGizmo = gizmoAction(tr("&Hide Gizmo"), "hideGizmoAction",
                              tr("Show no transform gizmo on the selection"),
                              TransformTool::GizmoMode::Hidden);
    m_local = makeAction(this, tr("&Local Orientation"), "localOrientationAction",
                         tr("Align the gizmo and the second press of X, Y, Z with the "
                            "selection's own axes instead of the view's"));
    m_local->setCheckable(true);
    connect(m_local, &QAction::toggled, &m_tool, &TransformTool::setLocalOrientation);
    m_snap = makeAction(this, tr("&Snap Rotation to 5°"), "snapRotationAction",
                        tr("Turn in steps of 5 degrees (hold Ctrl while turning for the "
                           "opposite)"));
    m_snap->setCheckable(true);
    connect(m_snap, &QAction::toggled, &m_tool, &TransformTool::setRotationSnapping);

    m_grab = makeAction(this, tr("&Grab"), "grabAction",
                        tr("Move the selection with the pointer (X, Y, Z, W constrain)"),
                        QKeySequence(Qt::Key_G));
    connect(m_grab, &QAction::triggered, &m_tool, &TransformTool::startGrab);
    m_rotate = makeAction(this, tr("&Rotate"), "rotateAction",
                          tr("Turn the selection with the pointer (X, Y, Z constrain; W for the "
                             "W planes)"),
                          QKeySequence(Qt::Key_R));
    connect(m_rotate, &QAction::triggered, &m_tool, &TransformTool::startRotate);
    m_scaleLength = makeAction(this, tr("&Scale Bone Length"), "scaleBoneLengthAction",
                               tr("Lengthen or shorten the selected bones with the pointer"),
                               QKeySequence(Qt::Key_S));
    connect(m_scaleLength, &QAction::triggered, &m_tool, &TransformTool::startScaleLength);
    m_extrude =
        makeAction(this, tr("&Extrude Bone"), "extrudeBoneAction",
                   tr("Draw a child bone from the current bone's tail"), QKeySequence(Qt::Key_E));
    connect(m_extrude, &QAction::triggered, &m_tool, &TransformTool::startExtrude);
    m_placeBone = makeAction(this, tr("Add &Bone at Pointer"), "addBoneAtPointerAction",
                             tr("Click inside the mesh to place a new bone's head on the current "
                                "skeleton, then its tail"),
                             QKeySequence(Qt::SHIFT | Qt::Key_A));
    connect(m_placeBone, &QAction::triggered, &m_tool, &TransformTool::startPlaceBone);
    m_addToJoints = makeAction(this, tr("Add New Bones to &Joints"), "addNewBonesToJointsAction",
                               tr("Append bones drawn with Extrude or Add Bone at Pointer to "
                                  "their skeleton's joints"));
    m_addToJoints->setCheckable(true);
    connect(m_addToJoints, &QAction::toggled, &m_tool, &TransformTool::setAddBonesToJoints);
    m_confirm = makeAction(this, tr("&Confirm Operation"), "confirmOperationAction",
                           tr("End the running move, turn or bone drawing and keep it (Enter)"));
    connect(m_confirm, &QAction::triggered, &m_tool, &TransformTool::confirm);
    m_cancel = makeAction(this, tr("Ca&ncel Operation"), "cancelOperationAction",
                          tr("End the running move, turn or bone drawing and undo it (Escape)"));
    connect(m_cancel, &QAction::triggered, &m_tool, &TransformTool::cancel);

    connect(&m_tool, &TransformTool::stateChanged, this, &TransformToolActions::updateState);
    connect(&m_session, &EditorSession::documentReplaced, this, &TransformToolActions::updateState);
    connect(&m_session, &EditorSession::selectionChanged, this, &TransformToolActions::updateState);
    // An edit can break or mend the rig, or make the current node a bone or a skeleton.
    connect(&m_session, &EditorSession::changed, this, &TransformToolActions::updateState);
    updateState();
}

void TransformToolActions::addTo(QMenu& menu) const {
    menu.addAction(m_moveGizmo);
    menu.addAction(m_rotateGizmo);
    menu.addAction(m_hideGizmo);
    menu.addAction(m_local);
    menu.addAction(m_snap);
    menu.addSeparator();
    menu.addAction(m_grab);
    menu.addAction(m_rotate);
    menu.addAction(m_scaleLength);
    menu.addSeparator();
    menu.addAction(m_extrude);
    menu.addAction(m_placeBone);
    menu.addAction(m_addToJoints);
    menu.addSeparator();
    menu.addAction(m_confirm);
    menu.addAction(m_cancel);
}

void TransformToolActions::updateState() {
    const bool open = m_session.hasDocument();
    const bool busy = m_tool.isBusy();
    m_moveGizmo->setChecked(m_tool.gizmoMode() == TransformTool::GizmoMode::Move);
    m_rotateGizmo->setChecked(m_tool.gizmoMode() == TransformTool::GizmoMode::Rotate);
    m_hideGizmo->setChecked(m_tool.gizmoMode() == TransformTool::GizmoMode::Hidden);
    m_local->setChecked(m_tool.localOrientation());
    m_snap->setChecked(m_tool.rotationSnapping());
    m_addToJoints->setChecked(m_tool.addBonesToJoints());
    // Each operation enabled only where it can start (TransformTool's start* refusals): all need
    // a rig that compiles; G and R a selected node that moves (not the root alone), S a selected
    // bone, E a current bone, Add Bone a current skeleton or one of its bones.
    const bool drawn = open && m_session.rig() != nullptr && !busy;
    bool movable = false;
    bool boneSelected = false;
    core::model::NodeId skeleton;
    bool currentBone = false;
    if (drawn) {
        const core::model::Document& document = m_session.document();
        // topmostNodes is not empty exactly when a selected node is not the root: the highest
        // selected node on its path moves. Checked directly, in one pass over a large selection.
        for (core::model::NodeId node : m_session.selection())
            if (const core::model::Node* found = document.nodes.find(node); found && found->parent)
                movable = true;
        for (core::model::NodeId node : m_session.selection())
            boneSelected =
                boneSelected || (document.nodes.find(node) && document.node(node).isBone());
        const core::model::NodeId current = m_session.currentNode();
        if (current && document.nodes.find(current)) {
            currentBone = document.node(current).isBone();
            skeleton = currentBone ? document.skeletonOf(current) : current;
            if (skeleton && !document.node(skeleton).isSkeleton())
                skeleton = {};
        }
    }
    m_grab->setEnabled(drawn && movable);
    m_rotate->setEnabled(drawn && movable);
    m_scaleLength->setEnabled(drawn && boneSelected);
    m_extrude->setEnabled(drawn && currentBone);
    m_placeBone->setEnabled(drawn && static_cast<bool>(skeleton));
    m_confirm->setEnabled(busy);
    m_cancel->setEnabled(busy);
}

} // namespace hyperrig::ui
