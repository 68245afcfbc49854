#pragma once

#include <QObject>
#include <QPoint>

class QAction;
class QEvent;
class QKeyEvent;
class QMouseEvent;
class QRubberBand;

namespace hyperrig::ui {

class EditorSession;
class ViewportWidget;

// Box selection in the viewport (issue 15): a rectangle dragged over the picture selects the
// bones and mesh nodes inside it (render/view/BoxSelection.h says what "inside" is). Two ways in:
//   Box Select (B), then a left drag: replaces the selection; Shift while pressing adds to it,
//                  Ctrl removes from it (Blender's box select);
//   Ctrl+Shift + left drag, at any time: adds to the selection (Shift adds, as Shift+click does;
//                  Ctrl tells it from Shift + left drag, which pans). Ctrl+Shift + a click
//                  without dragging stays a click (Ctrl toggles).
// Escape or the right button cancels, as does the viewport losing the keyboard focus before the
// drag began. A rubber band shows the rectangle while dragging.
//
// It watches the viewport's events through an event filter, so ViewportWidget itself does not
// change: while armed or dragging, the mouse events of the gesture are its own and neither the
// camera nor the overlay sees them. A Ctrl+Shift press over the overlay's window stays the
// overlay's.
class BoxSelectTool : public QObject {
    Q_OBJECT
public:
    enum class Mode { Replace, Add, Remove };

    BoxSelectTool(EditorSession& session, ViewportWidget& viewport, QObject* parent = nullptr);

    // Edit > Box Select (B): arms the tool; the next left press in the viewport starts the box.
    QAction* action() const { return m_action; }
    bool isArmed() const { return m_state == State::Armed; }
    bool isDragging() const { return m_state == State::Dragging; }
    // Waits for a left press in the viewport, which gets the keyboard focus (for Escape).
    void arm();
    // Back to idle, the selection untouched.
    void cancel();

signals:
    // What happened, for the status bar.
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Idle → (B) Armed → (press) Dragging → (release) Idle. A Ctrl+Shift press goes Idle →
    // Pending, which becomes Dragging once the pointer moves past the click slop.
    enum class State { Idle, Armed, Pending, Dragging };

    bool mousePressed(QMouseEvent* event);
    bool mouseMoved(QMouseEvent* event);
    bool mouseReleased(QMouseEvent* event);
    bool keyPressed(QKeyEvent* event);
    void startDragging();
    void finish(QPoint end);
    void updateEnabled();

    EditorSession& m_session;
    ViewportWidget& m_viewport;
    QAction* m_action = nullptr;
    QRubberBand* m_band = nullptr;
    State m_state = State::Idle;
    Mode m_mode = Mode::Replace;
    QPoint m_origin;
    // Buttons whose release is still to come and belongs to a gesture this tool took or ended.
    Qt::MouseButtons m_swallowReleases;
};

} // namespace hyperrig::ui
