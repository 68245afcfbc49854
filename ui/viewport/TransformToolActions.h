#pragma once

#include <QObject>

class QAction;
class QMenu;

namespace hyperrig::ui {

class EditorSession;
class TransformTool;

// The Transform menu: the gizmo's mode and orientation, rotation snapping, the modal tools
// (G grab, R rotate, S scale bone length, E extrude, Shift+A add bone at the pointer), whether new
// bones join the joints, and Confirm/Cancel for the running operation, so the keyboard, the
// menus and a screen reader reach everything the viewport's pointer does.
class TransformToolActions : public QObject {
    Q_OBJECT
public:
    TransformToolActions(EditorSession& session, TransformTool& tool, QObject* parent = nullptr);

    void addTo(QMenu& menu) const;

private:
    void updateState();

    EditorSession& m_session;
    TransformTool& m_tool;
    QAction* m_moveGizmo = nullptr;
    QAction* m_rotateGizmo = nullptr;
    QAction* m_hideGizmo = nullptr;
    QAction* m_local = nullptr;
    QAction* m_snap = nullptr;
    QAction* m_grab = nullptr;
    QAction* m_rotate = nullptr;
    QAction* m_scaleLength = nullptr;
    QAction* m_extrude = nullptr;
    QAction* m_placeBone = nullptr;
    QAction* m_addToJoints = nullptr;
    QAction* m_confirm = nullptr;
    QAction* m_cancel = nullptr;
};

} // namespace hyperrig::ui
