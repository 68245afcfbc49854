#include "ui/viewport/ViewportActions.h"

#include "ui/ViewportWidget.h"
#include "ui/actions/MakeAction.h"
#include "ui/session/EditorSession.h"
#include "ui/viewport/ViewportBinding.h"

#include <QAction>
#include <QKeySequence>
#include <QMenu>
#include <QSignalBlocker>

#include <array>

namespace hyperrig::ui {

ViewportActions::ViewportActions(EditorSession& session, ViewportWidget& viewport,
                                 ViewportBinding& binding, QObject* parent)
    : QObject(parent), m_session(session), m_viewport(viewport), m_binding(binding) {
    makeToggle(Toggle::Bones, tr("Show &Bones"), "showBonesAction",
               tr("Draw the bones as octahedra"));
    makeToggle(Toggle::Shapes, tr("Show Bone &Shapes"), "showShapesAction",
               tr("Draw the bones' collision shapes as wireframes"));
    makeToggle(Toggle::Grid, tr("Show &Grid"), "showGridAction", tr("Draw the ground grid"));
    makeToggle(Toggle::HeatMap, tr("&Weight Heat-Map"), "heatMapAction",
               tr("Colour the skin by the weights of the selected bone's group"));
    makeToggle(Toggle::Wireframe, tr("Wire&frame"), "wireframeAction",
               tr("Draw the sliced surfaces as wireframes"));
    makeToggle(Toggle::SmoothShading, tr("S&mooth Shading"), "smoothShadingAction",
               tr("Shade the surfaces smoothly (off: one normal per face)"));

    using render::overlay::OverlayAction;
    const auto overlayAction = [this](OverlayAction action) {
        m_viewport.overlayState().action = action;
        m_binding.applyOverlayChanges();
    };
    m_resetBonePose = makeAction(this, tr("Reset &Bone Pose"), "resetBonePoseAction",
                                 tr("Put the selected bone back at rest in the current pose"));
    connect(m_resetBonePose, &QAction::triggered, this,
            [overlayAction] { overlayAction(OverlayAction::ResetBonePose); });
    m_resetPose = makeAction(this, tr("&Reset Pose"), "resetPoseAction",
                             tr("Put every bone back at rest in the current pose"));
    connect(m_resetPose, &QAction::triggered, this,
            [overlayAction] { overlayAction(OverlayAction::ResetPose); });
    m_applyPoseAsRest = makeAction(
        this, tr("&Apply Pose as Rest"), "applyPoseAsRestAction",
        tr("Make the pose the viewport shows the rest pose (one undo step; skins follow)"));
    connect(m_applyPoseAsRest, &QAction::triggered, this,
            [overlayAction] { overlayAction(OverlayAction::ApplyPoseAsRest); });

    makeSliceRotations();

    connect(&m_viewport, &ViewportWidget::overlayChanged, this, &ViewportActions::showOverlayState);
    connect(&m_binding, &ViewportBinding::overlayStateChanged, this,
            &ViewportActions::showOverlayState);
    connect(&m_session, &EditorSession::documentReplaced, this, &ViewportActions::updateEnabled);
    connect(&m_session, &EditorSession::selectionChanged, this, &ViewportActions::updateEnabled);
    // An edit can break the rig (a bone's rest transform made singular) or mend it, or turn the
    // current node into a bone or out of one.
    connect(&m_session, &EditorSession::changed, this, &ViewportActions::updateEnabled);
    showOverlayState();
    updateEnabled();
}

QAction* ViewportActions::makeToggle(Toggle toggle, const QString& text, const char* objectName,
                                     const QString& tip) {
    QAction* action = makeAction(this, text, objectName, tip);
    action->setCheckable(true);
    connect(action, &QAction::toggled, this, [this, toggle](bool on) { toggled(toggle, on); });
    m_toggles.emplace_back(action, toggle);
    return action;
}

bool& ViewportActions::flag(Toggle toggle) const {
    render::overlay::OverlayState& state = m_viewport.overlayState();
    switch (toggle) {
    case Toggle::Bones:
        return state.showBones;
    case Toggle::Shapes:
        return state.showShapes;
    case Toggle::Grid:
        return state.showGrid;
    case Toggle::HeatMap:
        return state.showHeatMap;
    case Toggle::Wireframe:
        return state.showWireframe;
    case Toggle::SmoothShading:
        break;
    }
    return state.smoothShading;
}

void ViewportActions::toggled(Toggle toggle, bool on) {
    bool& shown = flag(toggle);
    if (shown == on)
        return;
    shown = on;
    // What the overlay's checkbox sets: the heat-map rebuilds the scene, the rest only redraws.
    render::overlay::OverlayState& state = m_viewport.overlayState();
    (toggle == Toggle::HeatMap ? state.heatMapChanged : state.displayChanged) = true;
    m_binding.applyOverlayChanges();
    m_viewport.update();
}

void ViewportActions::showOverlayState() {
    for (auto& [action, toggle] : m_toggles) {
        const QSignalBlocker blocker(action);
        action->setChecked(flag(toggle));
    }
}

void ViewportActions::updateEnabled() {
    const bool rig = m_session.hasDocument() && m_session.rig();
    const core::model::NodeId current = m_session.currentNode();
    const bool bone = rig && current && m_session.document().nodes.find(current) &&
                      m_session.document().node(current).isBone();
    m_resetBonePose->setEnabled(bone);
    m_resetPose->setEnabled(rig);
    m_applyPoseAsRest->setEnabled(rig);
    const bool sliced = m_session.hasDocument() && m_session.document().dimension() >= 4;
    for (QAction* action : m_sliceRotations)
        action->setEnabled(sliced);
}

void ViewportActions::makeSliceRotations() {
    // No mnemonic in the texts: the accessible name of a menu entry is its text as written.
    const std::array<std::pair<QString, const char*>, 3> entries{
        {{tr("Rotate Slice 90° in XW"), "rotateSliceXwAction"},
         {tr("Rotate Slice 90° in YW"), "rotateSliceYwAction"},
         {tr("Rotate Slice 90° in ZW"), "rotateSliceZwAction"}}};
    for (int visible = 0; visible < 3; ++visible) {
        const auto& [text, objectName] = entries[static_cast<std::size_t>(visible)];
        QAction* action = makeAction(
            this, text, objectName,
            tr("Turn the slicing hyperplane a quarter turn, to see the rig exactly from the next "
               "axis-aligned side"));
        connect(action, &QAction::triggered, this, [this, visible] { rotateSlice(visible); });
        m_sliceRotations.push_back(action);
    }
}

void ViewportActions::rotateSlice(int visibleAxis) {
    // The same road as the overlay's rotation sliders: change the view, let the binding re-slice.
    render::overlay::OverlayState& state = m_viewport.overlayState();
    core::eval::rotateSliceQuarterTurn(state.view, visibleAxis);
    state.viewChanged = true;
    m_binding.applyOverlayChanges();
    m_viewport.update();
}

void ViewportActions::addDisplayActions(QMenu& menu) const {
    for (const auto& [action, toggle] : m_toggles)
        menu.addAction(action);
    menu.addSeparator();
    for (QAction* action : m_sliceRotations)
        menu.addAction(action);
}

void ViewportActions::addPoseActions(QMenu& menu) const {
    menu.addAction(m_resetBonePose);
    menu.addAction(m_resetPose);
    menu.addSeparator();
    menu.addAction(m_applyPoseAsRest);
}

} // namespace hyperrig::ui
