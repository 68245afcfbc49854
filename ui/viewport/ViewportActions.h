#pragma once

#include <QObject>

#include <vector>

class QAction;
class QMenu;

namespace hyperrig::ui {

class EditorSession;
class ViewportBinding;
class ViewportWidget;

// The viewport overlay's controls as menu actions, so that the keyboard, a screen reader and the
// menus reach everything the overlay offers: the display toggles (View menu: bones, bone shapes,
// grid, weight heat-map, wireframe, smooth shading) and the pose actions (Pose menu: reset the
// bone, reset the pose, apply the shown pose as the rest pose). An action sets the same overlay
// state an overlay click sets and lets ViewportBinding apply it, so both paths behave alike; a
// click in the overlay updates the actions' check marks in turn.
class ViewportActions : public QObject {
    Q_OBJECT
public:
    ViewportActions(EditorSession& session, ViewportWidget& viewport, ViewportBinding& binding,
                    QObject* parent = nullptr);

    // The display toggles, then View > Rotate Slice 90° in XW / YW / ZW (4D and up).
    void addDisplayActions(QMenu& menu) const;
    void addPoseActions(QMenu& menu) const;

private:
    enum class Toggle { Bones, Shapes, Grid, HeatMap, Wireframe, SmoothShading };

    QAction* makeToggle(Toggle toggle, const QString& text, const char* objectName,
                        const QString& tip);
    bool& flag(Toggle toggle) const;
    void toggled(Toggle toggle, bool on);
    void showOverlayState();
    void updateEnabled();
    void makeSliceRotations();
    void rotateSlice(int visibleAxis);

    EditorSession& m_session;
    ViewportWidget& m_viewport;
    ViewportBinding& m_binding;
    std::vector<std::pair<QAction*, Toggle>> m_toggles;
    QAction* m_resetBonePose = nullptr;
    QAction* m_resetPose = nullptr;
    QAction* m_applyPoseAsRest = nullptr;
    std::vector<QAction*> m_sliceRotations; // XW, YW, ZW
};

} // namespace hyperrig::ui
