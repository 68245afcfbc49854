#pragma once

#include "render/view/TransformGizmo.h"
#include "ui/viewport/DrawnSpace.h"
#include "ui/viewport/ViewportTool.h"

#ifndef Q_MOC_RUN
#include "core/math/AffineN.h"
#include "core/model/Ids.h"
#include "core/model/NodeTransform.h"
#endif

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>
#include <vector>

namespace hyperrig::ui {

class EditorSession;
class ViewportBinding;
class ViewportWidget;

// Authoring in the viewport, as riggers know it from Blender: the transform gizmo on the
// selection and the modal tools.
//
//   Gizmo (Move or Rotate, or hidden): drag an arrow, a plane square, the W slider (4D), a ring
//     or an XW/YW/ZW knob (4D); the selection follows live; release commits one undo step;
//     Escape or the right button cancels and restores.
//   G grab, R rotate, S scale bone length: the operation follows the pointer from where it was
//     when the key was pressed. X, Y, Z (and W in 4D) constrain: G moves along that axis, R turns
//     about it (in the plane of the other two visible axes); pressed again, the selection's own
//     (local) axis. In 4D, R then W turns in the W planes: W alone XW, then X, Y or Z picks XW,
//     YW or ZW. Typed numbers set the amount (G: distance along the constraint, X without one;
//     R: degrees; S: factor); Backspace edits, Enter or a left click confirms, Escape or a right
//     click cancels. Rotation snaps to 5° steps; holding Ctrl turns snapping the other way.
//   E extrude: a child bone from the current bone's tail whose tail follows the pointer (in the
//     plane through its head facing the camera); a click or Enter confirms, and the new bone
//     becomes the selection, so E again chains the next one. Typed numbers set its length.
//   Add Bone at Pointer: on the current skeleton (or the current bone's): the first click places
//     the head at the 3D cursor, which is the middle of the mesh under the pointer (between the
//     surface the ray enters and the one it leaves: inside a limb, where bones belong), else the
//     surface, else the ground plane; then the tail follows as for E.
//   New bones join their skeleton's joints when addBonesToJoints() is on (off by default).
//
// Every edit is a core command through the session (setTransforms, setBoneLength, addBone,
// insertJoint), all of one operation in one transaction: one undo step. What is moved is what
// is shown: the tools edit the rest transforms (the document), measured against the parents as
// drawn in the shown pose, so a posed bone still moves exactly with the pointer.
class TransformTool : public QObject, public ViewportTool {
    Q_OBJECT
public:
    enum class GizmoMode { Hidden, Move, Rotate };

    TransformTool(EditorSession& session, ViewportWidget& viewport, ViewportBinding& binding,
                  QObject* parent = nullptr);
    ~TransformTool() override;

    GizmoMode gizmoMode() const { return m_gizmoMode; }
    void setGizmoMode(GizmoMode mode);
    // The gizmo's axes: the current node's own (true) or the view's.
    bool localOrientation() const { return m_local; }
    void setLocalOrientation(bool local);
    bool rotationSnapping() const { return m_snapping; }
    void setRotationSnapping(bool on) { m_snapping = on; }
    static constexpr float kSnapDegrees = 5.0F;
    bool addBonesToJoints() const { return m_addToJoints; }
    void setAddBonesToJoints(bool on) { m_addToJoints = on; }

    // The modal operations (G, R, S, E, Add Bone at Pointer). Each says why in message() and
    // returns false when it cannot start (nothing movable selected, no bone, another operation
    // running).
    bool startGrab();
    bool startRotate();
    bool startScaleLength();
    bool startExtrude();
    bool startPlaceBone();
    bool isBusy() const { return m_operation != Operation::None; }
    // Ends the running operation as Enter or Escape would.
    void confirm();
    void cancel();
    // What the running operation does now ("Rotate XW 35° (rotor 0.954 + 0.301 xw)"), or empty.
    const QString& statusText() const { return m_status; }

    bool mousePress(QMouseEvent& event) override;
    bool mouseMove(QMouseEvent& event) override;
    bool mouseRelease(QMouseEvent& event) override;
    bool keyPress(QKeyEvent& event) override;
    bool wantsKeyboard() const override { return isBusy() && !m_fromGizmo; }

signals:
    // A one-off report for the status bar (refusals, "Added bone 'Bone1'").
    void message(const QString& text);
    // statusText() changed.
    void statusChanged(const QString& text);
    // The gizmo mode, orientation or busy state changed (the actions follow).
    void stateChanged();

protected:
    // While an operation runs: a mouse press anywhere outside the viewport (a panel, a menu bar,
    // another window) confirms it first, as a click in the viewport would.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    enum class Operation { None, Move, Rotate, ScaleLength, PlaceHead, BoneTail };

    struct NodeStart {
        core::model::NodeId node;
        core::model::NodeTransform local;
        core::math::AffineN parentWorld = core::math::AffineN::identity(2);
        double length = 0.0; // bones, for S
    };

    void updateGizmo();
    // The gizmo for the current selection as shown, with the view's or the node's axes; none
    // when nothing movable is selected or the rig cannot be evaluated.
    std::optional<render::view::TransformGizmo> gizmoForSelection(bool localAxes) const;
    // Records the movable selection's transforms and parents; false (with a message) for none.
    bool captureStarts(bool bonesOnly);
    bool begin(Operation operation, const QString& name, bool fromGizmo);
    void finish(bool commit);
    void update(glm::vec2 pointer, bool ctrl);
    void applyMove(glm::vec2 pointer);
    void applyRotate(glm::vec2 pointer, bool ctrl);
    void applyScale(glm::vec2 pointer);
    void applyBoneTail(glm::vec2 pointer);
    bool placeHead(glm::vec2 pointer);
    void constrain(int axis); // 0..3 = X, Y, Z, W
    void setStatus(QString text);
    glm::vec2 viewportSize() const;
    glm::vec2 pointerNow() const;
    std::optional<double> typedValue() const;
    QString constraintLabel() const;

    EditorSession& m_session;
    ViewportWidget& m_viewport;
    ViewportBinding& m_binding;
    // The viewport may go first when the window is torn down.
    QPointer<ViewportWidget> m_viewportGuard;

    GizmoMode m_gizmoMode = GizmoMode::Move;
    bool m_local = false;
    bool m_snapping = true;
    bool m_addToJoints = false;

    Operation m_operation = Operation::None;
    bool m_fromGizmo = false;
    render::view::GizmoHandle m_handle = render::view::GizmoHandle::None;
    bool m_constraintLocal = false;
    bool m_wPlanes = false;
    bool m_wPlaneChosen = false; // after W, X, Y or Z chose the plane (XW is shown before)
    QString m_typed;
    render::view::TransformGizmo m_frame; // the gizmo (pivot and axes) when the operation began
    DrawnSpace m_space;
    std::vector<NodeStart> m_starts;
    glm::vec2 m_press{0.0F};
    glm::vec2 m_previous{0.0F};
    glm::vec2 m_pointer{-1.0F};
    float m_angle = 0.0F; // accumulated, radians
    // E and Add Bone at Pointer: the bone being drawn and where it hangs.
    core::model::NodeId m_newBone;
    core::model::NodeId m_newParent;
    core::math::AffineN m_newParentWorld = core::math::AffineN::identity(2);
    core::math::VectorN m_headLocal = core::math::VectorN::zero(3);
    glm::vec3 m_headDrawn{0.0F};
    QString m_status;
};

} // namespace hyperrig::ui
